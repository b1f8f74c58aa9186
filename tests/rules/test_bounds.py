"""Bounds (scoring.md 3.2 "Numbers"): a number or text that no table makes,
or that no column holds, is a problem at its field and seat, never an overflow or a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.gamefile import parse
from scorekeeper.rules import Adjustment, InvalidHand, Sheet, replay, rules_for
from scorekeeper.rules.bounds import DB_INT_MAX, LINES_MAX

from .helpers import game, play

HAND = {"declarer": 1, "bid": 100, "points": [10, 100, 10]}
HUGE = [DB_INT_MAX + 1, 2**63, -(2**63), 10**40]


def refused(data: dict[str, Any]) -> list[tuple[str, int | None, str]]:
    """(field, seat, message) of every problem of a game file that must be refused."""
    with pytest.raises(InvalidHand) as e:
        parse(data).score()
    return [(p.field, p.seat, p.message) for p in e.value.problems]


def test_an_adjustment_is_within_ten_thousand_per_seat():
    tally = play("pl-3", {"adjustment": [10_000, -10_000, 0], "reason": "agreed"})
    assert tally.totals == (10_000, -10_000, 0)
    found = refused(game("pl-3", [{"adjustment": [0, 10_001, -(2**63)], "reason": "x"}]))
    assert found == [
        ("adjustment", 1, "an adjustment is from -10000 to 10000 points, got 10001 for Bartek"),
        (
            "adjustment",
            2,
            f"an adjustment is from -10000 to 10000 points, got {-(2**63)} for Celina",
        ),
    ]


@pytest.mark.parametrize(
    "field, value",
    [("dealer", v) for v in HUGE]
    + [("declarer", v) for v in HUGE]
    + [("bid", v) for v in HUGE]
    + [("contract", v) for v in HUGE]
    + [("points", [10, v, 10]) for v in HUGE]
    + [("tricks", [4, v, 4]) for v in HUGE]
    + [("marriages", [{"seat": v, "suit": "hearts"}]) for v in HUGE]
    + [("musik", {"aces": v}) for v in HUGE],
)
def test_a_huge_number_anywhere_in_a_hand_is_a_problem_at_its_field(field, value):
    for variant in ("pl-3", "pl-4"):
        points = [10, 100, 10, None] if variant == "pl-4" else [10, 100, 10]
        hand = {**HAND, "points": points, field: value}
        found = refused(game(variant, [hand]))
        assert found and {f for f, _seat, _m in found} <= {field, "points", "tricks"}, found


def test_a_given_up_hand_still_has_one_value_per_seat():
    # a short list used to be stored seat by seat past its end (IndexError, a 500)
    hand = {"declarer": 0, "bid": 60, "give_up": True, "points": [0]}
    assert refused(game("ru-2", [hand])) == [
        ("points", None, "give card points for each of the 2 players, got 1")
    ]


def test_at_most_two_thousand_lines_and_one_problem_for_the_tail():
    zero = Adjustment((0, 0, 0), "a line")
    assert len(replay(rules_for("pl-3"), [zero] * LINES_MAX).lines) == LINES_MAX
    with pytest.raises(InvalidHand) as e:
        replay(rules_for("pl-3"), [zero] * (LINES_MAX + 5))
    assert [str(p) for p in e.value.problems] == [
        "hand 2001: a game has at most 2000 lines; this would be line 2001"
    ]
    sheet = Sheet(rules_for("pl-3"))
    for _ in range(LINES_MAX):
        sheet.add(zero)
    assert sheet.check(zero)[0].field == "hand"  # the API's and the forms' next line


def test_a_game_file_past_the_lines_is_refused_before_its_lines_are_read():
    data = game("pl-3", [{"nonsense": True}] * (LINES_MAX + 1))
    assert refused(data) == [("hands", None, "a game has at most 2000 lines, got 2001")]


@pytest.mark.parametrize(
    "stake, ok",
    [
        ("0", True),
        ("1000", True),
        (0.1, True),
        ("0.0001", True),
        ("1.50000", True),  # 1.5: the zeros are no decimal places of money
        ("1000.0001", False),
        ("0.00001", False),
        ("-1", False),
        ("1e999999", False),
        ("NaN", False),
        ("Infinity", False),
    ],
)
def test_a_stake_is_from_zero_to_a_thousand_with_four_places(stake, ok):
    data = game("pl-3", [], options={"stake": stake})
    if ok:
        assert parse(data).rules().options.stake is not None
    else:
        ((field, _seat, message),) = refused(data)
        assert field == "options.stake"
        assert "from 0 to 1000, with at most 4 decimal places" in message


@pytest.mark.parametrize(
    "option, value",
    [
        ("target", 10**6 + 1),
        ("lock", DB_INT_MAX + 1),
        ("max_contract", 2**63),
        ("barrel", {"penalty": 10**7}),
        ("bolts", {"count": 1001}),
        ("marriage_values", {"hearts": 10**9}),
        ("ace_marriage", 10**5),
    ],
)
def test_an_option_past_its_bound_is_an_option_problem(option, value):
    ((field, _seat, message),) = refused(game("ru-3", [], options={option: value}))
    assert field == f"options.{option}" and "must be between" in message


@pytest.mark.parametrize(
    "name, detail",
    [
        ("A\x00", "no control characters: found U+0000 at character 2"),
        ("Ala\tBartek", "no control characters: found U+0009 at character 4"),
        ("Ala\u2028", "no control characters: found U+2028 at character 4"),
        ("A\ud800", "no control characters: found U+D800 at character 2"),
        ("x" * 61, "at most 60 characters, got 61"),
        ("ß" * 31, "at most 60 characters, got 62"),  # its case-folded key is "ss" * 31
        ("   ", "a player needs a name"),
    ],
)
def test_a_name_fits_its_column_and_has_no_control_character(name, detail):
    data = {**game("pl-3", []), "players": ["Ala", name, "Celina"]}
    assert refused(data) == [("players", 1, f"player 2's name: {detail}")]


@pytest.mark.parametrize(
    "name", ["x" * 60, "אבי\u200f", "e\u0301\u0301\u0301", "🂡 Łucja", "Ala  Bartkowa"]
)
def test_long_and_odd_unicode_within_the_column_is_a_name(name):
    data = {**game("pl-3", []), "players": ["Ala", name, "Celina"]}
    assert parse(data).players[1] == " ".join(name.split())


def test_two_names_the_same_but_for_case_are_one_person():
    data = {**game("pl-3", []), "players": ["Ala", "ALA", "Celina"]}
    assert refused(data) == [("players", None, "two players have the same name")]


def test_a_reason_is_bounded_and_may_have_lines_but_no_other_control_character():
    assert play("pl-3", {"adjustment": [0, 0, 0], "reason": "one\nand two\tlines"}).lines
    for reason, detail in [
        ("x" * 501, "at most 500 characters, got 501"),
        ("bad\x00", "no control characters: found U+0000 at character 4"),
        ("bad\x1b[31m", "no control characters: found U+001B at character 4"),
    ]:
        found = refused(game("pl-3", [{"adjustment": [0, 0, 0], "reason": reason}]))
        assert found == [("reason", None, f"the reason: {detail}")]


@pytest.mark.parametrize(
    "change",
    [
        {"action": "edit", "hand": DB_INT_MAX + 1},
        {"action": "edit", "hand": 0},
        {"action": "edit", "hand": 1, "before": {"bid": "x"}},
        {"action": "edit", "hand": 1, "before": {"adjustment": [0, 0, 0], "reason": "\x00"}},
        {"action": "edit", "hand": 1, "reason": "NUL\x00"},
        {"action": "edit", "hand": 1, "who": "w" * 81},
        {"action": "edit", "hand": 1, "at": "2026-12-31\n"},
    ],
)
def test_a_trail_fits_its_columns(change):
    found = refused({**game("pl-3", []), "trail": [change]})
    assert [(f, s) for f, s, _m in found] == [("trail", None)]
    assert found[0][2].startswith("change 1 of the trail")
