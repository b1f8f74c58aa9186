"""Golden events: standings computed by hand from the rules of events (each file's `why`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.events import loads, standings_output, to_dict

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def _load(path: Path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_standings_are_the_ones_worked_out_by_hand(path: Path) -> None:
    golden = _load(path)
    assert golden["why"] and golden["description"]
    got = standings_output(loads(json.dumps(golden["event"])))
    # through JSON, as the command prints it
    assert json.loads(json.dumps(got)) == golden["expected"]


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_the_event_written_back_reads_to_the_same_standings(path: Path) -> None:
    event = loads(json.dumps(_load(path)["event"]))
    again = loads(json.dumps(to_dict(event)))
    assert again == event
    assert standings_output(again) == standings_output(event)


def test_without_a_ranking_the_output_says_points() -> None:
    golden = _load(GOLDEN[0].with_name("rounding-byes.json"))
    assert "ranking" not in golden["event"]
    assert standings_output(loads(json.dumps(golden["event"])))["ranking"] == "points"
