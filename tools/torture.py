#!/usr/bin/env python3
"""Torture run (issue 11): concurrency, fuzz and faults on a real gunicorn, SQLite and PostgreSQL.

    python3 tools/torture.py                  # both databases: ~2 min on 2 idle cores
    python3 tools/torture.py --quick          # fewer threads and inputs: ~1 min
    python3 tools/torture.py --db sqlite --json out.json --repo /path/to/checkout

Standard library only; it talks HTTP to 127.0.0.1 and starts everything itself: per database a
schema step (`scorekeeper upgrade`, else `scorekeeper db upgrade`, else create_app's own), then
`gunicorn -w 3` (with the repo's gunicorn.conf.py if there is one) from <repo>/.venv or
/work/main/.venv, with PYTHONPATH=<repo> so that the code under test is what runs. PostgreSQL is
a throwaway cluster (initdb in a temp dir, a free port, as the postgres user when run as root);
no other server is touched. Every process and temp dir is removed on exit, Ctrl-C or error.

It counts requests, 5xx, connection errors, hands acknowledged but not stored (lost) or stored
twice (duplicated), 503s while PostgreSQL is stopped and the seconds until it serves again, the
seconds until the port is free after `kill -9` of the master, and the workers' peak RSS before
and after a lying zip bomb. Exit 1 if any 5xx (but the outage's 503s), connection error outside
the faults, lost or duplicated hand, a master that died or did not recover, or a bomb that grew a
worker by more than --mem-limit MB; so it can gate a release. Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import glob
import http.client
import io
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
import zipfile
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import quote, urlencode

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANT, PLAYERS = "pl-3", ["Ala", "Bartek", "Celina"]
CLEANUP: list[Callable[[], None]] = []  # run in reverse on every exit


# --- HTTP ---------------------------------------------------------------------------------


@dataclass
class Reply:
    status: int  # 0: no answer (refused, reset, timed out)
    headers: dict[str, str]
    body: bytes
    error: str = ""
    at: float = 0.0

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


@dataclass
class Tally:
    """Counts of one phase; `repro` keeps, per answer and route, a count and the first
    request that got it (the 5xx and the unanswered), as reproducers."""

    requests: int = 0
    ok: int = 0
    client_errors: int = 0
    server_errors: int = 0
    conn_errors: int = 0
    s503: int = 0
    s503_retry_after: int = 0
    s500: int = 0
    s503_api_not_json: int = 0
    repro: dict[str, list[Any]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def add(self, reply: Reply, what: str) -> None:
        with self.lock:
            self.requests += 1
            if reply.status == 0:
                self.conn_errors += 1
            elif reply.status < 400:
                self.ok += 1
            elif reply.status < 500:
                self.client_errors += 1
            else:
                self.server_errors += 1
                self.s500 += reply.status == 500
                if reply.status == 503:
                    self.s503 += 1
                    self.s503_retry_after += "retry-after" in reply.headers
                    if " /api/" in f" {what}" and "json" not in reply.headers.get(
                        "content-type", ""
                    ):
                        self.s503_api_not_json += 1  # an API client needs JSON (point 7)
            if reply.status == 0 or reply.status >= 500:
                method, path = (what.split(" ") + ["", ""])[:2]
                route = f"{reply.status or reply.error} {method} " + re.sub(
                    r"\d+", "N", path.split("?")[0]
                )
                self.repro.setdefault(route, [0, what])
                self.repro[route][0] += 1

    def merge(self, other: Tally) -> None:
        for name in ("requests", "ok", "client_errors", "server_errors", "conn_errors"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("s503", "s503_retry_after", "s500", "s503_api_not_json"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for route, (count, first) in other.repro.items():
            self.repro.setdefault(route, [0, first])
            self.repro[route][0] += count

    def summary(self) -> dict[str, int]:
        keys = ("requests", "ok", "client_errors", "server_errors", "conn_errors")
        more = ("s503", "s503_retry_after", "s500", "s503_api_not_json")
        return {k: getattr(self, k) for k in keys + more}


def short(data: Any, limit: int = 160) -> str:
    text = repr(data)
    return text if len(text) <= limit else text[:limit] + f"...({len(text)} chars)"


class Client:
    """One browser or program: its cookies, its CSRF token, and the tally it reports to."""

    def __init__(self, port: int, tally: Tally, bearer: str | None = None) -> None:
        self.port, self.tally, self.bearer = port, tally, bearer
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.lock = threading.Lock()

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, Any] | None = None,
        what: str = "",
        timeout: float = 30,
        tally: Tally | None = None,
    ) -> Reply:
        h: dict[str, Any] = {"Accept-Language": "en", **(headers or {})}
        with self.lock:
            if self.cookies:
                h["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if self.bearer and path.startswith("/api/"):
            h["Authorization"] = f"Bearer {self.bearer}"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            try:
                conn.request(method, path, body=body, headers=h)
            except (BrokenPipeError, ConnectionResetError):
                pass  # answered (413) before the whole body was read: read that answer
            r = conn.getresponse()
            reply = Reply(r.status, {k.lower(): v for k, v in r.getheaders()}, r.read())
            for cookie in r.headers.get_all("Set-Cookie") or []:
                name, _, rest = cookie.partition("=")
                value = rest.split(";", 1)[0]
                with self.lock:
                    if value and "max-age=0" not in cookie.lower():
                        self.cookies[name.strip()] = value
                    else:
                        self.cookies.pop(name.strip(), None)
        except (OSError, http.client.HTTPException) as e:
            reply = Reply(0, {}, b"", type(e).__name__)
        finally:
            conn.close()
        reply.at = time.monotonic()
        (tally or self.tally).add(reply, what or f"{method} {path} {short(body)}")
        return reply

    def get(self, path: str, **kw: Any) -> Reply:
        return self.request("GET", path, **kw)

    def form(self, path: str, fields: Any, **kw: Any) -> Reply:
        """A form post with this session's CSRF token (unless `fields` brings its own)."""
        pairs = list(fields.items()) if isinstance(fields, dict) else list(fields)
        if not any(k == "csrf_token" for k, _ in pairs):
            pairs.insert(0, ("csrf_token", self.csrf))
        body = urlencode(pairs, doseq=True, errors="surrogatepass").encode()
        shown = [(k, v) for k, v in pairs if k != "csrf_token"]
        kw.setdefault("what", f"POST {path} form {short(shown)}")
        ctype = {"Content-Type": "application/x-www-form-urlencoded"}
        return self.request("POST", path, body, ctype, **kw)

    def json(self, path: str, data: Any, headers: dict[str, Any] | None = None, **kw: Any) -> Reply:
        body = data if isinstance(data, bytes) else json.dumps(data).encode()
        kw.setdefault("what", f"POST {path} json {short(body)}")
        h = {"Content-Type": "application/json", **(headers or {})}
        return self.request("POST", path, body, h, **kw)

    def upload(self, path: str, filename: str, data: bytes, **kw: Any) -> Reply:
        boundary = "torture" + secrets.token_hex(8)
        body = (
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
                f"{self.csrf}\r\n--{boundary}\r\n"
                f'Content-Disposition: form-data; name="file"; filename="{filename}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n"
            ).encode()
            + data
            + f"\r\n--{boundary}--\r\n".encode()
        )
        kw.setdefault("what", f"POST {path} upload {filename} ({len(data)} B)")
        h = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        return self.request("POST", path, body, h, **kw)

    def take_csrf(self, reply: Reply) -> str:
        found = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', reply.text)
        if found:
            self.csrf = found.group(1)
        return self.csrf


