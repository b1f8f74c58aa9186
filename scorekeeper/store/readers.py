"""Reading games whole: the account's recent games with their summaries, and games as game
files (export, the API, the account's archive)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.gamefile import GameFile
from scorekeeper.rules import Line
from scorekeeper.services import trail
from scorekeeper.store.db import db
from scorekeeper.store.derived import names, rule_lines
from scorekeeper.store.facts import facts_by_game
from scorekeeper.store.models import Game
from scorekeeper.store.summaries import GameSummary, summaries
from scorekeeper.web.access import visible


def recent_games(account_id: int, limit: int = 30) -> list[tuple[Game, GameSummary]]:
    """The games an account owns or co-scores, last played first, each with its summary (a
    fixed number of queries: summaries.py)."""
    games = list(
        db.session.execute(
            select(Game)
            .where(visible(account_id))
            .order_by(Game.updated_at.desc(), Game.id.desc())
            .limit(limit)
            .options(selectinload(Game.seats))
        ).scalars()
    )
    found = summaries(games)
    return [(g, found[g.id]) for g in games]


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
    return _file(game, rule_lines(game), trail.export(game))


def files_of(games: list[Game]) -> dict[int, GameFile]:
    """Many games as game files, in four queries whatever their number (the account's
    archive)."""
    facts = facts_by_game(g.id for g in games)
    trails = trail.export_many(g.id for g in games)
    return {g.id: _file(g, facts[g.id], trails[g.id]) for g in games}
