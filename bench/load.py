"""Load curve: N tables (a scorer, 3 live followers) on gunicorn: .venv/bin/python bench/load.py"""

# A table: one signed-in scorer posting a hand a minute through the JSON API and three phones
# following the live page (bench/loadphones.py). Each step runs that many tables for --seconds
# (and at most --max-requests), then a recovery step of 50 tables shows whether the server
# answers normally again. Loopback only. The server: bench/loadserver.py; the client:
# bench/loadclient.py.

from __future__ import annotations

import argparse
import asyncio
import gzip
import ipaddress
import math
import os
import re
import resource
import secrets
import signal
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

try:
    from bench import deal, loadclient, loadserver
    from bench.loadphones import HAND, HEADERS, POLL, Step, Table, follower, scorer
except ImportError:  # run as a script: this folder is on sys.path
    import deal  # type: ignore[no-redef]
    import loadclient  # type: ignore[no-redef]
    import loadserver  # type: ignore[no-redef]
    from loadphones import HAND, HEADERS, POLL, Step, Table, follower, scorer  # type: ignore[no-redef]

FOLLOWERS, PRESET, SETUP_HANDS, LINES, SEQUENCES = 3, "pl-3", 5, 60, 50
PASSWORD = "bench load password"


def setup(database_url: str, tables: int) -> tuple[str, list[Table]]:
    """One account and `tables` games of three players, each with a few hands and a live link,
    through the services layer; returns the account's username and the tables."""
    from scorekeeper import create_app
    from scorekeeper.gamefile import parse
    from scorekeeper.services import accounts, games
    from scorekeeper.store.db import db

    app = create_app(
        {
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "bench",
            "AUTO_MIGRATE": False,
            "SIGNUPS_PER_HOUR": 0,
            "PASSWORD_HASH_METHOD": "pbkdf2:sha256:1000",  # a cheap sign-in
        }
    )
    username = f"bench-{secrets.token_hex(4)}"
    deals = [deal.game(PRESET, SETUP_HANDS + LINES, seed) for seed in range(SEQUENCES)]
    out: list[Table] = []
    with app.app_context():
        owner = accounts.sign_up(username, PASSWORD, "127.0.0.1").id
        for i in range(tables):
            data = deals[i % SEQUENCES]
            game = games.create_game(
                parse({**data, "hands": data["hands"][:SETUP_HANDS]}), owner, commit_now=False
            )
            token = secrets.token_urlsafe(24)
            games.set_link(game, "share_token", token)  # commits the game with its link
            out.append(Table(game.id, token, data["hands"][SETUP_HANDS:], version=game.version))
        db.session.remove()
        db.engine.dispose()
    return username, out


async def sign_in(target: tuple[str, int, str], username: str) -> str:
    """The session cookie of a sign-in through the form (its CSRF token), as a phone does."""
    client = loadclient.Client(*target, timeout=30)
    page = await client.request("GET", "/signin", HEADERS)
    text = page.body
    if page.headers.get("content-encoding") == "gzip":  # the app compresses its pages
        text = gzip.decompress(text)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text.decode())
    form = {"csrf_token": csrf.group(1) if csrf else "", "username": username}
    headers = {
        "Cookie": f"session={loadclient.cookie(page, 'session')}",
        "Content-Type": "application/x-www-form-urlencoded",
    }
    body = urlencode({**form, "password": PASSWORD, "next": ""}).encode()
    done = await client.request("POST", "/signin", {**HEADERS, **headers}, body)
    client.close()
    session = loadclient.cookie(done, "session")
    if done.status != 302 or not session:
        raise RuntimeError(f"sign-in failed: {done.status} {done.body[:300]!r}")
    return f"session={session}"


