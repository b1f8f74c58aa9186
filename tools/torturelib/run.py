"""The run: per database a server, accounts and games, then every phase; cleanup on any exit."""

from __future__ import annotations

import argparse
import dataclasses
import glob
import os
import random
import secrets
import shutil
import signal
import sys
import threading
import time
from typing import Any

from .client import Client, Tally, api_token, grab, sign_up
from .concurrency import concurrency
from .faults import bomb, kill_worker, outage, watch_port
from .fuzz import fuzz
from .hands import Ctx, Hands, Ledger, new_game_api, new_game_form
from .inputs import bad_zips
from .report import verdict
from .servers import CLEANUP, Postgres, Server, schema_up, tempdir


def step(text: str) -> None:
    print(f"  [{time.strftime('%H:%M:%S')}] {text}", flush=True)


def run_database(
    args: argparse.Namespace, kind: str, seed: int
) -> tuple[dict[str, Any], threading.Thread]:
    started = time.monotonic()
    print(f"\n== {kind}", flush=True)
    work = tempdir(f"torture-{kind}.")
    if args.logs:  # before the temp dir goes (CLEANUP runs backwards)
        CLEANUP.append(lambda: _keep_logs(work, args.logs, kind))
    pg = Postgres() if kind == "postgresql" else None
    url = pg.url if pg else "sqlite:///" + os.path.join(work, "scorekeeper.sqlite")
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32)}
    env["PYTHONPATH"] = args.repo + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("TEST_DATABASE_URL", None)
    result: dict[str, Any] = {"database": kind, "schema step": schema_up(args.repo, args.venv, env)}
    server = Server(args.repo, args.venv, env, work)
    step(f"gunicorn pid {server.pid} on 127.0.0.1:{server.port}, workers {server.workers()}")
    tally, ledger = Tally(), Ledger()
    owner = sign_up(server.port, tally, f"owner-{secrets.token_hex(3)}")
    api = Client(server.port, tally, api_token(owner))
    fuzzer = sign_up(server.port, tally, f"fuzz-{secrets.token_hex(3)}")
    fuzzer.bearer = api_token(fuzzer)
    ctx = Ctx(args, server.port, tally, Hands(seed), ledger, owner, api, rng=random.Random(seed))
    ctx.games = {"api": new_game_api(api), "form": new_game_form(owner), "load": new_game_api(api)}
    fuzz_api = Client(server.port, tally, fuzzer.bearer)
    ctx.games["fuzz"] = new_game_api(fuzz_api)
    fuzz_api.json(f"/api/games/{ctx.games['fuzz']}/hands", ctx.hands.next())
    ctx.games["player"] = int(grab(r'href="/players/(\d+)"', fuzzer.get("/players/").text, "1"))

    step("concurrency")
    result["concurrency"] = concurrency(ctx)
    step(f"fuzz: {len(bad_zips(ctx.rng))} broken uploads, {args.fuzz} hostile requests")
    # the fuzzer's own account and token, the same games, hands, ledger and random stream
    result["fuzz requests"] = fuzz(dataclasses.replace(ctx, owner=fuzzer, api=fuzz_api), fuzzer)
    step(f"lying zip bomb ({args.bomb_mb} MB inflated) x3")
    result["bomb"] = bomb(ctx, server, fuzzer)
    step("kill -9 one worker under load")
    faults = Tally()
    killed = kill_worker(ctx, server)
    faults.merge(killed.pop("tally"))
    result["worker kill"] = killed
    if pg is not None:
        step(f"PostgreSQL stopped for {args.outage:g} s under load, a worker replaced meanwhile")
        down = outage(ctx, server, pg)
        result["outage"] = {k: v for k, v in down.items() if k != "tally"}
        outage_tally: Tally = down["tally"]
        faults.merge(outage_tally)
    reader = server
    if not server.master_alive():
        step("the master is gone: a fresh gunicorn to read the games back")
        reader = Server(args.repo, args.venv, env, work)
    back = Client(reader.port, Tally(), api.bearer)
    acked, lost, dup, per_game = ledger.check(back)
    result.update(acknowledged=acked, lost=lost, duplicated=dup)
    names = {v: k for k, v in ctx.games.items()}
    result["lost per game"] = {names.get(g, str(g)): n for g, n in per_game.items()}
    result["tracebacks in log"] = server.tracebacks()
    step("kill -9 the master")
    ports: dict[str, Any] = {}
    watcher = watch_port(reader, args.port_cap, ports)
    result["port"] = ports
    total = Tally()
    total.merge(tally)
    result["totals"] = total.summary()
    result["5xx reproducers"] = total.repro
    result["faults"] = faults.summary()
    result["fault reproducers"] = faults.repro
    if pg is not None:
        result["outage 5xx other than 503"] = outage_tally.server_errors - outage_tally.s503
    result["seconds"] = round(time.monotonic() - started)
    return result, watcher


def _keep_logs(work: str, dest: str, kind: str) -> None:
    os.makedirs(dest, exist_ok=True)
    for log in glob.glob(os.path.join(work, "gunicorn-*.log")):
        shutil.copy(log, os.path.join(dest, f"{kind}-{os.path.basename(log)}"))


class Overtime(BaseException):
    """The run went past --timeout. Not an OSError (TimeoutError is one, and the client takes
    those for a failed request), nor an Exception that a cleanup step would swallow."""


def _overtime(*_: Any) -> None:
    raise Overtime("the run went past --timeout")


def main(args: argparse.Namespace) -> int:
    """Every database in --db in turn, the cleanup, then the verdict: the exit code."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    # Ctrl-C cleans up even when started in the background (which inherits SIGINT ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGALRM, _overtime)  # a hung server cannot keep the run going
    signal.alarm(int(args.timeout or (300 if args.quick else 600)))
    started = time.monotonic()
    results, watchers = [], []
    try:
        for i, kind in enumerate(k.strip() for k in args.db.split(",")):
            result, watcher = run_database(args, kind, args.seed + i)
            results.append(result)
            watchers.append(watcher)
        if watchers:
            step("waiting for the killed masters' ports")
        for w in watchers:
            w.join(args.port_cap + 5)
    except KeyboardInterrupt:
        print("\ninterrupted: cleaning up", file=sys.stderr)
        return 130
    except Overtime as e:
        print(f"\nstopped: {e}; cleaning up", file=sys.stderr)
        return 1
    finally:
        for undo in reversed(CLEANUP):
            try:
                undo()
            except Exception as e:  # cleanup goes on whatever one step says
                print(f"cleanup: {e}", file=sys.stderr)
    return verdict(results, args.mem_limit, args.json, started)
