"""Importing a family's archive: 2,000 games of 50 hands as one zip posted to /import; the
time and the worker's peak memory, SQLite and PostgreSQL (issue 11, point 6).

Run: .venv/bin/python bench/imports.py [--old REV]
  PostgreSQL too when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL is set (its
  schema is dropped first: use a scratch database). --old REV also runs the code of that git
  revision (e.g. the commit before issue 11) on the same archive, side by side. Meanwhile
  another account logs a hand every 20 ms: its failed writes and slowest write are printed.
BENCH_GAMES / BENCH_HANDS change the archive's size. Each import runs in a fresh process, so
that its peak memory (VmHWM) is its own.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

GAMES = int(os.environ.get("BENCH_GAMES", 2000))
HANDS = int(os.environ.get("BENCH_HANDS", 50))
FAMILY = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia")
BASES = 11  # distinct deals per preset: 22 deals by 210 seatings, 2,310 distinct games


def archive(games: int = GAMES, hands: int = HANDS) -> bytes:
    """The zip History → "Download every game" makes, of `games` games of `hands` lines: a few
    dealt games, each played by many seatings of the family (so every game is distinct)."""
    sys.path.insert(0, str(ROOT))
    from bench import deal
    from scorekeeper.gamefile import dumps, parse

    bases = [deal.game(p, hands, seed=s) for s in range(BASES) for p in ("pl-3", "ru-3")]
    seatings = itertools.cycle(itertools.permutations(FAMILY, 3))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(games):
            data = {**bases[i % len(bases)], "players": list(next(seatings))}
            z.writestr(f"thousand-{i + 1}-{data['variant']}.json", dumps(parse(data)))
    return out.getvalue()


def _peak_kb() -> tuple[int, int]:
    """(resident now, peak resident) of this process, in kB."""
    status = Path("/proc/self/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def one(url: str, path: str) -> None:
    """In a fresh process: sign up, post the archive to /import, print the figures as JSON."""
    from scorekeeper import create_app
    from scorekeeper.store.db import db
    from scorekeeper.store.models import Account, Game, Line

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",
        }
    )
    client = app.test_client()
    secret = "bench password"
    client.post("/signup", data={"username": "family", "password": secret, "confirm": secret})
    data = Path(path).read_bytes()
    neighbour = Neighbour(app)
    rss, _ = _peak_kb()
    neighbour.start()
    start = time.perf_counter()
    r = client.post(
        "/import",
        data={"file": (io.BytesIO(data), "thousand.zip")},
        content_type="multipart/form-data",
    )
    seconds = time.perf_counter() - start
    _, peak = _peak_kb()
    neighbour.done.set()
    neighbour.join()
    start = time.perf_counter()
    page = client.get("/history")
    history = time.perf_counter() - start
    with app.app_context():
        mine = db.select(Account.id).where(Account.username == "family").scalar_subquery()
        games = db.session.execute(
            db.select(db.func.count(Game.id)).where(Game.owner_id == mine)
        ).scalar()
        lines = db.session.execute(
            db.select(db.func.count(Line.id)).join(Game).where(Game.owner_id == mine)
        ).scalar()
        db.engine.dispose()
    print(
        json.dumps(
            {
                "status": r.status_code,
                "seconds": seconds,
                "peak_mb": (peak - rss) / 1024,
                "games": games,
                "lines": lines,
                "history_s": history,
                "history_status": page.status_code,
                "writes": len(neighbour.ms),
                "failed": neighbour.failed,
                "slowest_ms": max(neighbour.ms, default=0),
            }
        )
    )


class Neighbour(threading.Thread):
    """Another account logging hands while the import runs: on SQLite a long import
    transaction made its writes fail with "database is locked"."""

    def __init__(self, app: Any) -> None:
        super().__init__(daemon=True)
        self.client = app.test_client()
        secret = "bench password"
        self.client.post(
            "/signup", data={"username": "neighbour", "password": secret, "confirm": secret}
        )
        self.done = threading.Event()
        self.ms: list[float] = []
        self.failed = 0

    def run(self) -> None:
        game = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["A", "B", "C"]}
        line = {"adjustment": [10, -5, 0], "reason": "bench"}
        while not self.done.is_set():
            url = f"/api/games/{self.client.post('/api/games', json=game).json['id']}/hands"
            for _ in range(500):
                start = time.perf_counter()
                status = self.client.post(url, json=line).status_code
                self.ms.append((time.perf_counter() - start) * 1000)
                self.failed += status != 201
                if self.done.is_set():
                    return
                time.sleep(0.02)


def _pg_url() -> str | None:
    """The scratch PostgreSQL database to use, if one is set, for psycopg."""
    url = (
        os.environ.get("BENCH_DATABASE_URL")
        or os.environ.get("TEST_DATABASE_URL")
        or os.environ.get("DATABASE_URL")
    )
    if url and url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url[len("postgres://") :]
    elif url and url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def run(code: Path, label: str, url: str, path: str) -> None:
    """One import of the archive at `path` by the code in `code`, in a fresh process; a row."""
    if url.startswith("postgresql"):
        sys.path.insert(0, str(ROOT))
        # an empty schema: the app migrates from nothing
        from bench.http_pages import reset_postgres

        reset_postgres(url)
    env = {**os.environ, "PYTHONPATH": str(code)}
    out = subprocess.run(
        [sys.executable, __file__, "--one", url, path],
        env=env,
        capture_output=True,
        text=True,
        cwd=str(code),
    )
    if out.returncode:
        print(f"  {label:34} failed: {out.stderr.strip().splitlines()[-1:]}")
        return
    f = json.loads(out.stdout.strip().splitlines()[-1])
    print(
        f"  {label:34} {f['status']:>6} {f['seconds']:8.1f} {f['peak_mb']:9.0f} "
        f"{f['games']:>6} {f['lines']:>8} {f['history_s']:10.1f} "
        f"{f['writes']:>7} {f['failed']:>7} {f['slowest_ms']:>9.0f}"
    )


def main() -> None:
    old = sys.argv[sys.argv.index("--old") + 1] if "--old" in sys.argv else None
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "thousand.zip")
        start = time.perf_counter()
        Path(path).write_bytes(archive())
        size = os.path.getsize(path)
        print(
            f"archive: {GAMES:,} games of {HANDS} lines, {size / 1024 / 1024:.1f} MB zipped "
            f"(made in {time.perf_counter() - start:.0f} s)"
        )
        codes = [(ROOT, "this tree")]
        if old:
            tree = Path(tmp) / "old"
            tree.mkdir()
            files = subprocess.run(
                ["git", "-C", str(ROOT), "archive", old, "scorekeeper", "bench"],
                capture_output=True,
                check=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(tree)], input=files, check=True)
            codes.append((tree, f"revision {old}"))
        databases = [("SQLite", f"sqlite:///{os.path.join(tmp, 'import.sqlite')}")]
        pg = _pg_url()
        if pg:
            databases.append(("PostgreSQL", pg))
        print(
            f"  {'database, code':34} {'status':>6} {'s':>8} {'peak MB':>9} "
            f"{'games':>6} {'lines':>8} {'history s':>10} "
            f"{'writes':>7} {'failed':>7} {'max ms':>9}"
        )
        print("  (writes: another account's hands logged meanwhile, the slowest of them)")
        for (name, url), (code, label) in itertools.product(databases, codes):
            if url.startswith("sqlite"):
                Path(url[len("sqlite:///") :]).unlink(missing_ok=True)
            run(code, f"{name}, {label}", url, path)
        if not pg:
            print("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--one"]:
        one(sys.argv[2], sys.argv[3])
    else:
        main()
