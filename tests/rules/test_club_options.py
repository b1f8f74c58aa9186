"""The club agreements of scoring.md 5.1 as options (each validated once, refused with a reason
where it cannot be played), as a hand's `blind` field, and as what the web shows of them: the
players' states, the bidding hints, the hand form and the statistics."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.gamefile import line_to_dict, parse, parse_line
from scorekeeper.gamefile.output import engine_output
from scorekeeper.rules import Hand, InvalidHand, rules_for
from scorekeeper.rules.formspec import chips, hand_form
from scorekeeper.rules.records import Blind, Golden, Silence
from scorekeeper.rules.stats import seat_stats

from .helpers import game, play


def test_true_takes_the_usual_values() -> None:
    o = rules_for("pl-3", {"blind": True, "golden": True, "silence": True}).options
    assert o.blind == Blind(multiplier=2, min_contract=120, min_total=None, on_barrel=False)
    assert o.golden == Golden(hands=None, contract=120, multiplier=2, reset_if_nobody=True)
    assert o.silence == Silence(below=-120)
    # the golden deal's usual length: one hand per player
    assert rules_for("pl-3", {"golden": True}).golden_hands == 3
    assert rules_for("pl-4", {"golden": True}).golden_hands == 4
    assert rules_for("pl-3", {"golden": {"hands": 5}}).golden_hands == 5


def test_the_new_sub_keys_take_their_usual_values() -> None:
    o = rules_for("ru-3", {"give_up": {"every": 3}, "barrel": {"falls_to_zero": 3}}).options
    assert o.give_up is not None and (o.give_up.every, o.give_up.penalty) == (3, 120)
    assert o.give_up.on_barrel is True
    assert o.barrel is not None and o.barrel.falls_to_zero == 3 and o.barrel.at == 880
    bolts = rules_for("ru-3").options.bolts
    assert bolts is not None and (bolts.kind, bolts.consecutive) == ("points", False)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"blind": {"times": 2}}, "game: option blind: unknown key 'times'"),
        ({"blind": {"multiplier": 0}}, "game: option blind: multiplier must be between 1 and 10"),
        ({"blind": {"on_barrel": "yes"}}, "game: option blind: on_barrel must be true or false"),
        ({"blind": 2}, "game: option blind: must be an object with multiplier, min_contract"),
        ({"golden": {"hands": 0}}, "game: option golden: hands must be between 1 and 1000"),
        ({"golden": {"multiplier": 11}}, "game: option golden: multiplier must be between 1"),
        ({"silence": {"below": "low"}}, "game: option silence: below must be a whole number"),
        ({"silence": {"above": 0}}, "game: option silence: unknown key 'above'"),
        ({"give_up": {"every": 0}}, "game: option give_up: every must be between 1 and 1000"),
        ({"give_up": {"on_barrel": 1}}, "game: option give_up: on_barrel must be true or false"),
        ({"barrel": {"falls_to_zero": -1}}, "game: option barrel: falls_to_zero must be between"),
        ({"bolts": {"kind": "cards"}}, "game: option bolts: kind must be one of points, tricks"),
        ({"bolts": {"consecutive": None}}, "game: option bolts: consecutive must be true or"),
        # combinations that cannot be played are refused with the reason
        ({"golden": {"contract": 125}}, "game: option golden: the golden contract 125 is no"),
        ({"golden": {"contract": 500}}, "game: option golden: the golden contract 500 is no"),
        ({"blind": {"min_contract": 410}}, "game: option blind: a blind contract of at least 410"),
    ],
)
def test_a_bad_agreement_is_a_game_problem(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidHand) as e:
        rules_for("pl-3", options)
    assert str(e.value).startswith(message), str(e.value)


@pytest.mark.parametrize("option", ["blind", "golden", "silence"])
def test_without_an_auction_the_agreements_are_refused(option: str) -> None:
    # moscow has no declarer: nobody bids blind, plays a golden contract or keeps silent
    with pytest.raises(InvalidHand) as e:
        rules_for("moscow", {option: True})
    (problem,) = e.value.problems
    assert (problem.hand, problem.field) == (None, f"options.{option}")
    assert "needs an auction" in str(problem)
    rules_for("moscow", {option: None})  # off is fine


def test_the_golden_contract_fits_every_auction_preset() -> None:
    for key in ("pl-3", "pl-4", "pl-2", "ru-2", "ru-4", "ru-3"):
        rules_for(key, {"golden": True, "blind": True, "silence": True})
    with pytest.raises(InvalidHand):
        rules_for("ru-2", {"blind": {"min_contract": 130}})  # ru-2 bids up to 120


def test_blind_in_the_game_file_both_ways() -> None:
    raw = {"declarer": 1, "bid": 120, "blind": True, "points": [30, 80, 10]}
    line = parse_line(1, raw)
    assert isinstance(line, Hand) and line.blind
    assert line_to_dict(line) == raw
    assert "blind" not in line_to_dict(parse_line(1, {**raw, "blind": False}))
    with pytest.raises(InvalidHand) as e:
        parse_line(1, {**raw, "blind": "yes"})
    assert [(p.hand, p.field) for p in e.value.problems] == [(1, "blind")]


def test_states_hints_and_form_of_a_golden_and_silent_game() -> None:
    options = {"golden": {"hands": 2}, "silence": True, "blind": True}
    tally = play(
        "pl-3",
        {"adjustment": [-130, 0, 0], "reason": "carried over"},
        {"declarer": 1, "contract": 120, "points": [0, 100, 20], "marriages": []},
        options=options,
    )
    assert tally.hands == 1
    # hand 2 is golden 2 of 2, dealt by Bartek: Celina plays it at 120
    golden = tally.bidding.golden
    assert golden is not None and (golden.hand, golden.hands) == (2, 2)
    assert (golden.declarer, golden.contract, golden.multiplier) == (2, 120, 2)
    # Ala at -130, Bartek at -240 after his golden 120 failed (x 2): both keep silent
    assert tally.totals == (-130, -240, 40)
    assert tally.bidding.silent == (0, 1)
    assert [p.silent for p in tally.players] == [True, True, False]
    rules = rules_for("pl-3", options)
    form = hand_form(rules, tally.next_dealer, tally.hands)
    assert form.golden == golden and form.blind is None  # no blind bid in a golden hand
    after = hand_form(rules, tally.next_dealer, 2)
    assert after.golden is None and after.blind is not None and after.blind.min_contract == 120
    assert chips(rules, tally.players[0]).silent_below == -120
    assert chips(rules, tally.players[2]).silent_below is None


def test_states_of_give_up_penalties_and_barrel_falls() -> None:
    options = {"give_up": {"every": 2}, "barrel": {"tries": 1, "falls_to_zero": 3}}
    tally = play(
        "ru-3",
        {"adjustment": [870, 0, 0], "reason": "carried over"},
        {"declarer": 1, "bid": 100, "points": [20, 100, 0]},  # Ala climbs on
        {"declarer": 2, "bid": 100, "give_up": True},  # Ala's try used: fall 1
        options=options,
    )
    ala, bartek, celina = tally.players
    assert (ala.barrel_falls, ala.give_ups_to_penalty) == (1, 2)
    assert (celina.give_ups, celina.give_ups_to_penalty) == (1, 1)  # the next one costs
    assert bartek.barrel_falls == 0
    rules = rules_for("ru-3", options)
    assert chips(rules, ala).barrel_falls == (1, 3) and chips(rules, bartek).barrel_falls is None
    assert chips(rules, celina).give_ups_to_penalty == 1
    form = hand_form(rules, tally.next_dealer, tally.hands).give_up
    assert form is not None and (form.every, form.penalty, form.on_barrel) == (2, 120, True)


def test_the_falls_chip_counts_toward_the_next_fall_to_zero() -> None:
    """5.1: every 3rd fall goes to 0, so after the 3rd the chip counts again: 4 falls is 1/3."""
    rules = rules_for("ru-3", {"barrel": {"falls_to_zero": 3}})
    ala = play("ru-3", {"declarer": 1, "bid": 100, "points": [20, 100, 0]}).players[0]
    marks = [chips(rules, ala._replace(barrel_falls=n)).barrel_falls for n in range(7)]
    assert marks == [None, (1, 3), (2, 3), None, (1, 3), (2, 3), None]


def test_engine_output_carries_the_new_states() -> None:
    out = engine_output(
        game(
            "pl-3",
            [{"declarer": 1, "contract": 120, "points": [30, 90, 0]}],
            options={"golden": True},
        )
    )
    assert out["bidding"]["golden"] == {
        "hand": 2,
        "hands": 3,
        "declarer": 2,
        "contract": 120,
        "multiplier": 2,
    }
    assert out["form"]["golden"] == out["bidding"]["golden"]
    assert out["states"][0]["barrel_falls"] == 0 and out["states"][0]["silent"] is False
    assert out["hands"][0]["notes"][-1]["params"] == {
        "hand": 1,
        "hands": 3,
        "multiplier": 2,
        "score": -120,
        "golden": -240,
    }


def test_blind_bids_played_and_made_per_player() -> None:
    data = game(
        "pl-3",
        [
            {
                "declarer": 1,
                "bid": 120,
                "blind": True,
                "points": [30, 80, 10],
                "marriages": [{"seat": 1, "suit": "hearts"}],
            },
            {"declarer": 2, "bid": 120, "blind": True, "points": [50, 40, 30]},
            {"declarer": 0, "bid": 100, "points": [100, 20, 0]},
        ],
        options={"blind": True},
    )
    file = parse(data)
    stats = seat_stats(file.score(), file.lines)
    assert [(s.blind, s.blind_made) for s in stats] == [(0, 0), (1, 1), (1, 0)]
    assert stats[1].to_dict()["blind"] == 1
