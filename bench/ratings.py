"""The ratings of an account with 10,000 games, SQLite and PostgreSQL side by side:
.venv/bin/python bench/ratings.py [--games N] [--sqlite-only]

An account of 200 players and 10,000 dealt pl-3 games played to their end (three players
drawn at random a game, about 150 games each), stored as an import stores them. PostgreSQL is
the one of BENCH_DATABASE_URL (or TEST_DATABASE_URL), emptied first: run it at its default
durability (fsync on), as a club's server is. In-process through the test client (the app's
time, no network), with this process's CPU beside the wall time.

Measured (docs/ratings.md):
- the ranking page of 200 players, warm (the ratings remembered: one aggregate query);
- every rating from scratch: store.ratings.account_ratings with nothing remembered by the
  worker (the games' summaries are rows already, as after an import);
- the ranking page of a worker that remembers nothing (a new app on the same database);
- a game that ends: its last hand posted (the write), then the first ranking after it (the
  ratings extended by one match); and an edit of a past hand of the 100th game, then the first
  ranking after it (rated again from that game on);
- a player's page with the rating chart, warm;
- a worker's resident memory (VmRSS) in a fresh process: started, after the ranking, after
  20 player pages.

Budgets: the ranking <= 200 ms; every rating from scratch <= 5 s; a worker <= 150 MB.

Measured 2026-12-07 on the shared two-core machine at a load average of about 1, SQLite /
PostgreSQL (fsync on): the ranking of 200 players warm p95 17 / 28 ms; every rating from
scratch 1.2 / 2.1 s wall, made off the request path (the import's worker, a thread of the
worker); a new worker's first ranking 160 / 208 ms (the first request of an app included); a
game that ends, the next ranking p95 104 / 168 ms; an edit of game 9,900, the next ranking
218 / 232 ms (100 games rated again on the page; the cache row is written by a thread); a
worker 106 / 115 MB after the ranking and 20 player pages (the ratings' memo ~10 MB).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import deal  # noqa: E402

PLAYERS, PRESET, POOL = 200, "pl-3", 60
TIMED = 30
BUDGETS = {"ranking": 200.0, "scratch": 5000.0}


def loadavg() -> str:
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def ended_games(count: int, seed: int) -> list[list[dict[str, Any]]]:
    """Dealt pl-3 games played to 1,000 (scoring.md section 4), their hands."""
    from scorekeeper.gamefile import parse
    from scorekeeper.rules import Sheet

    rng = random.Random(seed)
    out: list[list[dict[str, Any]]] = []
    base = {"format": "scorekeeper-game/1", "variant": PRESET, "players": ["a", "b", "c"]}
    while len(out) < count:
        hands: list[dict[str, Any]] = []
        sheet = Sheet(parse({**base, "hands": []}).rules())
        while len(hands) < 80:
            hand = deal.hand(rng, PRESET, len(hands) % 3)
            sheet.add(parse({**base, "hands": [hand]}).lines[0])
            hands.append(hand)
            if sheet.table.ended_at is not None:
                out.append(hands)
                break
    return out


def fill(app: Any, games: int, pool: list[list[dict[str, Any]]]) -> int:
    """The account and its games, stored as an import stores them (services/transfer.py)."""
    from scorekeeper.services import transfer
    from scorekeeper.services.writing import commit
    from scorekeeper.store.db import db
    from scorekeeper.store.models import Account

    rng = random.Random(7)
    names = [f"Player {n:03}" for n in range(1, PLAYERS + 1)]
    with app.app_context():
        owner = db.session.execute(db.select(Account.id)).scalar_one()
        chunk = []
        for i in range(games):
            data = {
                "format": "scorekeeper-game/1",
                "variant": PRESET,
                "players": rng.sample(names, 3),
                "hands": pool[i % len(pool)],
            }
            checked = transfer.check(f"{i}.json", json.dumps(data).encode(), 5)
            assert isinstance(checked, transfer.Checked), checked
            chunk.append(checked)
            if len(chunk) == 500:
                transfer.store_chunk(chunk, owner)
                commit()
                chunk = []
        if chunk:
            transfer.store_chunk(chunk, owner)
            commit()
        return int(owner)


def make_app(url: str) -> Any:
    from scorekeeper import create_app

    return create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
            "SIGNUPS_PER_HOUR": 0,
            "IMPORT_WORKER": False,
        }
    )


def client_of(app: Any) -> Any:
    client = app.test_client()
    r = client.post("/signin", data={"username": "club", "password": "bench password"})
    assert r.status_code == 302, r.status_code
    return client


def timed(call: Callable[[], Any]) -> tuple[float, float, Any]:
    wall, cpu = time.perf_counter(), time.process_time()
    out = call()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000, out


def page(client: Any, url: str) -> Callable[[], Any]:
    def get() -> Any:
        r = client.get(url)
        assert r.status_code == 200, r.status_code
        return r

    return get


class Figures:
    def __init__(self) -> None:
        self.ms: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}
        self.notes: list[str] = []

    def add(self, name: str, ms: float, cpu: float) -> None:
        self.ms.setdefault(name, []).append(ms)
        self.cpu.setdefault(name, []).append(cpu)


def bench(label: str, url: str, games: int, pool: list[list[dict[str, Any]]]) -> Figures:
    from scorekeeper.services import ratings
    from scorekeeper.store import ratings as stored
    from scorekeeper.store.db import db

    figures = Figures()
    figures.notes.append(f"load average at the start: {loadavg()}")
    app = make_app(url)
    secret = "bench password"
    app.test_client().post(
        "/signup", data={"username": "club", "password": secret, "confirm": secret}
    )
    start = time.perf_counter()
    owner = fill(app, games, pool)
    figures.notes.append(f"{games:,} games stored in {time.perf_counter() - start:.0f} s")
    client = client_of(app)

    # after an import, its worker rates every game and keeps the cache row (off the request
    # path); the store's part alone, from nothing, three times
    with app.app_context():
        ms, cpu, _ = timed(lambda: ratings.rate_now(owner))
        figures.add("every rating after an import (its worker)", ms, cpu)
        for _ in range(3):
            key = stored.state_key(owner)
            ms, cpu, (made, _fresh) = timed(
                lambda: stored._made(owner, key, stored.AccountRatings(""))  # noqa: B023
            )
            figures.add("every rating from scratch (store)", ms, cpu)
        db.session.rollback()
    figures.notes.append(
        f"{len(made.games):,} games rated, {len(made.ratings.steps)} players; "
        f"{sum(len(s) for s in made.ratings.steps.values()):,} steps"
    )
    ms, cpu, _ = timed(page(client, "/players/ranking"))
    figures.add("ranking, first view (the kept row read)", ms, cpu)
    for _ in range(TIMED):
        figures.add("ranking of 200 players, warm", *timed(page(client, "/players/ranking"))[:2])

    # a new worker on the same database
    cold = client_of(make_app(url))
    figures.add(
        "ranking, a worker that remembers nothing", *timed(page(cold, "/players/ranking"))[:2]
    )

    # a game that ends: its last hand written, then the first ranking after it
    rng = random.Random(11)
    names = [f"Player {n:03}" for n in range(1, PLAYERS + 1)]
    for i in range(10):
        hands = pool[(i * 7) % len(pool)]
        data = {
            "format": "scorekeeper-game/1",
            "variant": PRESET,
            "players": rng.sample(names, 3),
            "hands": hands[:-1],
        }
        r = client.post("/api/games", json=data)
        assert r.status_code == 201, r.get_data(as_text=True)
        game = r.json["id"]
        client.get("/players/ranking")  # seen before the end: not counting yet
        last = hands[-1]
        ms, cpu, r = timed(lambda: client.post(f"/api/games/{game}/hands", json=last))  # noqa: B023
        assert r.status_code == 201 and r.json["finished"], r.get_data(as_text=True)
        figures.add("the last hand posted (API, the write)", ms, cpu)
        figures.add(
            "ranking after a game ended (+1 match)", *timed(page(client, "/players/ranking"))[:2]
        )

    # an edit of a past hand: rated again from that game on
    with app.app_context():
        from scorekeeper.store.models import Game

        ids = (
            db.session.execute(db.select(Game.id).where(Game.owner_id == owner).order_by(Game.id))
            .scalars()
            .all()
        )
    for n, game in enumerate((ids[100], ids[games // 2], ids[games - 100])):
        file = client.get(f"/api/games/{game}/file").json
        # a real change: the card points of the two defenders of its first hand swapped
        hand = dict(file["hands"][0])
        points = list(hand["points"])
        other = [s for s in range(3) if s != hand.get("declarer")]
        points[other[0]], points[other[1]] = points[other[1]], points[other[0]]
        hand["points"] = points
        r = client.put(f"/api/games/{game}/hands/1", json=hand)
        assert r.status_code == 200, r.get_data(as_text=True)
        where = ("game 100", f"game {games // 2:,}", f"game {games - 100:,}")[n]
        ms, cpu, r = timed(page(client, "/players/ranking"))
        said = "being worked out" in r.get_data(as_text=True)
        figures.add(f"ranking after an edit of {where}" + (" (as was)" if said else ""), ms, cpu)
        ms, cpu, _ = timed(ratings.settle)  # the worker's thread, if one rates them
        if said:
            figures.add(f"  rated again by the worker's thread ({where})", ms, cpu)

    with app.app_context():
        from scorekeeper.store.models import Player

        player = db.session.execute(db.select(Player.id).limit(1)).scalar_one()
    client.get(f"/players/{player}")
    for _ in range(TIMED):
        figures.add(
            "a player's page with the chart, warm", *timed(page(client, f"/players/{player}"))[:2]
        )

    # a worker's memory, in a fresh process
    done = subprocess.run(
        [sys.executable, __file__, "--worker", url], capture_output=True, text=True, timeout=900
    )
    figures.notes.append("worker memory: " + (done.stdout.strip() or done.stderr[-500:]))
    figures.notes.append(f"load average at the end: {loadavg()}")
    with app.app_context():
        db.engine.dispose()
    return figures


def worker(url: str) -> None:
    """A fresh worker's VmRSS: started, after the ranking, after 20 player pages."""
    app = make_app(url)
    client = client_of(app)
    client.get("/")
    started = rss_mb()
    client.get("/players/ranking")
    ranked = rss_mb()
    from scorekeeper.store.db import db
    from scorekeeper.store.models import Player

    with app.app_context():
        players = db.session.execute(db.select(Player.id).limit(20)).scalars().all()
    for pid in players:
        assert client.get(f"/players/{pid}").status_code == 200
    with app.app_context():
        from scorekeeper.store import memo

        held = memo.memos().ratings.held / 2**20
    print(
        f"{started:.0f} MB started, {ranked:.0f} MB after the ranking, {rss_mb():.0f} MB after"
        f" 20 player pages (budget <= 150 MB: {'ok' if rss_mb() <= 150 else 'MISSED'});"
        f" the ratings' memo holds an estimated {held:.1f} MB"
    )


