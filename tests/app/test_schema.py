"""The migrations are the schema: they build it from nothing and match the models exactly."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from scorekeeper.db import db


def test_migrations_match_the_models(app):
    with app.app_context(), db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert diff == [], diff


def test_wal_mode_on_sqlite(app):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("WAL is SQLite's journal mode")
        with db.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
