"""The live view's check: a game's version and live link in one indexed read, without the ORM."""

# A follower's phone asks every few seconds whether the score changed (web/livecheck.py). The
# answer is one row by primary key, read with a pooled connection and no session: no game, seats
# or players loaded, no transaction left open (issue 15: a 304 spent 59 % of its time loading the
# whole game to compare one number).

from __future__ import annotations

from typing import NamedTuple

from sqlalchemy import select
from sqlalchemy.engine import Engine

from scorekeeper.store.models import Game


class Live(NamedTuple):
    version: int
    share_token: str | None


def live_state(engine: Engine, game_id: int) -> Live | None:
    """The version and live-link token of a game that is not deleted, or None."""
    statement = select(Game.version, Game.share_token).where(
        Game.id == game_id, Game.deleted_at.is_(None)
    )
    with engine.connect() as connection:
        row = connection.execute(statement).first()
    return None if row is None else Live(int(row[0]), row[1])