def pct(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


async def step(
    args: argparse.Namespace,
    target: tuple[str, int, str],
    tables: list[Table],
    cookie: str,
    seconds: float,
    server: dict[str, Any],
) -> dict[str, Any]:
    """One step of the curve; the row of its figures."""
    n = len(tables)
    expected = n * (FOLLOWERS * seconds / POLL + seconds / HAND + 1)
    s = Step(target, seconds, args.max_requests or int(3 * expected) + 1000, args.timeout)
    cpu, mark = server.get("cpu"), None
    if cpu is not None:
        mark = cpu.mark()
    timeouts_before = server["gunicorn"].count("WORKER TIMEOUT") if server.get("gunicorn") else 0
    gen, host = time.process_time(), loadserver.host_busy()
    tasks = [asyncio.create_task(scorer(s, t, cookie)) for t in tables]
    tasks += [
        asyncio.create_task(follower(s, t, args.cold_followers))
        for t in tables
        for _ in range(FOLLOWERS)
    ]

    queue = 0  # the longest accept queue seen on the server's port

    async def sample() -> None:
        nonlocal queue
        while True:
            await asyncio.sleep(0.5)
            if cpu is not None:
                cpu.sample()
            queue = max(queue, loadserver.accept_queue(target[1]))

    sampler = asyncio.create_task(sample())
    await asyncio.gather(*tasks)
    sampler.cancel()
    for c in s.clients:
        c.close()
    wall = time.monotonic() - s.start
    busy, total = loadserver.host_busy()
    t = s.tally
    answered = sum(t.statuses.values())
    row: dict[str, Any] = {
        "tables": n,
        "requests": len(t.times) + t.refused,
        "rps": answered / wall,
        "p50": pct(t.times, 0.5),
        "p95": pct(t.times, 0.95),
        "write p95": pct(t.writes, 0.95),
        "writes": len(t.writes),
        "errors": t.timeouts + t.refused + t.server_errors,
        "timeouts": t.timeouts,
        "refused": t.refused,
        "5xx": t.server_errors,
        "503": t.statuses.get(503, 0),
        "4xx": sum(v for k, v in t.statuses.items() if 400 <= k < 500),
        "304 %": 100 * t.statuses.get(304, 0) / max(1, answered),
        "gen %": 100 * (time.process_time() - gen) / wall,
        "host %": 100 * (busy - host[0]) / max(1, total - host[1]),
        "capped": t.budget <= 0,
        "last bad": t.last_bad,
        "queue": queue,
        "worker ms/req": math.nan,
        "restarts": 0,
    }
    if cpu is not None and mark is not None:
        seconds_cpu, row["restarts"] = cpu.since(mark)
        row["worker ms/req"] = 1000 * seconds_cpu / max(1, answered)
    if server.get("gunicorn"):
        row["worker timeouts"] = server["gunicorn"].count("WORKER TIMEOUT") - timeouts_before
    return row


COLUMNS = [  # heading, row key, width, decimals
    ("tables", "label", 8, None),
    ("req/s", "rps", 7, 0),
    ("p50 ms", "p50", 8, 1),
    ("p95 ms", "p95", 8, 1),
    ("write p95", "write p95", 10, 1),
    ("errors", "errors", 7, None),
    ("503", "503", 7, None),
    ("304 %", "304 %", 7, 1),
    ("queue", "queue", 6, None),
    ("wrk ms/req", "worker ms/req", 11, 2),
    ("gen CPU %", "gen %", 10, 0),
    ("host CPU %", "host %", 11, 0),
]


LEGEND = """\
  req/s: answers a second; p50, p95: of every request, a timeout counted as the timeout;
  write p95: the scorers' posts alone; errors: timeouts, connection errors, 5xx but 503;
  304 %: of the answers; queue: the longest accept queue seen on the server's port;
  wrk ms/req: gunicorn workers' CPU per answer; gen CPU %: this script's, of one core;
  host CPU %: every core, every process (the machine is shared)"""


def print_table(rows: list[dict[str, Any]], settings: str) -> None:
    print(settings)
    print("".join(f"{h:>{w}}" for h, _, w, _ in COLUMNS))
    for r in rows:
        cells = (f"{r[k]:>{w}}" if d is None else f"{r[k]:{w}.{d}f}" for _, k, w, d in COLUMNS)
        print("".join(cells))
    for r in rows:
        notes = [f"{r['requests']:,} requests, {r['writes']:,} writes"]
        if r["errors"]:
            notes.append(
                f"errors: {r['timeouts']} timeouts, {r['refused']} connection, {r['5xx']} 5xx"
            )
        notes += [f"{r['4xx']} other 4xx"] if r["4xx"] else []
        notes += [f"{r['restarts']} workers started"] if r["restarts"] else []
        notes += [f"{r['worker timeouts']} WORKER TIMEOUT"] if r.get("worker timeouts") else []
        notes += ["request cap reached"] if r["capped"] else []
        if r["last bad"] is not None:  # how long the server took to answer normally
            notes.append(
                f"the last error, 503 or answer over 1 s was sent at +{r['last bad']:.0f} s"
            )
        print(f"  {r['label']:>8}: " + "; ".join(notes))
    print(LEGEND)


async def curve(
    args: argparse.Namespace,
    target: tuple[str, int, str],
    username: str,
    tables: list[Table],
    server: dict[str, Any],
) -> list[dict[str, Any]]:
    cookie = await sign_in(target, username)
    plan = [(str(n), n, args.seconds) for n in args.tables]
    plan.append(("recovery", 50, min(args.seconds, 20.0)))
    rows = []
    for label, n, seconds in plan:
        row = await step(args, target, tables[:n], cookie, seconds, server)
        row["label"] = label
        rows.append(row)
        print(
            f"[{label}] {row['rps']:.0f} req/s, p95 {row['p95']:.0f} ms, "
            f"{row['errors']} errors, {row['503']} 503",
            flush=True,
        )
        await asyncio.sleep(2)
    return rows


def loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def interrupted(*_: object) -> None:
    raise KeyboardInterrupt  # SIGTERM cleans up as Ctrl-C does


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tables", default="50,200,500,1000,2000", help="steps, comma-separated")
    p.add_argument("--seconds", type=float, default=60.0, help="duration of each step")
    p.add_argument("--quick", action="store_true", help="smoke run: 50,200 tables, 10 s each")
    p.add_argument("--timeout", type=float, default=10.0, help="per request, seconds")
    p.add_argument("--max-requests", type=int, default=0, help="per step (default: 3x expected)")
    p.add_argument(
        "--cold-followers",
        action="store_true",
        help="followers start with no ETag (each step opens with a board for every follower)",
    )
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--worker-class", default="sync")
    p.add_argument(
        "--gunicorn-arg",
        action="append",
        default=[],
        help="passed on, e.g. --gunicorn-arg=--threads=4 (repeatable)",
    )
    p.add_argument("--database-url", help="use this database instead of a throwaway PostgreSQL")
    p.add_argument("--url", help="an already running server on loopback (needs --database-url)")
    p.add_argument("--server-pid", default="", help="with --url: gunicorn master pid(s) for CPU")
    p.add_argument(
        "--app-dir", type=Path, default=loadserver.ROOT, help="the project copy to serve"
    )
    p.add_argument("--pg-port", type=int, default=54341, help="first port tried for PostgreSQL")
    args = p.parse_args()
    if args.quick:
        args.tables, args.seconds = "50,200", 10.0
    args.tables = sorted(int(n) for n in args.tables.split(","))
    if args.url and not args.database_url:
        p.error("--url needs --database-url (the games are made in the server's database)")
    if args.url and not loopback(urlsplit(args.url).hostname or ""):
        p.error("--url: loopback only (127.0.0.1, ::1, localhost)")
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per simulated phone
    signal.signal(signal.SIGTERM, interrupted)
    args.app_dir = args.app_dir.resolve()
    sys.path.insert(0, str(args.app_dir))  # the setup's scorekeeper is the one served
    with ExitStack() as stack:
        url = args.database_url or stack.enter_context(
            loadserver.postgres(loadserver.free_port(args.pg_port), 300)
        )
        loadserver.upgrade(url, args.app_dir)
        began = time.monotonic()
        username, tables = setup(url, max(args.tables + [50]))
        print(f"setup: {len(tables)} games in {time.monotonic() - began:.0f} s", flush=True)
        server: dict[str, Any] = {}
        if args.url:
            parts = urlsplit(args.url)
            target = (parts.hostname or "", parts.port or 80, parts.netloc)
            pids = [int(x) for x in args.server_pid.split(",") if x]
            server["cpu"] = loadserver.WorkerCpu(pids) if pids else None
            where = f"{args.url}, a server started elsewhere"
        else:
            port = loadserver.free_port(8341)
            log = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "gunicorn.log"
            gargs = ["--workers", str(args.workers), "--worker-class", args.worker_class]
            env = {
                "DATABASE_URL": url,
                "SECRET_KEY": secrets.token_hex(16),
                "WEB_CONCURRENCY": str(args.workers),
            }
            g = loadserver.Gunicorn(port, gargs + args.gunicorn_arg, env, log, args.app_dir)
            stack.callback(g.stop)
            g.wait_ready()
            server.update(gunicorn=g, cpu=loadserver.WorkerCpu([g.proc.pid]))
            target = ("127.0.0.1", port, f"127.0.0.1:{port}")
            where = (
                f"gunicorn of {args.app_dir}, {args.workers} workers ({args.worker_class}"
                + "".join(f" {a}" for a in args.gunicorn_arg)
                + ")"
            )
        rows = asyncio.run(curve(args, target, username, tables, server))
        db = re.sub(r"//[^@/]*@", "//", url)
        print()
        print_table(
            rows,
            f"bench/load.py: {where}, {db}\n"
            f"  {args.seconds:g} s a step (recovery {min(args.seconds, 20):g} s), timeout "
            f"{args.timeout:g} s, {os.cpu_count()} cores, load average "
            f"{os.getloadavg()[0]:.1f} at the end; a table = 1 scorer (a hand a minute) + "
            f"{FOLLOWERS} followers (a poll every {POLL:g} s)",
        )


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the server and the database were stopped on the way out
        sys.exit("bench/load.py: interrupted; what it started is stopped")
