"""An event file on the import page: stored at once with its rounds and games, or refused with
each problem at its place (the lines `scorekeeper standings` says, in the reader's language)."""

# An event is one file of at most 250 tables a round: read and stored in the request, as the API
# stores it, rather than queued as an archive of games is.

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.events import FORMAT, InvalidEvent
from scorekeeper.events.numbers import decode
from scorekeeper.services import Conflict
from scorekeeper.services import events as running
from scorekeeper.store import imports
from scorekeeper.web import access
from scorekeeper.web.i18n import translator

#: how far into the file its format is looked for: the format comes first in an exported file
LOOK = 4096


def is_event_file(data: bytes) -> bool:
    """Whether the upload is JSON that says it is an event file (the event reader then says
    what else is wrong with it); a game file, an archive or anything else is not."""
    if FORMAT.encode() not in data[:LOOK]:
        return False
    try:
        found = decode(data)
    except InvalidEvent:
        return False
    return isinstance(found, dict) and found.get("format") == FORMAT


def store(form: Any, data: bytes) -> Response | tuple[str, int]:
    """The event stored, and its page; or the import page again with every problem."""
    try:
        event = running.create_event(decode(data), access.me().id)
    except InvalidEvent as e:
        tr = translator()
        errors = [p.located(tr) for p in e.problems]
    except Conflict:
        errors = [_("Another import wrote at the same moment: try again.")]
    else:
        flash(_("Event imported: %(name)s.", name=event.name), "done")
        return redirect(url_for("events.show", event_id=event.id))
    page = render_template(
        "transfer/import.html", form=form, errors=errors, jobs=imports.jobs_of(access.me().id)
    )
    return page, 422
