"""The share page's links and QR code name an address other phones can open:
the configured public URL, else the page's own host when others reach it, else the network
address `scorekeeper run` serves on, else the loopback host with a warning."""

from __future__ import annotations

import re

import pytest
import segno

from scorekeeper.cli import _where_to_open
from scorekeeper.web import addresses

from .helpers import version_token


def share_page(client, game, base_url: str):  # type: ignore[no-untyped-def]
    """The share page with both links made, opened at `base_url` (the same browser session)."""
    host = base_url.split("//", 1)[1].rsplit(":", 1)[0] if "]" not in base_url else "::1"
    if host != "localhost":
        client.set_cookie("session", client.get_cookie("session").value, domain=host)
    kw = {"base_url": base_url}
    client.post(f"{game}/share", data=version_token(client, f"{game}/share"), **kw)
    client.post(f"{game}/invite", data=version_token(client, f"{game}/share"), **kw)
    return client.get(f"{game}/share", **kw).get_data(as_text=True)


def links(page: str) -> list[str]:
    return re.findall(r'<p class="share-link"><a href="([^"]+)"', page)


def qr_text(url: str) -> str:
    """What the page's QR code must hold: segno makes the same SVG path for the same text."""
    return re.search(r' d="([^"]+)"', addresses_qr(url)).group(1)


def addresses_qr(url: str) -> str:
    import io

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=5)
    return out.getvalue().decode()


def game_of(client) -> str:  # type: ignore[no-untyped-def]
    from .helpers import new_game

    return new_game(client)


def test_a_public_url_is_what_the_links_and_the_qr_name(app, client):
    app.config["PUBLIC_URL"] = "https://scores.example.org"
    game = game_of(client)
    # whatever Host the request came with: a public URL is never overridden by it
    page = share_page(client, game, base_url="http://evil.example.com")
    live, invite = links(page)
    assert live.startswith("https://scores.example.org/live/")
    assert invite.startswith("https://scores.example.org/join/")
    assert "evil.example.com" not in page and "localhost" not in page
    assert qr_text(live) in page
    assert 'id="address-warning"' not in page


def test_a_loopback_page_with_a_known_network_address_encodes_that_address(app, client):
    app.config["LAN_URL"] = "http://192.168.1.20:5000"
    game = game_of(client)
    page = share_page(client, game, base_url="http://127.0.0.1:5000")
    live, invite = links(page)
    assert live.startswith("http://192.168.1.20:5000/live/")
    assert invite.startswith("http://192.168.1.20:5000/join/")
    assert qr_text(live) in page and "127.0.0.1" not in page
    assert 'id="address-warning"' not in page
    assert "phones on the same Wi-Fi can open them" in page
    # the link works at that address (the test client ignores the host it names)
    assert client.get(live.split("5000", 1)[1]).status_code == 200


def test_a_page_opened_at_a_reachable_host_keeps_it(app, client):
    app.config["LAN_URL"] = "http://192.168.1.20:5000"
    game = game_of(client)
    page = share_page(client, game, base_url="http://scorebox.lan:5000")
    assert all(u.startswith("http://scorebox.lan:5000/") for u in links(page))
    assert 'id="address-warning"' not in page and 'id="address-note"' not in page


@pytest.mark.parametrize("host", ["127.0.0.1:5000", "localhost", "[::1]:8000", "127.3.4.5"])
def test_with_nothing_reachable_the_page_warns(app, client, host):
    game = game_of(client)
    page = share_page(client, game, base_url=f"http://{host}")
    warning = re.search(r'<p class="flash" role="alert" id="address-warning">(.*?)</p>', page, re.S)
    assert warning, page
    assert "Other phones cannot open these links" in warning.group(1)
    assert "SCOREKEEPER_PUBLIC_URL" in warning.group(1) and "./run-app" in warning.group(1)
    assert all(u.startswith(f"http://{host}/") for u in links(page))  # nothing better is known


