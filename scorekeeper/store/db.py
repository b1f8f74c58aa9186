"""The database: the handle (extensions.db) bound to an app, migrations, SQLite in WAL mode."""

from __future__ import annotations

import logging
import os
import sqlite3
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy import exc as sa
from sqlalchemy.engine import Engine

from scorekeeper.extensions import db, migrate

__all__ = [
    "db",
    "init_app",
    "only_read",
    "release_connection",
    "unavailable",
    "MIGRATIONS",
    "SQLITE_BUSY_MS",
]

# How long a write waits for another one's lock before "database is locked" (a 503, web/errors.py)
SQLITE_BUSY_MS = 5000


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets phones read the score while another writes; foreign keys are off by default."""
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        # With WAL, NORMAL never corrupts the file; a power cut may lose the last commit,
        # an app crash loses nothing. FULL would fsync every logged hand.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_MS)}")
        cursor.close()


MIGRATIONS = os.path.join(os.path.dirname(__file__), "migrations")


def init_app(app: Flask) -> None:
    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS, render_as_batch=True)


# A request that only read may end its transaction with COMMIT (services/reading.py): these
# note, per connection and per transaction, whether anything but a SELECT ran.


@event.listens_for(Engine, "begin")
def _fresh_transaction(conn: Any) -> None:
    conn.info.pop("wrote", None)


@event.listens_for(Engine, "before_cursor_execute")
def _note_writes(conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
    if statement.lstrip()[:6].upper() != "SELECT":  # a write, a savepoint, anything else
        conn.info["wrote"] = True


def only_read() -> bool:
    """Whether this request's session is in a PostgreSQL transaction that ran nothing but
    SELECTs and holds no change waiting to be flushed: ending it changes nothing stored."""
    if not db.session.registry.has() or db.engine.dialect.name != "postgresql":
        return False
    session = db.session()
    if not session.in_transaction() or session.new or session.dirty or session.deleted:
        return False
    return not session.connection().info.get("wrote")


# SQLSTATE classes of a server that is away, restarting, overloaded or busy (PostgreSQL
# appendix A): connection exception, transaction rollback (deadlock, serialisation),
# insufficient resources, operator intervention, lock not available, statement timeout
_PG_AWAY = ("08", "40", "53", "57P", "55P03", "57014")
# sqlite3.OperationalError texts that say "busy or unreachable", not "wrong query"
_SQLITE_AWAY = ("locked", "busy", "unable to open", "disk i/o", "readonly", "is full")


def unavailable(e: BaseException | None) -> bool:
    """Whether `e` says the database is away or busy (try again), not that a query is wrong."""
    if isinstance(e, sa.TimeoutError):  # every pooled connection is in use
        return True
    if not isinstance(e, sa.DBAPIError):
        return False
    if e.connection_invalidated:
        return True
    orig = e.orig
    if isinstance(orig, sqlite3.Error):
        text = str(orig).lower()
        return isinstance(orig, sqlite3.OperationalError) and any(w in text for w in _SQLITE_AWAY)
    if isinstance(e, (sa.OperationalError, sa.InterfaceError)):
        state = getattr(orig, "sqlstate", None)  # None: the connection itself failed
        return state is None or str(state).startswith(_PG_AWAY)
    return False


def release_connection() -> None:
    """Roll back and drop the session's connection rather than pool it: it may be broken
    (pool_pre_ping tests the others before they are used again)."""
    try:
        db.session().invalidate()
    except Exception:  # noqa: BLE001 - the connection is already gone; nothing else to undo
        logging.getLogger(__name__).debug("invalidating the session failed", exc_info=True)
