"""The table app through its pages: start a game, log hands, fix any hand, refuse bad input."""

from __future__ import annotations

import re

import pytest

from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Player

from .helpers import edit_first, hand, new_game, sign_in, stored_lines, totals, version_token


def test_home_and_new_game(client):
    assert b"New game" in client.get("/").data
    page = client.get("/games/new").get_data(as_text=True)
    assert "pl-3" in page and "moscow" in page and 'name="opt_lock"' in page
    game = new_game(client)
    assert totals(client, game) == [0, 0, 0]
    home = client.get("/").get_data(as_text=True)
    assert "In progress" in home and "Bartek" in home


def test_log_hands_and_see_totals_and_notes(client):
    game = new_game(client)
    r = hand(
        client, game, [35, 70, 15], declarer=1, bid=110, contract="120", marriages=["1:hearts"]
    )
    assert r.status_code == 302 and r.headers["Location"].endswith("?saved=1")
    assert totals(client, game) == [40, 120, 20]
    explain = client.get(f"{game}/hands/1").get_data(as_text=True)
    assert "35 rounded to 40" in explain and "made the contract of 120" in explain
    hand(client, game, [44, 31, 45], declarer=2, bid=100)
    assert totals(client, game) == [80, 150, -80]


def test_wrong_entry_is_refused_at_its_field_and_nothing_is_stored(app, client):
    game = new_game(client)
    r = hand(client, game, [35, 70, 13], declarer=1, bid=110)
    assert r.status_code == 422
    assert "card points must add up to 120, got 118" in r.get_data(as_text=True)
    r = hand(client, game, [35, 70, 15], declarer=1, bid=115)
    assert "the bid must be a multiple of 10, got 115" in r.get_data(as_text=True)
    with app.app_context():
        assert stored_lines() == 0
    assert totals(client, game) == [0, 0, 0]


