"""Two app servers behind nginx, sharing one PostgreSQL and nothing else: what one
stores the other serves, a session and the sign-in throttle hold on both, a retried request
with its Idempotency-Key finds the first one's answer whichever server it reaches, and a hand
stored through one is pushed at once to a live view that streams from a third (gevent)."""

from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import IN_CI, pg_database

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
NGINX_CONF = """
{user}
worker_processes 1;
error_log {dir}/error.log;
pid {dir}/nginx.pid;
events {{ worker_connections 256; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  upstream app {{ server 127.0.0.1:{a}; server 127.0.0.1:{b}; }}
  server {{
    listen 127.0.0.1:{front};
    location ~ /stream$ {{
      proxy_pass http://127.0.0.1:{streams};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_set_header Host $http_host;
    }}
    location / {{
      proxy_pass http://app;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }}
  }}
}}
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(port: int, proc: subprocess.Popen[bytes], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"the server on {port} stopped: {proc.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ping", timeout=2):
                return
        except (OSError, urllib.error.URLError):
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers on {port}")


@pytest.fixture(scope="module")
def ports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, int]]:
    """Server A and B (gunicorn, one worker each), the streams' server (gunicorn's gevent
    worker) and nginx in front of them, on free ports."""
    if not os.path.exists(NGINX):
        if IN_CI:
            pytest.fail(f"CI must run the two-servers test: no nginx at {NGINX}")
        pytest.skip("no nginx: the two-servers test skipped on this machine")
    where = tmp_path_factory.mktemp("nginx")
    with pg_database() as url:
        env = {
            **os.environ,
            "DATABASE_URL": url,
            "SECRET_KEY": "two servers, one key",
            "WEB_CONCURRENCY": "1",
            "PROXY_HOPS": "1",
            "PYTHONPATH": str(ROOT),
        }
        subprocess.run([sys.executable, "-m", "scorekeeper", "upgrade"], env=env, check=True)
        names = ("a", "b", "streams")
        got = {name: _free_port() for name in (*names, "front")}
        procs: list[subprocess.Popen[bytes]] = []
        try:
            for name in names:
                command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
                command += ["-b", f"127.0.0.1:{got[name]}"]
                extra = {"STREAMS": "1"} if name == "streams" else {}
                procs.append(subprocess.Popen(command, env={**env, **extra}, cwd=ROOT))
            user = "user root;" if os.geteuid() == 0 else ""
            conf = where / "nginx.conf"
            conf.write_text(NGINX_CONF.format(user=user, dir=where, **got))
            procs.append(
                subprocess.Popen([NGINX, "-p", str(where), "-c", str(conf), "-g", "daemon off;"])
            )
            for name, proc in zip((*names, "front"), procs, strict=True):
                _wait_for(got[name], proc)
            yield got
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    proc.kill()


class Phone:
    """A browser's cookies, sent to whichever server it is asked to (cookies know no port)."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def ask(
        self, port: int, path: str, data: Any = None, form: bool = False, **headers: str
    ) -> tuple[int, dict[str, str], str]:
        body = None
        if data is not None:
            body = (
                urllib.parse.urlencode(data, doseq=True).encode()
                if form
                else json.dumps(data).encode()
            )
            headers.setdefault(
                "Content-Type", "application/x-www-form-urlencoded" if form else "application/json"
            )
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{path}", data=body, headers=headers
        )
        try:
            with self.opener.open(request, timeout=15) as r:
                return r.status, dict(r.headers), r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read().decode()

    def submit(
        self, port: int, path: str, fields: dict[str, str]
    ) -> tuple[int, dict[str, str], str]:
        """The form at `path` sent with its CSRF token (and the page's hidden fields)."""
        _, _, page = self.ask(port, path)
        hidden = dict(
            re.findall(r'name="(csrf_token|version|token)" type="hidden" value="([^"]*)"', page)
        )
        return self.ask(port, path, {**hidden, **fields}, form=True)


PASSWORD = "a long enough password"
GAME = {
    "format": "scorekeeper-game/1",
    "variant": "pl-3",
    "players": ["Ala", "Bartek", "Celina"],
    "hands": [],
}