def together(jobs: Sequence[Callable[[], Any]]) -> list[Any]:
    """Runs the jobs in threads released at the same moment (a barrier): a double tap."""
    barrier, out = threading.Barrier(len(jobs)), [None] * len(jobs)

    def run(i: int) -> None:
        barrier.wait()
        out[i] = jobs[i]()

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return out


def pool(jobs: Iterable[Callable[[], Any]], threads: int, seconds: float) -> int:
    """Runs the jobs on `threads` threads, as they come, none started after `seconds`;
    how many ran."""
    queue, lock, done = iter(jobs), threading.Lock(), [0]
    deadline = time.monotonic() + seconds

    def run() -> None:
        while time.monotonic() < deadline:
            with lock:
                job = next(queue, None)
                done[0] += job is not None
            if job is None:
                return
            job()

    workers = [threading.Thread(target=run, daemon=True) for _ in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    return done[0]


# --- processes ----------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def port_free(port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn binds
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (gunicorn's workers)."""
    found = []
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.split("/")[2]))
    return sorted(found)


def peak_rss_mb(pid: int) -> float | None:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def tempdir(prefix: str) -> str:
    path = tempfile.mkdtemp(prefix=prefix)
    CLEANUP.append(lambda: shutil.rmtree(path, ignore_errors=True))
    return path


class Postgres:
    """A throwaway cluster of its own: initdb in a temp dir, loopback, a free port."""

    def __init__(self) -> None:
        self.bin = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version)[-1]
        self.root = tempdir("torture-pg.")
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
        self.port = free_port()
        self.data = os.path.join(self.root, "data")
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/scorekeeper"
        self._run("initdb", "-D", self.data, "-U", "postgres", "-A", "trust", "-E", "UTF8")
        CLEANUP.append(self.stop)
        self.start()
        self._run(
            "createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "scorekeeper"
        )

    def _run(self, tool: str, *args: str) -> None:
        cmd = [os.path.join(self.bin, tool), *args]
        if tool == "initdb":
            cmd += ["--locale=C.UTF-8", "--no-sync"]
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, cwd="/", check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        opts = f"-k {self.root} -h 127.0.0.1 -p {self.port} -c fsync=off -c full_page_writes=off"
        log = os.path.join(self.root, "server.log")
        self._run("pg_ctl", "-D", self.data, "-l", log, "-w", "-t", "60", "-o", opts, "start")

    def stop(self) -> None:
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self._run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "-t", "30", "stop")


