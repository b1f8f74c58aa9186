"""Taking lines back: Undo of the last line, and a deleted line restored from the trail.

Routes of the hands blueprint (endpoints hands.undo, hands.restore), kept apart from the forms
that write lines.
"""

from __future__ import annotations

from flask import abort, flash, redirect, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import services
from scorekeeper.rules import InvalidHand
from scorekeeper.store import derived
from scorekeeper.web.access import game_or_404, who
from scorekeeper.web.games.views import conflict
from scorekeeper.web.hands.forms import ConfirmForm
from scorekeeper.web.hands.views import bp
from scorekeeper.web.i18n import problem_text


@bp.route("/undo", methods=["POST"])
def undo(game_id: int) -> Response:
    """Takes back the last line in one tap."""
    game = game_or_404(game_id)
    form = ConfirmForm()
    if form.validate_on_submit() and derived.rule_lines(game):
        try:
            # the last line as it is under the game's lock (None), not as read before it
            services.delete_line(game, None, form.posted_version(), "undo", who())
        except services.Conflict:
            return conflict(game_id)
    return redirect(url_for("games.show", game_id=game_id))


@bp.route("/restore/<int:revision>", methods=["POST"])
def restore(game_id: int, revision: int) -> Response:
    """Brings a deleted line back from the trail; every later total is derived again."""
    game = game_or_404(game_id)
    form = ConfirmForm()
    if form.validate_on_submit():
        try:
            done = services.restore_line(game, revision, form.posted_version(), who())
        except services.Conflict:
            return conflict(game_id)
        except LookupError:
            abort(404)
        except InvalidHand as e:
            flash(
                _(
                    "That line cannot come back: %(problem)s",
                    problem=problem_text(e.problems[0]),
                ),
                "conflict",
            )
        else:
            return redirect(url_for("games.show", game_id=game_id, _anchor=f"h{done.number}"))
    return redirect(url_for("games.show", game_id=game_id))
