"""The club agreements of scoring.md 5.1 on the pages: each as a switch of the
new-game form, the hand form's blind toggle and golden hand, the game page's chips, the rules
page of a game and the players' statistics."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.rules import VARIANTS, rules_for
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from scorekeeper.web import switchwords

from .helpers import hand, new_game, totals

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = {"players-0": "Ala", "players-1": "Bartek", "players-2": "Celina"}


def _stored(app: Any) -> dict[str, Any]:
    with app.app_context():
        return dict(db.session.execute(db.select(Game)).scalar_one().options)


def _error_at(page: str, field_id: str) -> str:
    found = re.search(rf'<span class="error" id="{re.escape(field_id)}-error">([^<]*)</span>', page)
    assert found, f"no error at {field_id}"
    return html.unescape(found.group(1))


def _text(page: str) -> str:
    page = re.sub(r"<script.*?</script>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def game_from(client: Any, fixture: str, hands: int | None = None, **options: Any) -> str:
    """A game of the fixture's players and rules (options added), with its first `hands` lines."""
    data = json.loads((ROOT / "tests/games" / fixture).read_text(encoding="utf-8"))["game"]
    data["hands"] = data["hands"][:hands]
    data["options"] = {**data["options"], **options}
    r = client.post("/api/games", json=data)
    assert r.status_code == 201, r.get_data(as_text=True)
    return f"/games/{r.get_json()['id']}"


def stored_hands(client: Any, game: str) -> list[dict[str, Any]]:
    r = client.get(f"/api{game}/file")
    assert r.status_code == 200
    return list(r.get_json()["hands"])


# --- the new-game form -----------------------------------------------------------------------


def test_each_agreement_is_a_switch_in_the_players_words(client: Any) -> None:
    page = client.get("/games/new").get_data(as_text=True)
    text = _text(page)
    for toggle in ("blind", "golden", "silence"):
        assert str(switchwords.TOGGLES[toggle].name) in text, toggle
        assert f'name="opt_{toggle}"' in page
    for rule, agreements in switchwords.AGREEMENTS.items():
        for key, agreement in agreements.items():
            assert f"<b>{agreement.name}</b>: {agreement.words}" in html.unescape(page), key
            switch = re.search(rf'name="agree_{rule}_{key}".*?</select>', page, re.S)
            assert switch, key
            # no preset plays an agreement: the first choice says so
            assert '<option value="" selected>as the variant: off</option>' in switch.group(0)
    # a key only an agreement decides has no box of its own
    for box in ("opt_give_up_on_barrel", "opt_bolts_kind", "opt_bolts_consecutive"):
        assert f'name="{box}"' not in page
    # their numbers are behind the rule's "change the numbers"
    assert 'name="opt_give_up_every"' in page and 'name="opt_barrel_falls_to_zero"' in page


def test_every_agreement_is_one_the_rules_take() -> None:
    for rule, agreements in switchwords.AGREEMENTS.items():
        for agreement in agreements.values():
            for values in (agreement.on, agreement.off):
                rules_for("ru-3", {rule: values})  # an option error would raise