def _version(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", path))


class Server:
    """gunicorn -w 3 on a free port, in a process group of its own (orphans die with it)."""

    def __init__(self, repo: str, venv: str, env: dict[str, str], workdir: str) -> None:
        self.port = free_port()
        self.log = os.path.join(workdir, f"gunicorn-{self.port}.log")
        cmd = [os.path.join(venv, "bin", "gunicorn")]
        conf = os.path.join(repo, "gunicorn.conf.py")
        if os.path.exists(conf):
            cmd += ["-c", conf]
        else:
            cmd += ["--timeout", "30"]
        cmd += ["-w", "3", "-b", f"127.0.0.1:{self.port}", "scorekeeper:create_app()"]
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                cmd, cwd=repo, env=env, stdout=log, stderr=log, start_new_session=True
            )
        self.pid = self.proc.pid
        CLEANUP.append(self.kill)
        deadline = time.monotonic() + 90
        probe = Client(self.port, Tally())
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"gunicorn exited at start:\n{self.log_tail()}")
            if probe.get("/ping", timeout=5).status == 200 and len(self.workers()) >= 3:
                return
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer in 90 s:\n{self.log_tail()}")

    def workers(self) -> list[int]:
        return [p for p in children(self.pid) if alive(p)]

    def master_alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        """TERM the master, then KILL its whole group (orphaned workers too)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            pass

    def log_tail(self, lines: int = 15) -> str:
        with open(self.log, errors="replace") as f:
            return "".join(f.readlines()[-lines:])

    def tracebacks(self) -> int:
        with open(self.log, errors="replace") as f:
            return f.read().count("Traceback (most recent call last)")


def schema_up(repo: str, venv: str, env: dict[str, str]) -> str:
    """The deployment's schema step: `scorekeeper upgrade` if the app has one, else Flask-
    Migrate's `db upgrade`, else nothing (create_app migrates in each worker)."""
    exe = os.path.join(venv, "bin", "scorekeeper")
    run = dict(cwd=repo, env=env, capture_output=True, text=True, timeout=180)
    helptext = subprocess.run([exe, "--help"], **run).stdout  # type: ignore[call-overload]
    if re.search(r"^\s+upgrade\b", helptext, re.M):
        step = ["upgrade"]
    elif re.search(r"^\s+db\b", helptext, re.M):
        step = ["db", "upgrade", "-d", os.path.join(repo, "scorekeeper", "migrations")]
    else:
        return "create_app"
    done = subprocess.run([exe, *step], **run)  # type: ignore[call-overload]
    if done.returncode:
        raise RuntimeError(f"scorekeeper {' '.join(step)} failed:\n{done.stderr[-2000:]}")
    return "scorekeeper " + " ".join(step[:2])


# --- hands and who stored them --------------------------------------------------------------


