"""The migrations are the schema: they build it from nothing and match the models exactly."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from scorekeeper.store.db import db


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


def test_an_upgrade_from_before_accounts_keeps_every_game_for_the_first_account(
    empty_database_url,
):
    """A family's database from before accounts: the migration keeps its games and players,
    and the first account to sign up adopts them."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from scorekeeper import create_app
    from scorekeeper.store.db import MIGRATIONS
    from tests.conftest import signed_up

    config = {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": empty_database_url,
        "SECRET_KEY": "t",
        "WTF_CSRF_ENABLED": False,
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        "AUTO_MIGRATE": False,
    }
    old = create_app(config)
    with old.app_context():
        upgrade(directory=MIGRATIONS, revision="e3dd19d1cae3")  # the schema before accounts
        with db.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO player (id, name, created_at) VALUES (1, 'Ala', :t), "
                    "(2, 'Bartek', :t), (3, 'Celina', :t)"
                ),
                {"t": "2026-01-01"},
            )
            conn.execute(
                text(
                    "INSERT INTO game (id, variant, options, first_dealer, created_at, "
                    "updated_at, version) VALUES (1, 'pl-3', '{}', 0, :t, :t, 1)"
                ),
                {"t": "2026-01-01"},
            )
            conn.execute(
                text(
                    "INSERT INTO line (id, game_id, position, kind, declarer, bid, give_up, "
                    "reason, created_at) VALUES (1, 1, 1, 'hand', 1, 100, false, '', :t)"
                ),
                {"t": "2026-01-01"},
            )
            for seat, points in enumerate((10, 100, 10)):
                conn.execute(
                    text("INSERT INTO entry (line_id, seat, points) VALUES (1, :s, :p)"),
                    {"s": seat, "p": points},
                )
            for seat in range(3):
                conn.execute(
                    text("INSERT INTO seat (game_id, position, player_id) VALUES (1, :s, :p)"),
                    {"s": seat, "p": seat + 1},
                )
        db.session.remove()
        db.engine.dispose()
    app = create_app({**config, "AUTO_MIGRATE": True})  # brings it up to date on start
    family = signed_up(app, "family")
    home = family.get("/").get_data(as_text=True)
    assert "Bartek 100" in home and "Jan 1, 2026 12:00" in home  # its totals and last played
    assert family.get("/games/1").status_code == 200
    assert signed_up(app, "neighbour").get("/games/1").status_code == 404
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def test_after_the_upgrade_sqlite_never_gives_a_line_id_twice(tmp_path):
    """A database from before AUTOINCREMENT whose trail names a deleted line 3: the upgrade
    keeps every line and entry, and the next line gets id 4, not 3 (the deleted line's)."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from scorekeeper import create_app
    from scorekeeper.store.db import MIGRATIONS

    # SQLite's own question (PostgreSQL's sequences never give an id twice): no PostgreSQL run
    database_url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    old = create_app(
        {"SQLALCHEMY_DATABASE_URI": database_url, "AUTO_MIGRATE": False, "SECRET_KEY": "t"}
    )
    t = {"t": "2026-01-01"}
    with old.app_context():
        upgrade(directory=MIGRATIONS, revision="c2c6eca4e4e3")
        with db.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO game (id, variant, options, first_dealer, created_at, "
                    "updated_at, version) VALUES (1, 'pl-3', '{}', 0, :t, :t, 1)"
                ),
                t,
            )
            for line in (1, 2):
                conn.execute(
                    text(
                        "INSERT INTO line (id, game_id, position, kind, give_up, reason, "
                        "created_at) VALUES (:i, 1, :i, 'hand', false, '', :t)"
                    ),
                    {"i": line, **t},
                )
                conn.execute(
                    text("INSERT INTO entry (line_id, seat, points) VALUES (:i, 0, 60)"),
                    {"i": line},
                )
            conn.execute(
                text(
                    "INSERT INTO revision (game_id, line_id, action, position, reason, at) "
                    "VALUES (1, 3, 'delete', 3, 'undo', :t)"
                ),
                t,
            )
        upgrade(directory=MIGRATIONS)
        with db.engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO line (game_id, position, kind, give_up, reason, created_at) "
                    "VALUES (1, 3, 'hand', false, '', :t)"
                ),
                t,
            )
            ids = conn.execute(text("SELECT id FROM line ORDER BY id")).scalars().all()
            entries = conn.execute(text("SELECT line_id FROM entry ORDER BY line_id")).all()
        assert ids == [1, 2, 4]
        assert [e[0] for e in entries] == [1, 2]
        db.session.remove()
        db.engine.dispose()


def test_the_request_keys_go_down_and_come_back_up(empty_database_url):
    """Migration 8948a870edb7 (the API's keys of new games and of replaced or deleted lines):
    a downgrade drops their table and keeps every game; the upgrade brings it back empty, and
    a key sent again after it makes its game once more (what it made before is kept)."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import inspect, text

    from scorekeeper import create_app
    from scorekeeper.store.db import MIGRATIONS
    from tests.conftest import signed_up

    config = {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": empty_database_url,
        "SECRET_KEY": "t",
        "WTF_CSRF_ENABLED": False,
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        "AUTO_MIGRATE": False,
    }
    app = create_app(config)
    start = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["Ala", "Bob", "Cy"]}
    key = {"Idempotency-Key": "new-game-1"}
    with app.app_context():
        upgrade(directory=MIGRATIONS)
        phone = signed_up(app)
        first = phone.post("/api/games", json=start, headers=key).json["id"]
        r = phone.put(f"/api/games/{first}/hands/1", json={"adjustment": [1, 0, -1]})
        assert r.status_code == 404  # no line yet; nothing is kept of a refused write
        assert phone.post("/api/games", json=start, headers=key).json["id"] == first
        db.session.remove()
        downgrade(directory=MIGRATIONS, revision="7a1c0e5b9d42")
        assert "request_key" not in inspect(db.engine).get_table_names()
        # the game is kept (read in SQL: today's code reads columns added since that revision)
        kept = db.session.execute(text("SELECT count(*) FROM game WHERE id = :id"), {"id": first})
        assert kept.scalar() == 1
        db.session.remove()
        upgrade(directory=MIGRATIONS)
        assert phone.get(f"/api/games/{first}").status_code == 200
        assert "request_key" in inspect(db.engine).get_table_names()
        again = phone.post("/api/games", json=start, headers=key)
        assert again.status_code == 201 and again.json["id"] != first
        assert phone.post("/api/games", json=start, headers=key).json["id"] == again.json["id"]
        db.session.remove()
        db.engine.dispose()


