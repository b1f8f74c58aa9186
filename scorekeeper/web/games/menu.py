"""The score page's Game menu: abandon and resume, delete (asked first) and restore, rematch."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import services
from scorekeeper.services import lifecycle
from scorekeeper.store import derived, queries
from scorekeeper.web import access
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.games.views import conflict

bp = Blueprint("gamemenu", __name__)
bp.before_request(access.require_sign_in)


def _back(game_id: int) -> Response:
    return redirect(url_for("games.show", game_id=game_id))


@bp.route("/games/<int:game_id>/abandon", methods=["POST"])
def abandon(game_id: int) -> Response:
    """The owner stops the game before its end: kept in history, marked, no line added."""
    game = access.game_or_404(game_id, owner=True)
    if ConfirmForm().validate_on_submit():
        try:
            lifecycle.abandon(game)
        except lifecycle.Refused:
            flash(_("This game is finished: there is nothing to abandon."), "conflict")
        except services.Conflict:
            return conflict(game_id)
        else:
            flash(_("Game abandoned. It stays in the history; resume it to play on."), "done")
    return _back(game_id)


@bp.route("/games/<int:game_id>/confirming", methods=["POST"])
def confirming(game_id: int) -> Response:
    """The owner asks for every hand to be confirmed by a seat, or no longer (`off`)."""
    game = access.game_or_404(game_id, owner=True)
    if ConfirmForm().validate_on_submit():
        try:
            lifecycle.ask_confirmations(game, not request.form.get("off"))
        except services.Conflict:
            return conflict(game_id)
    return _back(game_id)


@bp.route("/games/<int:game_id>/resume", methods=["POST"])
def resume(game_id: int) -> Response:
    game = access.game_or_404(game_id, owner=True)
    if ConfirmForm().validate_on_submit():
        try:
            lifecycle.resume(game)
        except services.Conflict:
            return conflict(game_id)
        flash(_("Game resumed: log the next hand."), "done")
    return _back(game_id)


@bp.route("/games/<int:game_id>/delete", methods=["GET", "POST"])
def delete(game_id: int) -> Response | str:
    """Asks first (GET: what goes), then deletes (POST), by the owner only. The game is kept,
    hidden, so that the owner can restore it from the account page."""
    me = access.me()
    game = queries.deleted_game(game_id, me.id)
    form = ConfirmForm()
    if game is not None and game.deleted_at is not None:
        if form.validate_on_submit():  # the twin of a double tap: it is deleted already
            return redirect(url_for("games.index"))
        abort(404)
    game = access.game_or_404(game_id, owner=True)
    if form.validate_on_submit():
        try:
            lifecycle.delete(game, access.who(), form.change_reason.data or "")
        except services.Conflict:
            return conflict(game_id)
        flash(
            _(
                "Game %(number)s deleted. Your account page can bring it back.",
                number=game_id,
            ),
            "done",
        )
        return redirect(url_for("games.index"))
    form.prepare(game.version)
    return render_template(
        "games/delete.html",
        game=game,
        form=form,
        names=derived.names(game),
        lines=len(derived.rule_lines(game)),
        scorers=len(queries.scorers(game)),
    )


@bp.route("/account/games/<int:game_id>/restore", methods=["POST"])
def restore(game_id: int) -> Response:
    """The owner brings a deleted game back, whole."""
    game = queries.deleted_game(game_id, access.me().id)
    if game is None:
        abort(404)
    if ConfirmForm().validate_on_submit():
        try:
            lifecycle.restore(game, access.who())
        except services.Conflict:
            return redirect(url_for("account.page", _anchor="deleted"))
        flash(_("Game %(number)s restored.", number=game_id), "done")
        return _back(game_id)
    return redirect(url_for("account.page", _anchor="deleted"))


@bp.route("/games/<int:game_id>/rematch", methods=["POST"])
def rematch(game_id: int) -> Response:
    """A new game of the same players and rules, the deal moved on; any scorer may ask. A
    double tap (the same form token) leads to the game the first tap made."""
    game = access.game_or_404(game_id)
    form = ConfirmForm()
    if not form.validate_on_submit() or not form.token.data:
        flash(_("This form was not made by this page: open the game again."), "conflict")
        return _back(game_id)
    try:
        new, _repeated = lifecycle.rematch(game, form.token.data)
    except services.Conflict:
        return conflict(game_id)
    return redirect(url_for("games.show", game_id=new.id))
