"""Importing at the caps, served as in production: a zip of 2,500 games posted to /import of a
gunicorn with the project's gunicorn.conf.py and 3 workers, SQLite and PostgreSQL; the time
until its page says it finished, and each worker's peak memory.

Run: .venv/bin/python bench/imports.py [--old REV] [--db sqlite|postgresql]
  Two archives: 2,500 games of 48 lines (BENCH_GAMES x BENCH_HANDS), and 60 games of 2,000
  lines (BENCH_LONG_GAMES x 2,000). PostgreSQL too when BENCH_DATABASE_URL, TEST_DATABASE_URL or
  DATABASE_URL is set (its schema is dropped first: use a scratch database, and one with fsync on
  to measure what a host does). --old REV also runs the code of that git revision (e.g. the one
  before imports became jobs) on the same archives, side by side. Meanwhile another account logs
  a hand every 20 ms through the API: its failed writes and slowest write are printed.
Each row: the upload's answer and its seconds, the seconds until the import's page said it was
finished (the answer itself, for code that stores in the request), the CPU seconds the workers
used meanwhile (what a busy host does not change), games and lines stored, and
the largest peak resident memory (VmHWM) of a worker, with its growth over the worker's peak
before the upload.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from torturelib.client import Tally, api_token, sign_up  # noqa: E402
from torturelib.servers import CLEANUP, Server, peak_rss_mb, schema_up  # noqa: E402

GAMES = int(os.environ.get("BENCH_GAMES", 2500))
HANDS = int(os.environ.get("BENCH_HANDS", 48))
LONG_GAMES = int(os.environ.get("BENCH_LONG_GAMES", 60))
FAMILY = ("Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia")
DEALS = 23  # dealt games, each played by seatings of the family: 23 by 210, 4,830 distinct
DEADLINE = 1800  # seconds an import may take before the bench gives up on it


def archive(games: int, hands: int) -> bytes:
    """The zip History → "Download every game" makes, of `games` games of `hands` lines: a few
    dealt games, each played by many seatings of the family (so every game is distinct)."""
    from bench import deal
    from scorekeeper.gamefile import dumps, parse

    deals = [(p, s) for s in range(DEALS) for p in ("pl-3", "ru-3")][: min(DEALS, games)]
    bases = [deal.game(p, hands, seed=s) for p, s in deals]
    seatings = itertools.cycle(itertools.permutations(FAMILY, 3))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for i in range(games):
            data = {**bases[i % len(bases)], "players": list(next(seatings))}
            z.writestr(f"thousand-{i + 1}-{data['variant']}.json", dumps(parse(data)))
    return out.getvalue()


class Neighbour(threading.Thread):
    """Another account logging hands through the API, before and while the import runs: on
    SQLite a long import transaction made its writes fail with "database is locked", and the
    import's work shares a worker's CPU with its requests."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.client = sign_up(port, Tally(), "neighbour")
        self.client.bearer = api_token(self.client)
        self.done = threading.Event()
        self.importing = threading.Event()
        self.ms: dict[bool, list[float]] = {False: [], True: []}  # by: while importing
        self.failed: list[int] = []

    def run(self) -> None:
        game = {"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["A", "B", "C"]}
        line = {"adjustment": [10, -5, 0], "reason": "bench"}
        while not self.done.is_set():
            made = self.client.json("/api/games", game)
            if made.status != 201:
                self.failed.append(made.status)
                time.sleep(0.1)
                continue
            url = f"/api/games/{json.loads(made.body)['id']}/hands"
            for _ in range(500):
                during = self.importing.is_set()
                start = time.perf_counter()
                status = self.client.json(url, line).status
                self.ms[during].append((time.perf_counter() - start) * 1000)
                if status != 201:
                    self.failed.append(status)
                if self.done.is_set():
                    return
                time.sleep(0.02)

    def figures(self, during: bool) -> str:
        """p50, p95 and the slowest of the writes, in ms."""
        ms = sorted(self.ms[during]) or [0.0]
        return "/".join(f"{ms[int(q * (len(ms) - 1))]:.0f}" for q in (0.5, 0.95, 1.0))


def _cpu_seconds(pids: list[int]) -> float:
    """The CPU time the processes used so far, user and system (a figure a busy host does not
    change, unlike the time on the clock)."""
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15 of stat(5)
    return total / os.sysconf("SC_CLK_TCK")


def _count(url: str, env: dict[str, str]) -> tuple[int, int]:
    """(games, lines) of the account "family", read in a process of its own."""
    code = (
        "from scorekeeper import create_app\n"
        "from scorekeeper.store.db import db\n"
        "from scorekeeper.store.models import Account, Game, Line\n"
        f"app = create_app({{'SQLALCHEMY_DATABASE_URI': {url!r}, 'SECRET_KEY': 'b',"
        " 'AUTO_MIGRATE': False, 'IMPORT_WORKER': False})\n"
        "with app.app_context():\n"
        "    mine = db.select(Account.id).where(Account.username == 'family').scalar_subquery()\n"
        "    g = db.session.execute(db.select(db.func.count(Game.id))"
        ".where(Game.owner_id == mine)).scalar()\n"
        "    n = db.session.execute(db.select(db.func.count(Line.id)).join(Game)"
        ".where(Game.owner_id == mine)).scalar()\n"
        "    print(g, n)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    games, lines = out.stdout.split()
    return int(games), int(lines)


def run(code: Path, label: str, url: str, path: Path, workdir: str) -> None:
    """One import of the archive at `path` by the code in `code`, served by gunicorn; a row."""
    if url.startswith("postgresql"):
        from bench.http_pages import reset_postgres

        reset_postgres(url)  # an empty schema: `scorekeeper upgrade` makes it from nothing
    env = {**os.environ, "PYTHONPATH": str(code), "DATABASE_URL": url, "WEB_CONCURRENCY": "3"}
    env["SECRET_KEY"] = "bench"
    for name in ("AUTO_MIGRATE", "IMPORT_WORKER"):
        env.pop(name, None)
    schema_up(str(code), str(ROOT / ".venv"), env)
    server = Server(str(code), str(ROOT / ".venv"), env, workdir)
    try:
        family = sign_up(server.port, Tally(), "family")
        neighbour = Neighbour(server.port)
        neighbour.start()
        time.sleep(5)  # the neighbour's writes with no import, for comparison
        before = {pid: peak_rss_mb(pid) or 0.0 for pid in server.workers()}
        cpu = _cpu_seconds(server.workers())
        neighbour.importing.set()
        start = time.perf_counter()
        answer = family.upload("/import", "thousand.zip", path.read_bytes(), timeout=DEADLINE)
        asked = time.perf_counter() - start
        where = answer.headers.get("location", "")
        finished = "–"
        if answer.status == 302 and re.search(r"/import/\d+$", where):
            page = ""
            while "data-running" in (page := family.get(where).text) or not page:
                if time.perf_counter() - start > DEADLINE:
                    break
                time.sleep(0.5)
            finished = "Finished." if "Finished." in page else "not finished"
        total = time.perf_counter() - start
        cpu = _cpu_seconds(server.workers()) - cpu
        neighbour.done.set()
        neighbour.join(30)
        after = {pid: peak_rss_mb(pid) or 0.0 for pid in server.workers()}
        peak = max(after.values(), default=0.0)
        growth = max((after[p] - before.get(p, 0.0) for p in after), default=0.0)
        games, lines = _count(url, env)
        print(
            f"  {label:30} {answer.status:>6} {asked:7.1f} {total:8.1f} {cpu:6.1f} {finished:>12} "
            f"{games:>6} {lines:>8} {peak:8.0f} {growth:7.0f} "
            f"{neighbour.figures(False):>13} {neighbour.figures(True):>14} "
            f"{len(neighbour.ms[True]):>6} {','.join(map(str, neighbour.failed)) or '-':>6}"
        )
        tracebacks = server.tracebacks()
        if tracebacks:
            print(f"  ({tracebacks} tracebacks in the server's log: {server.log})")
    finally:
        server.kill()


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


def main() -> None:
    old = sys.argv[sys.argv.index("--old") + 1] if "--old" in sys.argv else None
    with tempfile.TemporaryDirectory() as tmp:
        archives = []
        for games, hands in ((GAMES, HANDS), (LONG_GAMES, 2000)):
            if not games:
                continue  # BENCH_LONG_GAMES=0: the first archive only
            path = Path(tmp) / f"thousand-{games}x{hands}.zip"
            start = time.perf_counter()
            path.write_bytes(archive(games, hands))
            size = path.stat().st_size / 1024 / 1024
            made = time.perf_counter() - start
            print(f"archive: {games:,} games of {hands} lines, {size:.1f} MB zipped ({made:.0f} s)")
            archives.append((f"{games}x{hands}", path))
        codes = [(ROOT, "this tree")]
        if old:
            tree = Path(tmp) / "old"
            tree.mkdir()
            files = subprocess.run(
                ["git", "-C", str(ROOT), "archive", old], capture_output=True, check=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(tree)], input=files, check=True)
            codes.append((tree, f"rev {old}"))
        databases = [("SQLite", f"sqlite:///{os.path.join(tmp, 'import.sqlite')}")]
        pg = _pg_url()
        if pg:
            databases.append(("PostgreSQL", pg))
        if "--db" in sys.argv:
            only = sys.argv[sys.argv.index("--db") + 1].lower()
            databases = [d for d in databases if d[0].lower() == only]
        print(
            f"  {'database, archive, code':30} {'answer':>6} {'s':>7} {'total s':>8} {'cpu s':>6} "
            f"{'page':>12} {'games':>6} {'lines':>8} {'peak MB':>8} {'+MB':>7} "
            f"{'ms before':>13} {'ms during':>14} {'writes':>6} {'failed':>6}"
        )
        print(
            "  (another account's hands, logged every 20 ms through the API: p50/p95/max ms of"
            " a write for 5 s before the upload and while it ran, how many, the statuses of"
            " those that failed)"
        )
        try:
            for (name, url), (kind, path), (code, label) in itertools.product(
                databases, archives, codes
            ):
                if url.startswith("sqlite"):
                    for suffix in ("", "-wal", "-shm"):
                        Path(url[len("sqlite:///") :] + suffix).unlink(missing_ok=True)
                run(code, f"{name}, {kind}, {label}", url, path, tmp)
        finally:
            for cleanup in reversed(CLEANUP):
                cleanup()
        if not pg:
            print("PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL")


if __name__ == "__main__":
    main()