class Hands:
    """Valid pl-3 hands, each different, in any order: bid 110 by seat k % 3 (any seat may
    outbid the forced 100), declarer 50-109 card points (so the contract fails and nobody nears
    the lock or the target), the rest split between the defenders, never 1 or 119; ~7,000."""

    def __init__(self, seed: int) -> None:
        combos = [
            (a, b, 120 - a - b)
            for a in range(50, 110)
            for b in range(0, 121 - a)
            if 1 not in (b, 120 - a - b)
        ]
        random.Random(seed).shuffle(combos)
        self.combos, self.count, self.lock = combos, 0, threading.Lock()

    def next(self) -> dict[str, Any]:
        with self.lock:
            k, self.count = self.count, self.count + 1
        if k // 3 >= len(self.combos):
            raise RuntimeError("out of distinct hands: fewer requests, or a longer list")
        declarer, (a, b, c) = k % 3, self.combos[k // 3]
        points = [b, c]
        points.insert(declarer, a)
        return {"declarer": declarer, "bid": 110, "points": points}


def identity(hand: dict[str, Any]) -> tuple[Any, ...]:
    return (hand.get("declarer"), tuple(hand.get("points") or ()))


@dataclass
class Ledger:
    """What the server acknowledged, per game and hand, to compare with what it stored."""

    acked: dict[int, set[tuple[Any, ...]]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ack(self, game: int, hand: dict[str, Any]) -> None:
        with self.lock:
            self.acked.setdefault(game, set()).add(identity(hand))

    def check(self, client: Client) -> tuple[int, int, int, dict[int, int]]:
        """(acknowledged, lost, duplicated, lost per game) over every game, read back
        through the API."""
        acked = lost = dup = 0
        per_game: dict[int, int] = {}
        for game, hands in self.acked.items():
            stored: dict[tuple[Any, ...], int] = {}
            reply = client.get(f"/api/games/{game}/file")
            if reply.status != 200:
                raise RuntimeError(f"cannot read game {game} back: {reply.status}")
            for line in json.loads(reply.body)["hands"]:
                key = identity(line)
                stored[key] = stored.get(key, 0) + 1
            acked += len(hands)
            per_game[game] = sum(1 for h in hands if h not in stored)
            lost += per_game[game]
            dup += sum(1 for n in stored.values() if n > 1)
        return acked, lost, dup, per_game


# --- the run on one database ----------------------------------------------------------------


@dataclass
class Ctx:
    args: argparse.Namespace
    port: int
    tally: Tally
    hands: Hands
    ledger: Ledger
    owner: Client
    api: Client
    games: dict[str, int] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.Random)


def sign_up(port: int, tally: Tally, name: str) -> Client:
    c = Client(port, tally)
    c.take_csrf(c.get("/signup"))
    password = "torture " + secrets.token_hex(8)
    r = c.form("/signup", {"username": name, "password": password, "confirm": password})
    if r.status != 302:
        raise RuntimeError(f"sign-up of {name} gave {r.status}: {r.text[:300]}")
    c.take_csrf(c.get("/account"))
    return c


def api_token(c: Client) -> str:
    c.form("/account/tokens", {"name": "torture"})
    found = re.search(r"(skt_[A-Za-z0-9_\-]+)", c.get("/account").text)
    if not found:
        raise RuntimeError("the account page showed no API token")
    return found.group(1)


def new_game_api(c: Client) -> int:
    game = {"format": "scorekeeper-game/1", "variant": VARIANT, "players": PLAYERS, "hands": []}
    r = c.json("/api/games", {**game, "first_dealer": 0})
    if r.status != 201:
        raise RuntimeError(f"POST /api/games gave {r.status}: {r.text[:300]}")
    return int(json.loads(r.body)["id"])


def new_game_form(c: Client) -> int:
    c.take_csrf(c.get("/games/new"))
    fields = {"variant": VARIANT, "first_dealer": "0", "stake": ""}
    fields.update({f"players-{i}": n for i, n in enumerate([*PLAYERS, ""])})
    r = c.form("/games/new", fields)
    found = re.search(r"/games/(\d+)", r.headers.get("location", ""))
    if r.status != 302 or not found:
        raise RuntimeError(f"the new-game form gave {r.status}: {r.text[:300]}")
    return int(found.group(1))


def post_api(ctx: Ctx, game: int, hand: dict[str, Any], key: str | None, **kw: Any) -> Reply:
    headers = {"Idempotency-Key": key} if key else {}
    r = ctx.api.json(f"/api/games/{game}/hands", hand, headers, **kw)
    if r.status == 201:
        ctx.ledger.ack(game, hand)
    return r


def hand_form(c: Client, game: int) -> dict[str, str]:
    """The hand form as a phone gets it: CSRF, version, token and the dealer it preselects."""
    page = c.get(f"/games/{game}/hands/new").text
    fields = {"csrf_token": c.take_csrf(Reply(200, {}, page.encode()))}
    for name in ("version", "token"):
        found = re.search(rf'name="{name}"[^>]*value="([^"]*)"', page)
        fields[name] = found.group(1) if found else ""
    dealer = re.search(r'<option selected value="(\d+)">', page)
    fields["dealer"] = dealer.group(1) if dealer else "0"
    return fields


def post_form(ctx: Ctx, c: Client, game: int, base: dict[str, str], hand: dict[str, Any]) -> Reply:
    fields = {**base, "declarer": str(hand["declarer"]), "bid": str(hand["bid"])}
    fields.update({f"points-{s}": str(p) for s, p in enumerate(hand["points"])})
    r = c.form(f"/games/{game}/hands/new", fields)
    # stored: the score page at the new hand's anchor; a conflict redirects without one
    if r.status in (302, 303) and "#h" in r.headers.get("location", ""):
        ctx.ledger.ack(game, hand)
    return r


def concurrency(ctx: Ctx) -> dict[str, Any]:
    n, api_game, form_game = ctx.args.threads, ctx.games["api"], ctx.games["form"]
    out: dict[str, Any] = {}
    # distinct hands, distinct keys, all at once (a third without any key)
    jobs = [
        partial(
            post_api, ctx, api_game, ctx.hands.next(), None if i % 3 == 2 else str(uuid.uuid4())
        )
        for i in range(n)
    ]
    out["api distinct"] = statuses(together(jobs))
    # long keys that differ only after their first 70 characters (issue 11, point 4)
    prefix = "torture-" + "k" * 62
    jobs = [
        partial(post_api, ctx, api_game, ctx.hands.next(), f"{prefix}-{i:04d}")
        for i in range(n // 2)
    ]
    out["api long keys"] = statuses(together(jobs))
    # the same request (key and body) sent 10 times at once: stored once
    hand, key = ctx.hands.next(), str(uuid.uuid4())
    out["api exact repeat"] = statuses(together([partial(post_api, ctx, api_game, hand, key)] * 10))
    # the same key with another body: must be refused, not answered with the first's result
    for _ in range(3):
        key = str(uuid.uuid4())
        post_api(ctx, api_game, ctx.hands.next(), key)
        r = post_api(ctx, api_game, ctx.hands.next(), key)
        out.setdefault("api key reused, other body", []).append(r.status)
    # the hand form: the same form (CSRF, version, token) posted 10 times at once
    taps = []
    for _ in range(ctx.args.taps):
        base, hand = hand_form(ctx.owner, form_game), ctx.hands.next()
        replies = together([partial(post_form, ctx, ctx.owner, form_game, base, hand)] * 10)
        taps.append(statuses(replies))
    out["form double tap x10"] = taps
    # distinct hands through the form, each from its own page load, posted at once
    pages = [hand_form(ctx.owner, form_game) for _ in range(n // 2)]
    jobs = [partial(post_form, ctx, ctx.owner, form_game, b, ctx.hands.next()) for b in pages]
    out["form distinct"] = statuses(together(jobs))
    return out


def statuses(replies: list[Reply]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r in replies:
        if r is None:
            key = "hung"
        elif r.status in (302, 303):
            key = "302#h" if "#h" in r.headers.get("location", "") else "302"
        else:
            key = str(r.status or r.error)
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


# --- fuzz -------------------------------------------------------------------------------------

INTS = [0, -1, 1, 3, 119, 121, -121, 10_001, -10_001, 2**31 - 1, 2**31, -(2**31) - 1, 2**32]
INTS += [2**53 + 1, 2**63 - 1, 2**63, -(2**63) - 1, 2**64, 10**30, 10**400]
TEXTS = ["", " ", "\x00", "a\x00b", "\x01\x02\x1b[31m", "\x7f", "\u0085", "\u2028", "\u202eevil"]
TEXTS += ["\ufeff", "\ud800", "💣" * 50, "é" * 61, "x" * 61, "x" * 201, "y" * 5000, "Ω" * 70000]
TEXTS += ["<script>alert(1)</script>", "'; DROP TABLE game;--", "%(name)s {0} %s %n", "../../etc"]
TEXTS += ["null", "NaN", "-0", "1e309", "0x1f", " 12 ", "１２", "٣", "9" * 5000, "-" * 3, "1.5"]


def hostile(rng: random.Random) -> str:
    return str(rng.choice(INTS)) if rng.random() < 0.5 else rng.choice(TEXTS)


def hostile_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(INTS)
    if roll < 0.55:
        return rng.choice(TEXTS)
    if roll < 0.7:
        return rng.choice([None, True, False, 1.5, -0.0, 1e308, float("inf"), float("nan")])
    if depth > 2:
        return []
    if roll < 0.85:
        return [hostile_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["declarer", "points", "x", "\x00"]): hostile_json(rng, depth + 1)}


def deep_json(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def mutated(rng: random.Random, base: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(base))
    for _ in range(rng.randint(1, 3)):
        key = rng.choice(keys)
        if key in ("points", "players", "adjustment") and rng.random() < 0.6:
            data[key] = [hostile_json(rng) if rng.random() < 0.5 else 40 for _ in range(3)]
        else:
            data[key] = hostile_json(rng)
    return data


def zip_of(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as z:
        for name, data in members.items():
            z.writestr(name, data)
    return buffer.getvalue()


def lying_zip(megabytes: int, claim: int = 1000) -> bytes:
    """One member whose headers say `claim` bytes (with the CRC of those) but whose deflate
    stream inflates to `megabytes` MB: a reader that trusts the header unpacks it whole."""
    head = b'{"format": "scorekeeper-game/1", "variant": "pl-3", "players": ["A", "B", "C"], "x": "'
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk, parts = b" " * (1 << 20), [co.compress(head)]
    parts += [co.compress(chunk) for _ in range(megabytes)]
    parts += [co.compress(b'"}'), co.flush()]
    data = b"".join(parts)
    crc = zlib.crc32((head + chunk)[:claim])
    name = b"game.json"
    local = struct.pack(
        "<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(data), claim, len(name), 0
    )
    central = struct.pack(
        "<4s6H3L5H2L",
        b"PK\x01\x02",
        20,
        20,
        0,
        8,
        0,
        0,
        crc,
        len(data),
        claim,
        len(name),
        0,
        0,
        0,
        0,
        0,
        0,
    )
    end = struct.pack(
        "<4s4H2LH",
        b"PK\x05\x06",
        0,
        0,
        1,
        1,
        len(central) + len(name),
        len(local) + len(name) + len(data),
        0,
    )
    return local + name + data + central + name + end


def bad_zips(rng: random.Random) -> list[tuple[str, bytes]]:
    good = json.dumps(
        {"format": "scorekeeper-game/1", "variant": VARIANT, "players": PLAYERS, "hands": []}
    )
    plain = zip_of({"a.json": good.encode()})
    flip = bytearray(plain)
    flip[40] ^= 0xFF  # inside the compressed data: a bad CRC or a broken deflate stream
    encrypted = bytearray(plain)
    encrypted[6] |= 1  # the "encrypted" flag in the local header
    central = plain.rfind(b"PK\x01\x02")
    encrypted[central + 8] |= 1
    method = bytearray(plain)
    method[8] = 99  # an unknown compression method (AES in WinZip's scheme)
    method[central + 10] = 99
    nested = {"format": "scorekeeper-game/1", "variant": VARIANT, "players": PLAYERS}
    deep = json.dumps({**nested, "hands": [[[[]]]] * 3}).encode()[:-1] + deep_json(50000)
    return [
        ("junk.zip", b"PK" + bytes(rng.getrandbits(8) for _ in range(300))),
        ("truncated.zip", plain[: len(plain) // 2]),
        ("crc.zip", bytes(flip)),
        ("encrypted.zip", bytes(encrypted)),
        ("method99.zip", bytes(method)),
        ("bzip2.zip", zip_of({"a.json": good.encode()}, zipfile.ZIP_BZIP2)),
        ("lzma.zip", zip_of({"a.json": good.encode()}, zipfile.ZIP_LZMA)),
        ("deep.zip", zip_of({"a.json": deep})),
        ("deep.json", deep_json(100000)),
        (
            "huge-int.json",
            good.replace('"hands": []', f'"first_dealer": {2**63}, "hands": []').encode(),
        ),
        ("nul.json", good.replace("Ala", "A\\u0000la").encode()),
        ("long-name.json", good.replace("Ala", "A" * 300).encode()),
        ("utf16.json", good.encode("utf-16")),
        ("many.zip", zip_of({f"g{i}.json": b"{}" for i in range(5100)}, zipfile.ZIP_STORED)),
        ("traversal.zip", zip_of({"../../evil.json": good.encode()})),
        ("empty.json", b""),
    ]


def fuzz_jobs(ctx: Ctx, fuzzer: Client, count: int) -> list[Callable[[], Any]]:
    rng, game, port = ctx.rng, ctx.games["fuzz"], ctx.port
    uploads = bad_zips(rng)
    hand = {"declarer": 0, "bid": 110, "points": [80, 20, 20]}
    gamefile = {
        "format": "scorekeeper-game/1",
        "variant": VARIANT,
        "players": PLAYERS,
        "hands": [hand],
    }
    player = ctx.games.get("player", 1)
    hand_fields = ["declarer", "bid", "contract", "points-0", "points-1", "points-2", "tricks-0"]
    hand_fields += [
        "dealer",
        "version",
        "token",
        "marriages",
        "marriage_order",
        "musik_aces",
        "trump",
    ]
    new_fields = ["variant", "players-0", "players-1", "players-2", "players-3", "first_dealer"]
    new_fields += ["stake", "opt_target", "opt_lock", "opt_barrel", "opt_barrel_at", "opt_rounding"]

    def hand_post(path: str) -> Callable[[], Any]:
        fields = {
            "version": "1",
            "token": f"{rng.getrandbits(64):x}",
            "dealer": "0",
            "declarer": "0",
        }
        fields.update({"bid": "110", "points-0": "80", "points-1": "20", "points-2": "20"})
        for name in rng.sample(hand_fields, rng.randint(1, 3)):
            fields[name] = hostile(rng)
        if rng.random() < 0.2:  # a dealer the game does not have (issue 11, point 5)
            fields["dealer"] = rng.choice(["3", "-1", "7", str(2**31)])
        return lambda: fuzzer.form(path, fields)

    def anonymous(path: str, fields: dict[str, str]) -> Callable[[], Any]:
        def run() -> None:
            c = Client(port, ctx.tally)
            c.take_csrf(c.get(path.split("?")[0]))
            c.form(path, fields)

        return run

    def url_id() -> str:
        return quote(
            hostile(rng) if rng.random() < 0.3 else str(rng.choice(INTS)),
            safe="",
            errors="surrogatepass",
        )

    def one() -> Callable[[], Any]:
        kind = rng.randrange(16)
        if kind == 0:
            return hand_post(f"/games/{game}/hands/new")
        if kind == 1:
            return hand_post(f"/games/{game}/hands/preview?number={url_id()}")
        if kind == 2:
            return hand_post(f"/games/{game}/hands/1/edit")
        if kind == 3:
            fields = {"version": hostile(rng), "token": hostile(rng), "reason": hostile(rng)}
            fields.update({f"values-{s}": hostile(rng) for s in range(3)})
            return lambda: fuzzer.form(f"/games/{game}/adjust", fields)
        if kind == 4:
            fields = {"variant": VARIANT, "first_dealer": "0", "players-0": "A", "players-1": "B"}
            fields.update({"players-2": "C"})
            fields.update(
                {name: hostile(rng) for name in rng.sample(new_fields, rng.randint(1, 3))}
            )
            if rng.random() < 0.3:  # a variant the app does not have (issue 11, point 5)
                fields["variant"] = rng.choice(["pl-9", "PL-3", "pl-3\x00", "", "ru-2 "])
            return lambda: fuzzer.form("/games/new", fields)
        if kind == 5:
            fields = {"username": hostile(rng), "password": hostile(rng)}
            return anonymous("/signin", fields)
        if kind == 6:
            password = hostile(rng)
            fields = {"username": hostile(rng), "password": password, "confirm": password}
            return anonymous("/signup", fields)
        if kind == 7:
            choice = rng.choice(
                [
                    ("/account/tokens", {"name": hostile(rng)}),
                    ("/account/password", {"current": hostile(rng), "new": hostile(rng)}),
                    (f"/players/{player}/rename", {"name": hostile(rng), "version": hostile(rng)}),
                    (f"/players/{player}/merge", {"into": hostile(rng)}),
                    ("/language", {"lang": hostile(rng), "next": hostile(rng)}),
                    (f"/games/{game}/undo", {"version": hostile(rng)}),
                    (f"/games/{game}/hands/{url_id()}/delete", {"version": hostile(rng)}),
                ]
            )
            return lambda: fuzzer.form(*choice)
        if kind in (8, 9):
            path = rng.choice(
                [
                    "/games/{}",
                    "/games/{}/chart",
                    f"/games/{game}/hands/{{}}",
                    "/api/games/{}",
                    "/api/games/{}/file",
                    "/players/{}",
                    "/live/{}/x",
                    f"/live/{game}/{{}}/state",
                    "/join/{}/abc",
                    "/rules/{}",
                    "/games/{}/export.csv",
                    f"/games/{game}/hands/{{}}/edit",
                    "/history?player={}",
                    "/history?from={}",
                    "/history?page={}",
                    "/signin?next={}",
                    f"/games/{game}/hands/new?x={{}}",
                ]
            )
            url = path.format(url_id())
            return lambda: fuzzer.get(url)
        if kind in (10, 11):
            data = mutated(
                rng,
                gamefile,
                ["variant", "players", "first_dealer", "hands", "options", "stake", "format"],
            )
            return lambda: ctx.api.json("/api/games", data, tally=ctx.tally)
        if kind in (12, 13):
            data = mutated(
                rng,
                hand,
                [
                    "declarer",
                    "bid",
                    "points",
                    "contract",
                    "marriages",
                    "adjustment",
                    "reason",
                    "dealer",
                ],
            )
            key = rng.choice([None, "k" * 10000, "a\x01b", hostile(rng)])
            headers = (
                {}
                if key is None
                else {
                    "Idempotency-Key": key.encode("utf-8", "surrogatepass")
                    .replace(b"\r", b"")
                    .replace(b"\n", b"")
                }
            )
            return lambda: ctx.api.json(f"/api/games/{game}/hands", data, headers)
        if kind == 14:
            raw = rng.choice(
                [
                    deep_json(100000),
                    b'{"a":' * 50000 + b"1" + b"}" * 50000,
                    b"{",
                    b"\xff\xfe",
                    b'{"hands": [' + b"9" * 5000 + b"]}",
                    b"NaN",
                    b'"\x00"',
                    b"[]" * 10,
                    b"x" * (9 << 20),
                ]
            )
            path = rng.choice(["/api/games", f"/api/games/{game}/hands"])
            return lambda: ctx.api.json(path, raw, what=f"POST {path} raw {short(raw)}")
        name, blob = rng.choice(uploads) if rng.random() < 0.7 else ("x.zip", os.urandom(64))
        return lambda: fuzzer.upload("/import", name, blob, timeout=60)

    return [one() for _ in range(count)]


def fuzz(ctx: Ctx, fuzzer: Client) -> int:
    """Every broken upload once, then the hostile requests on 6 threads; how many ran."""
    for name, data in bad_zips(ctx.rng):
        fuzzer.upload("/import", name, data, timeout=60)
    return pool(fuzz_jobs(ctx, fuzzer, ctx.args.fuzz), threads=6, seconds=ctx.args.fuzz_cap)


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


# --- faults -------------------------------------------------------------------------------------


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

    started = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(threads)]
    for t in started:
        t.start()
    return started


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
    killed, replaced = time.monotonic(), None
    while time.monotonic() - killed < 15:
        if victim not in server.workers() and len(server.workers()) >= 3:
            replaced = round(time.monotonic() - killed, 1)
            break
        time.sleep(0.1)
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
    without the database (issue 11, point 3); then started again."""
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
        while time.monotonic() - forked < 5 and not set(server.workers()) - set(before):
            time.sleep(0.05)
        forked = time.monotonic()
    # the database stays away for the outage, and 3 s at least after the new worker's fork
    time.sleep(max(0.0, down + ctx.args.outage - time.monotonic(), forked + 3 - time.monotonic()))
    master_during = server.master_alive()
    pg.start()
    up = time.monotonic()
    recovery = None
    probe = Client(server.port, Tally(), ctx.api.bearer)
    while time.monotonic() - up < ctx.args.recovery_cap:
        if probe.get(f"/api/games/{ctx.games['load']}", timeout=5).status == 200:
            recovery = round(time.monotonic() - up, 1)
            break
        time.sleep(0.1)
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
        while time.monotonic() - killed < cap:
            if port_free(server.port):
                out["port freed s"] = round(time.monotonic() - killed, 1)
                return
            time.sleep(0.2)
        out["port freed s"] = f">{cap:g}"

    t = threading.Thread(target=run, daemon=True)
    t.start()
    return t


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
    found = re.search(r'href="/players/(\d+)"', fuzzer.get("/players/").text)
    ctx.games["player"] = int(found.group(1)) if found else 1

    step("concurrency")
    result["concurrency"] = concurrency(ctx)
    step(f"fuzz: {len(bad_zips(ctx.rng))} broken uploads, {args.fuzz} hostile requests")
    fuzz_ctx = Ctx(
        args, server.port, tally, ctx.hands, ledger, fuzzer, fuzz_api, ctx.games, ctx.rng
    )
    result["fuzz requests"] = fuzz(fuzz_ctx, fuzzer)
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


def step(text: str) -> None:
    print(f"  [{time.strftime('%H:%M:%S')}] {text}", flush=True)


def failures(result: dict[str, Any], mem_limit: float) -> list[str]:
    out = []
    t = result["totals"]
    if t["server_errors"]:
        out.append(f"{t['server_errors']} responses 5xx")
    if t["conn_errors"]:
        out.append(f"{t['conn_errors']} requests without an answer")
    if result["lost"] or result["duplicated"]:
        out.append(f"{result['lost']} lost and {result['duplicated']} duplicated hands")
    if result.get("outage 5xx other than 503"):
        out.append(f"{result['outage 5xx other than 503']} 5xx other than 503 in the outage")
    down = result.get("outage")
    if down and (not down["master alive after worker replaced"] or down["recovery s"] is None):
        out.append("the app did not come back after the outage")
    if result["worker kill"]["server_errors"]:
        out.append(f"{result['worker kill']['server_errors']} responses 5xx around the worker kill")
    if result["worker kill"]["replaced s"] is None:
        out.append("gunicorn did not replace the killed worker")
    if down and down["s503_api_not_json"]:
        out.append(f"{down['s503_api_not_json']} API 503s not in JSON")
    if not result["worker kill"]["master alive"]:
        out.append("the master died when a worker was killed")
    if mem_limit and result["bomb"]["growth MB"] > mem_limit:
        out.append(f"the zip bomb grew a worker by {result['bomb']['growth MB']} MB")
    return out


ROWS: list[tuple[str, Callable[[dict[str, Any]], Any]]] = [
    ("requests", lambda r: r["totals"]["requests"]),
    ("  fuzz cases run", lambda r: r["fuzz requests"]),
    ("2xx/3xx", lambda r: r["totals"]["ok"]),
    ("4xx", lambda r: r["totals"]["client_errors"]),
    ("5xx", lambda r: r["totals"]["server_errors"]),
    ("connection errors", lambda r: r["totals"]["conn_errors"]),
    ("hands acknowledged", lambda r: r["acknowledged"]),
    ("lost", lambda r: r["lost"]),
    ("  lost per game", lambda r: _fmt(r["lost per game"])),
    ("duplicated", lambda r: r["duplicated"]),
    ("API distinct hands at once", lambda r: _fmt(r["concurrency"]["api distinct"])),
    ("API long keys (70 same chars)", lambda r: _fmt(r["concurrency"]["api long keys"])),
    ("API same request x10", lambda r: _fmt(r["concurrency"]["api exact repeat"])),
    ("API same key, other body", lambda r: r["concurrency"]["api key reused, other body"]),
    (
        "form double tap x10",
        lambda r: " | ".join(_fmt(t) for t in r["concurrency"]["form double tap x10"]),
    ),
    ("form distinct hands at once", lambda r: _fmt(r["concurrency"]["form distinct"])),
    ("kill -9 worker: req/5xx/conn", lambda r: _fault(r["worker kill"])),
    ("  worker replaced (s)", lambda r: r["worker kill"]["replaced s"]),
    ("DB stopped: req/5xx/conn", lambda r: _fault(r["outage"]) if "outage" in r else "-"),
    ("  503 (with Retry-After)", lambda r: _503(r["outage"]) if "outage" in r else "-"),
    ("  API 503 not JSON", lambda r: r["outage"]["s503_api_not_json"] if "outage" in r else "-"),
    ("  500", lambda r: r["outage"]["s500"] if "outage" in r else "-"),
    (
        "  master alive (DB back/after)",
        lambda r: r["outage"]["master alive"] if "outage" in r else "-",
    ),
    ("  recovery (s)", lambda r: r["outage"]["recovery s"] if "outage" in r else "-"),
    ("port freed after kill -9 (s)", lambda r: r["port"].get("port freed s")),
    ("peak worker MB before bomb", lambda r: r["bomb"]["peak before MB"]),
    ("peak worker MB after bomb", lambda r: r["bomb"]["peak after MB"]),
    ("tracebacks in server log", lambda r: r["tracebacks in log"]),
    ("seconds", lambda r: r["seconds"]),
]


def _fmt(counts: dict[str, int]) -> str:
    return " ".join(f"{k}:{v}" for k, v in counts.items())


def _fault(f: dict[str, Any]) -> str:
    return f"{f['requests']}/{f['server_errors']}/{f['conn_errors']}"


def _503(f: dict[str, Any]) -> str:
    return f"{f['s503']} ({f['s503_retry_after']})"


def report(results: list[dict[str, Any]]) -> None:
    width = 30
    print("\n" + " " * width + "".join(f"{r['database']:>22}" for r in results))
    for label, get in ROWS:
        cells = []
        for r in results:
            try:
                cells.append(str(get(r)))
            except (KeyError, TypeError):
                cells.append("?")
        if max(len(c) for c in cells) > 21:
            print(f"{label}:")
            for r, c in zip(results, cells, strict=True):
                print(f"    {r['database']}: {c}")
        else:
            print(f"{label:<{width}}" + "".join(f"{c:>22}" for c in cells))
    print(
        "(statuses: 302#h stored, the score page at the new hand; 302 a conflict or an earlier "
        "save, the score page without an anchor; lost: acknowledged but not stored)"
    )
    for r in results:
        if r["5xx reproducers"]:
            print(f"\n5xx and unanswered on {r['database']}, per route: count, first request")
            for route, (count, first) in r["5xx reproducers"].items():
                print(f"  {count:5d}  {route}\n         {first[:300]}")


def _overtime(*_: Any) -> None:
    raise TimeoutError("the run went past --timeout")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repo", default=os.path.dirname(HERE), help="the checkout under test")
    parser.add_argument(
        "--venv", help="virtualenv with gunicorn (default: <repo>/.venv or /work/main/.venv)"
    )
    parser.add_argument("--db", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument("--quick", action="store_true", help="fewer threads and inputs (~90 s)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", help="write the figures as JSON to this file (- for stdout)")
    parser.add_argument("--mem-limit", type=float, default=300, help="MB a bomb may add (0: off)")
    parser.add_argument("--bomb-mb", type=int, default=300, help="what the lying zip inflates to")
    parser.add_argument("--logs", help="keep the gunicorn logs in this folder")
    parser.add_argument(
        "--timeout", type=float, help="stop after this many seconds (600, quick 300)"
    )
    args = parser.parse_args()
    args.repo = os.path.abspath(args.repo)
    if not args.venv:
        local = os.path.join(args.repo, ".venv")
        args.venv = (
            local if os.path.exists(os.path.join(local, "bin", "gunicorn")) else "/work/main/.venv"
        )
    quick = args.quick
    args.threads, args.taps, args.fuzz = (20, 2, 300) if quick else (40, 4, 2000)
    args.fuzz_cap = 30.0 if quick else 120.0  # seconds: no fuzz request starts after these
    args.outage, args.recovery_cap, args.port_cap = (4.0, 8.0, 20.0) if quick else (5.0, 20.0, 80.0)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    # Ctrl-C cleans up even when started in the background (which inherits SIGINT ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGALRM, _overtime)  # a hung server cannot keep the run going
    signal.alarm(int(args.timeout or (300 if quick else 600)))
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
    except TimeoutError as e:
        print(f"\nstopped: {e}; cleaning up", file=sys.stderr)
        return 1
    finally:
        for undo in reversed(CLEANUP):
            try:
                undo()
            except Exception as e:  # cleanup goes on whatever one step says
                print(f"cleanup: {e}", file=sys.stderr)
    report(results)
    verdict = {r["database"]: failures(r, args.mem_limit) for r in results}
    elapsed = round(time.monotonic() - started)
    print(f"\nrun time {elapsed} s")
    for db, problems in verdict.items():
        print(f"{db}: " + ("PASS" if not problems else "FAIL: " + "; ".join(problems)))
    if args.json:
        text = json.dumps(
            {"results": results, "failures": verdict, "seconds": elapsed}, indent=2, default=str
        )
        if args.json == "-":
            print(text)
        else:
            with open(args.json, "w") as f:
                f.write(text)
    return 1 if any(verdict.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
