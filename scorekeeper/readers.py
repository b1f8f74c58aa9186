"""Reading games whole: the account's recent games with their tallies, and games as game
files (export, the API, the account's archive)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from . import trail
from .access import visible
from .db import db
from .derived import names, rule_lines, tally
from .facts import facts_by_game
from .gamefile import GameFile
from .models import Game
from .rules import InvalidHand, Tally


def recent_games(account_id: int, limit: int = 30) -> list[tuple[Game, Tally | None]]:
    """The games an account owns or co-scores, newest first, each with its tally (None if it
    no longer replays)."""
    games = (
        db.session.execute(
            select(Game)
            .where(visible(account_id))
            .order_by(Game.updated_at.desc(), Game.id.desc())
            .limit(limit)
            .options(selectinload(Game.seats), selectinload(Game.lines))
        )
        .scalars()
        .all()
    )
    out: list[tuple[Game, Tally | None]] = []
    for game in games:
        try:
            out.append((game, tally(game)))
        except InvalidHand:
            out.append((game, None))
    return out


def to_file(game: Game) -> GameFile:
    return GameFile(
        variant=game.variant,
        players=tuple(names(game)),
        options=dict(game.options),
        first_dealer=game.first_dealer,
        lines=tuple(rule_lines(game)),
        trail=tuple(trail.export(game)),
    )


def files_of(games: list[Game]) -> dict[int, GameFile]:
    """Many games as game files, their lines read in three queries (the account's archive)."""
    facts = facts_by_game(g.id for g in games)
    return {
        g.id: GameFile(
            variant=g.variant,
            players=tuple(names(g)),
            options=dict(g.options),
            first_dealer=g.first_dealer,
            lines=tuple(facts[g.id]),
            trail=tuple(trail.export(g)),
        )
        for g in games
    }
