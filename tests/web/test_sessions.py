"""Sessions that end: a copy of a session cookie stops working after sign-out, after a password
change (the browser that changed it stays signed in), and after "sign out everywhere", and the
last two end the account's API tokens too; idle sessions end; the cookie alone, without its
server row, is nothing."""

from __future__ import annotations

import re
from datetime import timedelta

from scorekeeper.store.db import db
from scorekeeper.store.models import Account, AccountSession
from tests.conftest import PASSWORD, signed_up

from .helpers import new_game, sign_in


def _copy(app, client):  # type: ignore[no-untyped-def]
    """Another browser holding a copy of `client`'s session cookie (as a thief would)."""
    thief = app.test_client()
    thief.set_cookie("session", client.get_cookie("session").value)
    return thief


def _signed_in(client) -> bool:  # type: ignore[no-untyped-def]
    r = client.get("/account")
    assert r.status_code in (200, 302)
    return r.status_code == 200


def _rows(app) -> list[AccountSession]:  # type: ignore[no-untyped-def]
    with app.app_context():
        return list(db.session.execute(db.select(AccountSession)).scalars())


def test_a_copied_cookie_stops_working_after_sign_out(app, client):
    assert client.get_cookie("remember_token") is None  # "remember me" is never used
    thief = _copy(app, client)
    assert _signed_in(thief)  # a copy works while the session is on ...
    assert len(_rows(app)) == 1 and client.post("/signout", data={}).status_code == 302
    assert not _signed_in(thief) and not _signed_in(client)  # ... and not after sign-out
    assert _rows(app) == []
    r = thief.post("/games/new", data={"variant": "pl-3", "players-0": "A"})
    assert r.status_code == 302 and "/signin" in r.headers["Location"]


def test_a_password_change_signs_out_every_other_browser_and_every_copy(app, client):
    other = app.test_client()
    sign_in(other)
    thief = _copy(app, client)  # even a copy of the very browser that changes it
    r = client.post("/account/password", data={"current": PASSWORD, "new": "a new password"})
    assert r.status_code == 302
    page = client.get("/account").get_data(as_text=True)
    assert "Every other browser is signed out." in page and "Signed in on 1 browser." in page
    assert not _signed_in(thief) and not _signed_in(other)
    assert _signed_in(client) and len(_rows(app)) == 1
    # a wrong current password changes nothing and ends nobody
    sign_in_new = app.test_client()
    sign_in_new.post("/signin", data={"username": "tester", "password": "a new password"})
    client.post("/account/password", data={"current": "nope", "new": "another password"})
    assert _signed_in(sign_in_new) and len(_rows(app)) == 2


def test_sign_out_everywhere(app, client):
    other = app.test_client()
    sign_in(other)
    thief = _copy(app, other)
    page = client.get("/account").get_data(as_text=True)
    assert "Signed in on 2 browsers." in page and "This browser" in page
    assert "Another browser" in page and "Sign out everywhere" in page
    r = client.post("/account/signout-everywhere", data={})
    assert r.status_code == 302 and r.headers["Location"].endswith("/signin")
    assert "Signed out on every browser." in client.get("/signin").get_data(as_text=True)
    assert not any(_signed_in(c) for c in (client, other, thief)) and _rows(app) == []
    # signed out already: the page and its form lead to sign-in
    r = client.post("/account/signout-everywhere", data={})
    assert r.status_code == 302 and "/signin" in r.headers["Location"]