def test_edit_first_hand_recomputes_every_later_total(app, client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    hand(client, game, [20, 0, 100], declarer=2, bid=100)
    assert totals(client, game) == [30, 100, 110]
    r = edit_first(client, game)
    assert r.status_code == 302
    assert totals(client, game) == [120, 10, 110]


def test_delete_asks_first_then_recomputes(client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    hand(client, game, [20, 0, 100], declarer=2, bid=100)
    ask = client.get(f"{game}/hands/1/delete")
    assert b"Delete line 1?" in ask.data
    assert totals(client, game) == [30, 100, 110]  # asking changed nothing
    data = version_token(client, f"{game}/hands/1/delete")
    assert client.post(f"{game}/hands/1/delete", data=data).status_code == 302
    assert totals(client, game) == [20, 0, 100]


def test_undo_last_hand_in_one_tap(client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    hand(client, game, [20, 0, 100], declarer=2, bid=100)
    data = version_token(client, game)
    client.post(f"{game}/undo", data=data)
    assert totals(client, game) == [10, 100, 10]


def test_double_tap_or_reload_does_not_add_twice(app, client):
    game = new_game(client)
    data = version_token(client, f"{game}/hands/new")
    data.update(
        {
            "dealer": "0",
            "declarer": "1",
            "bid": "100",
            "points-0": "35",
            "points-1": "70",
            "points-2": "15",
        }
    )
    first = client.post(f"{game}/hands/new", data=data)
    again = client.post(f"{game}/hands/new", data=data)
    assert first.status_code == again.status_code == 302
    with app.app_context():
        assert stored_lines() == 1


def test_two_phones_conflict_instead_of_overwriting(app, client):
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, bid=100)
    phone_a = version_token(client, f"{game}/hands/1/edit")
    phone_b = version_token(client, f"{game}/hands/1/edit")
    edit = {
        "dealer": "2",  # Celina dealt: Ala opened at 100
        "declarer": "0",
        "bid": "100",
        "points-0": "100",
        "points-1": "5",
        "points-2": "15",
    }
    assert client.post(f"{game}/hands/1/edit", data={**phone_a, **edit}).status_code == 302
    edit_b = {**edit, "declarer": "2", "points-0": "15", "points-2": "100"}
    r = client.post(f"{game}/hands/1/edit", data={**phone_b, **edit_b}, follow_redirects=True)
    assert "Someone else changed this game" in r.get_data(as_text=True)
    assert totals(client, game) == [100, 10, 20]  # phone A's edit stands


def test_adjustment_with_reason(client):
    game = new_game(client)
    data = version_token(client, f"{game}/adjust")
    data.update({"values-0": "0", "values-1": "-120", "values-2": "", "reason": "exposed a card"})
    assert client.post(f"{game}/adjust", data=data).status_code == 302
    assert totals(client, game) == [0, -120, 0]
    assert "exposed a card" in client.get(f"{game}/hands/1").get_data(as_text=True)
    data = version_token(client, f"{game}/adjust")
    r = client.post(f"{game}/adjust", data={**data, "values-0": "5", "reason": ""})
    assert r.status_code == 422 and "say why" in r.get_data(as_text=True)


def test_an_adjustment_is_a_minus_with_the_seats_minus_ticked(client):
    """iOS's number pad has no minus key: a seat's "−" toggle makes its number a minus; a
    number typed with its minus stays one, ticked or not."""
    game = new_game(client)
    page = client.get(f"{game}/adjust").get_data(as_text=True)
    assert page.count('<input type="checkbox" name="minus"') == 3 and "Bartek: minus" in page
    data = version_token(client, f"{game}/adjust")
    values = {"values-0": "50", "values-1": "-30", "values-2": "-20", "reason": "renege"}
    r = client.post(f"{game}/adjust", data={**data, **values, "minus": ["0", "2"]})
    assert r.status_code == 302 and totals(client, game) == [-50, -30, -20]
    # refused for another reason: the ticks come back as they were
    data = version_token(client, f"{game}/adjust")
    r = client.post(f"{game}/adjust", data={**data, "values-1": "40", "minus": "1", "reason": ""})
    assert r.status_code == 422
    assert '<input type="checkbox" name="minus" value="1" checked>' in r.get_data(as_text=True)
    r = client.post(f"{game}/adjust", data={**data, "values-1": "40", "minus": "7", "reason": "x"})
    assert r.status_code == 422
    assert "A minus was ticked for no player" in _error_at(r.get_data(as_text=True), "minus")
    assert totals(client, game) == [-50, -30, -20]


def test_pl4_musik_and_sitting_out(client):
    game = new_game(client, "pl-4", ("Ala", "Bartek", "Celina", "Darek"))
    page = client.get(f"{game}/hands/new").get_data(as_text=True)
    assert "deals and sits out" in page and "musik" in page
    r = hand(
        client,
        game,
        [None, 60, 40, 20],
        declarer=1,
        bid=100,
        musik_aces="1",  # noqa
        musik_marriage="hearts",
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    assert totals(client, game) == [150, -100, 40, 20]


def test_ru2_trump_and_850_hint(client):
    game = new_game(client, "ru-2", ("Oleg", "Nata"))
    # the trump decides whether a marriage found in tricks is 80 or 40: asked only then
    r = hand(client, game, [80, 40], declarer=0, bid=60, marriages=["0:clubs"])
    assert r.status_code == 422
    assert "a marriage was found in tricks: say which suit is trump" in r.get_data(as_text=True)
    r = hand(client, game, [80, 40], declarer=0, bid=60, trump="clubs", marriages=["0:clubs"])
    assert r.status_code == 302
    assert totals(client, game) == [60, 40]
    assert hand(client, game, [50, 70], declarer=1, bid=60).status_code == 302  # no trump
    assert totals(client, game) == [110, 100]


def test_house_rules_on_the_new_game_form(app, client):
    r = client.post(
        "/games/new",
        data={
            "variant": "pl-3",
            "players-0": "A",
            "players-1": "B",
            "players-2": "C",
            "opt_lock": "on",
            "opt_lock_at": "high",
        },
    )
    assert r.status_code == 422 and "must be a whole number" in r.get_data(as_text=True)
    new_game(client, opt_lock="on", opt_lock_at="800", opt_barrel="on", stake="0.5")
    with app.app_context():
        stored = db.session.execute(db.select(Game)).scalar_one()
        assert stored.options["lock"] == 800 and stored.options["barrel"] == {}
        assert stored.options["stake"] == "0.5"


def test_names_are_reused_across_games(app, client):
    new_game(client)
    new_game(client, players=("ala", "Bartek", "Darek"))
    with app.app_context():
        names = sorted(db.session.execute(db.select(Player.name)).scalars())
    assert names == ["Ala", "Bartek", "Celina", "Darek"]
    assert b'<option value="Celina">' in client.get("/games/new").data


def test_game_and_hand_pages_404(client):
    assert client.get("/games/99").status_code == 404
    game = new_game(client)
    assert client.get(f"{game}/hands/5").status_code == 404


def test_winner_and_settlement(client):
    game = new_game(client, opt_target="200", stake="1")
    hand(client, game, [100, 10, 10], declarer=0, bid=200, marriages=["0:hearts"])
    page = client.get(game).get_data(as_text=True)
    assert "Ala wins!" in page and "Bartek pays Ala 190.00" in page


def test_preview_says_what_the_hand_would_score(client):
    game = new_game(client)
    r = client.post(
        f"{game}/hands/preview",
        data={
            "dealer": "0",
            "declarer": "1",
            "bid": "100",
            "points-0": "35",
            "points-1": "70",
            "points-2": "15",
        },
    )
    assert r.json["ok"] and r.json["scores"] == [40, -100, 20]
    r = client.post(
        f"{game}/hands/preview",
        data={"dealer": "0", "declarer": "1", "points-0": "35", "points-1": "7"},
    )
    assert not r.json["ok"] and r.json["errors"]


def test_preview_of_an_edit_scores_that_line_and_names_one_of_the_game(client):
    game = new_game(client)
    assert hand(client, game, [35, 70, 15], declarer=1, bid=100).status_code == 302
    assert hand(client, game, [15, 35, 70], declarer=2, bid=100).status_code == 302
    fields = {"dealer": "0", "declarer": "1", "bid": "110"}
    fields.update({"points-0": "35", "points-1": "70", "points-2": "15"})
    r = client.post(f"{game}/hands/preview?number=1", data=fields)
    # hand 1 as edited: Bartek fails 110; the totals are those after hand 1, not after 2
    assert r.json["ok"] and r.json["scores"] == [40, -110, 20]
    assert r.json["totals"] == [40, -110, 20]
    assert client.post(f"{game}/hands/preview?number=3", data=fields).status_code == 404


def test_two_workers_never_show_a_stale_score(app, client, database_url):
    """Each worker remembers derived scores per version of a game (memo.py); a write through
    another worker bumps the version, so nothing remembered is ever shown for it."""
    from scorekeeper import create_app

    other = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    ).test_client()
    sign_in(other)
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    assert totals(other, game) == [10, 100, 10]
    hand(client, game, [20, 0, 100], declarer=2, bid=100)
    assert totals(other, game) == [30, 100, 110]
    hand(other, game, [100, 10, 10], declarer=0, bid=100)
    assert totals(client, game) == [130, 110, 120]


def test_sheet_and_explanation_name_the_contract_played(client):
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, marriages=["1:hearts"])  # no bid: the 100
    hand(client, game, [20, 0, 100], declarer=2, bid=100, contract="110")
    page = client.get(game).get_data(as_text=True)
    # the sheet's narrow columns name the players short
    assert "Bar. 100" in page and "Cel. 110" in page
    assert "Celina played 110 (bid 100)" in client.get(f"{game}/hands/2").get_data(as_text=True)


# --- hostile input: a message at the field that caused it, nothing stored ---


def _error_at(page: str, field_id: str) -> str:
    found = re.search(rf'<span class="error" id="{re.escape(field_id)}-error">([^<]*)</span>', page)
    assert found, f"no error at {field_id}"
    return found.group(1)


def test_an_unknown_variant_posted_by_hand_is_a_message_at_the_variant(app, client):
    r = client.post("/games/new", data={"variant": "pl-9\x00", "players-0": "A", "players-1": "B"})
    assert r.status_code == 422
    assert "unknown variant" in _error_at(r.get_data(as_text=True), "variant")
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None


@pytest.mark.parametrize(
    "name, message",
    [
        ("Ala\x00", "no control characters: found U+0000 at character 4"),
        ("Ala\tKot", "no control characters: found U+0009 at character 4"),
        ("x" * 61, "at most 60 characters, got 61"),
        ("ß" * 31, "at most 60 characters, got 62"),
    ],
)
def test_a_new_games_name_fits_its_column(app, client, name, message):
    data = {"variant": "pl-3", "players-0": "Ala", "players-1": name, "players-2": "Celina"}
    page = client.post("/games/new", data=data).get_data(as_text=True)
    assert _error_at(page, "players-1") == f"player 2&#39;s name: {message}"
    with app.app_context():
        assert db.session.execute(db.select(Player)).first() is None


@pytest.mark.parametrize(
    "field, value, at, message",
    [
        ("stake", "1000.01", "stake", "from 0 to 1000, with at most 4 decimal places"),
        ("stake", "0.00001", "stake", "from 0 to 1000, with at most 4 decimal places"),
        ("opt_target", str(2**63), "opt_target", "must be between 1 and 1000000"),
        ("opt_lock_at", "9" * 5000, "opt_lock", "must be a whole number"),
        ("first_dealer", "3", "first_dealer", "first_dealer must be a seat from 0 to 2"),
    ],
)
def test_a_new_games_options_are_bounded_at_their_fields(app, client, field, value, at, message):
    data = {"variant": "pl-3", "players-0": "A", "players-1": "B", "players-2": "C", field: value}
    page = client.post("/games/new", data=data).get_data(as_text=True)
    assert message in _error_at(page, at)
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None


@pytest.mark.parametrize("value", ["²", "9" * 5000])
def test_odd_digits_in_a_text_option_are_a_message_at_it(app, client, value):
    """str.isdigit takes "²" and 5,000 nines for a number that int() then refuses (was a 500)."""
    data = {"variant": "pl-3", "players-0": "A", "players-1": "B", "players-2": "C"}
    data |= {"opt_give_up": "on", "opt_give_up_opponents": value}
    r = client.post("/games/new", data=data)
    assert r.status_code == 422
    message = _error_at(r.get_data(as_text=True), "opt_give_up")
    assert "opponents must be a whole number" in message
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None


@pytest.mark.parametrize("dealer", ["3", "9", str(2**63), "-1"])
def test_a_dealer_that_is_no_seat_is_a_message_at_the_dealer(app, client, dealer):
    game = new_game(client)
    r = hand(client, game, [10, 100, 10], declarer=1, bid=100, dealer=dealer)
    assert r.status_code == 422
    message = _error_at(r.get_data(as_text=True), "dealer")
    assert message == f"the dealer must be a seat from 0 to 2, got {dealer}"
    with app.app_context():
        assert stored_lines() == 0


@pytest.mark.parametrize(
    "extra, at, message",
    [
        ({"points-1": str(2**63)}, "points-1", "cannot be made with this deck"),
        ({"points-1": "9" * 5000}, "points-1", "Not a valid integer value."),
        ({"tricks-0": "1" + "0" * 310}, "tricks", "tricks must add up to 8"),
        ({"tricks-0": "-1"}, "tricks-0", "At least 0."),
        ({"bid": str(10 * 2**31)}, "bid", "the bid can be at most 400, got 21474836480"),
        ({"marriages": "²:hearts"}, "form", "²:hearts is not a marriage of this form"),
    ],
)
def test_huge_and_odd_numbers_in_a_hand_are_messages_at_their_fields(
    app, client, extra, at, message
):
    game = new_game(client)
    r = hand(client, game, [10, 100, 10], declarer=1, **{"bid": "100", **extra})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert message in (page if at in ("tricks", "form") else _error_at(page, at))
    with app.app_context():
        assert stored_lines() == 0


def test_an_adjustment_is_within_ten_thousand_at_the_seats_box(app, client):
    game = new_game(client)
    data = {"values-0": "0", "values-1": str(2**31), "values-2": "10000", "reason": "x"}
    r = client.post(f"{game}/adjust", data=data)
    assert r.status_code == 422
    assert _error_at(r.get_data(as_text=True), "values-1") == (
        f"an adjustment is from -10000 to 10000 points, got {2**31} for Bartek"
    )
    r = client.post(f"{game}/adjust", data={**data, "values-1": "0", "reason": "x\x00"})
    assert "no control characters" in _error_at(r.get_data(as_text=True), "reason")
    with app.app_context():
        assert stored_lines() == 0
    assert client.post(f"{game}/adjust", data={**data, "values-1": "-10000"}).status_code == 302


def test_a_change_reason_is_bounded_like_a_reason(app, client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    r = edit_first(client, game, change_reason="typo\x00")
    assert r.status_code == 422
    assert "no control characters" in _error_at(r.get_data(as_text=True), "change_reason")
    r = edit_first(client, game, change_reason="x" * 501)
    assert "at most 500 characters" in _error_at(r.get_data(as_text=True), "change_reason")
    assert totals(client, game) == [10, 100, 10]
