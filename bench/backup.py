"""Backing up and restoring a big instance: 2,000 games of 50 lines, SQLite and PostgreSQL, each
way; the time and the peak memory of each `scorekeeper backup`/`restore`, and a backup taken
while a phone logs hands, with every hand acknowledged before it restored.

Run: .venv/bin/python bench/backup.py
  PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server (scratch databases
  bench_backup_* are made and dropped on it). BENCH_GAMES / BENCH_HANDS change the size. Each
  command runs in a fresh process under /usr/bin/time, so its peak memory (max RSS) is its own.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = int(os.environ.get("BENCH_GAMES", 2000))
HANDS = int(os.environ.get("BENCH_HANDS", 50))
FAMILY = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia")
SECRET = "bench password"


def build(url: str) -> None:
    """A family's instance: one account, its players, GAMES games of HANDS lines (dealt by
    bench/deal.py, so every line is one the rules accept), stored as rows in bulk."""
    from sqlalchemy import insert
    from werkzeug.security import generate_password_hash

    from bench import deal
    from scorekeeper import create_app
    from scorekeeper.gamefile import parse
    from scorekeeper.store.db import db
    from scorekeeper.store.facts import entry_fields, line_fields, marriage_fields
    from scorekeeper.store.models import Account, Entry, Game, Line, MarriageRow, Player, Seat, now

    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench"})
    bases = [parse(deal.game(p, HANDS, seed=s)) for s in range(11) for p in ("pl-3", "ru-3")]
    seatings = itertools.cycle(itertools.permutations(range(len(FAMILY)), 3))
    at = now()
    with app.app_context():
        hashed = generate_password_hash(SECRET, "pbkdf2:sha256:1000")
        db.session.execute(
            insert(Account), [{"id": 1, "username": "family", "password_hash": hashed}]
        )
        db.session.execute(
            insert(Player),
            [
                {"id": i + 1, "account_id": 1, "name": n, "key": n.casefold()}
                for i, n in enumerate(FAMILY)
            ],
        )
        line_id = 0
        for start in range(0, GAMES, 100):
            games, seats, lines, entries, marriages = [], [], [], [], []
            for gid in range(start + 1, min(start + 100, GAMES) + 1):
                file = bases[gid % len(bases)]
                games.append(
                    {
                        "id": gid,
                        "variant": file.variant,
                        "options": dict(file.options),
                        "first_dealer": file.first_dealer,
                        "owner_id": 1,
                        "created_at": at,
                        "updated_at": at,
                        "version": 1 + len(file.lines),
                    }
                )
                seating = next(seatings)
                seats += [
                    {"game_id": gid, "position": s, "player_id": p + 1}
                    for s, p in enumerate(seating)
                ]
                for position, line in enumerate(file.lines, start=1):
                    line_id += 1
                    lines.append(
                        {
                            "id": line_id,
                            "game_id": gid,
                            "position": position,
                            "created_at": at,
                            **line_fields(line),
                        }
                    )
                    entries += [{"line_id": line_id, **e} for e in entry_fields(line, 3)]
                    marriages += [{"line_id": line_id, **m} for m in marriage_fields(line)]
            for model, rows in (
                (Game, games),
                (Seat, seats),
                (Line, lines),
                (Entry, entries),
                (MarriageRow, marriages),
            ):
                if rows:
                    db.session.execute(insert(model), rows)
            db.session.commit()
        db.session.remove()
        db.engine.dispose()


def timed(url: str, *args: str) -> tuple[float, float, str]:
    """`scorekeeper ARGS` with DATABASE_URL=url in a fresh process: seconds, peak MB, its last
    line."""
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench", "AUTO_MIGRATE": "0"}
    command = ["/usr/bin/time", "-f", "PEAK %M", str(ROOT / ".venv/bin/scorekeeper"), *args]
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"scorekeeper {' '.join(args)} failed:\n{done.stderr}")
    said = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    peak = next(line for line in said if line.startswith("PEAK "))
    return seconds, int(peak.split()[1]) / 1024, [x for x in said if x != peak][-1]


class Phone(threading.Thread):
    """A scorer logging hands through the API into three games of its own, as fast as it is
    answered (a hand, then an adjustment that takes it back): every acknowledged version."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        from scorekeeper import create_app

        self.app = create_app(
            {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False}
        )
        self.client = self.app.test_client()
        self.client.post("/signin", data={"username": "family", "password": SECRET})
        game = {
            "format": "scorekeeper-game/1",
            "variant": "pl-3",
            "players": list(FAMILY[:3]),
            "first_dealer": 2,
        }
        self.last = {}
        for _ in range(3):
            gid = self.client.post("/api/games", json=game).json["id"]
            self.last[gid] = self.client.get(f"/api/games/{gid}").json
        self.acks: list[tuple[int, int, float, float]] = []  # game, version, sent, answered
        self.stop = threading.Event()

    def post(self, gid: int, body: dict[str, Any]) -> None:
        sent = time.monotonic()
        r = self.client.post(f"/api/games/{gid}/hands", json=body)
        assert r.status_code == 201, r.get_data(as_text=True)
        self.last[gid] = r.json
        self.acks.append((gid, r.json["version"], sent, time.monotonic()))

    def run(self) -> None:
        while not self.stop.is_set():
            for gid in self.last:
                dealers = [h["dealer"] for h in self.last[gid]["hands"] if h["dealer"] is not None]
                opener = (dealers[-1] + 2) % 3 if dealers else 0
                points = [10, 10, 10]
                points[opener] = 100
                self.post(gid, {"declarer": opener, "bid": 100, "points": points})
                scores = self.last[gid]["hands"][-1]["scores"]
                self.post(gid, {"adjustment": [-s for s in scores], "reason": "back to zero"})


