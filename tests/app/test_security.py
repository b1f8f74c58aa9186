"""What is already in place of issue 4's security: CSRF on every form, headers, a strict CSP."""

from __future__ import annotations

from .helpers import new_game, stored_lines


def test_a_form_without_its_csrf_token_is_refused_and_stores_nothing(app, client):
    game = new_game(client)
    app.config["WTF_CSRF_ENABLED"] = True  # as in production (the other tests post without)
    csrf_client = app.test_client()
    posts = {
        "/games/new": {"variant": "pl-3", "players-0": "A", "players-1": "B", "players-2": "C"},
        f"{game}/hands/new": {
            "declarer": "1",
            "points-0": "10",
            "points-1": "100",
            "points-2": "10",
            "dealer": "0",
        },
        f"{game}/adjust": {"values-0": "5", "reason": "x"},
        f"{game}/undo": {},
        f"{game}/share": {},
    }
    for url, data in posts.items():
        assert csrf_client.post(url, data=data).status_code == 400, url
    with app.app_context():
        assert stored_lines() == 0
    assert csrf_client.get(game).status_code == 200


def test_security_headers_and_no_inline_script(client):
    r = client.get("/")
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["X-Frame-Options"] == "DENY"
    page = r.get_data(as_text=True)
    assert "<script>" not in page and "onclick" not in page
