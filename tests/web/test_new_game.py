"""The new-game form: exactly the variant's seats, and house rules as
one toggle each in words, their numbers behind "change the numbers", every option reachable."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import OPTION_SPECS
from scorekeeper.store.db import db
from scorekeeper.store.models import Game

from .helpers import new_game


def _stored(app) -> dict:  # type: ignore[no-untyped-def]
    with app.app_context():
        return dict(db.session.execute(db.select(Game)).scalar_one().options)


def _error_at(page: str, field_id: str) -> str:
    found = re.search(rf'<span class="error" id="{re.escape(field_id)}-error">([^<]*)</span>', page)
    assert found, f"no error at {field_id}"
    return html.unescape(found.group(1))


def test_empty_seats_beyond_the_variant_are_ignored(app, client):
    data = {"variant": "ru-2", "players-0": "Oleg", "players-1": "Nata"}
    data |= {"players-2": "", "players-3": "  "}
    r = client.post("/games/new", data=data)
    assert r.status_code == 302
    assert "Oleg" in client.get(r.headers["Location"]).text


def test_a_name_in_a_seat_the_variant_lacks_is_said_at_that_row(app, client):
    """Without JavaScript all four rows show: a third name for ru-2 is refused at row 3."""
    data = {"variant": "ru-2", "players-0": "Oleg", "players-1": "Nata", "players-2": "Ira"}
    r = client.post("/games/new", data=data)
    assert r.status_code == 422
    message = _error_at(r.get_data(as_text=True), "players-2")
    assert message.startswith("ru-2 is played by 2 players: leave this row empty")
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None


def test_rows_3_and_4_say_which_games_they_are_for(client):
    page = html.unescape(client.get("/games/new").get_data(as_text=True))
    assert 'Player 3 <small class="seat-note">(3- and 4-player games only)</small>' in page
    assert 'Player 4 <small class="seat-note">(4-player games only)</small>' in page


def test_no_option_key_in_any_label(client):
    page = client.get("/games/new").get_data(as_text=True)
    text = html.unescape(
        re.sub(r"<[^>]+>", " ", re.sub(r"<script.*?</script>", "", page, flags=re.S))
    )
    for key in OPTION_SPECS:
        if "_" in key or key in ("lock", "barrel", "bolts", "dump"):
            assert f"({key})" not in text, key
        if "_" in key:
            assert key not in text, key
    for words in ("Bomba", "Lock at 900", "Barrel at 880", "Bolts", "555 dump", "Golden deal"):
        assert words in text, words
    # six house rules and the three club agreements of scoring.md 5.1
    assert page.count("change the numbers") == 9


def test_no_box_says_none_when_the_variant_has_no_value(client):
    # a rule the first variant leaves off (the ace marriage, a number of deals): its box is
    # empty, not the word "None" (the page's script fills it in by variant; without it, nothing)
    page = client.get("/games/new").get_data(as_text=True)
    assert 'placeholder="None"' not in page
    assert re.search(r'data-option="deals"', page)


def test_the_bomba_is_one_choice(app, client):
    new_game(client, opt_give_up="once")
    assert _stored(app)["give_up"] == {"limit": 1}  # minus the contract, 60 each: the usual
    r = client.get("/rules/pl-3")  # the preset stays as it was
    assert r.status_code == 200


@pytest.mark.parametrize(
    "fields, option, value",
    [
        ({"opt_give_up": "on"}, "give_up", {}),
        (
            {"opt_give_up": "once", "opt_give_up_opponents": "half"},
            "give_up",
            {"limit": 1, "opponents": "half"},
        ),
        ({"opt_lock": "off"}, "lock", None),
        ({"opt_lock_at": "800"}, "lock", 800),  # pl-3 has a lock: its number changed
        ({"opt_bolts": "on", "opt_bolts_penalty": "100"}, "bolts", {"penalty": 100}),
        ({"opt_dump": "on", "opt_dump_negative": "true"}, "dump", {"negative": True}),
    ],
)
def test_a_toggle_and_its_numbers(app, client, fields, option, value):
    new_game(client, **fields)
    assert _stored(app)[option] == value


def test_numbers_under_as_the_variant_change_the_variants_own_rule(app, client):
    new_game(client, "ru-3", opt_barrel_at="900")
    assert _stored(app)["barrel"] == {
        "at": 900,
        "tries": 3,
        "penalty": 120,
        "knock_off": True,
        "falls_to_zero": None,
        "on_fail": "minus",
        "defender_finishes": False,
        "together": "all",
    }


def test_numbers_for_a_rule_the_variant_lacks_ask_to_turn_it_on(app, client):
    data = {"variant": "pl-3", "players-0": "A", "players-1": "B", "players-2": "C"}
    r = client.post("/games/new", data=data | {"opt_barrel_at": "800"})
    assert r.status_code == 422
    message = _error_at(r.get_data(as_text=True), "opt_barrel")
    assert "pl-3 does not play this rule: choose “on”" in message
    # the numbers stay on the page, their details open
    assert 'value="800"' in r.get_data(as_text=True)
    assert '<details class="numbers" open>' in r.get_data(as_text=True)
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None


def test_the_first_choice_says_what_the_variant_does(client):
    page = html.unescape(client.get("/games/new").get_data(as_text=True))  # pl-3
    assert '<option value="" selected>as the variant: on</option>' in page  # its lock
    assert '<option value="" selected>as the variant: off</option>' in page  # no bomba, no barrel
    client.post("/language", data={"lang": "ru", "next": "/"})
    page = html.unescape(client.get("/games/new").get_data(as_text=True))  # ru-3
    give_up = re.search(r'name="opt_give_up".*?</select>', page, re.S).group(0)
    # ru-3 gives up any number of times: its first choice ends with that choice's own words
    first = re.search(r'<option value="" selected>([^<]+)</option>', give_up).group(1)
    assert first.endswith(re.search(r'<option value="on">([^<]+)</option>', give_up).group(1))


def _games(app) -> list[Game]:
    with app.app_context():
        return list(db.session.execute(db.select(Game).order_by(Game.id)).scalars())


def test_the_form_sent_twice_starts_one_game(app, client):
    """A double tap, or a form kept on a phone with no connection and sent again when the
    connection is back (its answer lost the first time): the form's token makes it one game."""
    page = client.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="token" type="hidden" value="([^"]+)"', page)
    assert token, "the form carries a token"
    data = {"variant": "pl-3", "players-0": "Ala", "players-1": "Bartek", "players-2": "Celina"}
    first = client.post("/games/new", data=data | {"token": token[1]})
    again = client.post("/games/new", data=data | {"token": token[1]})
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert len(_games(app)) == 1
    # another form (another token) is another game
    other = re.search(r'name="token" type="hidden" value="([^"]+)"', client.get("/games/new").text)
    assert other and other[1] != token[1]
    third = client.post("/games/new", data=data | {"token": other[1]})
    assert third.status_code == 302 and third.headers["Location"] != first.headers["Location"]
    assert len(_games(app)) == 2


def test_a_form_changed_after_it_started_a_game_leads_to_that_game(app, client):
    data = {"variant": "pl-3", "players-0": "Ala", "players-1": "Bartek", "players-2": "Celina"}
    first = client.post("/games/new", data=data | {"token": "t0ken"})
    changed = client.post("/games/new", data=data | {"players-2": "Dorota", "token": "t0ken"})
    assert changed.status_code == 302 and changed.headers["Location"] == first.headers["Location"]
    assert len(_games(app)) == 1
    assert "Dorota" not in client.get(first.headers["Location"]).text


def test_a_token_not_made_by_the_page_is_said_and_nothing_is_stored(app, client):
    data = {"variant": "pl-3", "players-0": "Ala", "players-1": "Bartek", "players-2": "Celina"}
    r = client.post("/games/new", data=data | {"token": "<script>"})
    assert r.status_code == 422
    assert "This form was not made by this page" in r.get_data(as_text=True)
    assert _games(app) == []
