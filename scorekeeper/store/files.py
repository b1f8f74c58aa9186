"""Games read whole as game files: the export, the API and the account's archive."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.gamefile import GameFile
from scorekeeper.rules import Line
from scorekeeper.store import trail
from scorekeeper.store.derived import names, rule_lines
from scorekeeper.store.facts import facts_by_game
from scorekeeper.store.models import Game


def _file(game: Game, lines: Sequence[Line], revisions: Sequence[Mapping[str, Any]]) -> GameFile:
    return GameFile(
        variant=game.variant,
        players=tuple(names(game)),
        options=dict(game.options),
        first_dealer=game.first_dealer,
        lines=tuple(lines),
        trail=tuple(revisions),
    )


def to_file(game: Game) -> GameFile:
    """One game as its game file, trail included."""
    return _file(game, rule_lines(game), trail.export(game))


def files_of(games: list[Game]) -> dict[int, GameFile]:
    """Many games as game files, in four queries whatever their number (the account's
    archive)."""
    facts = facts_by_game(g.id for g in games)
    trails = trail.export_many(g.id for g in games)
    return {g.id: _file(g, facts[g.id], trails[g.id]) for g in games}
