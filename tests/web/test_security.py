"""CSRF on every form, the security headers (a strict CSP, a Permissions-Policy that allows the
wake lock alone, HSTS over HTTPS), and the session cookie's flags."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.store.db import db

from .helpers import new_game, sign_in, stored_lines

STATIC = Path(__file__).resolve().parents[2] / "scorekeeper" / "static"


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


# what a script would call for each feature the Permissions-Policy turns off
FEATURE_CALLS = {
    "camera": "getUserMedia",
    "microphone": "getUserMedia",
    "geolocation": "geolocation",
    "clipboard-read": "clipboard.read",
    "display-capture": "getDisplayMedia",
    "fullscreen": "requestFullscreen",
    "payment": "PaymentRequest",
    "usb": "navigator.usb",
    "serial": "navigator.serial",
    "hid": "navigator.hid",
    "midi": "requestMIDIAccess",
    "publickey-credentials-get": "navigator.credentials",
    "idle-detection": "IdleDetector",
    "local-fonts": "queryLocalFonts",
    "window-management": "getScreenDetails",
    "picture-in-picture": "requestPictureInPicture",
    "unload": '"unload"',
}


def test_the_permissions_policy_allows_the_wake_lock_and_sharing_alone(client):
    policy = client.get("/").headers["Permissions-Policy"]
    features = dict(item.strip().split("=") for item in policy.split(","))
    allowed = {f for f, allowed in features.items() if allowed != "()"}
    assert allowed == {"screen-wake-lock", "web-share", "clipboard-write"}
    assert features["screen-wake-lock"] == "(self)"  # static/app.js keeps the screen on
    # ... and shares an event's results, or copies them where the phone cannot share
    assert features["web-share"] == features["clipboard-write"] == "(self)"
    for denied in ("camera", "microphone", "geolocation", "payment", "usb", "serial", "hid"):
        assert features[denied] == "()"
    # and the app's scripts call nothing it turns off
    scripts = "".join(p.read_text() for p in STATIC.rglob("*.js"))
    assert "wakeLock" in scripts
    for feature, call in FEATURE_CALLS.items():
        assert feature in features and call not in scripts, feature
    assert "Permissions-Policy" not in client.get("/static/pages/app.js").headers  # pages only


def test_strict_transport_security_only_over_https(app):
    plain = app.test_client().get("/signin")
    assert "Strict-Transport-Security" not in plain.headers
    secure = app.test_client().get("/signin", base_url="https://localhost")
    assert secure.headers["Strict-Transport-Security"] == "max-age=31536000"
    # behind a proxy, as the proxy says (PROXY_HOPS: the same judgement as the Secure cookie)
    behind = create_app({**app.config, "PROXY_HOPS": 1})
    forwarded = behind.test_client().get("/signin", headers={"X-Forwarded-Proto": "https"})
    assert forwarded.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert "Strict-Transport-Security" not in behind.test_client().get("/signin").headers
    with behind.app_context():
        db.engine.dispose()
    app.config["HSTS_SECONDS"] = 0  # the proxy sets its own
    secure = app.test_client().get("/signin", base_url="https://localhost")
    assert "Strict-Transport-Security" not in secure.headers


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
