"""An invalid event file: every problem said once, with its place (round, table, hand)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from scorekeeper.events import InvalidEvent, loads

GOLDEN = Path(__file__).parent / "golden"


def event(name: str = "points-ranking.json") -> dict:
    return copy.deepcopy(json.loads((GOLDEN / name).read_text())["event"])


def problems(data: object) -> list[str]:
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    with pytest.raises(InvalidEvent) as e:
        loads(text)
    return [str(p) for p in e.value.problems]


def test_a_table_game_problem_is_said_with_round_table_and_hand() -> None:
    data = event()
    data["rounds"][1]["tables"][0]["hands"][1]["points"] = [10, 100, 8]
    assert problems(data) == ["round 2, table 1: hand 2: card points must add up to 120, got 118"]


def test_every_fault_is_one_line() -> None:
    data = event()
    data["name"] = ""
    data["players"][3] = "ALA"
    data["points"] = {"3": [2, 3, 0], "5": [1, 0, 0, 0, 0]}
    data["bye"] = 1000.5
    data["ranking"] = "wins"
    data["rounds"][0]["tables"][1]["seats"] = [3, 4, 0]
    data["rounds"][1]["tables"][1]["seats"] = [1, 2, 4, 5]
    data["rounds"][1]["tables"][0]["first_dealer"] = 3
    assert problems(data) == [
        "event: an event needs a name (1 to 120 characters)",
        "event: points for 3: a place cannot give more than the place before it",
        "event: points: '5' is not a table size of the event",
        "event: bye (the match points of a bye): must be from -1000 to 1000",
        'event: ranking must be one of points, totals, margin, got "wins"',
        "event: players[3] has the name of players[0], 'Ala'",
        "round 1: Ala (players[0]) is seated twice in the round",
        "round 2, table 1: first_dealer must be a seat from 0 to 2",
        "round 2, table 2: a table of 4 players; the event's tables are of 3",
    ]


def test_the_tables_the_presets_and_the_options() -> None:
    data = event()
    data["tables"] = {"3": "pl-4", "03": "pl-3", "4": "nope"}
    assert problems(data)[:3] == [
        "event: tables: pl-4 is played by 4 players, not 3",
        "event: tables: '03' is not a table size (a number of players)",
        "event: unknown variant 'nope'; the variants are "
        + problems(data)[2].split("the variants are ")[1],
    ]
    data = event()
    data["tables"] = {"3": "pl-3", "4": "pl-4"}
    data["options"] = {"target": "x", "colour": 1}
    # said once, though both presets refuse them
    assert problems(data) == [
        "event: unknown option 'colour'",
        "event: option target: must be a whole number, got 'x'",
    ]


def test_bounds_of_names_players_tables_and_numbers() -> None:
    data = event()
    data["players"] = [f"P{i}" for i in range(1001)]
    assert problems(data) == ["event: an event has at most 1000 players, got 1001"]
    data = event()
    data["players"][1] = "x" * 61
    assert problems(data) == ["event: the name of players[1]: at most 60 characters, got 61"]
    data = event()
    data["rounds"][0]["tables"] = [{"seats": [0, 1, 2], "hands": []}] * 251
    assert problems(data) == ["round 1: a round has at most 250 tables, got 251"]
    data = event()
    data["points"] = {"3": [1000.0001, 0.12345, "2"]}
    assert problems(data) == [
        "event: points for 3: place 1: must be from -1000 to 1000",
        "event: points for 3: place 2: has at most 4 decimal places",
        'event: points for 3: place 3: must be a number, got "2"',
    ]


def test_a_number_is_read_as_the_decimal_written() -> None:
    data = event()
    text = json.dumps(data).replace('"players"', '"bye": 1.00000000000000000001, "players"')
    assert problems(text) == [
        "event: bye (the match points of a bye): has at most 4 decimal places"
    ]


def test_confirmed_by() -> None:
    data = event()
    data["rounds"][0]["tables"][0]["hands"][1]["confirmed_by"] = 0
    assert problems(data) == [
        "round 1, table 1: hand 2: confirmed_by is only for an event with confirm"
    ]
    data["confirm"] = True
    data["rounds"][0]["tables"][0]["hands"][1]["confirmed_by"] = 3
    data["rounds"][0]["tables"][0]["hands"][0]["confirmed_by"] = 0
    assert problems(data) == [
        "round 1, table 1: hand 1: an adjustment has only adjustment and reason, not "
        "'confirmed_by'",
        "round 1, table 1: hand 2: confirmed_by must be a seat of the table, from 0 to 2",
    ]


def test_the_sitting_out_dealer_cannot_confirm_a_hand() -> None:
    data = event("pl4-margin.json")
    data["confirm"] = True
    for hand in data["rounds"][0]["tables"][0]["hands"]:
        hand["confirmed_by"] = hand["declarer"]
    loads(json.dumps(data))  # every declarer took part
    data["rounds"][0]["tables"][0]["hands"][0]["confirmed_by"] = 3  # first_dealer 3 sat out
    assert problems(data) == [
        "round 1, table 1: hand 1: confirmed_by: seat 3 takes no part in this hand"
    ]


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (b"\x00garbage", "event: the file is not JSON"),
        (b"\xff\xfe\x00binary", "event: the file is not JSON"),
        (b"[" * 100_000, "event: the file is not JSON"),
        (b"1" * 5000, "event: a number in the file is too long (5000 digits)"),
        (b"[]", "event: an event file is a JSON object"),
    ],
)
def test_not_an_event_at_all(text: bytes, first: str) -> None:
    lines = problems(text)
    assert len(lines) == 1 and lines[0].startswith(first)


def test_the_problems_kept_are_bounded() -> None:
    data = event()
    data["players"] = [""] * 1000
    assert len(problems(data)) == 1000


def test_rounds_and_tables_may_be_empty() -> None:
    data = event()
    data["rounds"] = [{"tables": []}]
    got = loads(json.dumps(data))
    assert len(got.rounds) == 1 and got.rounds[0].tables == ()
    data["players"] = []
    data["rounds"] = []
    assert loads(json.dumps(data)).players == ()
