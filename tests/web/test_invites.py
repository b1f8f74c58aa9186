"""An invite link opened signed out: the page says what the invite is, then
leads to sign in or sign up, and back to the invite to join."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Scorer
from tests.conftest import PASSWORD

from .helpers import hand, new_game


def invite_path(app, client) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    game = new_game(client, players=("Ala", "Bartek", "Celina"))
    hand(client, game, [35, 70, 15], declarer=1, bid=110)
    client.post(f"{game}/invite", data={})
    game_id = int(game.rsplit("/", 1)[1])
    with app.app_context():
        token = db.session.get(Game, game_id).invite_token
    return game, f"/join/{game_id}/{token}"


def links_to(page: str, endpoint: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(rf'href="({endpoint}\?[^"]+)"', page)]


def test_a_signed_out_invite_says_what_it_is_and_offers_sign_in_and_sign_up(app, client, anon):
    game, join = invite_path(app, client)
    r = anon.get(join)
    page = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "Ala · Bartek · Celina" in page and "pl-3" in page
    assert "tester invites you to log and correct its hands." in page
    assert "1 hand logged" in page
    assert "Join as a co-scorer" not in page  # nothing to join with before an account
    for endpoint in ("/signup", "/signin"):
        (link,) = links_to(page, endpoint)
        assert parse_qs(urlsplit(link).query)["next"] == [join]
        assert anon.get(link).status_code == 200


def test_after_sign_up_the_new_account_is_back_at_the_invite_and_joins(app, client, anon):
    game, join = invite_path(app, client)
    (signup,) = links_to(anon.get(join).get_data(as_text=True), "/signup")
    page = anon.get(signup).get_data(as_text=True)
    # the sign-up form carries the way back
    assert re.search(rf'name="next" type="hidden" value="{re.escape(join)}"', page), page
    r = anon.post(
        "/signup",
        data={"username": "dora", "password": PASSWORD, "confirm": PASSWORD, "next": join},
    )
    assert r.status_code == 302 and r.headers["Location"] == join
    page = anon.get(join).get_data(as_text=True)
    assert "Join as a co-scorer" in page and "Ala · Bartek · Celina" in page
    r = anon.post(join, data={})
    assert r.status_code == 302 and r.headers["Location"] == game
    assert anon.get(game).status_code == 200  # dora scores it now


def test_after_sign_in_an_existing_account_is_back_at_the_invite(app, client, anon):
    from tests.conftest import signed_up

    signed_up(app, "emil").post("/signout", data={})
    game, join = invite_path(app, client)
    (signin,) = links_to(anon.get(join).get_data(as_text=True), "/signin")
    assert parse_qs(urlsplit(signin).query)["next"] == [join]
    r = anon.post("/signin", data={"username": "emil", "password": PASSWORD, "next": join})
    assert r.status_code == 302 and r.headers["Location"] == join
    assert anon.post(join, data={}).headers["Location"] == game


def test_a_signed_out_post_or_a_wrong_link_joins_nobody(app, client, anon):
    game, join = invite_path(app, client)
    r = anon.post(join, data={})
    assert r.status_code == 302 and "/signin" in r.headers["Location"]
    assert anon.get(join[:-4] + "abcd").status_code == 404
    with app.app_context():
        assert db.session.execute(db.select(Scorer)).all() == []
