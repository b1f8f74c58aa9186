"""Bytes: answers gzipped by the app when the client takes it, static files under
fingerprinted URLs kept a year (`immutable`), and a warm page view that fetches the page alone."""

from __future__ import annotations

import gzip
import re
import types
import zlib
from pathlib import Path
from typing import Any

import pytest
from flask import url_for

from bench import deal
from scorekeeper.web import compression
from scorekeeper.web.fingerprints import IMMUTABLE

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
ASSET = re.compile(r'<(?:link rel="stylesheet" href|script type="module" src)="([^"]+)"')


def _game(client: Any, hands: int = 50) -> int:
    made = client.post("/api/games", json=deal.game("pl-3", hands, 7))
    assert made.status_code == 201, made.get_data(as_text=True)
    return int(made.json["id"])


def _get(client: Any, url: str, **headers: str) -> tuple[Any, bytes]:
    """The answer and its body as sent (static files are open files: read, then closed)."""
    with client.get(url, headers=headers) as response:
        return response, response.get_data()


def _assets(html: str) -> list[str]:
    return ASSET.findall(html)


def test_pages_css_scripts_and_json_are_gzipped_for_a_client_that_takes_it(client):
    game = _game(client)
    html = client.get(f"/games/{game}").get_data(as_text=True)
    urls = [
        f"/games/{game}",  # HTML
        *_assets(html),  # the CSS, app.js, the offline code
        f"/api/games/{game}/file",  # JSON
        f"/api/games/{game}",
        "/js/rules/data.js",  # an ES module of the engine
        "/engine/messages-pl.json",
        "/manifest.webmanifest",
        url_for_static(client, "icons/icon.svg"),  # SVG
        "/sw.js",
    ]
    assert any(u.endswith(".css") or ".css?" in u for u in urls)
    for url in urls:
        plain, raw = _get(client, url)
        packed, sent = _get(client, url, **GZIP)
        assert plain.status_code == packed.status_code == 200, url
        assert "Content-Encoding" not in plain.headers, url
        assert packed.headers["Content-Encoding"] == "gzip", url
        assert gzip.decompress(sent) == raw, url
        assert int(packed.headers["Content-Length"]) == len(sent) < len(raw), url
        for answer in (plain, packed):  # either way: no cache hands one client's to another
            assert "Accept-Encoding" in answer.headers["Vary"], url
        # the entity tag is the same either way: every If-None-Match and If-Match still matches
        assert plain.headers.get("ETag") == packed.headers.get("ETag"), url


def url_for_static(client: Any, filename: str) -> str:
    with client.application.test_request_context():
        return url_for("static", filename=filename)


@pytest.mark.parametrize(
    "accept",
    [None, "", "identity", "gzip;q=0", "gzip;q=0, *", "*;q=0", "deflate", "br", "gzip;q=nope"],
)
def test_nothing_is_compressed_for_a_client_that_does_not_take_gzip(anon, accept):
    headers = {} if accept is None else {"Accept-Encoding": accept}
    page, body = _get(anon, "/signin", **headers)
    assert "Content-Encoding" not in page.headers
    assert b"<!doctype html>" in body
    assert "Accept-Encoding" in page.headers["Vary"]  # the other variant exists


@pytest.mark.parametrize("accept", ["gzip", "GZIP;q=0.5", "*", "br;q=1, gzip;q=0.1", "x-gzip"])
def test_gzip_named_or_allowed_by_a_wildcard_is_used(anon, accept):
    page, body = _get(anon, "/signin", **{"Accept-Encoding": accept})
    assert page.headers["Content-Encoding"] == "gzip"
    assert b"<!doctype html>" in gzip.decompress(body)


def test_brotli_is_used_when_its_module_is_there_and_the_client_prefers_it(anon, monkeypatch):
    calls: list[int] = []

    def compress(data: bytes, quality: int) -> bytes:  # a stand-in: zlib, tagged
        calls.append(quality)
        return b"BR" + zlib.compress(data)

    monkeypatch.setattr(compression, "brotli", types.SimpleNamespace(compress=compress))
    page, body = _get(anon, "/signin", **GZIP)
    assert page.headers["Content-Encoding"] == "br" and body.startswith(b"BR") and calls
    page, body = _get(anon, "/signin", **{"Accept-Encoding": "gzip, br;q=0"})
    assert page.headers["Content-Encoding"] == "gzip"
    assert compression.choose("gzip;q=1, br;q=0.5") == "gzip"
    assert compression.choose("br, gzip") == "br"
    monkeypatch.setattr(compression, "brotli", None)
    assert compression.choose("br") is None and compression.choose("br, gzip") == "gzip"


def test_small_answers_and_head_are_sent_as_they_are(client):
    ping, body = _get(client, "/ping", **GZIP)
    assert body == b"ok" and "Content-Encoding" not in ping.headers
    with client.head("/", headers=GZIP) as head:
        assert head.status_code == 200 and "Content-Encoding" not in head.headers
    small, _ = _get(client, url_for_static(client, "icons/icon-192.png"), **GZIP)
    assert "Content-Encoding" not in small.headers  # a PNG is compressed already


