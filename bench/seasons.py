"""A season's ladder at a club's scale, SQLite and PostgreSQL side by side:
.venv/bin/python bench/seasons.py [--quick]

A season of 20 club nights of the same 100 players, each night 3 rounds of 25 tables of 4
(pl-4), every table a real dealt game played to its end (bench/deal.py, 30 to 100 hands): 1,500
games, ~90,000 lines. --quick: 5 nights. The nights are imported as event files (untimed); then,
through the test client, the ladder page:
- first: a worker that has read nothing, on a database where no game has its summary yet (the
  first view after an import: every game replayed once, its summary kept);
- new worker: a fresh app on the same database (the summaries kept: no game replayed);
- warm: the same worker again (the ladder remembered per the events' and games' versions);
- after a write: one table's game written (its version moved), then the ladder (that table
  read again, nothing else);
- the printable sheet and a score explained, warm.
PostgreSQL is a database of its own made on the server of BENCH_DATABASE_URL (or
TEST_DATABASE_URL) and dropped after. Wall and this process's CPU in ms, with the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.pool import NullPool

from scorekeeper import create_app
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, now

try:
    from bench.events import ending_games, loadavg
except ImportError:  # run as a script: this folder is on sys.path
    from events import ending_games, loadavg  # type: ignore[no-redef]

PLAYERS, ROUNDS, SEATS = 100, 3, 4
WARM = 20


def night(number: int, pool: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """An event of PLAYERS over ROUNDS, tables of 4 each a game of the pool, seated in turn."""
    rounds = []
    for r in range(ROUNDS):
        order = [(p * (r + 1) + number) % PLAYERS for p in range(PLAYERS)]
        if len(set(order)) < PLAYERS:  # a step that shares a factor with 100: a plain shift
            order = [(p + r + number) % PLAYERS for p in range(PLAYERS)]
        tables = []
        for t in range(PLAYERS // SEATS):
            hands = pool[(number * 7 + r * 31 + t) % len(pool)]
            tables.append({"seats": order[t * SEATS : (t + 1) * SEATS], "hands": hands})
        rounds.append({"tables": tables})
    return {
        "format": "scorekeeper-event/1",
        "name": f"Night {number + 1}",
        "tables": {"4": "pl-4"},
        "players": [f"Player {p}" for p in range(PLAYERS)],
        "rounds": rounds,
    }


def took(request: Callable[[], Any]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    response = request()
    assert response.status_code == 200, response.status_code
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def signed_in(app: Flask) -> FlaskClient:
    client = app.test_client()
    data = {"username": "director", "password": "bench password", "confirm": "bench password"}
    r = client.post("/signup", data=data)
    if r.status_code != 302:  # signed up on this database already (a new worker)
        r = client.post("/signin", data={"username": "director", "password": "bench password"})
    assert r.status_code == 302, r.status_code
    return client


def app_for(url: str) -> Flask:
    return create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "IMPORT_WORKER": False,
            "SIGNUPS_PER_HOUR": 0,
        }
    )


def bench(label: str, url: str, nights: int, pool: list[list[dict[str, Any]]]) -> None:
    from scorekeeper.services import events as running
    from scorekeeper.services import seasons

    app = app_for(url)
    client = signed_in(app)
    start = time.perf_counter()
    with app.app_context():
        owner = db.session.execute(text("SELECT id FROM account")).scalar_one()
        ids = [running.create_event(night(n, pool), owner).id for n in range(nights)]
        season = seasons.create_season(owner, "Autumn league", 8, ids)
        path = f"/seasons/{season.id}"
        lines = db.session.execute(text("SELECT count(*) FROM line")).scalar_one()
        games = db.session.execute(text("SELECT count(*) FROM game")).scalar_one()
    print(
        f"{label}: {nights} nights, {games} games, {lines} lines imported in "
        f"{time.perf_counter() - start:.0f} s; load average {loadavg()}",
        flush=True,
    )
    rows: list[tuple[str, float, float]] = []
    rows.append(("first view, nothing summarised", *took(lambda: client.get(path))))
    fresh = signed_in(app_for(url))
    rows.append(("new worker (summaries kept)", *took(lambda: fresh.get(path))))
    warm = [took(lambda: client.get(path)) for _ in range(WARM)]
    rows.append(
        (
            "warm (median)",
            statistics.median(w for w, _ in warm),
            statistics.median(c for _, c in warm),
        )
    )
    with app.app_context():
        game = db.session.execute(
            text("SELECT game_id FROM event_table ORDER BY id LIMIT 1")
        ).scalar_one()
        row = db.session.get(Game, game)
        assert row is not None
        # a write to one table's game (a hand edited): its version moves, its facts do not
        # matter here, only that the ladder reads that table again and nothing else
        row.updated_at = now()
        db.session.commit()
    rows.append(("after a write to one table's game", *took(lambda: client.get(path))))
    warm = [took(lambda: client.get(path + "?print=1")) for _ in range(WARM)]
    rows.append(
        (
            "printable sheet, warm (median)",
            statistics.median(w for w, _ in warm),
            statistics.median(c for _, c in warm),
        )
    )
    warm = [took(lambda: client.get(path + "/player?name=Player+7")) for _ in range(WARM)]
    rows.append(
        (
            "a score explained, warm (median)",
            statistics.median(w for w, _ in warm),
            statistics.median(c for _, c in warm),
        )
    )
    for name, wall, cpu in rows:
        print(f"  {name:36} {wall:9.1f} ms wall {cpu:9.1f} ms CPU")
    print(f"  load average after: {loadavg()}", flush=True)
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="5 nights instead of 20")
    parser.add_argument("--sqlite-only", action="store_true")
    args = parser.parse_args()
    nights = 5 if args.quick else 20
    pool = ending_games(40, 7)
    with tempfile.TemporaryDirectory() as tmp:
        bench("SQLite", f"sqlite:///{os.path.join(tmp, 'bench.sqlite')}", nights, pool)
    server = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    if args.sqlite_only or not server:
        print("PostgreSQL skipped" + ("" if server else ": set BENCH_DATABASE_URL"))
        return
    name = f"bench_seasons_{os.getpid()}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    try:
        url = make_url(server).set(database=name).render_as_string(hide_password=False)
        bench("PostgreSQL", url, nights, pool)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


if __name__ == "__main__":
    main()
