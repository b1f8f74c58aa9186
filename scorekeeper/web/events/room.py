"""One screen for the room (a TV): every table of the round, the standings and the round's
timer, kept up to date by asking for its changes; and the director's timer."""

# The screen asks every ROOM_EVERY ms (static/pages/app.js, as the live view does); the server
# answers 304 while neither the event nor any of its games changed, so a room of 27 tables costs
# a few KB a minute on the wire (the screen's budget is 30 KB a minute).

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.events.numbers import written
from scorekeeper.events.results import counts, waiting
from scorekeeper.services import Conflict
from scorekeeper.services import events as running
from scorekeeper.services import standings as reading
from scorekeeper.store import derived, memo, queries
from scorekeeper.store import events as stored
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.store.eventmodels import EventRound
from scorekeeper.web import access
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.posted import whole

bp = Blueprint("room", __name__, url_prefix="/events")
bp.before_request(access.require_sign_in)

#: how often the screen asks for changes (ms): 10 a minute, each a 304 unless a hand came
ROOM_EVERY = 6000
#: the standings rows the screen shows beside the tables (the rest are on the standings page)
ROOM_ROWS = 24
#: a timer's longest run: a round of a club night is rarely over two hours
TIMER_MAX = 240


def _event(event_id: int) -> EventRow:
    found = stored.load(event_id, access.me().id)
    if found is None:
        abort(404)
    return found


def ends(round_: EventRound | None) -> int | None:
    """When the round's timer ends, in ms since 1970 (as the phones' clocks count), or None."""
    if round_ is None or round_.closed_at is not None or round_.timer_ends_at is None:
        return None
    return int(round_.timer_ends_at.replace(tzinfo=UTC).timestamp() * 1000)


def minutes_left(at: int | None) -> int | None:
    """Whole minutes to the timer's end at the moment the page is made (the page without its
    script says this much; with it, the count goes down each second)."""
    if at is None:
        return None
    left = at / 1000 - datetime.now(UTC).timestamp()
    return max(0, int(left // 60) + (1 if left % 60 else 0))


def etag(event: EventRow) -> str:
    """The screen's version: the event's and every game's (any hand anywhere changes it)."""
    versions = sorted(stored.game_versions(event).items())
    digest = hashlib.sha256(repr((event.version, versions)).encode()).hexdigest()[:16]
    return f'"room-{event.id}-{digest}"'


def state(event: EventRow) -> dict[str, Any]:
    """What the screen shows: each table of the round being played (or the last one) with each
    seat's total and who is on the barrel, its hands and those waiting to be confirmed, ended
    or closed; the first ROOM_ROWS of the standings; the timer."""
    rounds = stored.started(event)
    current = running.running(event) or (rounds[-1] if rounds else None)
    pure, standings = reading.standings(event)
    names = pure.players
    tables = []
    if current is not None:
        read = pure.rounds[rounds.index(current)].tables
        for table, result in zip(current.tables, read):
            game = queries.load_game(table.game_id) if table.game_id else None
            players = derived.tally(game).players if game is not None else ()
            barrel = {p.seat for p in players if p.on_barrel}
            tables.append(
                {
                    "number": table.number,
                    "seats": [
                        (names[s], total, seat in barrel)
                        for seat, (s, total) in enumerate(zip(table.seats, result.tally.totals))
                    ],
                    "hands": result.tally.hands,
                    "waiting": waiting(result) if event.confirm else 0,
                    "ended": result.tally.finished,
                    "closed": table.closed,
                    "counts": counts(pure, result),
                }
            )
    at = ends(current)
    return {
        "event": event,
        "current": current,
        "tables": tables,
        "rows": [
            {"place": r.place, "player": names[r.player], "points": written(r.points)}
            for r in standings.rows[:ROOM_ROWS]
        ],
        "more": max(0, len(standings.rows) - ROOM_ROWS),
        "ends": at,
        "minutes": minutes_left(at),
        "every": ROOM_EVERY,
    }


@bp.route("/<int:event_id>/room")
def screen(event_id: int) -> str:
    """The room's screen, for a TV at 1920 x 1080 (it fits a phone too)."""
    event = _event(event_id)
    # the version the screen shows, as its stream counts it (web/streams.py)
    version = event.version + sum(stored.game_versions(event).values())
    return render_template("events/room.html", **state(event), etag=etag(event), version=version)


@bp.route("/<int:event_id>/room/state")
def changes(event_id: int) -> Response | tuple[str, int, dict[str, str]]:
    """The screen's board as an HTML fragment, or 304 while nothing changed."""
    event = _event(event_id)
    tag = etag(event)
    headers = {"ETag": tag, "Cache-Control": "no-cache"}
    if tag in request.headers.get("If-None-Match", ""):
        return "", 304, headers
    body = memo.memos().sheets.get_or_make(
        ("room", event.id, tag, str(get_locale())),
        lambda: render_template("events/_room.html", **state(event)),
    )
    return body, 200, headers


@bp.route("/<int:event_id>/timer", methods=["POST"])
def timer(event_id: int) -> Response:
    """The round's timer started for the minutes posted (1 to TIMER_MAX), or stopped."""
    event = _event(event_id)
    if ConfirmForm().validate_on_submit():
        minutes = whole(request.form.get("minutes"))
        try:
            if request.form.get("stop"):
                running.set_timer(event, None)
            elif minutes is not None and 1 <= minutes <= TIMER_MAX:
                running.set_timer(event, minutes)
            else:
                flash(
                    _("The timer takes whole minutes, from 1 to %(most)s.", most=TIMER_MAX),
                    "conflict",
                )
        except Conflict:
            pass  # no round being played any more: the page shows what is now
    return redirect(url_for("events.show", event_id=event_id) + "#timer")
