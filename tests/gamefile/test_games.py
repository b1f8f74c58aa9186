"""Whole games scored by hand from the spec (tests/games/*.json), replayed by one test each."""

import json
from pathlib import Path

import pytest

from scorekeeper.gamefile import parse
from scorekeeper.gamefile.output import score_output
from scorekeeper.rules import InvalidHand

GAMES = Path(__file__).parent.parent / "games"
VALID = sorted(GAMES.glob("*.json"))
INVALID = sorted((GAMES / "invalid").glob("*.json"))


def test_there_are_games_for_every_preset():
    variants = {json.loads(p.read_text())["game"]["variant"] for p in VALID}
    assert variants == {"pl-3", "pl-4", "pl-2", "ru-2", "ru-4", "moscow", "ru-3"}


@pytest.mark.parametrize("path", VALID, ids=[p.stem for p in VALID])
def test_game(path):
    case = json.loads(path.read_text())
    game = parse(case["game"])
    out = score_output(game, game.score())
    expected = case["expected"]
    for number, (got, want) in enumerate(zip(out["hands"], expected["hands"]), start=1):
        assert (got["scores"], got["totals"]) == (want["scores"], want["totals"]), (
            f"line {number}: {case['why'][number - 1] if number <= len(case['why']) else ''}\n"
            f"notes: {got['notes']}"
        )
        notes = {(n["seat"], n["rule"]) for n in got["notes"]}
        for seat, rule in want.get("notes", []):
            assert (seat, rule) in notes, f"line {number}: no {rule} note for seat {seat}"
    assert len(out["hands"]) == len(expected["hands"])
    for key in ("totals", "finished", "winners", "settlement"):
        assert out[key] == expected[key], key


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_game(path):
    case = json.loads(path.read_text())
    with pytest.raises(InvalidHand) as e:
        parse(case["game"]).score()
    lines = [str(p) for p in e.value.problems]
    for prefix in case["errors"]:
        assert any(line.startswith(prefix + ":") for line in lines), (prefix, lines)
