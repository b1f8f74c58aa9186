"""Accounts: sign up, sign in, sign out, the password, personal API tokens, and the games from
before accounts. The throttle is in test_throttle.py, sessions that end in test_sessions.py."""

from __future__ import annotations

import re

from scorekeeper import services
from scorekeeper.gamefile import parse
from scorekeeper.store.db import db
from scorekeeper.store.models import Account, ApiToken
from tests.conftest import PASSWORD, signed_up


def _signin(client, username="tester", password=PASSWORD, **env):  # type: ignore[no-untyped-def]
    return client.post(
        "/signin", data={"username": username, "password": password}, environ_base=env
    )


def test_sign_up_in_and_out(app, anon):
    r = anon.post("/signup", data={"username": "Ala", "password": "long enough", "confirm": "x"})
    assert r.status_code == 422 and "The two passwords differ." in r.get_data(as_text=True)
    bad = {"username": "a b", "password": "short", "confirm": "short"}
    page = anon.post("/signup", data=bad).get_data(as_text=True)
    assert "3 to 40 letters" in page and "At least 8 characters." in page
    good = {"username": " Ala ", "password": "long enough", "confirm": "long enough"}
    assert anon.post("/signup", data=good).status_code == 302
    assert "ala" in anon.get("/").get_data(as_text=True)  # signed in, lower-cased
    r = app.test_client().post("/signup", data={**good, "username": "ALA"})
    assert "That username is taken" in r.get_data(as_text=True)
    with app.app_context():
        account = db.session.execute(db.select(Account)).scalar_one()
        assert "long enough" not in account.password_hash
        assert account.password_hash.startswith("pbkdf2:")  # the tests' (fast) method
    anon.post("/signout", data={})
    assert anon.get("/").status_code == 302
    assert _signin(anon, "ALA", "long enough").status_code == 302  # case-insensitive


def test_passwords_are_hashed_with_scrypt_by_default(database_url, tmp_path):
    from scorekeeper import create_app

    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False}
    )
    data = {"username": "ala", "password": "long enough", "confirm": "long enough"}
    assert app.test_client().post("/signup", data=data).status_code == 302
    with app.app_context():
        assert (
            db.session.execute(db.select(Account.password_hash)).scalar_one().startswith("scrypt:")
        )
        db.session.remove()
        db.engine.dispose()


def test_change_password(app, client):
    r = client.post("/account/password", data={"current": "nope", "new": "a new password"})
    assert "That is not your current password." in r.get_data(as_text=True)
    r = client.post("/account/password", data={"current": PASSWORD, "new": "a new password"})
    assert r.status_code == 302
    assert "Password changed." in client.get("/account").get_data(as_text=True)
    assert _signin(app.test_client()).status_code == 422
    assert _signin(app.test_client(), password="a new password").status_code == 302


def _make_token(client, name="board") -> str:  # type: ignore[no-untyped-def]
    r = client.post("/account/tokens", data={"name": name}, follow_redirects=True)
    page = r.get_data(as_text=True)
    assert "shown only this once" in page
    token = re.search(r"<code>(skt_[^<]+)</code>", page).group(1)
    assert token not in client.get("/account").get_data(as_text=True)  # once only
    return token


def test_api_tokens_open_the_api_until_revoked(app, client, anon):
    token = _make_token(client)
    with app.app_context():
        assert token not in db.session.execute(db.select(ApiToken.digest)).scalar_one()
    bearer = {"Authorization": f"Bearer {token}"}
    file = {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "players": ["Ala", "Bartek", "Celina"],
    }
    r = anon.post("/api/games", json=file, headers=bearer)
    assert r.status_code == 201
    game_id = r.json["id"]
    hand = {"declarer": 1, "bid": 100, "points": [10, 100, 10]}
    assert anon.post(f"/api/games/{game_id}/hands", json=hand, headers=bearer).status_code == 201
    assert anon.get(f"/api/games/{game_id}", headers=bearer).json["totals"] == [10, 100, 10]
    # the game is the account's: it is on its home page
    assert "Bartek" in client.get("/").get_data(as_text=True)
    # a token opens the API, not the pages (they need the session and its CSRF token)
    assert anon.get(f"/games/{game_id}", headers=bearer).status_code == 302
    # another account's token finds nothing
    other = _make_token(signed_up(app, "mallory"))
    r = anon.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {other}"})
    assert r.status_code == 404
    # revoked: 401
    page = client.get("/account").get_data(as_text=True)
    revoke = re.search(r'action="(/account/tokens/\d+/revoke)"', page).group(1)
    assert client.post(revoke, data={}).status_code == 302
    assert anon.get(f"/api/games/{game_id}", headers=bearer).status_code == 401
    bad = {"Authorization": "Bearer skt_" + "x" * 40}
    assert anon.get(f"/api/games/{game_id}", headers=bad).status_code == 401
    # a stranger cannot revoke someone else's token
    assert signed_up(app, "eve").post(revoke, data={}).status_code == 404


def test_the_first_account_adopts_the_games_from_before_accounts(app):
    with app.app_context():
        file = {
            "format": "scorekeeper-game/1",
            "variant": "pl-3",
            "players": ["Ala", "Bartek", "Celina"],
        }
        services.create_game(parse(file), None)
    first = signed_up(app, "family")
    assert "Bartek" in first.get("/").get_data(as_text=True)
    assert "Bartek" in first.get("/games/new").get_data(as_text=True)  # its players too
    second = signed_up(app, "stranger")
    assert "Bartek" not in second.get("/").get_data(as_text=True)
