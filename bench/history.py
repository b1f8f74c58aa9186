"""A player's page over a long history, before and after the seat figures cache, side by side.

Run: .venv/bin/python bench/history.py [--quick]

Two accounts (ratings.md 3, the player page's budgets): 10,000 ended games of 30 hands, and
500 ended games of 200 lines (100,000 lines); Ala plays every game. Each is stored once, on
SQLite and on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL: its schema is emptied,
so give it a database of its own). Every figure comes from a fresh Python process, a worker
that remembers nothing, on the same database:

- after: the seat figures as the writes of the games kept them (services/careers.py);
- before: the same database with the cache emptied, which is what every first view was before
  it (each game replayed from its lines: 24 s wall, 9.5 s CPU for 10,000 games).

Columns: the first view's wall and CPU time (CPU of the worker's process: SQLite's work is in
it, PostgreSQL's server is not), then warm views of the same worker (wall p50, p95, p99, and
the median CPU, which a shared machine's load disturbs less than the wall), for the player
page, a record's list of games and head-to-head; the worker's resident memory after them.
Goals: first view <= 1 s CPU, fresh worker <= 200 ms, warm <= 50 ms, a worker <= 150 MB.
"""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench import deal  # noqa: E402

QUICK = "--quick" in sys.argv
ACCOUNTS = {  # name: (games, lines a game)
    "10,000 games x 30 hands": (1000 if QUICK else 10_000, 30),
    "500 games x 200 lines": (50 if QUICK else 500, 200),
}
PRESETS = ("pl-3", "ru-3")
OTHERS = ("Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk")
POOL = 40  # distinct dealt games per preset and length, reused with other players
WARM = 40
SECRET = "bench password"
CONFIG = {
    "SECRET_KEY": "bench",
    "WTF_CSRF_ENABLED": False,
    "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
    "IMPORT_WORKER": False,  # its thread would poll a schema the next account empties
}


def ended(preset: str, lines: int, seed: int) -> dict[str, Any]:
    """A dealt game that ends by the rules at its last hand: `deals` is its number of hands
    (deal.game keeps every total under the target with agreed corrections)."""
    data = deal.game(preset, lines, seed)
    while "adjustment" in data["hands"][-1]:
        data["hands"].pop()
    data["options"] = {"deals": sum("adjustment" not in h for h in data["hands"])}
    return data