@pytest.mark.parametrize(
    "variant, fields, option, value",
    [
        ("pl-3", {"opt_blind": "on"}, "blind", {}),
        ("pl-3", {"opt_blind": "on", "opt_blind_min_total": "200"}, "blind", {"min_total": 200}),
        ("pl-3", {"opt_golden": "on", "opt_golden_hands": "2"}, "golden", {"hands": 2}),
        ("pl-3", {"opt_silence": "on", "opt_silence_below": "-200"}, "silence", {"below": -200}),
        (
            "pl-3",
            {"opt_give_up": "once", "agree_give_up_every": "on"},
            "give_up",
            {"limit": 1, "every": 3},
        ),
        # a number typed wins over the agreement's usual one
        (
            "pl-3",
            {"opt_give_up": "on", "agree_give_up_every": "on", "opt_give_up_every": "2"},
            "give_up",
            {"every": 2},
        ),
        ("pl-3", {"opt_give_up": "on", "agree_give_up_on_barrel": "on"}, "give_up", {}),
        # under "as the variant", the variant's own rule with the agreement
        ("ru-3", {"agree_barrel_falls_to_zero": "on"}, "barrel", {"at": 880, "falls_to_zero": 3}),
        (
            "ru-3",
            {"agree_bolts_kind": "on", "agree_bolts_consecutive": "on"},
            "bolts",
            {"count": 3, "kind": "tricks", "consecutive": True},
        ),
        # an agreement turned off wins over its number
        (
            "ru-3",
            {"agree_give_up_every": "off", "opt_give_up_every": "2"},
            "give_up",
            {"every": None},
        ),
        # the agreements of scoring.md 5.2: each with its usual value, its number behind
        # "change the numbers", and the barrel's climbing together in either way
        (
            "ru-3",
            {"agree_give_up_opponents_min": "on", "agree_give_up_free": "on"},
            "give_up",
            {"opponents": "half", "opponents_min": 60, "free": 1},
        ),
        (
            "ru-3",
            {"agree_give_up_free": "on", "opt_give_up_free": "2"},
            "give_up",
            {"free": 2, "opponents": 60},
        ),
        (
            "ru-3",
            {"agree_barrel_on_fail": "on", "agree_barrel_defender_finishes": "on"},
            "barrel",
            {"on_fail": "try", "defender_finishes": True, "together": "all"},
        ),
        ("ru-3", {"agree_barrel_together": "on"}, "barrel", {"together": "declarer"}),
        ("ru-3", {"agree_barrel_together": "none"}, "barrel", {"together": "none"}),
    ],
)
def test_a_switch_and_its_numbers_are_the_games_options(
    app: Any, client: Any, variant: str, fields: dict[str, str], option: str, value: dict[str, Any]
) -> None:
    new_game(client, variant, **fields)
    stored = _stored(app)[option]
    assert {k: stored[k] for k in value} == value, stored
    if "agree_give_up_on_barrel" in fields:
        assert stored["on_barrel"] is False


def test_an_agreement_under_a_rule_the_game_does_not_play_is_refused_at_its_switch(
    app: Any, client: Any
) -> None:
    data = {"variant": "pl-3", **PLAYERS, "agree_barrel_falls_to_zero": "on"}
    for barrel in ("", "off"):  # pl-3 has no barrel; or it is turned off
        r = client.post("/games/new", data=data | {"opt_barrel": barrel})
        assert r.status_code == 422
        message = _error_at(r.get_data(as_text=True), "agree_barrel_falls_to_zero")
        said = "the rule above is not played in this game: choose “on” there to play this"
        assert message == said
    with app.app_context():
        assert db.session.execute(db.select(Game)).first() is None
    # turned off, it asks nothing of a rule the game does not play
    r = client.post("/games/new", data=data | {"agree_barrel_falls_to_zero": "off"})
    assert r.status_code == 302
    assert "barrel" not in _stored(app)


@pytest.mark.parametrize(
    "variant, fields, value",
    [("pl-3", {"opt_finish": "on"}, "exact"), ("ru-3", {"opt_finish": "off"}, "reach")],
)
def test_finish_exactly_is_one_switch(
    app: Any, client: Any, variant: str, fields: dict[str, str], value: str | None
) -> None:
    """5.2 finish: "on" is exact, "off" reaching the target (every preset's way)."""
    new_game(client, variant, **fields)
    assert _stored(app).get("finish") == value


@pytest.mark.parametrize(
    "data, field, said",
    [
        # a 5.2 agreement under a rule the game does not play: at its switch
        (
            {"variant": "pl-3", "agree_give_up_free": "on"},
            "agree_give_up_free",
            "the rule above is not played in this game",
        ),
        (
            {"variant": "pl-3", "agree_barrel_on_fail": "on"},
            "agree_barrel_on_fail",
            "the rule above is not played in this game",
        ),
        # one that means nothing with the other options: the rules' reason, at the rule
        (
            {"variant": "ru-3", "agree_give_up_opponents_min": "on", "opt_give_up_opponents": "60"},
            "opt_give_up",
            "opponents_min needs opponents half",
        ),
    ],
)
def test_a_52_agreement_that_cannot_be_played_is_refused_with_the_reason(
    client: Any, data: dict[str, str], field: str, said: str
) -> None:
    names = {f"players-{i}": n for i, n in enumerate(("Аня", "Борис", "Вера"))}
    r = client.post("/games/new", data=names | data)
    assert r.status_code == 422
    assert said in _error_at(r.get_data(as_text=True), field)