def _token(client, name: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """A new API token of `client`'s account, as a program sends it."""
    page = client.post("/account/tokens", data={"name": name}, follow_redirects=True)
    token = re.search(r"<code>(skt_[^<]+)</code>", page.get_data(as_text=True))
    assert token is not None
    return {"Authorization": f"Bearer {token.group(1)}"}


def _reads(app, bearer: dict[str, str], game: str) -> int:  # type: ignore[no-untyped-def]
    """The status of a program reading the game (`/games/<id>`) with the token."""
    return int(app.test_client().get(f"/api{game}", headers=bearer).status_code)


def test_a_password_change_ends_the_api_tokens_and_says_so(app, client):
    page = client.get("/account").get_data(as_text=True)
    assert "Changing it signs out every other browser and ends your API tokens." in page
    assert "Signing out everywhere and changing the password end every token." in page
    game, phone, board = new_game(client), _token(client, "stolen phone"), _token(client, "board")
    bartek = signed_up(app, "bartek")
    bartek_game, others = new_game(bartek), _token(bartek, "bartek's board")
    assert _reads(app, phone, game) == _reads(app, board, game) == 200
    r = client.post("/account/password", data={"current": PASSWORD, "new": "a new password"})
    assert r.status_code == 302
    assert _reads(app, phone, game) == _reads(app, board, game) == 401
    assert _reads(app, others, bartek_game) == 200  # another account's token is not touched
    page = client.get("/account").get_data(as_text=True)
    assert "Your 2 API tokens were ended too" in page and "No tokens." in page
    # the language of the page says it too
    client.post("/language", data={"lang": "pl", "next": "/account"})
    page = client.get("/account").get_data(as_text=True)
    assert "unieważnia twoje tokeny API" in page
    # a wrong current password ends no token
    again = _token(client, "new board")
    client.post("/account/password", data={"current": "nope", "new": "another password"})
    assert _reads(app, again, game) == 200


def test_sign_out_everywhere_ends_the_api_tokens_and_says_so(app, client):
    assert "That ends your API tokens too." in client.get("/account").get_data(as_text=True)
    game, board = new_game(client), _token(client, "board")
    bartek = signed_up(app, "bartek")
    bartek_game, others = new_game(bartek), _token(bartek, "bartek's board")
    assert _reads(app, board, game) == 200
    assert client.post("/account/signout-everywhere", data={}).status_code == 302
    assert _reads(app, board, game) == 401 and _reads(app, others, bartek_game) == 200
    page = client.get("/signin").get_data(as_text=True)
    assert "Your API token was ended too: make a new one" in page
    # an account with no token is not told of any
    celina = signed_up(app, "celina")
    celina.post("/account/signout-everywhere", data={})
    page = celina.get("/signin").get_data(as_text=True)
    assert "Signed out on every browser." in page and "API token" not in page


def test_sign_out_everywhere_needs_the_csrf_token(app, client):
    app.config["WTF_CSRF_ENABLED"] = True
    r = client.post("/account/signout-everywhere", data={})
    assert r.status_code in (302, 400) and _signed_in(client) and len(_rows(app)) == 1


def test_last_seen_is_written_every_few_minutes_and_idle_sessions_end(app, client):
    with app.app_context():
        seen = db.session.execute(db.select(AccountSession.seen_at)).scalar_one()
    client.get("/")
    assert _rows(app)[0].seen_at == seen  # not a write per request
    with app.app_context():
        row = db.session.execute(db.select(AccountSession)).scalar_one()
        row.seen_at -= timedelta(minutes=6)
        db.session.commit()
        before = row.seen_at
    client.get("/")
    assert _rows(app)[0].seen_at > before
    # idle past PERMANENT_SESSION_LIFETIME: signed out, and the row goes at the next sign-in
    with app.app_context():
        row = db.session.execute(db.select(AccountSession)).scalar_one()
        row.seen_at -= app.permanent_session_lifetime + timedelta(minutes=10)
        db.session.commit()
    thief = _copy(app, client)
    assert not _signed_in(client) and not _signed_in(thief)
    sign_in(app.test_client())
    assert len(_rows(app)) == 1


def test_a_session_without_its_server_row_signs_nobody_in(app, client):
    """A cookie made before sessions were kept on the server (or forged with the secret
    key but no session row) names an account but is not signed in."""
    with app.app_context():
        account_id = db.session.execute(db.select(Account.id)).scalar_one()
    old = app.test_client()
    with old.session_transaction() as s:
        s["_user_id"] = str(account_id)
        s["_fresh"] = True
    assert not _signed_in(old)
    with old.session_transaction() as s:
        s["_user_id"] = str(account_id)
        s["session_id"] = "guessed"
    assert not _signed_in(old)


def test_signing_in_as_another_account_ends_the_first_session(app, client):
    thief = _copy(app, client)
    sign_in_as = app.test_client()
    sign_in_as.post(
        "/signup", data={"username": "bartek", "password": PASSWORD, "confirm": PASSWORD}
    )
    client.post("/signin", data={"username": "bartek", "password": PASSWORD})
    assert "bartek" in client.get("/account").get_data(as_text=True)
    assert not _signed_in(thief) and len(_rows(app)) == 2  # bartek's two browsers


def test_a_busy_database_does_not_fail_the_last_seen_write(app, client, monkeypatch):
    from sqlalchemy.exc import OperationalError

    with app.app_context():
        row = db.session.execute(db.select(AccountSession)).scalar_one()
        row.seen_at -= timedelta(minutes=6)
        db.session.commit()

    def locked() -> None:
        raise OperationalError("UPDATE account_session", {}, Exception("database is locked"))

    monkeypatch.setattr(db.session, "commit", locked)
    assert client.get("/account").status_code == 200  # signed in, "last seen" left for later
