"""Load curve, as phones meet it: nginx, gunicorn (pages) and a streams server on a durable
PostgreSQL; N tables a step. .venv/bin/python bench/load.py [--tables 500,1000] [--poll]"""

# A table: one signed-in scorer logging a hand a minute through the hand form (GET the form,
# POST it, GET the board) and three phones on its live view, each holding a stream and asking
# for the state once per change (bench/loadphones.py). The server is what a club would run
# (docs/operations.md): PostgreSQL at its default durability, gunicorn with 2 sync workers for
# the pages, one gevent worker for the streams (STREAMS=1), nginx in front refusing at once
# what would queue (bench/loadnginx.py). The tables of a step stay for the next, bigger one
# (their followers keep their streams; the new ones join within --join seconds); after the
# last step the load drops to --recovery-tables and the bench reports how long the server took
# to answer normally again. Before the curve: the cold path (a long game's board from workers
# that have not seen it) and a Save whose answer was lost, sent again. With --poll the curve
# runs a second time with followers polling every 3 s, as before push, for comparison.
# Loopback only. The server: bench/loadserver.py, bench/loadnginx.py; the phones:
# bench/loadphones.py over bench/loadclient.py; the games: bench/loadsetup.py; the table
# printed: bench/loadreport.py.

from __future__ import annotations

import argparse
import asyncio
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
from urllib.parse import urlencode

try:
    from bench import loadnginx, loadserver
    from bench.loadphones import Run, Table, follower, form_fields, kept, poller, scorer, text
    from bench.loadreport import pct, print_table
    from bench.loadsetup import COLD_HANDS, FOLLOWERS, lines_stored, setup, sign_in
except ImportError:  # run as a script: this folder is on sys.path
    import loadnginx  # type: ignore[no-redef]
    import loadserver  # type: ignore[no-redef]
    from loadphones import (  # type: ignore[no-redef]
        Run,
        Table,
        follower,
        form_fields,
        kept,
        poller,
        scorer,
        text,
    )
    from loadreport import pct, print_table  # type: ignore[no-redef]
    from loadsetup import (  # type: ignore[no-redef]
        COLD_HANDS,
        FOLLOWERS,
        lines_stored,
        setup,
        sign_in,
    )


class Servers:
    """What the bench started, for CPU: the pages' gunicorn, the streams' one, PostgreSQL."""

    def __init__(self, pages: int, streams: int, postgres: int | None, pages_port: int) -> None:
        self.cpu = {
            "pages": loadserver.WorkerCpu([pages]),
            "streams": loadserver.WorkerCpu([streams]),
            "pg": loadserver.WorkerCpu([postgres] if postgres else []),
        }
        self.pages_port = pages_port

    def mark(self) -> dict[str, dict[int, int]]:
        return {k: c.mark() for k, c in self.cpu.items()}

    def since(self, mark: dict[str, dict[int, int]]) -> dict[str, float]:
        return {k: c.since(mark[k])[0] for k, c in self.cpu.items()}

    def sample(self) -> None:
        for c in self.cpu.values():
            c.sample()


def start_tables(run: Run, tables: list[Table], poll: bool, join: float) -> None:
    """The phones of the tables not yet at work: a scorer and FOLLOWERS followers each."""
    for t in tables:
        if t.tasks:
            continue
        t.tasks.append(asyncio.create_task(scorer(run, t)))
        for _ in range(FOLLOWERS):
            if poll:
                etag = f'"{t.game}-{t.version}"'  # the page carries the version it shows
                t.tasks.append(asyncio.create_task(poller(run, t, etag)))
            else:
                t.tasks.append(asyncio.create_task(follower(run, t, join)))


async def stop_tables(tables: list[Table]) -> None:
    tasks = [task for t in tables for task in t.tasks]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for t in tables:
        t.tasks.clear()


