"""Posting a line's form: the write, the conflict, and a form sent again with other values."""

from __future__ import annotations

from collections.abc import Callable

from flask import flash, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from . import services
from .forms import LineForm
from .games import conflict
from .rules import InvalidHand


def write(game_id: int, form: LineForm, write: Callable[[], services.Outcome]) -> Response | None:
    """Runs one write for a posted form: the score page after it, a conflict message, or None
    with the rule problems put at their fields (nothing stored)."""
    try:
        outcome = write()
    except services.Conflict:
        return conflict(game_id)
    except services.KeyReused as e:
        return saved_before(game_id, e.number)
    except InvalidHand as e:
        form.take_problems(e)
        return None
    return redirect(url_for("games.show", game_id=game_id, _anchor=f"h{outcome.number}"))


def posted() -> list[list[str]]:
    """What a form posted, in one order: the body its token is stored with (issue 11, point
    4). The fields, not the line made of them: the line of a form posted again is made
    against the game as it is now (the dealer by turn), and would differ from the first."""
    return sorted([k, v] for k, v in request.form.items(multi=True) if k != "csrf_token")


def saved_before(game_id: int, number: int) -> Response:
    """A form posted again with other values (Back after saving, a change, Save): its token
    stored line `number` already. Nothing changes; a fresh form of the same kind follows."""
    if request.endpoint == "hands.adjust":
        message = _(
            "This form was already saved as line %(number)s, so these values were not saved. "
            "To correct line %(number)s, open it from the score sheet; for a new adjustment, "
            "fill in this fresh form.",
            number=number,
        )
    else:
        message = _(
            "This form was already saved as hand %(number)s, so these values were not saved. "
            "To correct hand %(number)s, open it from the score sheet; for the next hand, "
            "fill in this fresh form.",
            number=number,
        )
    flash(message, "conflict")
    return redirect(url_for(request.endpoint or "hands.new", game_id=game_id))