def cuts(ms: list[float]) -> tuple[float, float, float]:
    if len(ms) < 2:
        return ms[0], ms[0], ms[0]
    q = statistics.quantiles(ms, n=100, method="inclusive")
    return q[49], q[94], q[98]


def budget(name: str) -> float | None:
    if name.startswith("ranking"):
        return BUDGETS["ranking"]
    if "from scratch" in name:
        return BUDGETS["scratch"]
    return None


def report(results: dict[str, Figures], games: int) -> None:
    labels = list(results)
    names = list(dict.fromkeys(n for f in results.values() for n in f.ms))
    print(
        f"\n{games:,} games of {PLAYERS} players ({PRESET}, dealt, played to 1,000). Milliseconds,"
        " in-process (no network); CPU: this process's."
    )
    head = "".join(f"{label + ' p50/p95/p99 (CPU p95)':>38}{'n':>4}" for label in labels)
    print(f"  {'measure':44}{head}  budget (p95)")
    for name in names:
        row, ok = "", True
        limit = budget(name)
        for label in labels:
            ms = results[label].ms.get(name)
            if not ms:
                row += f"{'-':>38}{'':>4}"
                continue
            p50, p95, p99 = cuts(ms)
            cpu = cuts(results[label].cpu[name])[1]
            ok = ok and (limit is None or p95 <= limit)
            row += f"{p50:>10.1f}{p95:>9.1f}{p99:>9.1f}{f'({cpu:.1f})':>10}{len(ms):>4}"
        verdict = f"  <= {limit:.0f} ms: {'ok' if ok else 'MISSED'}" if limit else ""
        print(f"  {name:44}{row}{verdict}")
    for label, figures in results.items():
        for note in figures.notes:
            print(f"  {label}: {note}")


def reset_postgres(url: str) -> None:
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
        fsync = conn.execute(text("SHOW fsync")).scalar()
    engine.dispose()
    print(f"PostgreSQL: fsync {fsync}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--sqlite-only", action="store_true")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.worker)
        return
    print(f"load average {loadavg()}; dealing {POOL} games ...", flush=True)
    pool = ended_games(POOL, 1)
    results: dict[str, Figures] = {}
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{os.path.join(tmp, 'ratings.sqlite')}"
        results["SQLite"] = bench("SQLite", url, args.games, pool)
    pg = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    if pg and not args.sqlite_only:
        reset_postgres(pg)
        results["PostgreSQL"] = bench("PostgreSQL", pg, args.games, pool)
    else:
        print("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL")
    report(results, args.games)


if __name__ == "__main__":
    main()
