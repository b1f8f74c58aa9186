"""The front of bench/load.py's server: nginx before the pages' gunicorn and the streams' one,
refusing at once (503 + Retry-After) what would otherwise wait in a queue."""

# Why a bound on requests in flight (limit_conn) for the pages, and not a rate (limit_req):
# a sync worker answers one request at a time; whatever is sent beyond the workers waits in the
# listening socket's accept queue (backlog 2,048) where nobody can refuse it any more: the app's
# own 503 is written only after a worker accept()ed the connection, i.e. after the wait. What
# bounds that wait is the number of requests let through at once: with 6 page slots for two
# workers (bench/load.py --page-slots), a request waits behind at most 4 others, whatever the
# mix of cheap and costly pages. 24 slots were tried first: on a starved machine, where a page
# takes ~100 ms of wall time, a Save waited behind ~22 of them (writes p95 ~0.9 s at 500
# tables, load average 6-7); with 6, writes p95 165 ms at 500 tables, 236 ms at 1,000. A rate
# cannot do that: the same rate is too strict for 304s and too loose for cold boards. nginx
# counts a request in limit_conn from its header to its answer, so the count is exactly "in
# flight"; the one past the bound gets a 503 within a millisecond, and Retry-After tells the
# page when to come back.
#
# The scorers' writes (POST) are not counted with the pages: a Save refused at a busy club is the
# one failure a player notices. They have a zone of their own, generous (64 in flight), that only
# stops a flood; they still wait behind at most the page slots' requests in the queue.
#
# A stream holds its request open as long as the page is open, so streams have their own zones:
# limit_conn bounds the open streams (what the gevent worker was sized for: STREAM_CONNECTIONS),
# limit_req bounds how many start a second, with a burst for a room that opens its phones
# together; beyond, a 503 at once. A start is not free: it reads the game (~5 ms of the gevent
# worker's CPU on this machine, bench/streams_idle.py), and starts sent faster than the worker
# reads wait on its database pool until, after 30 s, the worker misses gunicorn's heartbeat and
# is killed with every stream it held. 100 a second (burst 300) keeps the starts within half a
# core. The paths ending in /stream go to
# the streams' server unbuffered (proxy_buffering off), everything else to the pages.

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

NGINX = "/usr/sbin/nginx"
RETRY_AFTER = 5  # seconds a refused page or stream is told to wait (the page adds jitter)

CONF = """\
{user}
worker_processes 2;
worker_rlimit_nofile {files};
error_log {dir}/error.log warn;
pid {dir}/nginx.pid;
events {{ worker_connections {connections}; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  keepalive_timeout 10s;

  # one key for every page request (they share the two workers), none for a POST: a write is
  # counted in its own zone; an empty key is not counted at all
  map $request_method $page_key {{ POST ""; default "pages"; }}
  map $request_method $write_key {{ POST "writes"; default ""; }}
  limit_conn_zone $page_key zone=pages:1m;
  limit_conn_zone $write_key zone=writes:1m;
  limit_conn_zone $server_name zone=streams:1m;
  limit_req_zone $server_name zone=new_streams:1m rate={stream_rate}r/s;
  limit_conn_status 503;
  limit_req_status 503;
  limit_conn_log_level info;
  limit_req_log_level info;

  upstream pages {{ server 127.0.0.1:{pages}; }}
  server {{
    listen 127.0.0.1:{front} reuseport backlog=4096;
    server_name bench;
    location ~ /stream$ {{
      limit_conn streams {max_streams};
      limit_req zone=new_streams burst={stream_burst} nodelay;
      error_page 503 = @busy;
      proxy_pass http://127.0.0.1:{streams};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_set_header Host $http_host;
    }}
    location / {{
      limit_conn pages {page_slots};
      limit_conn writes {write_slots};
      error_page 503 = @busy;
      proxy_pass http://pages;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }}
    location @busy {{
      add_header Retry-After {retry_after} always;
      add_header Cache-Control no-store always;
      return 503 "busy: try again in a moment\\n";
    }}
  }}
}}
"""


def config(
    where: Path,
    front: int,
    pages: int,
    streams: int,
    page_slots: int,
    write_slots: int = 64,
    max_streams: int = 12000,
    stream_rate: int = 100,
    stream_burst: int = 300,
) -> str:
    """nginx.conf for a front on 127.0.0.1:`front`, pages on `pages`, streams on `streams`."""
    return CONF.format(
        user="user root;" if os.geteuid() == 0 else "",
        files=20000,
        connections=19000,
        dir=where,
        front=front,
        pages=pages,
        streams=streams,
        page_slots=page_slots,
        write_slots=write_slots,
        max_streams=max_streams,
        stream_rate=stream_rate,
        stream_burst=stream_burst,
        retry_after=RETRY_AFTER,
    )


class Nginx:
    """nginx in the foreground with `conf`, in its own process group; `stop` ends it."""

    def __init__(self, where: Path, conf: str) -> None:
        where.mkdir(parents=True, exist_ok=True)
        (where / "nginx.conf").write_text(conf)
        check = subprocess.run(
            [NGINX, "-t", "-q", "-p", str(where), "-c", str(where / "nginx.conf")],
            capture_output=True,
            text=True,
        )
        if check.returncode != 0:
            raise RuntimeError(f"nginx refused its configuration:\n{check.stderr}")
        self.where = where
        self.proc = subprocess.Popen(
            [NGINX, "-p", str(where), "-c", str(where / "nginx.conf"), "-g", "daemon off;"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        time.sleep(0.3)
        if self.proc.poll() is not None:
            raise RuntimeError(f"nginx exited: {(where / 'error.log').read_text()[-2000:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # fast: open streams are cut
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()
