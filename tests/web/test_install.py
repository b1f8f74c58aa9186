"""Installable: every page links a manifest in the reader's language, whose start page and icons
are there ("Add to home screen" opens straight into the games list)."""

from __future__ import annotations

import re
import struct

import pytest

from tests.conftest import signed_up


def _manifest_link(html: str) -> str:
    found = re.search(r'<link rel="manifest" href="([^"]+)">', html)
    assert found, "no manifest link"
    return found.group(1)


@pytest.mark.parametrize("path", ["/", "/signin", "/rules/pl-3", "/games/99999"])
def test_every_page_links_the_manifest_and_the_icons(anon, path):
    html = anon.get(path, follow_redirects=True).get_data(as_text=True)
    assert _manifest_link(html) == "/manifest.webmanifest?lang=en"
    # fingerprinted, as every static URL is (web/fingerprints.py)
    assert re.search(
        r'rel="apple-touch-icon" href="/static/icons/icon-180.png\?v=[0-9a-f]{8}"', html
    )
    for colour in ("#0b5cad", "#121212"):  # the title bar in light and in dark
        assert f'name="theme-color" content="{colour}"' in html


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk
    return width, height


def test_the_manifest_opens_the_games_list_standalone_with_icons_that_exist(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["display"] == "standalone"
    assert manifest["scope"] == "/"
    start = client.get(manifest["start_url"])
    assert start.status_code == 200 and "New game" in start.get_data(as_text=True)
    sizes = set()
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as image:
            assert image.status_code == 200, icon
            assert image.mimetype == icon["type"]
            data = image.data
        if icon["type"] == "image/png":
            w, h = _png_size(data)
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
    assert {192, 512} <= sizes  # what Android asks for
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])


@pytest.mark.parametrize(
    ("lang", "name"),
    [
        ("en", "Thousand Scorekeeper"),
        ("pl", "Tysiąc – licznik punktów"),
        ("ru", "Блокнот для Тысячи"),
        ("uk", None),
    ],
)
def test_the_app_is_named_in_the_readers_language(anon, lang, name):
    response = anon.get("/manifest.webmanifest", headers={"Accept-Language": lang})
    manifest = response.get_json(force=True)
    assert manifest["lang"] == lang
    if name:
        assert manifest["name"] == name
    assert manifest["short_name"] and manifest["description"]
    if lang != "en":
        assert manifest["name"] != "Thousand Scorekeeper"
    assert "Accept-Language" in response.headers["Vary"]


def test_the_manifest_follows_the_language_chosen_on_the_site(client):
    """A browser asks for the manifest without the cookie: the link carries the language."""
    client.post("/language", data={"lang": "ru", "next": "/"})
    link = _manifest_link(client.get("/rules/").get_data(as_text=True))
    assert link == "/manifest.webmanifest?lang=ru"
    manifest = client.get(link, headers={"Accept-Language": "en"}).get_json(force=True)
    assert manifest["name"] == "Блокнот для Тысячи" and manifest["lang"] == "ru"
    # a language the app does not speak: the reader's own (here the account's choice)
    assert client.get("/manifest.webmanifest?lang=xx").get_json(force=True)["lang"] == "ru"


def test_the_service_worker_is_served_from_the_root_with_its_version(anon, app):
    response = anon.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    source = response.get_data(as_text=True)
    version = re.search(r'const VERSION = "([0-9a-f]{12})"', source)
    assert version, "the version is not written in"
    # the offline page and the shell it keeps are there, signed out too
    for path in re.search(r"SHELL_FILES = \[(.*?)\]", source).group(1).split(","):
        path = path.strip().strip('"')
        if path == "OFFLINE":
            path = "/offline"
        with anon.get(path) as kept:
            assert kept.status_code == 200, path


def test_the_offline_page_says_what_survives_in_the_readers_language(anon):
    english = anon.get("/offline").get_data(as_text=True)
    assert "No connection" in english and "not saved" in english
    polish = anon.get("/offline", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert "Brak połączenia" in polish and "nie zostało zapisane" in polish


def test_every_page_tells_the_worker_whose_it_is_without_naming_anyone(app, client, anon):
    """The service worker keeps each account's pages apart by this key (static/sw.js): the
    same on every page and answer of one account, another for another account, "none" signed
    out; it names nobody, and the files kept a year, the same for everyone, carry none."""
    key = client.get("/").headers["X-Account-Key"]
    assert re.fullmatch(r"[0-9a-f]{20}", key) and "tester" not in key
    assert client.get("/games/99999").headers["X-Account-Key"] == key  # a 404 too
    assert client.get("/api/games/99999/file").headers["X-Account-Key"] == key
    assert signed_up(app, "other").get("/").headers["X-Account-Key"] not in (key, "none")
    assert anon.get("/signin").headers["X-Account-Key"] == "none"
    css = re.search(r'href="(/static/style\.css\?v=[0-9a-f]+)"', anon.get("/signin").text)
    assert css and "X-Account-Key" not in anon.get(css.group(1)).headers
    client.post("/signout")  # the test client posts without a CSRF token
    assert client.get("/signin").headers["X-Account-Key"] == "none"
