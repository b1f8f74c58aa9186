"""Looking back at scale: an account with 2,000 games and 60,000 hands; server time of the
history page and of a player's page, SQLite and PostgreSQL. Run: .venv/bin/python bench/history.py
"""

from __future__ import annotations

import os
import tempfile
import time
from typing import Any

from flask import Flask

from scorekeeper import create_app, services
from scorekeeper.gamefile import parse
from scorekeeper.services.writing import commit
from scorekeeper.store.db import db
from scorekeeper.store.models import Account, Player

try:  # bench/http_pages.py for its dealer, percentiles and schema reset
    from bench import http_pages as bench_http
except ImportError:  # run as a script: this folder is on sys.path
    import http_pages as bench_http  # type: ignore[no-redef]
deal = bench_http.deal

GAMES, HANDS = int(os.environ.get("BENCH_GAMES", 2000)), 30  # 60,000 hands
PRESETS = ("pl-3", "ru-3")
OTHERS = ("Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk")
TIMED, GOAL_MS = 60, 100


def fill(app: Flask, client: Any) -> int:
    """The account's games: Ala plays every one, with two of seven others."""
    secret = "bench password"
    client.post("/signup", data={"username": "club", "password": secret, "confirm": secret})
    with app.app_context():
        owner = db.session.execute(db.select(Account.id)).scalar_one()
        for i in range(GAMES):
            data = deal.game(PRESETS[i % 2], HANDS, seed=i)
            data["players"] = ["Ala", OTHERS[i % 7], OTHERS[(i + 3) % 7]]
            services.create_game(parse(data), owner, commit_now=False)
            if i % 200 == 199:
                commit()
        commit()
        return db.session.execute(db.select(Player.id).where(Player.name == "Ala")).scalar_one()


def ms(client: Any, url: str) -> float:
    start = time.perf_counter()
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return (time.perf_counter() - start) * 1000


def bench(label: str, url: str) -> None:
    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        }
    )
    client = app.test_client()
    start = time.perf_counter()
    ala = fill(app, client)
    print(
        f"\n{label}: {GAMES:,} games, {GAMES * HANDS:,} hands stored in "
        f"{time.perf_counter() - start:.0f} s; {TIMED} timed requests after the first"
    )
    print(f"  {'page':34} {'first ms':>9} {'p50 ms':>8} {'p95 ms':>8}   goal p95 < {GOAL_MS} ms")
    pages = {
        "history, page 1": "/history",
        "history, filtered by player": f"/history?player={ala}&variant=ru-3",
        f"player page (Ala, {GAMES:,} games)": f"/players/{ala}",
    }
    for name, url_ in pages.items():
        first = ms(client, url_)  # the summaries are made from the lines, then cached
        times = [ms(client, url_) for _ in range(TIMED)]
        p50, p95 = bench_http.percentiles(times)
        verdict = "ok" if p95 < GOAL_MS else "MISSED"
        print(f"  {name:34} {first:9.0f} {p50:8.1f} {p95:8.1f}   {verdict}")
    # another worker (or a restart): nothing remembered in memory, the summaries in the database
    other = create_app(app.config)
    second = other.test_client()
    second.post("/signin", data={"username": "club", "password": "bench password"})
    cold = [ms(second, f"/players/{ala}")]
    print(f"  player page, first view in a fresh worker: {cold[0]:.0f} ms (summaries from the DB)")
    for each in (app, other):
        with each.app_context():
            db.session.remove()
            db.engine.dispose()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        bench("SQLite", f"sqlite:///{os.path.join(tmp, 'history.sqlite')}")
    pg = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    if not pg:
        print("\nPostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL")
        return
    bench_http.reset_postgres(pg)  # an empty schema: the app migrates from nothing
    bench("PostgreSQL", pg)


if __name__ == "__main__":
    main()