def test_an_agreement_the_variant_cannot_play_is_refused_with_the_reason(client: Any) -> None:
    data = {"variant": "moscow", "players-0": "Аня", "players-1": "Борис", "opt_golden": "on"}
    r = client.post("/games/new", data=data)
    assert r.status_code == 422
    assert "needs an auction" in _error_at(r.get_data(as_text=True), "opt_golden")


def test_the_page_says_how_each_preset_plays_each_agreement(client: Any) -> None:
    page = html.unescape(client.get("/games/new").get_data(as_text=True))
    ways = json.loads(re.search(r"data-ways='([^']*)'", page).group(1))
    assert set(ways) == set(VARIANTS)
    for key in VARIANTS:
        for rule, agreements in switchwords.AGREEMENTS.items():
            for agreement in agreements:
                assert ways[key][f"{rule}.{agreement}"] == "off", (key, rule, agreement)


# --- the hand form ---------------------------------------------------------------------------


def _checkbox(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert found, f"no {name} box"
    return found.group(0)


def test_the_blind_toggle_is_there_where_the_game_plays_blind_bids(client: Any) -> None:
    blind = client.get(game_from(client, "pl-3-blind.json", 0) + "/hands/new").text
    assert "Blind bid, before seeing the musik" in blind
    assert "(the contract counts × 2; at least 120)" in html.unescape(blind)
    assert "checked" not in _checkbox(blind, "blind")
    plain = client.get(new_game(client) + "/hands/new").text
    assert 'name="blind"' not in plain
    # with a lowest total, the hint says it
    game = game_from(client, "pl-3-blind.json", 0, blind={"min_total": 300, "multiplier": 3})
    hint = html.unescape(client.get(game + "/hands/new").text)
    assert "(the contract counts × 3; at least 120, with a total of 300 or more)" in hint


def test_a_blind_hand_is_saved_and_edited_as_blind(client: Any) -> None:
    game = game_from(client, "pl-3-blind.json", 0)
    r = hand(client, game, [30, 80, 10], declarer=1, bid=120, blind="y", marriages="1:hearts")
    assert r.status_code == 302, r.get_data(as_text=True)
    assert totals(client, game) == [30, 240, 10]
    assert stored_hands(client, game)[0]["blind"] is True
    edit = client.get(f"{game}/hands/1/edit").text
    assert "checked" in _checkbox(edit, "blind")
    # saved again without the tick, it is a bid like any other
    data = {
        "declarer": "1",
        "bid": "120",
        "points-0": "30",
        "points-1": "80",
        "points-2": "10",
        "marriages": "1:hearts",
        "dealer": "0",
    }
    r = client.post(f"{game}/hands/1/edit", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    assert "blind" not in stored_hands(client, game)[0]
    assert totals(client, game) == [30, 120, 10]


def test_a_blind_bid_the_rules_refuse_is_said_at_the_toggle(app: Any, client: Any) -> None:
    game = game_from(client, "pl-3-blind.json", 0, blind={"min_total": 100})
    fields = {"points-0": "30", "points-1": "80", "points-2": "10", "marriages": "1:hearts"}
    fields |= {"declarer": "1", "bid": "120", "blind": "y", "dealer": "0"}
    r = client.post(f"{game}/hands/new", data=fields)
    assert r.status_code == 422
    said = "Bartek has 0: a blind bid needs a total of at least 100"
    assert _error_at(r.get_data(as_text=True), "blind") == said
    assert stored_hands(client, game) == []
    # the live preview names the field, which the page's script marks
    preview = client.post(f"{game}/hands/preview", data=fields).get_json()
    assert preview["ok"] is False
    assert {"field": "blind", "seat": 1, "message": said} in preview["errors"]
    # a blind contract under the lowest is said at the bid
    r = client.post(f"{game}/hands/new", data=fields | {"bid": "110"})
    assert "a blind bid needs a contract of at least 120, got 110" in _error_at(r.text, "bid")


def test_a_golden_hand_is_said_above_the_form_with_its_declarer_and_contract(
    client: Any,
) -> None:
    game = game_from(client, "pl-3-golden.json", 1)
    page = client.get(game + "/hands/new").text
    banner = re.search(r'<p class="flash golden-hand" id="golden-hand">([^<]*)</p>', page)
    assert banner, "no golden hand above the form"
    assert html.unescape(banner.group(1)) == (
        "Golden hand 2 of 3: Celina plays exactly 120, scores × 2"
    )
    assert page.index('id="golden-hand"') < page.index('id="hand-form"')
    assert re.search(r'<input checked [^>]*name="declarer" type="radio" value="2">', page)
    assert re.search(r'<input[^>]*name="bid"[^>]*value="120"', page)
    # no auction: nobody is said to bid first
    facts = _text(re.search(r'<p class="facts">.*?</p>', page, re.S).group(0))
    assert facts.strip() == "Bartek deals."
    # another declarer, another contract: refused at their fields
    fields = {"declarer": "0", "bid": "100", "points-0": "100", "points-1": "20", "points-2": "0"}
    r = client.post(f"{game}/hands/new", data=fields | {"dealer": "1"})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert _error_at(page, "declarer") == "golden hand 2 of 3 is played by Celina, not Ala"
    assert _error_at(page, "bid") == "golden hand 2 of 3 is played at exactly 120, got 100"
    # as the form fills it in, it is saved
    fields = {"declarer": "2", "bid": "120", "points-0": "0", "points-1": "0", "points-2": "120"}
    r = client.post(f"{game}/hands/new", data=fields | {"dealer": "1"})
    assert r.status_code == 302, r.get_data(as_text=True)
    assert totals(client, game) == [60, -240, 240]  # 120 made, × 2


def test_after_the_golden_deal_the_form_is_as_usual(client: Any) -> None:
    game = game_from(client, "pl-3-golden.json", 3)
    page = client.get(game + "/hands/new").text
    assert 'id="golden-hand" hidden' in page
    assert "Bartek is on the musik: must bid 100." in page


def test_a_golden_hand_hides_the_blind_toggle_until_the_golden_deal_is_over(
    client: Any,
) -> None:
    game = game_from(client, "pl-3-golden.json", 1, blind=True)
    golden = client.get(game + "/hands/new").text
    # there for the offline code, which shows it when the engine's form has it
    assert '<label class="check blind-toggle" hidden>' in golden
    after = client.get(game_from(client, "pl-3-golden.json", 3, blind=True) + "/hands/new").text
    assert '<label class="check blind-toggle">' in after


def test_who_keeps_silent_is_in_the_facts_line(client: Any) -> None:
    game = game_from(client, "pl-3-silence.json", 2)
    page = _text(client.get(game + "/hands/new").text)
    assert (
        "Bartek deals. Celina is on the musik: must bid 100. "
        "Ala keeps silent (below -120): declares only as the first bidder, at 100."
    ) in page


# --- the game page ---------------------------------------------------------------------------


def _chips(page: str) -> list[tuple[str, list[str]]]:
    """Each total's name and chips, in seat order."""
    out = []
    for box in re.findall(r'<div class="total[^"]*">(.*?)</div>', page, re.S):
        name = re.search(r'<span class="name">([^<]*)</span>', box)
        chips = re.findall(r'<span class="chip(?: hot)?">([^<]*)</span>', box)
        who = html.unescape(name.group(1)) if name else ""
        out.append((who, [html.unescape(c) for c in chips]))
    return out


def test_the_golden_hand_to_come_is_a_chip_of_its_declarer(client: Any) -> None:
    chips = _chips(client.get(game_from(client, "pl-3-golden.json", 1)).text)
    assert chips == [
        ("Ala", []),
        ("Bartek", ["deals"]),
        ("Celina", ["golden hand 2 of 3: plays 120"]),
    ]
    chips = _chips(client.get(game_from(client, "pl-3-golden.json", 3)).text)
    assert chips[1] == ("Bartek", ["must bid 100"])


def test_who_keeps_silent_is_a_chip(client: Any) -> None:
    chips = _chips(client.get(game_from(client, "pl-3-silence.json", 3)).text)
    assert chips[0] == ("Ala", ["must bid 100", "keeps silent: below -120"])
    assert all("keeps silent" not in c for _name, cs in chips[1:] for c in cs)


def test_give_ups_to_the_next_penalty_are_a_chip_once_it_is_near(client: Any) -> None:
    """Every 2nd give-up costs 120: Вера gave up once (the next one costs it); Аня never did and
    Борис just paid for his 4th, so their count has not begun: nothing on them."""
    chips = dict(_chips(client.get(game_from(client, "ru-3-give-up-penalty.json")).text))
    assert "the next give-up costs a penalty" in chips["Вера"]
    assert not any("give-up" in c for c in chips["Аня"] + chips["Борис"])
    # every 3rd: after Вера's one give-up, the one after next costs it
    game = game_from(client, "ru-3-give-up-penalty.json", give_up={"every": 3})
    chips = dict(_chips(client.get(game).text))
    assert "a penalty in 2 give-ups" in chips["Вера"]
    assert not any("give-up" in c for c in chips["Аня"])


def test_a_give_up_limit_is_a_chip_from_the_last_give_up_on(client: Any) -> None:
    limit = {"declarer": "minus", "opponents": 60, "limit": 2}
    gave_up = {"declarer": 0, "bid": 100, "give_up": True}
    for hands, mark in [(0, None), (1, "one give-up left"), (2, "no give-ups left")]:
        data = json.loads((ROOT / "tests/games/ru-2-give-up-options.json").read_text("utf-8"))
        data["game"]["hands"], data["game"]["options"]["give_up"] = [gave_up] * hands, limit
        game = f"/games/{client.post('/api/games', json=data['game']).get_json()['id']}"
        (_, first), (_, second) = _chips(client.get(game).text)
        assert [c for c in first if "give-up" in c] == ([mark] if mark else []), hands
        assert not any("give-up" in c for c in second), hands


def test_nothing_is_marked_after_the_end(client: Any, anon: Any) -> None:
    """The lock at 400 held Ala until she won: not "locked at 400" on the winner any more,
    on the game page nor the live view."""
    from .test_live import make_link

    before = dict(_chips(client.get(game_from(client, "pl-4-lock-end.json", 6)).text))
    assert "locked at 400" in before["Ala"]
    game = game_from(client, "pl-4-lock-end.json")
    board = client.get(game).text
    assert "wins!" in board
    assert _chips(board) == [(n, []) for n in ("Ala", "Bartek", "Celina", "Darek")]
    url, _ = make_link(client, game)
    assert _chips(anon.get(url).text) == _chips(board)


def test_barrel_falls_before_the_one_to_0_are_a_chip(client: Any) -> None:
    chips = dict(_chips(client.get(game_from(client, "ru-3-barrel-falls.json", 4)).text))
    assert "barrel falls 1/2" in chips["Аня"] and "barrel falls 1/2" in chips["Борис"]
    # the second fall took Аня to 0: nothing left to count
    chips = dict(_chips(client.get(game_from(client, "ru-3-barrel-falls.json")).text))
    assert not any(c.startswith("barrel falls") for c in chips["Аня"])


# --- the rules page of a game ----------------------------------------------------------------


def _rules(client: Any, game: str) -> tuple[str, set[str]]:
    r = client.get(f"{game}/rules")
    assert r.status_code == 200
    page = r.get_data(as_text=True)
    main = page.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    return _text(main), set(re.findall(r'<h2 id="([\w-]+)"', page))


def test_the_rules_page_states_a_blind_bid_as_the_app_applies_it(client: Any) -> None:
    page, ids = _rules(client, game_from(client, "pl-3-blind.json", 0))
    assert "blind" in ids
    assert (
        "The declarer may bid blind, before seeing the musik; the hand is then logged as blind. "
        "A blind contract is at least 120."
    ) in page
    assert (
        "The declarer of a blind bid scores the contract 2 times, plus when it is made and minus "
        "when it fails. A blind 120 made gives +240; failed, -240."
    ) in page
    # the house rules list links it to its section
    assert (
        "Blind bid: times: 2; lowest contract: 120; lowest total: any; on the barrel: no in this "
        "game (off in pl-3)"
    ) in page
    page, _ids = _rules(client, game_from(client, "ru-3-barrel-falls.json", 0, blind=True))
    assert "A player on the barrel may not bid blind. A blind bid cannot be given up." in page


def test_the_rules_page_states_the_golden_deal_and_silence(client: Any) -> None:
    page, ids = _rules(client, game_from(client, "pl-3-golden.json", 0, silence=True))
    assert {"golden", "silence"} <= ids
    assert "Golden deal: hands: one per player; contract: 120;" in page
    assert (
        "The first 3 hands of the game are golden (adjustments are not hands). A golden hand "
        "has no auction: the player after the dealer is the declarer and plays exactly 120."
    ) in page
    times = "Every player's score in a golden hand counts 2 times. A golden 120 made gives +240."
    assert times in page
    assert (
        "If nobody made a golden contract, every total goes back to 0 after the last golden "
        "hand, and the game goes on."
    ) in page
    assert (
        "A player whose total before the hand is below -120 keeps silent: they may be the "
        "declarer only as the player after the dealer, at 100. After seeing the musik they may "
        "raise the contract, as any declarer may."
    ) in page
    assert "In a golden hand nobody keeps silent." in page


def test_the_rules_page_states_the_agreements_of_the_house_rules(client: Any) -> None:
    game = new_game(
        client,
        "ru-3",
        agree_give_up_every="on",
        agree_give_up_on_barrel="on",
        agree_barrel_falls_to_zero="on",
        agree_bolts_kind="on",
        agree_bolts_consecutive="on",
    )
    page, _ids = _rules(client, game)
    assert (
        "Each player's give-ups are counted through the game: when the count reaches 3, 6, 9 "
        "and so on, that give-up costs 120 more. A player on the barrel may not give up."
    ) in page
    assert "when the count reaches 3, 6, 9 and so on, the total goes to 0 instead of 760" in page
    assert "takes no trick in a played hand gets a bolt" in page
    assert "Only bolts in a row count: each time a player reaches 3 bolts in a row" in page
    assert "A hand the player plays without a bolt starts the count again." in page
    assert "Bolts: a bolt is: no trick; in a row: yes in this game" in page


def test_the_printed_sheet_says_a_game_finishes_exactly(client: Any) -> None:
    """5.2 finish exact: the sheet's heading says the target is to be met exactly."""
    exact = new_game(client, "pl-3", opt_finish="on")
    assert "to exactly 1000" in _text(client.get(f"{exact}/print").get_data(as_text=True))
    usual = new_game(client, "pl-3")
    page = _text(client.get(f"{usual}/print").get_data(as_text=True))
    assert "to 1000" in page and "exactly" not in page


def test_the_rules_page_states_the_agreements_of_52(client: Any) -> None:
    game = new_game(
        client,
        "ru-3",
        agree_give_up_opponents_min="on",
        agree_give_up_free="on",
        agree_barrel_on_fail="on",
        agree_barrel_defender_finishes="on",
        agree_barrel_together="none",
        opt_finish="on",
    )
    page, _ids = _rules(client, game)
    for said in (
        "rounded up to a whole point and then to 5, but at least 60:",
        "a contract of 105 gives 60",  # half of 105 is 55: the floor
        "a contract of 140 gives 70",  # half of 140 is above it
        "A player's first give-up in the game costs them nothing: they score 0 instead.",
        "A failed contract scores 0 and keeps the player on the barrel: the hand counts as one "
        "of their tries. A given-up contract scores as usual and takes the player off the barrel.",
        "unless they take the total to exactly 1000: then they count, and the game ends.",
        "none of them climbs on: they all go to 760, which is not a fall, and nobody is knocked "
        "off.",
        "a score that would take a player's total above 1000 does not count for them in that "
        "hand, and the game ends after the hand in which a total is exactly 1000.",
        "the declarer alone, if it is one of them.",
        # the house rules of this game, each key in words
        "climbing together: nobody climbs",
        "a failed contract: 0, one of the tries",
        "Finish: exactly the target",
    ):
        assert said in page, said


# --- statistics ------------------------------------------------------------------------------


def _player(client: Any, name: str) -> str:
    page = client.get("/players/").get_data(as_text=True)
    link = rf'href="(/players/\d+)"><span class="variant">{re.escape(name)}</span>'
    found = re.search(link, page)
    assert found, name
    return _text(client.get(found.group(1)).get_data(as_text=True))


def test_blind_bids_played_and_made_per_player(client: Any) -> None:
    # pl-3-blind: Bartek and Ala make theirs; Celina fails her first and makes her second. The
    # game cut after 3 hands has not ended: it counts in no record (ratings.md 1)
    game_from(client, "pl-3-blind.json")
    game_from(client, "pl-3-blind.json", 3)
    assert "Blind bids made 1 of 1" in _player(client, "Bartek")
    assert "Blind bids made 2 of 2" in _player(client, "Ala")
    assert "Blind bids made 1 of 2" in _player(client, "Celina")
    # a player who never bid blind has no such line
    new_game(client, players=("Dorota", "Ewa", "Filip"))
    assert "Blind bids" not in _player(client, "Dorota")


def test_a_blind_hand_is_marked_on_the_printed_sheet_and_in_the_csv(client: Any) -> None:
    game = game_from(client, "pl-3-blind.json", 4)  # hands 1-3 blind, hand 4 not
    rows = list(csv.reader(io.StringIO(client.get(f"{game}/export.csv").text.lstrip("\ufeff"))))
    assert rows[0][:7] == ["line", "hand", "kind", "dealer", "declarer", "contract", "blind"]
    assert [r[6] for r in rows[1:]] == ["yes", "yes", "yes", ""]
    polish = client.get(f"{game}/export.csv", headers={"Accept-Language": "pl"}).text
    assert "w ciemno" in polish.splitlines()[0] and ",tak," in polish.splitlines()[1]
    paper = client.get(f"{game}/print").text
    assert paper.count(" blind</span>") == 3  # beside each blind contract, not the fourth
    # a table that does not play blind bids has no such column
    plain = new_game(client)
    hand(client, plain, [10, 100, 10], declarer=1, bid=100)
    head = client.get(f"{plain}/export.csv").text.lstrip("\ufeff").splitlines()[0]
    assert head.split(",")[5:7] == ["contract", "Ala score"]


def test_the_give_up_box_says_what_the_penalty_costs(client: Any) -> None:
    game = game_from(client, "ru-3-give-up-penalty.json", 0)  # every 2nd give-up: 120 more
    form = client.get(f"{game}/hands/new").text
    assert "Every 2 give-ups of one player cost 120 more." in form
    russian = client.get(f"{game}/hands/new", headers={"Accept-Language": "ru"}).text
    assert "Каждые 2 отказа одного игрока стоят ещё 120." in russian
    plain = client.get(game_from(client, "ru-3-give-up-penalty.json", 0, give_up={}) + "/hands/new")
    assert "give-ups of one player" not in plain.text and "Gave up after the musik" in plain.text


def test_the_give_up_box_says_the_award_and_the_free_give_ups(client: Any) -> None:
    """5.2: the opponents' floor and the free give-ups are said beside the give-up box."""
    award = {"opponents": "half", "opponents_min": 60, "free": 2}
    game = game_from(client, "ru-3-give-up-penalty.json", 0, give_up=award)
    form = html.unescape(client.get(f"{game}/hands/new").text)
    assert "half the contract, at least 60 for each opponent" in form
    assert "A player's first 2 give-ups cost nothing." in form
    polish = html.unescape(client.get(f"{game}/hands/new", headers={"Accept-Language": "pl"}).text)
    assert "Pierwsze 2 bomby gracza nic nie kosztują." in polish


def test_the_live_view_shows_the_marks_the_game_page_shows(client: Any, anon: Any) -> None:
    """Followers see who deals and must bid, the golden hand, the give-up penalty coming and
    the barrel's falls, worded as on the game page (games/_chips.html)."""
    from .test_live import make_link

    for fixture, hands, mark in [
        ("ru-3-give-up-penalty.json", 1, "the next give-up costs a penalty"),
        ("pl-3-golden.json", 1, "golden hand 2 of 3: plays 120"),
        ("ru-3-barrel-falls.json", 4, "barrel falls 1/2"),
    ]:
        game = game_from(client, fixture, hands)
        board = html.unescape(client.get(game).text)
        assert mark in board, fixture
        url, _ = make_link(client, game)
        live = html.unescape(anon.get(url).text)
        assert mark in live, fixture
        assert _chips(live) == _chips(board), fixture
        assert sum(len(marks) for _name, marks in _chips(live)) >= 2, fixture
