"""Per-seat statistics of whole games computed by hand from the spec (tests/stats/*.json)."""

import json
from decimal import Decimal
from pathlib import Path

import pytest

from scorekeeper.gamefile import parse
from scorekeeper.rules.stats import seat_stats

STATS = Path(__file__).parent.parent / "stats"
CASES = sorted(STATS.glob("*.json"))
MONEY = ("money_won", "money_lost")


def test_there_are_stats_games():
    assert len(CASES) >= 3


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_stats_golden(path):
    case = json.loads(path.read_text(encoding="utf-8"))
    name = path.stem
    expected = case["expected"]
    game = parse(case["game"])
    tally = game.score()
    assert list(tally.totals) == expected["totals"], f"{name}: totals"
    assert list(tally.winners) == expected["winners"], f"{name}: winners"
    stats = seat_stats(tally, game.lines)
    assert len(stats) == len(expected["seats"]), f"{name}: number of seats"
    for seat, (got_stats, want) in enumerate(zip(stats, expected["seats"])):
        got = got_stats.to_dict()
        assert set(got) == set(want), f"{name}: seat {seat}: keys"
        for field, want_value in want.items():
            got_value = got[field]
            if field in MONEY:
                assert Decimal(got_value) == Decimal(want_value), (
                    f"{name}: seat {seat}: {field}: got {got_value}, expected {want_value}"
                )
            else:
                assert got_value == want_value, (
                    f"{name}: seat {seat}: {field}: got {got_value!r}, expected {want_value!r}"
                )
