"""The database: the handle (extensions.db) bound to an app, migrations, SQLite in WAL mode."""

from __future__ import annotations

import os
from typing import Any

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from scorekeeper.extensions import db, migrate

__all__ = ["db", "init_app", "MIGRATIONS", "SQLITE_BUSY_MS"]

# How long a write waits for another one's lock before "database is locked" (a 503, errors.py)
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