def test_the_seasons_go_down_and_come_back_up(empty_database_url):
    """Migration 4d2b8e6f0a35 (seasons): a downgrade drops the season tables and keeps every
    event; the upgrade brings them back empty, and a season can be made again."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import inspect, text

    from scorekeeper import create_app
    from scorekeeper.store.db import MIGRATIONS
    from tests.conftest import signed_up
    from tests.seasonnights import NIGHTS

    config = {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": empty_database_url,
        "SECRET_KEY": "t",
        "WTF_CSRF_ENABLED": False,
        "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        "AUTO_MIGRATE": False,
    }
    app = create_app(config)
    with app.app_context():
        upgrade(directory=MIGRATIONS)
        director = signed_up(app)
        event = director.post("/api/events", json=NIGHTS[0]).json["id"]
        season = {"name": "Autumn", "best": "2", "event": [event]}
        assert director.post("/seasons/new", data=season).status_code == 302
        db.session.remove()
        downgrade(directory=MIGRATIONS, revision="9a7c3e5d1f24")
        tables = inspect(db.engine).get_table_names()
        assert "season" not in tables and "season_event" not in tables
        kept = db.session.execute(text("SELECT count(*) FROM event WHERE id = :id"), {"id": event})
        assert kept.scalar() == 1
        db.session.remove()
        upgrade(directory=MIGRATIONS)
        assert "Autumn" not in director.get("/seasons").get_data(as_text=True)
        assert director.post("/seasons/new", data=season).status_code == 302
        assert "Night 1" in director.get("/seasons/1").get_data(as_text=True)
        db.session.remove()
        db.engine.dispose()
