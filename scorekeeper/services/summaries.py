"""Summaries of games as looking back reads them, the ones made by a read kept as cache rows."""

# A read never commits (store/summaries.py only derives them): the rows of the summaries it
# had to make are written here, in a transaction of their own on a connection of their own, so
# that keeping a cache can never end, nor roll back, the caller's own transaction.

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import delete, insert
from sqlalchemy.exc import IntegrityError, OperationalError

from scorekeeper.store import queries
from scorekeeper.store import summaries as derive
from scorekeeper.store.db import db, wait_for_no_lock
from scorekeeper.store.models import Game, Summary
from scorekeeper.store.summaries import Fresh, GameSummary


def keep(fresh: Fresh) -> None:
    """Stores the summaries a read made, each at its version (replacing an older one)."""
    if not fresh or _writing_on_sqlite():
        return
    try:
        with db.engine.begin() as connection:
            wait_for_no_lock(connection)  # a cache is no reason to hold up the page
            connection.execute(delete(Summary).where(Summary.game_id.in_(list(fresh))))
            connection.execute(
                insert(Summary),
                [{"game_id": gid, "version": v, "data": data} for gid, (v, data) in fresh.items()],
            )
    except IntegrityError:
        pass  # another worker kept them at the same moment
    except OperationalError:
        pass  # the database is busy (SQLite during an import): a cache can wait for next time


def _writing_on_sqlite() -> bool:
    """Whether the caller's transaction holds SQLite's one write lock: another connection
    would wait for it in vain (busy_timeout), so the cache waits for the next read instead."""
    if db.session.get_bind().dialect.name != "sqlite" or not db.session().in_transaction():
        return False
    if db.session.new or db.session.dirty or db.session.deleted:
        return True
    raw = db.session.connection().connection.driver_connection
    return bool(getattr(raw, "in_transaction", False))  # sqlite3: a write has begun


def summaries(games: Sequence[Game]) -> dict[int, GameSummary]:
    """The summary of each game (its seats loaded): 1 query when all are cached."""
    found, fresh = derive.summaries(games)
    keep(fresh)
    return found


def summary_data(
    versions: Mapping[int, int], loaded: Mapping[int, Game] | None = None
) -> dict[int, dict[str, Any]]:
    """The summaries as stored (plain data) of the games `versions` names, at those versions."""
    found, fresh = derive.summary_data(versions, loaded)
    keep(fresh)
    return found


def recent_games(account_id: int, limit: int = 30) -> list[tuple[Game, GameSummary]]:
    """The games an account owns or co-scores, last played first, each with its summary."""
    games = queries.recent_games(account_id, limit)
    found = summaries(games)
    return [(g, found[g.id]) for g in games]
