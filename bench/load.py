"""Load curve: N tables (a scorer, 3 live followers) on gunicorn: .venv/bin/python bench/load.py"""

# A table: one signed-in scorer posting a hand a minute through the JSON API and three phones
# following the live page (bench/loadphones.py). Each step runs that many tables for --seconds
# (and at most --max-requests), then a recovery step of 50 tables shows whether the server
# answers normally again. Loopback only. The server: bench/loadserver.py; the client:
# bench/loadclient.py; the games and the sign-in: bench/loadsetup.py; the table printed:
# bench/loadreport.py.

from __future__ import annotations

import argparse
import asyncio
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
from urllib.parse import urlsplit

try:
    from bench import loadserver
    from bench.loadphones import HAND, POLL, Step, Table, follower, scorer
    from bench.loadreport import pct, print_table
    from bench.loadsetup import FOLLOWERS, setup, sign_in
except ImportError:  # run as a script: this folder is on sys.path
    import loadserver  # type: ignore[no-redef]
    from loadphones import HAND, POLL, Step, Table, follower, scorer  # type: ignore[no-redef]
    from loadreport import pct, print_table  # type: ignore[no-redef]
    from loadsetup import FOLLOWERS, setup, sign_in  # type: ignore[no-redef]


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
