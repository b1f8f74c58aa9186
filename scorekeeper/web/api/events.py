"""The API of events (docs/events.md): an event file in, its standings and its file out."""

# The answers are the command's: POST refuses an invalid file with the lines `scorekeeper
# standings` prints (English, one problem each) and stores nothing; GET gives the object it prints.

from __future__ import annotations

import json

from flask import Response, abort, jsonify, request, url_for

from scorekeeper.events import InvalidEvent, standings_output
from scorekeeper.events.numbers import decode
from scorekeeper.services import Conflict
from scorekeeper.services import events as running
from scorekeeper.services import standings as reading
from scorekeeper.store import events as stored
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.web import access
from scorekeeper.web.api.answers import Answer
from scorekeeper.web.api.views import bp


def _event(event_id: int) -> EventRow:
    found = stored.load(event_id, access.me().id)
    if found is None:
        abort(404)
    return found


@bp.route("/events", methods=["POST"])
def create_event() -> Answer:
    """An event file in: 201 and its id, or 422 and every problem (nothing stored)."""
    if not request.is_json:
        return jsonify(
            errors=["send the event file as JSON, with Content-Type: application/json"]
        ), 400
    try:
        event = running.create_event(decode(request.get_data()), access.me().id)
    except InvalidEvent as e:
        return jsonify(errors=[str(p) for p in e.problems]), 422
    except Conflict:
        return jsonify(errors=["another request wrote at the same moment; try again"]), 409
    return jsonify(id=event.id), 201, {"Location": url_for("api.event", event_id=event.id)}


@bp.route("/events/<int:event_id>")
def event(event_id: int) -> Answer:
    """The standings, the object `scorekeeper standings` prints."""
    found = _event(event_id)
    pure, table = reading.standings(found)
    return jsonify(standings_output(pure, table)), 200


@bp.route("/events/<int:event_id>/file")
def event_file(event_id: int) -> Response:
    """The event file, everything played so far."""
    body = json.dumps(stored.event_file(_event(event_id)), ensure_ascii=False)
    return Response(body, mimetype="application/json")