def test_a_session_and_a_game_are_the_same_on_both_servers(ports: dict[str, int]) -> None:
    phone = Phone()
    status, _, _ = phone.submit(
        ports["front"], "/signup", {"username": "club", "password": PASSWORD, "confirm": PASSWORD}
    )
    assert status == 200  # the redirect followed: signed in, through nginx
    for server in ("a", "b"):  # the session cookie is good on both: one SECRET_KEY, one database
        status, _, page = phone.ask(ports[server], "/")
        assert status == 200 and ">club<" in page

    # a new game through A, retried with its key through B: one game
    key = {"Idempotency-Key": "club-game-1"}
    status, _, first = phone.ask(ports["a"], "/api/games", GAME, **key)
    assert status == 201
    status, headers, again = phone.ask(ports["b"], "/api/games", GAME, **key)
    assert status == 201 and headers.get("Idempotent-Replayed") == "true"
    game = json.loads(first)["id"]
    assert json.loads(again)["id"] == game

    # the live link, followed through B while a hand is posted through A
    phone.submit(ports["front"], f"/games/{game}/share", {})
    _, _, share = phone.ask(ports["front"], f"/games/{game}/share")
    live = re.search(r'href="https?://[^"/]+(/live/\d+/[^"]+)"', share)
    assert live, "a live link"
    follower = Phone()
    status, headers, _ = follower.ask(ports["b"], live[1] + "/state")
    assert status == 200
    etag = headers["ETag"]
    hand = {"declarer": 1, "bid": 100, "points": [10, 100, 10]}  # Bartek, on the musik
    assert phone.ask(ports["a"], f"/api/games/{game}/hands", hand)[0] == 201
    start = time.monotonic()
    status, headers, board = follower.ask(ports["b"], live[1] + "/state", **{"If-None-Match": etag})
    assert status == 200 and headers["ETag"] != etag and time.monotonic() - start < 3
    assert ">100<" in board

    # pushed: a live view streaming through nginx from the streams' server hears of a hand
    # posted through A (PostgreSQL's NOTIFY, across processes) as it commits
    version = int(etag.strip('"').split("-")[1]) + 1
    with _stream(ports["front"], f"{live[1]}/stream?v={version}") as events:
        assert next(events) == ("ready", "")
        for points in ([10, 10, 100], [100, 10, 10]):
            declarer = points.index(100)
            hand = {"declarer": declarer, "bid": 110, "points": points}
            start = time.monotonic()
            assert phone.ask(ports["a"], f"/api/games/{game}/hands", hand)[0] == 201
            version += 1
            assert next(events) == ("message", str(version))
            assert time.monotonic() - start < 2, "pushed as the hand was stored"


@contextmanager
def _stream(port: int, path: str) -> Iterator[Iterator[tuple[str, str]]]:
    """A server-sent event stream's events as (type, data), comments skipped."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Accept": "text/event-stream"})
    answer = conn.getresponse()
    assert answer.status == 200 and answer.headers["Content-Type"].startswith("text/event-stream")

    def events() -> Iterator[tuple[str, str]]:
        kind, data = "message", ""
        while True:
            line = answer.fp.readline().decode().rstrip("\n")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "" and (kind != "message" or data):
                yield kind, data
                kind, data = "message", ""

    try:
        yield events()
    finally:
        conn.close()


def test_the_sign_in_throttle_counts_the_tries_made_on_both_servers(ports: dict[str, int]) -> None:
    owner = Phone()
    owner.submit(
        ports["a"], "/signup", {"username": "target", "password": PASSWORD, "confirm": PASSWORD}
    )
    guesser = Phone()
    statuses = []
    for n in range(6):  # five free failures, alternating servers; the sixth must wait
        port = ports["a"] if n % 2 else ports["b"]
        status, headers, _ = guesser.submit(
            port, "/signin", {"username": "target", "password": f"guess {n}"}
        )
        statuses.append(status)
    assert statuses[:5] == [422] * 5  # wrong password, said at the form
    assert statuses[5] == 429, statuses
