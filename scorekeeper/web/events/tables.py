"""The table link: opened on a phone at the table, it lets that phone score the table's game."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, url_for
from werkzeug.wrappers import Response

from scorekeeper.store import events as stored
from scorekeeper.web.events import links

bp = Blueprint("tables", __name__)


@bp.route("/table/<int:table_id>/<token>")
def open(table_id: int, token: str) -> Response:
    """A wrong or renewed link is 404, like a wrong live link; a right one grants the game
    (links.py) and shows its score."""
    found = stored.table_row(table_id)
    if found is None or found[0].game_id is None or not links.matches(found[0], token):
        abort(404)
    links.grant(found[0])
    return redirect(url_for("games.show", game_id=found[0].game_id))
