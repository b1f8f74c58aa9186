"""What idle followers cost: N open streams on the streams' server (gunicorn, one gevent worker,
STREAMS=1) for a while, its CPU and memory. .venv/bin/python bench/streams_idle.py [--streams N]"""

# The budget (docs/operations.md, "Capacity"): 10,000 open streams take at most 5 % of a core
# and 200 MB. Nothing changes while they are measured, so what the worker does is what an idle
# room costs: a heartbeat comment per stream every 20 s (web/streams.py) and holding the
# greenlets and sockets. The streams are opened straight to the worker (no nginx: its cost is
# nginx's, and it is measured in bench/load.py), at most --opening at once (a start reads the
# game: opened faster than the worker answers, the starts wait for the database pool, and
# after 30 s of that the worker stops answering gunicorn's heartbeat and is killed), to games
# of a throwaway durable PostgreSQL (bench/loadserver.py); they spread over --games games.
# The CPU of the opening is printed too, per stream: each stream is opened again every
# LIFETIME (web/streams.py), which an idle room pays on top of its heartbeats.

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import secrets
import signal
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

try:
    from bench import loadclient, loadserver
    from bench.loadsetup import setup
except ImportError:  # run as a script: this folder is on sys.path
    import loadclient  # type: ignore[no-redef]
    import loadserver  # type: ignore[no-redef]
    from loadsetup import setup  # type: ignore[no-redef]


def rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Holder:
    """The open streams: each one read to its end (heartbeats), reconnected if it drops."""

    def __init__(self, port: int, opening: int) -> None:
        self.port = port
        self.gate = asyncio.Semaphore(opening)
        self.open = 0
        self.drops = 0
        self.refused = 0
        self.heartbeats = 0

    async def hold(self, path: str) -> None:
        while True:
            stream = loadclient.Stream("127.0.0.1", self.port, f"127.0.0.1:{self.port}", 30)
            async with self.gate:
                try:
                    answer = await stream.open(path, {})
                except (TimeoutError, OSError, EOFError, ValueError):
                    answer = None
            if answer is None or answer.status != 200:
                self.refused += 1
                await asyncio.sleep(2)
                continue
            self.open += 1
            try:
                async for _ in stream.events(idle=60):
                    pass
            except (TimeoutError, loadclient.Closed, OSError, ValueError):
                pass
            finally:
                stream.close()
                self.open -= 1
            self.drops += 1


async def measure(
    port: int, worker: int, paths: list[str], opening: int, seconds: float
) -> dict[str, float]:
    holder = Holder(port, opening)
    began, at_start = time.monotonic(), loadserver._ticks(worker) or 0
    tasks = [asyncio.create_task(holder.hold(path)) for path in paths]
    while holder.open < len(paths) and time.monotonic() < began + 600:
        await asyncio.sleep(0.5)
    opened = time.monotonic() - began
    open_cpu = ((loadserver._ticks(worker) or 0) - at_start) / loadserver.TICK
    await asyncio.sleep(3)  # the last opens settle
    ticks = loadserver._ticks(worker) or 0
    drops = holder.drops
    load = os.getloadavg()[0]
    start, peak = time.monotonic(), 0
    while time.monotonic() < start + seconds:
        await asyncio.sleep(1)
        peak = max(peak, rss_kb(worker))
    wall = time.monotonic() - start
    used = ((loadserver._ticks(worker) or 0) - ticks) / loadserver.TICK
    out = {
        "open": holder.open,
        "opened in s": opened,
        "open ms": 1000 * open_cpu / max(1, holder.open),
        "cpu %": 100 * used / wall,
        "rss MB": peak / 1024,
        "drops": holder.drops - drops,
        "refused": holder.refused,
        "load before": load,
        "load after": os.getloadavg()[0],
        "seconds": wall,
    }
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return out


def interrupted(*_: object) -> None:
    raise KeyboardInterrupt  # SIGTERM cleans up as Ctrl-C does


def main() -> None:
    from scorekeeper.web.streams import LIFETIME

    signal.signal(signal.SIGTERM, interrupted)
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--streams", type=int, default=10000)
    p.add_argument("--seconds", type=float, default=60.0, help="how long they are measured")
    p.add_argument("--games", type=int, default=200, help="the games they follow")
    p.add_argument("--opening", type=int, default=20, help="streams being opened at once")
    p.add_argument("--port", type=int, default=5190, help="first port tried for the server")
    p.add_argument("--pg-port", type=int, default=54361)
    p.add_argument("--database-url", help="use this database instead of a throwaway PostgreSQL")
    args = p.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard < args.streams + 200:
        sys.exit(f"streams_idle.py: {args.streams} streams need {args.streams + 200} files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    with ExitStack() as stack:
        if args.database_url:
            url = args.database_url
        else:
            url, _ = stack.enter_context(
                loadserver.postgres(loadserver.free_port(args.pg_port), 100)
            )
        loadserver.upgrade(url, loadserver.ROOT)
        _, tables, _ = setup(url, args.games)
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-idle-")))
        port = loadserver.free_port(args.port)
        env = {
            "DATABASE_URL": url,
            "SECRET_KEY": secrets.token_hex(16),
            "STREAMS": "1",
            "STREAM_CONNECTIONS": str(args.streams + 500),
        }
        server = loadserver.Gunicorn(port, [], env, tmp / "streams.log", loadserver.ROOT)
        stack.callback(server.stop)
        server.wait_ready()
        time.sleep(1)
        workers = loadserver._descendants(server.proc.pid)
        if len(workers) != 1:
            sys.exit(f"streams_idle.py: expected one worker, found {workers}")
        paths = [
            f"/live/{t.game}/{t.token}/stream?v={t.version}"
            for t in (tables[i % len(tables)] for i in range(args.streams))
        ]
        before = rss_kb(workers[0])
        r = asyncio.run(measure(port, workers[0], paths, args.opening, args.seconds))
        print(
            f"bench/streams_idle.py: {r['open']:,} of {args.streams:,} streams open on one gevent "
            f"worker (opened in {r['opened in s']:.0f} s, {args.opening} at a time, "
            f"{r['open ms']:.1f} ms of CPU each; {r['refused']} refused on the way), "
            f"measured {r['seconds']:.0f} s:\n"
            f"  worker CPU {r['cpu %']:.2f} % of a core (budget 5 %), RSS {r['rss MB']:.0f} MB "
            f"(budget 200 MB; {before / 1024:.0f} MB before the streams), {r['drops']} dropped;"
            f" load average {r['load before']:.1f} -> {r['load after']:.1f} "
            f"({os.cpu_count()} cores, shared)\n"
            f"  reopened every {LIFETIME:g} s (web/streams.py LIFETIME): "
            f"{100 * r['open ms'] / 1000 * args.streams / LIFETIME:.1f} % of a core more"
        )


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # the server and the database were stopped on the way out
        sys.exit("bench/streams_idle.py: interrupted; what it started is stopped")