async def step(
    run: Run, servers: Servers, seconds: float, label: str, tables: int
) -> dict[str, Any]:
    """One step of `seconds` with what is running; the row of its figures."""
    load_before = os.getloadavg()[0]
    mark = servers.mark()
    gen = time.process_time()
    run.new_step()
    began = time.monotonic()
    queue = 0
    while time.monotonic() < began + seconds:
        await asyncio.sleep(0.5)
        servers.sample()
        queue = max(queue, loadserver.accept_queue(servers.pages_port))
    wall = time.monotonic() - began
    t = run.new_step()
    cpu = servers.since(mark)
    answered = sum(t.statuses.values())
    writes = t.times.get("write", [])
    row: dict[str, Any] = {
        "label": label,
        "tables": tables,
        "requests": answered + t.timeouts + t.refused,
        "rps": answered / wall,
        "write p95": pct(writes, 0.95),
        "write p99": pct(writes, 0.99),
        "writes": len(writes),
        "push p95": pct(t.push_ms(), 0.95),
        "push p50": pct(t.push_ms(), 0.5),
        "pushes": len(t.push_ms()),
        "save push p95": pct(t.push_ms(since=0), 0.95),
        "page p95": pct(t.times.get("page", []), 0.95),
        "state p95": pct(t.times.get("state", []), 0.95),
        "stream p95": pct(t.times.get("stream", []), 0.95),
        "errors": t.timeouts + t.refused + t.server_errors + t.unexpected,
        "timeouts": t.timeouts,
        "refused": t.refused,
        "5xx": t.server_errors,
        "unexpected": t.unexpected,
        "503": t.statuses.get(503, 0),
        "cpu ms/req": 1000 * sum(cpu.values()) / max(1, answered),
        # the cores the server used, and the tables each would carry at that rate
        "tables/core": tables / max(1e-9, sum(cpu.values()) / wall),
        "cpu": cpu,
        "wall": wall,
        "gen %": 100 * (time.process_time() - gen) / wall,
        "load": (load_before, os.getloadavg()[0]),
        "queue": queue,
        "last bad": t.last_bad,
        "retries": t.retries,
        "retried stored": t.retried_stored,
        "fallbacks": t.fallbacks,
        "busy": t.busy,
        "events": t.events,
        "drops": t.drops,
    }
    print(  # the whole row at once: a run cut short keeps what it measured
        f"[{label}] {row['rps']:.0f} req/s, writes p95 {row['write p95']:.0f} ms p99 "
        f"{row['write p99']:.0f} ms, push p95 {row['push p95']:.0f} ms, pages p95 "
        f"{row['page p95']:.0f} ms, {row['errors']} errors, {row['503']} 503 "
        f"{dict(sorted(t.busy.items()))}, CPU {row['cpu ms/req']:.2f} ms/answer "
        f"({row['tables/core']:.0f} tables/core), load {load_before:.1f}->{row['load'][1]:.1f}",
        flush=True,
    )
    return row


async def curve(
    run: Run, servers: Servers, tables: list[Table], args: argparse.Namespace, poll: bool
) -> list[dict[str, Any]]:
    rows = []
    mode = "poll" if poll else "push"
    for n in args.tables:
        # the new tables' followers open their pages and streams at --join-rate a second, and
        # the step is measured once they are in: a steady room, not its arrival
        joining = FOLLOWERS * sum(1 for t in tables[:n] if not t.tasks) / args.join_rate
        run.new_step()
        start_tables(run, tables[:n], poll, 0.0 if poll else joining)
        if not poll:
            await asyncio.sleep(joining + 2)
            t = run.new_step()
            print(
                f"[{n} {mode}] joined in {joining:.0f} s: {t.busy.get('stream', 0)} streams and "
                f"{t.busy.get('page', 0)} pages refused (503), {t.fallbacks} followers polling, "
                f"{t.timeouts + t.refused + t.server_errors} errors",
                flush=True,
            )
        rows.append(await step(run, servers, args.seconds, f"{n} {mode}", n))
    # the load drops: the tables beyond --recovery-tables leave at once
    await stop_tables(tables[args.recovery_tables :])
    row = await step(run, servers, args.recovery_seconds, f"recovery {mode}", args.recovery_tables)
    row["recovery s"] = row["last bad"] or 0.0
    rows.append(row)
    await stop_tables(tables)
    return rows


async def cold_path(
    run: Run, servers: Servers, games: list[int]
) -> list[tuple[float, float, float]]:
    """(worker CPU ms, PostgreSQL CPU ms, wall ms) of each long game's board, asked for the
    first time: no worker has seen the game, so it is read and replayed whole."""
    out = []
    for game in games:
        client = run.client()
        mark = servers.mark()
        began = time.monotonic()
        answer = await client.request("GET", f"/games/{game}", {"Cookie": run.cookie})
        wall = (time.monotonic() - began) * 1000
        client.close()
        if answer.status != 200:
            raise RuntimeError(f"the long game's board answered {answer.status}")
        cpu = servers.since(mark)
        out.append((1000 * cpu["pages"], 1000 * cpu["pg"], wall))
    return out


