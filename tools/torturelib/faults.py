"""The faults: a lying zip bomb, a worker killed under load, a database outage, a master killed."""

from __future__ import annotations

import os
import signal
import threading
import time
import uuid
from functools import partial
from typing import Any

from .client import Client, Tally
from .concurrency import spawn
from .hands import Ctx, post_api
from .inputs import lying_zip
from .servers import Postgres, Server, peak_rss_mb, port_free, until


def bomb(ctx: Ctx, server: Server, fuzzer: Client) -> dict[str, Any]:
    before = {p: peak_rss_mb(p) or 0.0 for p in server.workers()}
    data = lying_zip(ctx.args.bomb_mb)
    replies = [fuzzer.upload("/import", "bomb.zip", data, timeout=120) for _ in range(3)]
    time.sleep(0.5)
    after = {p: peak_rss_mb(p) or 0.0 for p in server.workers()}
    growth = max([after[p] - before[p] for p in after if p in before] or [0.0])
    return {
        "upload bytes": len(data),
        "statuses": [r.status or r.error for r in replies],
        "peak before MB": round(max(before.values() or [0.0])),
        "peak after MB": round(max(after.values() or [0.0])),
        "growth MB": round(growth),
        "workers replaced": len(set(before) - set(after)),
    }


def load(ctx: Ctx, stop: threading.Event, tally: Tally, threads: int = 4) -> list[threading.Thread]:
    """Requests flowing while a fault happens: hand posts (each with its own key) and reads."""
    game = ctx.games["load"]

    def run(i: int) -> None:
        while not stop.is_set():
            if i % 2 == 0:
                r = post_api(
                    ctx, game, ctx.hands.next(), str(uuid.uuid4()), tally=tally, timeout=10
                )
            else:
                r = ctx.owner.get(f"/games/{game}", tally=tally, timeout=10)
            time.sleep(0.02 if r.status else 0.1)  # a refused connection answers at once

    return spawn(run, threads)


def stop_load(stop: threading.Event, threads: list[threading.Thread]) -> None:
    stop.set()
    for t in threads:
        t.join(15)


def kill_worker(ctx: Ctx, server: Server) -> dict[str, Any]:
    tally, stop = Tally(), threading.Event()
    threads = load(ctx, stop, tally)
    time.sleep(1.5)
    victim = server.workers()[0]
    os.kill(victim, signal.SIGKILL)
    replaced = until(lambda: victim not in server.workers() and len(server.workers()) >= 3, 15, 0.1)
    time.sleep(1.5)
    stop_load(stop, threads)
    return {
        **tally.summary(),
        "replaced s": replaced,
        "master alive": server.master_alive(),
        "tally": tally,
    }


def outage(ctx: Ctx, server: Server, pg: Postgres) -> dict[str, Any]:
    """PostgreSQL stopped under load; a worker killed meanwhile, so that its replacement boots
    without the database (it must, and answer 503); then started again."""
    tally, stop = Tally(), threading.Event()
    threads = load(ctx, stop, tally)
    time.sleep(1)
    pg.stop()
    down = time.monotonic()
    time.sleep(0.5)
    before = server.workers()
    forked = time.monotonic()
    if before:
        os.kill(before[0], signal.SIGKILL)
        until(lambda: bool(set(server.workers()) - set(before)), 5, 0.05, since=forked)
        forked = time.monotonic()
    # the database stays away for the outage, and 3 s at least after the new worker's fork
    time.sleep(max(0.0, down + ctx.args.outage - time.monotonic(), forked + 3 - time.monotonic()))
    master_during = server.master_alive()
    pg.start()
    up = time.monotonic()
    probe = Client(server.port, Tally(), ctx.api.bearer)
    game = ctx.games["load"]
    recovery = until(
        lambda: probe.get(f"/api/games/{game}", timeout=5).status == 200,
        ctx.args.recovery_cap,
        0.1,
        since=up,
    )
    time.sleep(2)
    stop_load(stop, threads)
    master_after = server.master_alive()
    return {
        **tally.summary(),
        "down s": round(up - down, 1),
        "master alive": f"{master_during}/{master_after}",
        "master alive after worker replaced": master_during and master_after,
        # serving again only counts if it stays up (a master may die a moment later)
        "recovery s": recovery if master_after else None,
        "tally": tally,
    }


def watch_port(server: Server, cap: float, out: dict[str, Any]) -> threading.Thread:
    """kill -9 of the master, then the seconds until its port can be bound again (a thread)."""
    os.kill(server.pid, signal.SIGKILL)
    killed = time.monotonic()

    def run() -> None:
        freed = until(partial(port_free, server.port), cap, 0.2, since=killed)
        out["port freed s"] = f">{cap:g}" if freed is None else freed

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t
