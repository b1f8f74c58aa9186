"""The import worker: a thread of each app process that works off the queued imports."""

# Nothing to run beside the app: each process that serves requests (a gunicorn worker, `scorekeeper
# run`) has one thread that looks at the queue every POLL seconds, and at once when this process
# queued an upload. The jobs' leases let any number of them, on any number of app servers, share
# the queue (services/importjobs.py). `IMPORT_WORKER=0` turns the thread off, e.g. where
# `scorekeeper import-worker` runs as a process of its own; the tests' apps have none unless a test
# asks for one, and work the queue themselves (importjobs.work_all).

from __future__ import annotations

import atexit
import logging
import os
import threading

from flask import Flask

from scorekeeper.services import importjobs
from scorekeeper.store.db import release_connection

POLL = 5.0  # seconds between two looks at an empty queue, and before trying again after a failure
BACKOFF_MAX = 60.0  # seconds between two tries at most, while the database keeps failing
STOP_WAIT = 5.0  # seconds a process going away gives its worker to put its job back

log = logging.getLogger(__name__)


class Worker(threading.Thread):
    """Works off the queue until stopped, a job at a time."""

    def __init__(self, app: Flask) -> None:
        super().__init__(name="scorekeeper-imports", daemon=True)
        self.app = app
        self.wake = threading.Event()
        self.stopping = threading.Event()

    def run(self) -> None:
        _in_the_background()
        failures, lease = 0, None
        while not self.stopping.is_set():
            worked = False
            try:
                with self.app.app_context():
                    try:
                        lease = lease or importjobs.claim()
                        if lease is not None:
                            importjobs.work_leased(lease, self.stopping)
                            worked, lease = True, None
                    except Exception:
                        release_connection()  # it may be broken: not back into the pool
                        raise
                failures = 0
            except Exception:  # the database away or locked, mostly: tried again later
                # with the job it held, if any: its lease keeps it for this worker meanwhile
                failures += 1
                log.warning("import worker: a job failed (try %d)", failures, exc_info=True)
            if not worked:
                # with a job held, every POLL seconds, before its lease lets another worker
                # take it; with none, less and less often while the database stays away
                wait = POLL if lease or not failures else min(POLL * 2**failures, BACKOFF_MAX)
                self.wake.wait(wait)
                self.wake.clear()
        if lease is not None:  # stopped while the database failed: the job waits for another
            with self.app.app_context():
                try:
                    importjobs.release(lease)
                except Exception:  # still away: the lease runs out instead
                    log.debug("import worker: the job could not be put back", exc_info=True)


def _in_the_background() -> None:
    """An import is background work: this thread yields the CPU to the requests (on Linux each
    thread has a nice value of its own). 10, not the lowest 19: on a host kept busy by other
    work, a game of 2,000 lines still takes seconds, well inside its worker's lease."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):  # not Linux, or not allowed: at the process's priority
        log.debug("import worker: its priority stays the process's", exc_info=True)


def enabled(app: Flask) -> bool:
    """IMPORT_WORKER in the config or the environment; by default on, except in tests."""
    chosen = app.config.get("IMPORT_WORKER")
    if chosen is None:
        value = os.environ.get("IMPORT_WORKER", "").strip().lower()
        chosen = value not in ("0", "false", "no", "off") if value else not app.testing
    return bool(chosen)


def init_app(app: Flask) -> None:
    """The thread starts with the first request the process serves, never for a command such
    as `scorekeeper upgrade` (a gunicorn worker starts it as soon as the app is built:
    create_app's start_serving)."""
    if not enabled(app):
        return

    def first_request() -> None:
        start(app)

    app.before_request(first_request)


def start_if_enabled(app: Flask) -> None:
    if enabled(app):
        start(app)


_LOCK = threading.Lock()


def start(app: Flask) -> Worker:
    """This app's worker, started if it was not."""
    worker: Worker | None = app.extensions.get("import_worker")
    if worker is not None and worker.is_alive():
        return worker
    with _LOCK:
        worker = app.extensions.get("import_worker")
        if worker is None or not worker.is_alive():
            worker = Worker(app)
            app.extensions["import_worker"] = worker
            worker.start()
            atexit.register(stop, app)
    return worker


def wake(app: Flask) -> None:
    """A job was queued: this process's worker looks at once, rather than at its next poll."""
    worker: Worker | None = app.extensions.get("import_worker")
    if worker is not None:
        worker.wake.set()


def stop(app: Flask, wait: float = STOP_WAIT) -> None:
    """Stops this app's worker: after its current chunk, its job goes back to the queue."""
    worker: Worker | None = app.extensions.pop("import_worker", None)
    if worker is None:
        return
    worker.stopping.set()
    worker.wake.set()
    worker.join(wait)