def backup_under_writes(url: str, file: Path) -> str:
    """`scorekeeper backup` while the phone writes; then which of its hands the file holds."""
    import gzip
    import json

    phone = Phone(url)
    phone.start()
    while len(phone.acks) < 10:
        time.sleep(0.01)
    asked = time.monotonic()
    seconds, peak, _ = timed(url, "backup", str(file))
    ended = time.monotonic()
    phone.stop.set()
    phone.join()
    with phone.app.app_context():
        from scorekeeper.store.db import db

        db.engine.dispose()
    versions: dict[int, int] = {}  # the phone's games as the file holds them
    table, columns = None, []
    with gzip.open(file, "rt") as lines:
        for raw in lines:
            row = json.loads(raw)
            if isinstance(row, dict) and "table" in row:
                table, columns = row["table"], row["columns"]
            elif table == "game" and isinstance(row, list):  # a batch of the table's rows
                for game in row:
                    if game[0] in phone.last:
                        versions[game[0]] = game[columns.index("version")]
    before = [a for a in phone.acks if a[3] < asked]
    during = [a for a in phone.acks if asked <= a[3] <= ended]
    kept = sum(1 for gid, version, _, _ in before if versions.get(gid, 0) >= version)
    return (
        f"{seconds:6.1f} s {peak:6.0f} MB; {len(during)} writes acknowledged during it, "
        f"{kept} of the {len(before)} acknowledged before it in the file"
    )


def fresh_pg(server: str, name: str) -> str:
    from sqlalchemy import create_engine, make_url, text
    from sqlalchemy.pool import NullPool

    admin = create_engine(server, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    with admin.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return make_url(server).set(database=name).render_as_string(hide_password=False)


def main() -> None:
    os.environ.setdefault("IMPORT_WORKER", "0")  # the phone's app works off no imports
    server = os.environ.get("BENCH_DATABASE_URL") or os.environ.get("TEST_DATABASE_URL")
    with tempfile.TemporaryDirectory(prefix="bench-backup-") as tmp:
        work = Path(tmp)
        source = f"sqlite:///{work / 'family.sqlite'}"
        start = time.perf_counter()
        build(source)
        took = time.perf_counter() - start
        print(f"instance: {GAMES:,} games of {HANDS} lines on SQLite, built in {took:.0f} s")
        empty = f"sqlite:///{work / 'empty.sqlite'}"
        timed(empty, "upgrade")
        _, base, _ = timed(empty, "backup", str(work / "empty.jsonl.gz"))
        print(f"  (an empty instance's backup: {base:.0f} MB peak, the process's own floor)")
        from_sqlite = work / "from-sqlite.jsonl.gz"
        print(f"  backup  SQLite under writes    {backup_under_writes(source, from_sqlite)}")
        print(f"          file: {from_sqlite.stat().st_size / 1e6:.1f} MB")
        row = "  {:7} {:26} {:6.1f} s {:6.0f} MB"
        seconds, peak, _ = timed(f"sqlite:///{work / 'r1.sqlite'}", "restore", str(from_sqlite))
        print(row.format("restore", "SQLite -> SQLite", seconds, peak))
        seconds, peak, out = timed(source, "restore", "--check", str(from_sqlite))
        print(row.format("check", "SQLite", seconds, peak) + "  " + out.split(": ", 2)[-1])
        if not server:
            print("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL")
            return
        pg = fresh_pg(server, "bench_backup_a")
        seconds, peak, _ = timed(pg, "restore", str(from_sqlite))
        print(row.format("restore", "SQLite -> PostgreSQL", seconds, peak))
        from_pg = work / "from-pg.jsonl.gz"
        print(f"  backup  PostgreSQL under writes {backup_under_writes(pg, from_pg)}")
        pg2 = fresh_pg(server, "bench_backup_b")
        seconds, peak, _ = timed(pg2, "restore", str(from_pg))
        print(row.format("restore", "PostgreSQL -> PostgreSQL", seconds, peak))
        seconds, peak, _ = timed(f"sqlite:///{work / 'r2.sqlite'}", "restore", str(from_pg))
        print(row.format("restore", "PostgreSQL -> SQLite", seconds, peak))
        seconds, peak, out = timed(pg, "restore", "--check", str(from_pg))
        print(row.format("check", "PostgreSQL", seconds, peak) + "  " + out.split(": ", 2)[-1])
        from sqlalchemy import create_engine, text

        admin = create_engine(server, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            for name in ("bench_backup_a", "bench_backup_b"):
                conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


if __name__ == "__main__":
    main()
