"""gunicorn's settings for the app (README, "Running it for real"): `gunicorn -c gunicorn.conf.py`.

The schema is not this file's business: `scorekeeper upgrade` runs once before gunicorn starts
(the systemd unit's ExecStartPre), and a worker boots without the database.
Each setting can still be given on the command line, which wins.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
from typing import Any

wsgi_app = "scorekeeper:create_app()"
# PORT as hosting platforms hand it out (gunicorn's own rule); otherwise loopback, behind a proxy
bind = [f"0.0.0.0:{os.environ['PORT']}"] if os.environ.get("PORT") else ["127.0.0.1:8000"]
# WEB_CONCURRENCY as platforms set it; else two a core: a worker mostly waits for the database
workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * (os.cpu_count() or 1))
timeout = 30  # a request past this is a stuck worker: gunicorn kills and replaces it
graceful_timeout = 20  # on TERM or HUP, requests under way get this long to finish
keepalive = 5
pidfile = os.environ.get("PIDFILE") or None  # systemd knows the master; `--pid` without it
accesslog = os.environ.get("ACCESS_LOG") or None  # off; ACCESS_LOG=- writes it to stdout
errorlog = "-"
# the workers' heartbeat files: on tmpfs, so a slow disk never makes a worker look stuck
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
# the app is built in each worker, after the fork: nothing is shared but the database, and a
# HUP (systemctl reload) loads new code
preload_app = False
# gunicorn 24+: its control socket is not used here, and two instances of one user share its path
control_socket_disable = True

# STREAMS=1: this gunicorn serves the live streams (web/streams.py; docs/operations.md, "Live
# streams"), the proxy sending it the paths that end in /stream. A stream is an open connection
# that mostly waits: gevent's workers hold thousands of them as greenlets, where a sync worker
# would be held by one. One worker is enough: each change wakes its streams once, and the pages
# they then ask for go to the sync workers above.
if os.environ.get("STREAMS"):
    worker_class = "gevent"
    workers = int(os.environ.get("STREAM_WORKERS") or 1)
    worker_connections = int(os.environ.get("STREAM_CONNECTIONS") or 12000)
    if not os.environ.get("PORT"):
        bind = ["127.0.0.1:8001"]


def post_worker_init(worker: Any) -> None:
    """A streams' worker told to stop (a restart, a deploy) ends its streams at once: each
    page reconnects to the worker that takes over, where it would otherwise keep the old one
    up to graceful_timeout."""
    if not os.environ.get("STREAMS"):
        return
    import threading
    import time

    from scorekeeper.store import push

    def watch() -> None:
        while worker.alive:
            time.sleep(0.5)
        app = worker.wsgi
        if hasattr(app, "app_context"):  # the Flask app (not gunicorn's page of a failed load)
            with app.app_context():
                push.broker().close()

    threading.Thread(target=watch, daemon=True).start()

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def post_fork(server: Any, worker: Any) -> None:
    """A worker dies with its master, even a worker forked a moment before a `kill -9` of it:
    Linux sends it SIGKILL when the master goes, so no orphan keeps the port.

    Why SIGKILL and not TERM: until gunicorn's `init_signals()` runs (after this hook and its
    imports), a new worker still has the master's handler for TERM, which only queues the
    signal for a master loop that never runs in the worker; the TERM was lost, and the worker
    served on until gunicorn's own "parent changed" check, which runs only when no connection
    waits (4-5 s on an idle machine, as long as the load lasted under load). KILL cannot be
    caught, and it ends a worker in the middle of a request at once, where TERM would let the
    request run up to the 30 s timeout. What it cuts off is safe: every write is one
    transaction, stored whole or not at all, and a phone's retry with its idempotency key
    stores it once.
    """
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        server.log.warning("prctl(PR_SET_PDEATHSIG) failed: errno %s", ctypes.get_errno())
    if os.getppid() != server.pid:  # the master died before prctl: no signal will come
        os._exit(0)
    # the followers' live check answers 503 while connections queue here (web/livecheck.py)
    from scorekeeper.web import livecheck

    livecheck.LISTENERS[:] = [listener.sock for listener in worker.sockets]
