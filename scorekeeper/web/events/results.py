"""An event's results out to every player: a public link to the standings, a personal page per
player (their tables, the hands played there, place and points) and a text to share."""

# Published by the director as a game's live link is (a random token kept with the event; a new
# one lets the old go, none unpublishes): anyone with the link reads, nobody writes. The pages
# are the director's standings and a player's page without the director's links.

from __future__ import annotations

import hmac
from typing import Any

from flask import Blueprint, abort, make_response, render_template
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user

from scorekeeper.extensions import login
from scorekeeper.store import events as stored
from scorekeeper.store import queries
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.web import addresses
from scorekeeper.web.events import board, tables
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.sharing.live import qr_svg

bp = Blueprint("results", __name__)

#: the rows of the standings a shared text names: one chat message, whatever the field
SHARED_ROWS = 10


def _published(event_id: int, token: str) -> EventRow:
    """The event whose results this link publishes; 404 for a wrong, renewed or withdrawn
    link, as for a live link."""
    event = stored.load(event_id)
    if event is None or not event.results_token:
        abort(404)
    if not hmac.compare_digest(event.results_token.encode(), token.encode()):
        abort(404)
    if event.results_signed_in and not current_user.is_authenticated:
        # the club's accounts only: the sign-in page, which comes back here
        abort(make_response(login.unauthorized()))
    return event


def link(event: EventRow) -> addresses.Link | None:
    if not event.results_token:
        return None
    return addresses.link("results.standings", event_id=event.id, token=event.results_token)


def share_text(event: EventRow, found: dict[str, Any], url: str) -> str:
    """The standings in one chat message: the first SHARED_ROWS places and the link."""
    rows = [
        _("%(place)s. %(player)s %(points)s", **{k: r[k] for k in ("place", "player", "points")})
        for r in found["rows"][:SHARED_ROWS]
    ]
    more = len(found["rows"]) - SHARED_ROWS
    head = ngettext(
        "%(event)s, after %(num)s round:",
        "%(event)s, after %(num)s rounds:",
        found["rounds"],
        event=event.name,
    )
    tail = [_("… and %(count)s more", count=more)] if more > 0 else []
    return "\n".join([head, *rows, *tail, url])


@bp.route("/results/<int:event_id>/<token>")
def standings(event_id: int, token: str) -> str:
    """The standings, read-only, for anyone with the link; each name opens that player's page."""
    event = _published(event_id, token)
    found = board.standings(event)
    return render_template("events/results.html", **found, token=token)


@bp.route("/results/<int:event_id>/<token>/<int:number>")
def player(event_id: int, token: str, number: int) -> str:
    """A player's personal result: place and points, each table with who sat there, and the
    hands played at it."""
    event = _published(event_id, token)
    found = board.player(event, number)
    if found is None:
        abort(404)
    for entry in found["entries"]:
        game = queries.load_game(entry["game_id"]) if entry["game_id"] else None
        entry["hands"] = tables.hand_lines(game) if game is not None else []
        entry["game_id"] = None  # the game itself is the director's
    return render_template("events/player.html", **found, token=token)


def published(event: EventRow) -> dict[str, Any]:
    """What the director's standings page shows of the published results."""
    found = link(event)
    if found is None:
        return {"results_url": None, "results_form": ConfirmForm()}
    return {
        "results_url": found.url,
        "results_signed_in": event.results_signed_in,
        "results_qr": qr_svg(found.url),
        "results_form": ConfirmForm(),
        "share": share_text(event, board.standings(event), found.url),
    }