async def lost_answer(run: Run, table: Table, database_url: str) -> str:
    """A Save whose answer never reached the phone (the request stored, the connection cut
    before the answer), then sent again with the same fields: what the retry is told and what
    the database holds."""
    client = run.client()
    base = f"/games/{table.game}/hands/new"
    cookie = {"Cookie": run.cookie}
    form = await client.request("GET", base, cookie)
    kept(form, cookie)
    body = urlencode(form_fields(text(form), table.lines[table.next]), doseq=True).encode()
    before = lines_stored(database_url, [table]).get(table.game, 0)
    head = (
        f"POST {base} HTTP/1.1\r\nHost: {run.host_header}\r\nCookie: {cookie['Cookie']}\r\n"
        f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    reader, writer = await asyncio.open_connection(run.host, run.port)
    writer.write(head.encode() + body)
    await writer.drain()
    for _ in range(100):  # until it is stored; the answer is never read
        if lines_stored(database_url, [table]).get(table.game, 0) > before:
            break
        await asyncio.sleep(0.1)
    writer.transport.abort()
    stored_first = lines_stored(database_url, [table]).get(table.game, 0) - before
    answer = await client.request(
        "POST",
        base,
        {**cookie, "Content-Type": "application/x-www-form-urlencoded"},
        body,
    )
    client.close()
    after = lines_stored(database_url, [table]).get(table.game, 0) - before
    table.posted += 1
    table.next += 1
    return (
        f"a Save whose answer was lost ({stored_first} line stored by it), sent again: "
        f"{answer.status} to {answer.headers.get('location', '-')}; lines added in all: {after}"
        + (" (stored once)" if after == 1 else " (WRONG)")
    )


async def main_async(
    args: argparse.Namespace,
    target: tuple[str, int, str],
    username: str,
    tables: list[Table],
    long_games: list[int],
    servers: Servers,
    url: str,
) -> tuple[list[dict[str, Any]], list[str]]:
    cookie = await sign_in(target, username)
    run = Run(target, args.timeout, cookie)
    notes = []
    if long_games:
        cold = await cold_path(run, servers, long_games)
        w = sorted(c[0] for c in cold)
        notes.append(
            f"cold path: the board of a {COLD_HANDS:,}-hand game from workers that had not seen "
            f"it: worker CPU {', '.join(f'{c[0]:.0f}' for c in cold)} ms "
            f"(median {w[len(w) // 2]:.0f}),"
            f" PostgreSQL {', '.join(f'{c[1]:.0f}' for c in cold)} ms, wall "
            f"{', '.join(f'{c[2]:.0f}' for c in cold)} ms; load average {os.getloadavg()[0]:.1f}"
        )
        print(notes[-1], flush=True)
    notes.append(await lost_answer(run, tables[0], url))
    print(notes[-1], flush=True)
    rows = await curve(run, servers, tables, args, poll=False)
    if args.poll:
        await asyncio.sleep(5)
        rows += await curve(run, servers, tables, args, poll=True)
    return rows, notes


def interrupted(*_: object) -> None:
    raise KeyboardInterrupt  # SIGTERM cleans up as Ctrl-C does


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--tables", default="500,1000,2500,5000", help="steps, comma-separated")
    p.add_argument("--seconds", type=float, default=60.0, help="duration of each step")
    p.add_argument("--quick", action="store_true", help="smoke run: 20,50 tables, 10 s each")
    p.add_argument("--poll", action="store_true", help="then the same curve with polling")
    p.add_argument("--timeout", type=float, default=10.0, help="per request, seconds")
    p.add_argument(
        "--join-rate", type=float, default=40.0, help="followers joining a second (unmeasured)"
    )
    p.add_argument("--recovery-tables", type=int, default=50)
    p.add_argument("--recovery-seconds", type=float, default=20.0)
    p.add_argument("--cold", type=int, default=3, help="long games for the cold path (0: none)")
    p.add_argument("--workers", type=int, default=2, help="the pages' sync workers")
    p.add_argument("--page-slots", type=int, default=24, help="page requests in flight past nginx")
    p.add_argument("--write-slots", type=int, default=64, help="writes in flight past nginx")
    p.add_argument("--max-streams", type=int, default=12000, help="open streams past nginx")
    p.add_argument("--stream-rate", type=int, default=100, help="new streams a second")
    p.add_argument("--stream-burst", type=int, default=300, help="beyond the rate, at once")
    p.add_argument("--database-url", help="use this database instead of a throwaway PostgreSQL")
    p.add_argument(
        "--app-dir", type=Path, default=loadserver.ROOT, help="the project copy to serve"
    )
    p.add_argument("--port", type=int, default=5180, help="first port tried for the servers")
    p.add_argument("--pg-port", type=int, default=54341, help="first port tried for PostgreSQL")
    args = p.parse_args()
    if args.quick:
        args.tables, args.seconds, args.recovery_seconds = "20,50", 10.0, 10.0
    args.tables = sorted(int(n) for n in args.tables.split(","))
    args.recovery_tables = min(args.recovery_tables, args.tables[-1])
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket per simulated phone
    signal.signal(signal.SIGTERM, interrupted)
    args.app_dir = args.app_dir.resolve()
    sys.path.insert(0, str(args.app_dir))  # the setup's scorekeeper is the one served
    with ExitStack() as stack:
        pg_pid = None
        if args.database_url:
            url = args.database_url
        else:
            url, pg_pid = stack.enter_context(
                loadserver.postgres(loadserver.free_port(args.pg_port), 300)
            )
        loadserver.upgrade(url, args.app_dir)
        began = time.monotonic()
        username, tables, long_games = setup(url, args.tables[-1], args.cold)
        print(f"setup: {len(tables)} games in {time.monotonic() - began:.0f} s", flush=True)
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-load-")))
        pages_port = loadserver.free_port(args.port)
        streams_port = loadserver.free_port(pages_port + 1)
        front = loadserver.free_port(streams_port + 1)
        env = {"DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(16)}
        pages = loadserver.Gunicorn(
            pages_port,
            ["--workers", str(args.workers), "--worker-class", "sync"],
            {**env, "WEB_CONCURRENCY": str(args.workers)},
            tmp / "pages.log",
            args.app_dir,
        )
        stack.callback(pages.stop)
        streams = loadserver.Gunicorn(
            streams_port,
            [],
            {**env, "STREAMS": "1", "STREAM_CONNECTIONS": str(args.max_streams + 500)},
            tmp / "streams.log",
            args.app_dir,
        )
        stack.callback(streams.stop)
        pages.wait_ready()
        streams.wait_ready()
        conf = loadnginx.config(
            tmp / "nginx",
            front,
            pages_port,
            streams_port,
            args.page_slots,
            args.write_slots,
            args.max_streams,
            args.stream_rate,
            args.stream_burst,
        )
        nginx = loadnginx.Nginx(tmp / "nginx", conf)
        stack.callback(nginx.stop)
        servers = Servers(pages.proc.pid, streams.proc.pid, pg_pid, pages_port)
        target = ("127.0.0.1", front, f"127.0.0.1:{front}")
        rows, notes = asyncio.run(
            main_async(args, target, username, tables, long_games, servers, url)
        )
        stored = lines_stored(url, tables)
        wrong = [
            t.game
            for t in tables
            if not (t.lines_before + t.posted <= stored.get(t.game, 0) <= t.lines_before + t.next)
        ]  # a Save cut off when its table left, or refused, may be in or not; never twice
        notes.append(
            f"the database after the run: {sum(t.posted for t in tables):,} hands posted, "
            + (
                f"{len(wrong)} games with a line missing or doubled: {wrong[:10]}"
                if wrong
                else "every game holds exactly its hands (no duplicate, none lost)"
            )
        )
        timeouts = pages.count("WORKER TIMEOUT") + streams.count("WORKER TIMEOUT")
        if timeouts:
            notes.append(f"{timeouts} WORKER TIMEOUT in gunicorn's logs")
        db = re.sub(r"//[^@/]*@", "//", url)
        print()
        print_table(
            rows,
            f"bench/load.py: nginx -> gunicorn of {args.app_dir} ({args.workers} sync workers; "
            f"1 gevent worker for the streams), {db} (durable: fsync on)\n"
            f"  {args.seconds:g} s a step once its new followers joined ({args.join_rate:g} a "
            f"second); recovery: "
            f"{args.recovery_tables} tables for {args.recovery_seconds:g} s; timeout "
            f"{args.timeout:g} s; {os.cpu_count()} cores; nginx: {args.page_slots} pages and "
            f"{args.write_slots} writes in flight, {args.max_streams} streams, "
            f"{args.stream_rate}/s new (burst {args.stream_burst})\n"
            f"  a table = 1 scorer (a hand a minute through the form) + {FOLLOWERS} followers",
            notes,
        )


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the servers and the database were stopped on the way out
        sys.exit("bench/load.py: interrupted; what it started is stopped")