def test_loopback_hosts():
    for host in (
        "localhost",
        "LOCALHOST:5000",
        "a.localhost",
        "127.0.0.1",
        "127.8.9.1:80",
        "::1",
        "[::1]:5000",
        "0.0.0.0:5000",
    ):
        assert addresses.is_loopback(host), host
    for host in (
        "192.168.1.20",
        "192.168.1.20:5000",
        "scores.example.org",
        "[fe80::1]:5000",
        "10.0.0.2",
    ):
        assert not addresses.is_loopback(host), host


def test_served_url_and_the_start_up_line(monkeypatch):
    monkeypatch.setattr(addresses, "lan_ip", lambda: "192.168.1.20")
    assert addresses.served_url("0.0.0.0", 5000) == "http://192.168.1.20:5000"
    assert addresses.served_url("::", 443, https=True) == "https://192.168.1.20"
    assert addresses.served_url("127.0.0.1", 5000) is None
    assert addresses.served_url("10.0.0.2", 80) == "http://10.0.0.2"
    line = _where_to_open("http://192.168.1.20:5000", 5000)
    # the network address is what a phone opens: it comes first
    assert line.index("http://192.168.1.20:5000") < line.index("127.0.0.1")
    monkeypatch.setattr(addresses, "lan_ip", lambda: None)
    assert addresses.served_url("0.0.0.0", 5000) is None
    assert "other phones cannot reach it" in _where_to_open(None, 5000)


def test_a_public_url_that_is_no_address_stops_the_start_up(monkeypatch):
    from scorekeeper.config import _public_url

    monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", "scores.example.org")
    with pytest.raises(ValueError, match="SCOREKEEPER_PUBLIC_URL"):
        _public_url()
    monkeypatch.setenv("SCOREKEEPER_PUBLIC_URL", "https://scores.example.org/sk/")
    assert _public_url() == "https://scores.example.org/sk"


def test_scorekeeper_run_prints_the_network_address_first_and_the_app_knows_it(
    tmp_path, monkeypatch
):
    """`scorekeeper run --host 0.0.0.0` (what ./run-app starts): its start-up line offers the
    network address first, and a share page opened as 127.0.0.1 then names that address."""
    import flask.cli
    from click.testing import CliRunner

    from scorekeeper.cli import flask_cli
    from tests.conftest import PASSWORD

    served = {}
    monkeypatch.setattr(flask.cli, "run_simple", lambda *a, **k: served.update(app=a[2]))
    monkeypatch.setattr(addresses, "lan_ip", lambda: "192.168.1.20")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'run.sqlite'}")
    monkeypatch.setenv("SECRET_KEY", "run")
    monkeypatch.delenv("SCOREKEEPER_PUBLIC_URL", raising=False)
    done = CliRunner().invoke(flask_cli(), ["run", "--host", "0.0.0.0", "--port", "5077"])
    assert done.exit_code == 0, done.output
    first = done.output.splitlines()[0]
    assert first.startswith("Thousand Scorekeeper: open http://192.168.1.20:5077 "), first
    # and the next says where the games are kept (here the database DATABASE_URL names)
    second = done.output.splitlines()[1]
    assert second.endswith(str(tmp_path / "run.sqlite")), second
    app = served["app"]
    app.config.update(PASSWORD_HASH_METHOD="pbkdf2:sha256:1000", WTF_CSRF_ENABLED=False)
    phone = app.test_client()
    phone.post("/signup", data={"username": "host", "password": PASSWORD, "confirm": PASSWORD})
    game = phone.post(
        "/games/new",
        data={
            "variant": "pl-3",
            "first_dealer": "0",
            "players-0": "Ala",
            "players-1": "Bob",
            "players-2": "Cy",
        },
    ).headers["Location"]
    page = share_page(phone, game, base_url="http://127.0.0.1:5077")
    assert links(page)[0].startswith("http://192.168.1.20:5077/live/")