def fill(url: str, games: int, lines: int) -> None:
    """The account "club" with `games` ended games, stored as an import stores them
    (services.transfer.store_chunk, which keeps their seat figures as every write does), then
    rated as the import's worker rates them at its end (the ratings' cache row). A
    pool of dealt games is scored once and stored again and again with other players: the
    figures of a seat do not depend on who sits there."""
    from scorekeeper import create_app
    from scorekeeper.services import ratings, transfer
    from scorekeeper.services.writing import commit
    from scorekeeper.store.db import db
    from scorekeeper.store.models import Account

    app = create_app({**CONFIG, "SQLALCHEMY_DATABASE_URI": url})
    client = app.test_client()
    client.post("/signup", data={"username": "club", "password": SECRET, "confirm": SECRET})
    pool = {}
    for p in PRESETS:
        pool[p] = []
        for seed in range(POOL):
            data = json.dumps(ended(p, lines, seed)).encode()
            checked = transfer.check(f"{p}-{seed}.json", data, 5)
            assert isinstance(checked, transfer.Checked), checked
            pool[p].append(checked)
    with app.app_context():
        owner = db.session.execute(db.select(Account.id)).scalar_one()
        chunk = []
        for i in range(games):
            c = pool[PRESETS[i % 2]][(i // 2) % POOL]
            players = ("Ala", OTHERS[i % 7], OTHERS[(i + 3) % 7])
            chunk.append(dataclasses.replace(c, file=dataclasses.replace(c.file, players=players)))
            if len(chunk) == 200 or i == games - 1:
                transfer.store_chunk(chunk, owner)
                commit()
                chunk = []
        ratings.rate_now(owner)  # as the import's worker does at its end (importjobs.py)
        db.session.remove()
        db.engine.dispose()


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def view(url: str, mode: str) -> dict[str, Any]:
    """In this (fresh) process: a worker that remembers nothing views Ala's page, a record's
    list and head-to-head; with `mode` "before", the seat figures are emptied first."""
    from scorekeeper import create_app
    from scorekeeper.store.db import db
    from scorekeeper.store.models import Player, SeatFiguresRow

    app = create_app({**CONFIG, "SQLALCHEMY_DATABASE_URI": url})
    client = app.test_client()
    client.post("/signin", data={"username": "club", "password": SECRET})
    with app.app_context():
        if mode == "before":
            db.session.execute(db.delete(SeatFiguresRow))
            db.session.commit()
        ala, bartek = (
            db.session.execute(db.select(Player.id).where(Player.name == n)).scalar_one()
            for n in ("Ala", "Bartek")
        )
        db.session.remove()
    pages = {
        "player": f"/players/{ala}",
        "record list": f"/players/{ala}/games?record=give_ups",
        "head-to-head": f"/players/{ala}/versus?other={bartek}",
    }
    out: dict[str, Any] = {"rss start": rss_mb()}
    for name, page in pages.items():
        wall, cpu = time.perf_counter(), time.process_time()
        response = client.get(page)
        assert response.status_code == 200, (page, response.status_code)
        out[name] = {
            "first wall": (time.perf_counter() - wall) * 1000,
            "first cpu": (time.process_time() - cpu) * 1000,
        }
        times, cpus = [], []
        for _ in range(WARM):
            start, cpu = time.perf_counter(), time.process_time()
            assert client.get(page).status_code == 200
            times.append((time.perf_counter() - start) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
        cuts = statistics.quantiles(times, n=100, method="inclusive")
        out[name].update(p50=cuts[49], p95=cuts[94], p99=cuts[98], cpu=statistics.median(cpus))
    out["rss end"] = rss_mb()
    return out


def measure(url: str, mode: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, "--view", url, mode],
        check=True,
        capture_output=True,
        text=True,
        env=os.environ,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def report(label: str, url: str, games: int, lines: int) -> None:
    start = time.perf_counter()
    fill(url, games, lines)
    print(
        f"\n{label}: {games:,} ended games of {lines} lines imported in "
        f"{time.perf_counter() - start:.0f} s (load average {os.getloadavg()[0]:.1f})",
        flush=True,
    )
    after = measure(url, "after")
    before = measure(url, "before")
    print(
        f"  {'page (fresh worker)':22} {'':7} {'first ms':>9} {'CPU ms':>8} "
        f"{'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'warm CPU':>9}"
    )
    for name in ("player", "record list", "head-to-head"):
        for mode, found in (("before", before), ("after", after)):
            f = found[name]
            print(
                f"  {name:22} {mode:7} {f['first wall']:9.0f} {f['first cpu']:8.0f} "
                f"{f['p50']:7.1f} {f['p95']:7.1f} {f['p99']:7.1f} {f['cpu']:9.1f}"
            )
    for mode, found in (("before", before), ("after", after)):
        print(
            f"  worker memory {mode:7}: {found['rss start']:.0f} MB at start, "
            f"{found['rss end']:.0f} MB after the three pages"
        )
    print(f"  load average {os.getloadavg()[0]:.1f} at the end", flush=True)


def main() -> None:
    if len(sys.argv) > 3 and sys.argv[1] == "--view":
        print(json.dumps(view(sys.argv[2], sys.argv[3])))
        return
    print(
        "Ala's page in a worker that remembers nothing: before (seat figures cache empty, every "
        "game replayed) and after (figures kept by the writes); goals: first view <= 1 s CPU "
        "(<= 200 ms in a fresh worker), warm p95 <= 50 ms, a worker <= 150 MB"
    )
    pg = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    for name, (games, lines) in ACCOUNTS.items():
        with tempfile.TemporaryDirectory() as tmp:
            report(f"SQLite, {name}", f"sqlite:///{tmp}/history.sqlite", games, lines)
        if pg:
            from bench.http_pages import reset_postgres

            reset_postgres(pg)  # an empty schema: the app migrates from nothing
            report(f"PostgreSQL, {name}", pg, games, lines)
    if not pg:
        print("\nPostgreSQL skipped: set BENCH_DATABASE_URL (a database of its own)")


if __name__ == "__main__":
    main()
