"""Per-seat figures: a knock-off off the barrel counts as a fall (docs/rules-decisions.md)."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.gamefile import parse
from scorekeeper.rules import seat_stats

GAMES = Path(__file__).parent.parent / "games"


def test_knock_offs_count_as_barrel_falls():
    # hand-scored in tests/games: seat 0 is knocked off in hands 3 and 5, seat 1 in hand 4
    file = parse(json.loads((GAMES / "ru-3-barrel-knockoff.json").read_text())["game"])
    stats = seat_stats(file.score(), file.lines)
    assert [s.barrel_falls for s in stats] == [2, 1, 0]
    # seat 2 made 105 in hands 2 and 5, and 120 in hand 6
    assert (stats[2].made, stats[2].made_sum, stats[2].made_max) == (3, 330, 120)
