"""Table links: a table's game scored from a phone without an account, and nothing else."""

# The link is /table/<table id>/<token>; the token is the HMAC of the app's secret key and the
# table's salt (store.eventmodels.EventTable.link_salt), so the database alone opens no table, and
# a new salt (the director's "new link") lets go of every phone the old one opened. Opening it
# puts a grant in the signed session cookie: that game's id and the token. The grant lets its
# holder see that game, its chart, explanations and rules, and log, correct, delete and undo its
# hands (access.TABLE_ENDPOINTS); nothing else: not its options (an event's are fixed), not
# sharing, deleting or a rematch, no other game. Every request checks the grant against the
# table's salt now.

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from flask import current_app, session

from scorekeeper.store import events as stored
from scorekeeper.store.eventmodels import EventTable

#: where the session keeps the grants: game id (text) -> [table id, token]
GRANTS = "tables"
#: the grants one browser keeps (a phone that scored at many club nights): the oldest go first
GRANTS_MAX = 20


def token(table: EventTable) -> str | None:
    """The table link's token, or None before its round starts."""
    if not table.link_salt:
        return None
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, f"event-table:{table.id}:{table.link_salt}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:18]).decode()


def matches(table: EventTable, given: str) -> bool:
    expected = token(table)
    return expected is not None and hmac.compare_digest(expected.encode(), given.encode())


def grant(table: EventTable) -> None:
    """This browser may score the table's game from now on (while the link stays the same)."""
    grants: dict[str, Any] = dict(session.get(GRANTS) or {})
    grants.pop(str(table.game_id), None)
    grants[str(table.game_id)] = [table.id, token(table)]
    while len(grants) > GRANTS_MAX:
        grants.pop(next(iter(grants)))
    session[GRANTS] = grants


def granted(game_id: Any) -> tuple[EventTable, Any, Any] | None:
    """The event table (with its round and event) whose game this browser holds a grant for,
    if the grant is still the table's link; None otherwise."""
    if not isinstance(game_id, int):
        return None
    held = (session.get(GRANTS) or {}).get(str(game_id))
    if not isinstance(held, list) or len(held) != 2 or not isinstance(held[1], str):
        return None
    found = stored.table_of_game(game_id)
    if found is None or found[0].id != held[0] or not matches(found[0], held[1]):
        return None
    return found
