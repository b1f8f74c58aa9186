"""Each change pushed to the pages that show it: a server-sent event stream per live view, game
page and room screen, fed by the commits of every process (store/push.py)."""

# Server-sent events rather than WebSockets: the news goes one way (the writes stay the forms'
# and the API's POSTs, with their idempotency keys and conflicts); it is plain HTTP that proxies
# pass; EventSource reconnects by itself and says where it was (Last-Event-ID).
#
# An event says only that the page is out of date: its id is the page's version (a game's
# version; for a room the sum of its event's and games' versions, which only grows). The page
# then asks for its fragment as it did when it polled (one conditional GET of a board rendered
# once per version, web/sharing/live.py), so a change costs one short event on the wire and one
# GET per screen, and nothing at all while nothing changes but a comment every HEARTBEAT.
#
# A stream holds a connection as long as the page is open, so it is served only where that
# costs little: gunicorn's gevent workers (a stream is a greenlet) or the threaded development
# server (`scorekeeper run`, a thread). A sync worker would be held for the whole stream: there
# the answer is 204, which tells EventSource not to come back, and the page polls as before.

from __future__ import annotations

import functools
import hmac
import random
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, abort, request
from flask_login import current_user

from scorekeeper.store import events as stored
from scorekeeper.store import push
from scorekeeper.store.live import read as live_row
from scorekeeper.web import access

bp = Blueprint("streams", __name__)

HEARTBEAT = 20.0  # seconds: a comment that keeps proxies from closing an idle stream
# seconds, give or take a tenth: then the page reconnects, which costs a start (~1-6 ms of CPU:
# at 10,000 streams, every 10 minutes was a tenth of a core; every hour, under 2 %)
LIFETIME = 3600.0
RETRY_MS = 2000  # how long EventSource waits before reconnecting after a drop
# Streams starting at once: each start reads the database (who may follow, the version), so a
# wave of them (a room of phones, the streams' server restarted) waited on the connection pool
# and starved the worker's heartbeat until gunicorn killed it, dropping every stream. Past
# STARTS, a start waits up to START_WAIT seconds for its turn, then gets a 503 with
# Retry-After, and the page asks by itself until it tries again (static/pages/push.js).
STARTS = 8
START_WAIT = 2.0
RETRY_AFTER = 10
_starting = threading.BoundedSemaphore(STARTS)


def can_stream() -> bool:
    """Whether this server may hold a stream open without holding up other requests."""
    return bool(request.environ.get("wsgi.multithread"))


def _since() -> int:
    """The version the page shows: EventSource's Last-Event-ID when it reconnects, else the
    page's own (`?v=`, from the page it was served with)."""
    told = request.headers.get("Last-Event-ID") or request.args.get("v") or ""
    return int(told) if told.isdigit() and len(told) < 19 else 0


def stream(versions: dict[str, int], closing: frozenset[str] = frozenset()) -> Response:
    """The stream of the rows `versions` names (each at the version read now); a change of a
    key in `closing` ends it after its event (the page reconnects and follows what is new)."""
    if not can_stream():
        return Response(status=204)
    broker, waiter = push.follow(versions)

    since = _since()

    def now() -> int:
        return sum(broker.latest(k) or v for k, v in versions.items())

    def events() -> Iterator[str]:
        shown, ends = since, time.monotonic() + LIFETIME * random.uniform(0.9, 1.1)
        try:
            yield f"retry: {RETRY_MS}\nevent: ready\ndata: \n\n"
            while time.monotonic() < ends and not broker.closing:
                # read after the version it sends: a closing change is in that version, or it
                # came after it and the page, reconnecting, is told of it at once
                current = now()
                last = any((broker.latest(k) or versions[k]) > versions[k] for k in closing)
                if current > shown:
                    shown = current
                    yield f"id: {current}\ndata: {current}\n\n"
                    if last:
                        return
                if waiter.changed.wait(HEARTBEAT):
                    waiter.changed.clear()
                else:
                    yield ": \n\n"
        finally:
            broker.unsubscribe(waiter)

    headers = {
        "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",  # nginx passes each event on at once
    }
    return Response(events(), mimetype="text/event-stream", headers=headers)


def bounded(view: Callable[..., Response]) -> Callable[..., Response]:
    """At most STARTS streams start at once in this process (the wait for a turn is short)."""

    @functools.wraps(view)
    def start(*args: Any, **kwargs: Any) -> Response:
        if not _starting.acquire(timeout=START_WAIT):
            busy = Response("busy: try again in a moment\n", status=503, mimetype="text/plain")
            busy.headers["Retry-After"] = str(RETRY_AFTER)
            return busy
        try:
            return view(*args, **kwargs)
        finally:
            _starting.release()

    return start


@bp.route("/live/<int:game_id>/<token>/stream")
@bounded
def live(game_id: int, token: str) -> Response:
    """The live view's changes, for anyone with its link (one indexed read: the version and
    the link, compared in constant time; 404 for a wrong, revoked or missing link)."""
    found = live_row(game_id)
    if found is None or not found.share_token:
        abort(404)
    if not hmac.compare_digest(found.share_token.encode(), token.encode()):
        abort(404)
    return stream({push.key("g", game_id): found.version})


@bp.route("/games/<int:game_id>/stream")
@bounded
def game(game_id: int) -> Response:
    """The game page's changes, for its scorers' other phones (and the table's by its link)."""
    found = access.game_or_404(game_id)
    return stream({push.key("g", found.id): found.version})


@bp.route("/events/<int:event_id>/room/stream")
@bounded
def room(event_id: int) -> Response:
    """The room screen's changes: any hand at any table, and the event's own (a new round
    ends the stream, to follow the new round's games)."""
    if not current_user.is_authenticated:
        abort(404)
    event = stored.load(event_id, access.me().id)
    if event is None:
        abort(404)
    versions = {push.key("g", g): v for g, v in stored.game_versions(event).items()}
    own = push.key("e", event.id)
    versions[own] = event.version
    return stream(versions, closing=frozenset({own}))
