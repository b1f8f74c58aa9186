"""The database: the handle (extensions.db) bound to an app, migrations, SQLite in WAL mode."""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from typing import Any

from flask import Flask, has_request_context
from sqlalchemy import event
from sqlalchemy import exc as sa
from sqlalchemy.engine import Connection, Engine

from scorekeeper.extensions import db, migrate

__all__ = [
    "db",
    "init_app",
    "only_read",
    "release_connection",
    "unavailable",
    "wait_for_no_lock",
    "MIGRATIONS",
    "SQLITE_BUSY_MS",
    "SQLITE_LOCKED_MS",
]

# SQLite has one write lock. How long a write waits for it before "database is locked" (a 503
# with Retry-After, web/errors.py): writes take turns holding it for milliseconds (an import's
# chunk about 0.2 s), so a second is plenty for taking turns; a lock held longer is another
# process's long write (a backup, a `sqlite3` shell), which waiting does not shorten. With 5 s,
# a 25 s lock held every worker in waits, and even /ping, which needs no database, queued.
SQLITE_BUSY_MS = 1000
# Once a request's write waited all that in vain, this process's requests wait only this long,
# until a write gets through or LOCKED_FOR has passed: each write then holds a worker 0.1 s,
# not 1 s, and the workers stay free for reads, which WAL serves while the lock is held.
SQLITE_LOCKED_MS = 100
LOCKED_FOR = 5.0  # seconds: as long as the 503's Retry-After
_locked_until = 0.0  # time.monotonic() until which requests wait SQLITE_LOCKED_MS only


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
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
        record.info["busy_ms"] = int(SQLITE_BUSY_MS)


def _wait(conn: Connection, ms: int) -> None:
    """Sets how long the connection's writes wait for SQLite's lock, if it is not that yet
    (straight on the driver's connection: a PRAGMA is no write of the transaction's)."""
    if conn.info.get("busy_ms") != ms:
        conn.connection.driver_connection.execute(f"PRAGMA busy_timeout={int(ms)}")  # type: ignore[union-attr]
        conn.info["busy_ms"] = ms


def _patience() -> int:
    """How long the writes of a transaction beginning now wait for SQLite's lock."""
    if has_request_context() and time.monotonic() < _locked_until:
        return min(int(SQLITE_LOCKED_MS), int(SQLITE_BUSY_MS))
    return int(SQLITE_BUSY_MS)


def wait_for_no_lock(conn: Connection) -> None:
    """The rest of this transaction waits for no other write's lock on SQLite: for a write
    made by the way (a "last seen", a cache), which gives up at once rather than hold up the
    page it is part of. The next transaction on the connection waits as usual again."""
    if conn.dialect.name == "sqlite":
        _wait(conn, 0)


@event.listens_for(Engine, "handle_error")
def _note_the_lock(context: Any) -> None:
    """A request's write that waited for SQLite's lock in vain: the lock is held long, and
    the next requests of this process wait only SQLITE_LOCKED_MS for it."""
    global _locked_until
    conn = context.connection
    if (
        conn is not None
        and conn.dialect.name == "sqlite"
        and has_request_context()
        and conn.info.get("busy_ms")  # a write made by the way waits for nothing, says nothing
        and isinstance(context.original_exception, sqlite3.OperationalError)
        and any(w in str(context.original_exception).lower() for w in ("locked", "busy"))
    ):
        _locked_until = time.monotonic() + LOCKED_FOR


MIGRATIONS = os.path.join(os.path.dirname(__file__), "migrations")


def init_app(app: Flask) -> None:
    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS, render_as_batch=True)


# A request that only read may end its transaction with COMMIT (web/teardown.py): these
# note, per connection and per transaction, whether anything but a SELECT ran.


@event.listens_for(Engine, "begin")
def _fresh_transaction(conn: Any) -> None:
    conn.info.pop("wrote", None)
    if conn.dialect.name == "sqlite":
        _wait(conn, _patience())


@event.listens_for(Engine, "commit")
def _lock_free(conn: Any) -> None:
    """A write that is committing got SQLite's lock: the next ones wait for it as usual."""
    global _locked_until
    if _locked_until and conn.info.get("wrote") and conn.dialect.name == "sqlite":
        _locked_until = 0.0


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
