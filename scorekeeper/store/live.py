"""The live view's check: a game's version and live link in one indexed read, without the ORM."""

# A follower's phone asks every few seconds whether the score changed (web/livecheck.py). The
# answer is one row by primary key, read on a connection of the thread's own kept open in
# autocommit: one round trip to the database, no pool checkout and its ping, no BEGIN nor
# ROLLBACK, no session, no game, seats or players loaded (a 304 once spent 59 % of its
# time loading the whole game to compare one number; through the pool it still took 5 round
# trips and ~670 us of CPU on PostgreSQL).

from __future__ import annotations

import threading
from typing import NamedTuple

from flask import Flask
from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.store.db import db
from scorekeeper.store.models import Game

_READ = text(
    f"SELECT version, share_token FROM {Game.__tablename__} "  # noqa: S608 - a constant name
    "WHERE id = :id AND deleted_at IS NULL"
)


class Unreadable(Exception):
    """The database did not answer the check (away, restarting, busy): ask the slow way."""


class Live(NamedTuple):
    version: int
    share_token: str | None


class LiveReader:
    """Reads `Live` rows on one autocommit connection per thread, opened on first use and
    dropped after any error (the next read opens a new one: a restarted database is fine)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._local = threading.local()

    def _connection(self) -> Connection:
        found: Connection | None = getattr(self._local, "connection", None)
        if found is None:
            found = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            self._local.connection = found
        return found

    def read(self, game_id: int) -> Live | None:
        """The version and live-link token of a game that is not deleted, or None."""
        connection = self._connection()
        try:
            row = connection.execute(_READ, {"id": game_id}).first()
        except SQLAlchemyError as e:
            self._local.connection = None
            connection.invalidate()
            raise Unreadable() from e
        return None if row is None else Live(int(row[0]), row[1])


def read(game_id: int) -> Live | None:
    """The same row through the session (a live view's stream, as it starts): one indexed
    read, no game, seats or players loaded."""
    row = db.session.execute(_READ, {"id": game_id}).first()
    return None if row is None else Live(int(row[0]), row[1])


def reader_for(app: Flask) -> LiveReader:
    """A reader on the app's database."""
    with app.app_context():
        return LiveReader(db.engine)