def test_a_304_stays_empty_and_unencoded(client):
    game = _game(client, 3)
    html = client.get(f"/games/{game}").get_data(as_text=True)
    urls = [*_assets(html), "/js/rules/data.js", f"/api/games/{game}", f"/api/games/{game}/file"]
    for url in urls:
        first, _ = _get(client, url, **GZIP)
        again, body = _get(client, url, **GZIP, **{"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304, url
        assert body == b"" and "Content-Encoding" not in again.headers, url


def test_the_live_board_is_compressed_and_its_check_still_answers_304(client):
    from .helpers import new_game
    from .test_live import make_link

    game = new_game(client)
    url, _ = make_link(client, game)
    first, body = _get(client, f"{url}/state", **GZIP)
    assert first.status_code == 200
    if len(gzip.decompress(body) if "Content-Encoding" in first.headers else body) >= 500:
        assert first.headers["Content-Encoding"] == "gzip"
    etag = first.headers["ETag"]
    again, body = _get(client, f"{url}/state", **GZIP, **{"If-None-Match": etag})
    assert again.status_code == 304 and body == b""


def test_the_api_takes_back_the_etag_of_a_compressed_answer(client):
    game = _game(client, 3)
    got, body = _get(client, f"/api/games/{game}", **GZIP)
    assert got.headers["Content-Encoding"] == "gzip"
    etag = got.headers["ETag"]
    assert etag == '"v1"'  # untouched: the offline code compares it as a string
    line = deal.game("pl-3", 4, 7)["hands"][3]
    added = client.post(f"/api/games/{game}/hands", json=line, headers={**GZIP, "If-Match": etag})
    assert added.status_code == 201, added.get_data(as_text=True)
    stale = client.post(f"/api/games/{game}/hands", json=line, headers={**GZIP, "If-Match": etag})
    assert stale.status_code == 412  # the refusal, compressed or not, says the version now
    assert stale.headers["ETag"] == '"v2"'


def test_static_files_and_the_engine_are_compressed_once(client, monkeypatch):
    html = client.get("/").get_data(as_text=True)
    urls = [*_assets(html), "/js/rules/data.js", "/js/gamefile/output.js"]
    for url in urls:  # the first time (or an earlier test, in this process) compresses
        _get(client, url, **GZIP)
    calls: list[int] = []
    real = compression.compress

    def counted(data: bytes, coding: str, best: bool = False) -> bytes:
        calls.append(len(data))
        return real(data, coding, best)

    monkeypatch.setattr(compression, "compress", counted)
    for url in urls:
        again, body = _get(client, url, **GZIP)
        assert again.headers["Content-Encoding"] == "gzip" and body
    assert calls == []
    _get(client, "/", **GZIP)
    assert len(calls) == 1  # a page is compressed each time: it is new each time


def test_a_static_url_names_the_files_content_and_is_kept_a_year(app, anon, tmp_path):
    app.static_folder = str(tmp_path)
    css = tmp_path / "x.css"
    css.write_text("p { color: red; }\n" * 40)
    first = url_for_static(anon, "x.css")
    assert re.fullmatch(r"/static/x\.css\?v=[0-9a-f]{8}", first)
    assert url_for_static(anon, "x.css") == first  # the same file, the same URL
    kept, body = _get(anon, first)
    assert kept.headers["Cache-Control"] == IMMUTABLE and body == b"p{color:red}" * 40
    css.write_text("p { color: blue; }\n" * 40)
    second = url_for_static(anon, "x.css")
    assert second != first and second.startswith("/static/x.css?v=")
    kept, body = _get(anon, second, **GZIP)
    assert kept.headers["Cache-Control"] == IMMUTABLE
    assert gzip.decompress(body) == b"p{color:blue}" * 40  # the new content, not the old one
    # the old URL (a page of before the change) and the bare one: asked again every time
    for url in (first, "/static/x.css"):
        stale, body = _get(anon, url)
        assert stale.status_code == 200 and body == b"p{color:blue}" * 40
        assert stale.headers["Cache-Control"] == "no-cache", url
    # a 304 of a fingerprinted URL keeps the year
    etag = kept.headers["ETag"]
    again, _ = _get(anon, second, **{"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["Cache-Control"] == IMMUTABLE


def test_the_engines_catalogues_are_fingerprinted_too(anon):
    with anon.application.test_request_context():
        urls = [url_for("engine.messages", lang="pl")]
    for url in urls:
        assert re.search(r"\?v=[0-9a-f]{8}$", url), url
        kept, _ = _get(anon, url)
        assert kept.status_code == 200 and kept.headers["Cache-Control"] == IMMUTABLE, url
        bare, _ = _get(anon, url.split("?")[0])
        assert bare.headers["Cache-Control"] == "no-cache", url  # the service worker's URL


def test_static_answers_carry_no_session_cookie(client):
    """A signed-in session is refreshed by every page; on a file kept a year, its cookie and
    `Vary: Cookie` would have the browser ask again whenever the cookie changed."""
    html = client.get("/").get_data(as_text=True)
    assert "Cookie" in client.get("/").headers["Vary"]  # a page: per session
    for url in [*_assets(html), "/js/rules/data.js", "/engine/messages-uk.json"]:
        answer, _ = _get(client, url, **GZIP)
        assert "Set-Cookie" not in answer.headers, url
        assert "Cookie" not in answer.headers.get("Vary", ""), url


def test_the_service_worker_keeps_the_urls_the_pages_ask_for(client):
    game = _game(client, 3)
    source = client.get("/sw.js").get_data(as_text=True)
    shell = re.search(r"const SHELL_FILES = \[OFFLINE, (.*?)\];", source)
    modules = re.search(r"const MODULES = \[(.*?)\];", source)
    assert shell and modules, "the shell is not written in"
    kept = [u.strip().strip('"') for u in shell.group(1).split(",")]
    kept_modules = [u.strip().strip('"') for u in modules.group(1).split(",")]
    asked, offline = set(), set()
    for page in ("/", "/games/new", f"/games/{game}", f"/games/{game}/hands/new"):
        html = client.get(page).get_data(as_text=True)
        asked |= set(_assets(html))
        asked |= set(re.findall(r'rel="icon" href="([^"]+)"', html))
        offline |= set(re.findall(r'data-offline="([^"]+)"', html))  # app.js imports it
        asked |= set(re.findall(r'data-push="([^"]+)"', html))  # and this, on the game page
    assert asked == set(kept)
    for url in kept:  # fingerprinted: kept a year
        answer, _ = _get(client, url)
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == IMMUTABLE, url
    # the offline code and the engine, at the URLs their imports name (asked again each time
    # without the worker, a 304 while unchanged)
    assert offline == {"/js/offline/start.js"} and offline <= set(kept_modules)
    assert "/js/gamefile/output.js" in kept_modules and "/js/rules/i18n.js" in kept_modules
    for url in kept_modules:
        answer, _ = _get(client, url)
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-cache", url


def test_a_warm_view_of_a_50_hand_game_is_the_page_alone_under_10_kb(client):
    game = _game(client)
    page, body = _get(client, f"/games/{game}", **GZIP)
    html = gzip.decompress(body).decode()
    assets = _assets(html)
    # style.css and app.js: a cold view is 3 requests (the offline code comes where it has work,
    # from the worker's copy: app.js's offlineCode)
    assert len(assets) == 2 and "offline" not in "".join(assets)
    cold = len(body)
    for url in assets:
        answer, sent = _get(client, url, **GZIP)
        # kept a year: a warm view does not ask for them again, not even a 304
        assert answer.headers["Cache-Control"] == IMMUTABLE, url
        assert answer.headers["Content-Encoding"] == "gzip", url
        cold += len(sent)
    assert page.headers["Content-Encoding"] == "gzip"
    assert len(body) < 10 * 1024, len(body)
    assert cold < 10 * 1024, cold  # a first view, in all


def test_the_stylesheet_is_sent_without_its_comments_and_with_every_rule(anon):
    """The comments of style.css are for its editors (a fifth of its compressed bytes): the
    static view sends the rules alone, without needless whitespace, gzipped or not alike,
    under one ETag; a 304 after."""
    url = next(a for a in _assets(anon.get("/signin").get_data(as_text=True)) if ".css" in a)
    path = Path(__file__).parents[2] / "scorekeeper" / "static" / "style.css"
    written = path.read_bytes()
    plain, raw = _get(anon, url)
    packed, sent = _get(anon, url, **GZIP)
    assert b"/*" in written and b"/*" not in raw
    assert gzip.decompress(sent) == raw and plain.headers["ETag"] == packed.headers["ETag"]

    def rules(css: bytes) -> list[bytes]:
        # rcssmin also drops the whitespace and a rule's last ";": compared without either
        bare = re.sub(rb"\s+", b"", re.sub(rb"/\*.*?\*/", b"", css, flags=re.S))
        return [r.replace(b";}", b"}") for r in re.findall(rb"[^{}]+\{[^{}]*\}", bare)]

    assert rules(raw) == rules(written) and len(rules(raw)) > 100
    assert plain.headers["Cache-Control"] == IMMUTABLE  # its URL names its content
    again = anon.get(url, headers={"If-None-Match": plain.headers["ETag"]})
    assert again.status_code == 304 and not again.get_data()
    # the scripts alike: their comments stay in the files
    script = (path.parent / "pages" / "app.js").read_bytes()
    sent_script = anon.get("/static/pages/app.js").get_data()
    assert b"// The offline code" in script and b"// The offline code" not in sent_script
    assert b"function offlineCode()" in sent_script and len(sent_script) < 0.8 * len(script)
