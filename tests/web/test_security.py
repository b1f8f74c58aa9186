"""CSRF on every form, the security headers, a strict CSP, and the session cookie's flags."""

from __future__ import annotations

import re

from .helpers import new_game, sign_in, stored_lines


def test_a_form_without_its_csrf_token_is_refused_and_stores_nothing(app, client):
    game = new_game(client)
    csrf_client = app.test_client()
    sign_in(csrf_client)
    app.config["WTF_CSRF_ENABLED"] = True  # as in production (the other tests post without)
    posts = {
        "/games/new": {"variant": "pl-3", "players-0": "A", "players-1": "B", "players-2": "C"},
        f"{game}/hands/new": {
            "declarer": "1",
            "points-0": "10",
            "points-1": "100",
            "points-2": "10",
            "dealer": "0",
        },
        f"{game}/hands/1/edit": {"declarer": "1"},
        f"{game}/adjust": {"values-0": "5", "reason": "x"},
        f"{game}/undo": {},
        f"{game}/share": {},
        f"{game}/invite": {},
        "/signup": {"username": "mallory", "password": "12345678", "confirm": "12345678"},
        "/signin": {"username": "tester", "password": "x"},
        "/signout": {},
        "/account/tokens": {"name": "x"},
        "/account/password": {"current": "x", "new": "yyyyyyyy"},
    }
    for url, data in posts.items():
        assert csrf_client.post(url, data=data).status_code == 400, url
    with app.app_context():
        assert stored_lines() == 0
    # still signed in (sign-out refused), and nothing was shared or invited
    share = csrf_client.get(f"{game}/share").get_data(as_text=True)
    assert "No live link yet" in share and "Make an invite link" in share
    assert "No tokens" in csrf_client.get("/account").get_data(as_text=True)
    assert csrf_client.get(game).status_code == 200
    # with its token, the same form goes through
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', share).group(1)
    assert csrf_client.post(f"{game}/share", data={"csrf_token": token}).status_code == 302
    assert "/live/" in csrf_client.get(f"{game}/share").get_data(as_text=True)


def test_security_headers_and_no_inline_script(client):
    r = client.get("/")
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["X-Frame-Options"] == "DENY"
    page = r.get_data(as_text=True)
    assert "<script>" not in page and "onclick" not in page


def _session_cookie(response) -> str:
    return next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("session="))


def test_session_cookie_is_httponly_samesite_and_secure_over_https(app):
    data = {"username": "ala", "password": "long enough", "confirm": "long enough"}
    plain = app.test_client().post("/signup", data=data)
    cookie = _session_cookie(plain)
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Secure" not in cookie
    data["username"] = "bartek"
    over_https = app.test_client().post("/signup", data=data, base_url="https://localhost")
    assert "Secure" in _session_cookie(over_https)
