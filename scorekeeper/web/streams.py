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

import time
from collections.abc import Iterator

from flask import Blueprint, Response, abort, request
from flask_login import current_user

from scorekeeper.store import events as stored
from scorekeeper.store import push
from scorekeeper.web import access

bp = Blueprint("streams", __name__)

HEARTBEAT = 20.0  # seconds: a comment that keeps proxies from closing an idle stream
LIFETIME = 600.0  # seconds: then the page reconnects (a worker's streams move on a restart)
RETRY_MS = 2000  # how long EventSource waits before reconnecting after a drop


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
        shown, ends = since, time.monotonic() + LIFETIME
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


@bp.route("/live/<int:game_id>/<token>/stream")
def live(game_id: int, token: str) -> Response:
    """The live view's changes, for anyone with its link."""
    game = access.game_by_link(game_id, token, "share_token")
    return stream({push.key("g", game.id): game.version})


@bp.route("/games/<int:game_id>/stream")
def game(game_id: int) -> Response:
    """The game page's changes, for its scorers' other phones (and the table's by its link)."""
    found = access.game_or_404(game_id)
    return stream({push.key("g", found.id): found.version})


@bp.route("/events/<int:event_id>/room/stream")
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
