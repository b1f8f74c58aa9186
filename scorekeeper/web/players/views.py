"""Pages of players: the account's players, one player's record, rename and merge."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.rules import MARRIAGE_SUITS, Message
from scorekeeper.rules.bounds import db_int
from scorekeeper.services import players
from scorekeeper.store import queries
from scorekeeper.store.models import Player
from scorekeeper.web import access, charts
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.i18n import day, translator


def refusal(e: players.Refused) -> str:
    """Why a rename or merge was refused, in the reader's language."""
    if isinstance(e.message, Message):
        return e.message.text(translator())
    return str(_(e.message, **e.params))


bp = Blueprint("players", __name__, url_prefix="/players")
bp.before_request(access.require_sign_in)


def _mine(player_id: int) -> Player:
    """One of the account's players; 404 for anyone else's."""
    player = queries.player_of(access.me().id, player_id)
    if player is None:
        abort(404)
    return player


@bp.route("/")
def index() -> str:
    rows = queries.players_with_games(access.me().id)
    return render_template("players/index.html", rows=rows)


def _page(
    player: Player, error: dict[str, str] | None = None, status: int = 200
) -> tuple[str, int]:
    rec, games = players.record(player)
    others = queries.players(access.me().id, besides=player.id)
    results = [(day(started), total, won) for started, total, won in rec.results]
    chart = charts.results(
        results, title=_("%(name)s: final totals", name=player.name), id_prefix="results"
    )
    return render_template(
        "players/show.html",
        player=player,
        rec=rec,
        games=games[:30],
        more=len(games) - 30,
        others=others,
        chart=chart,
        suits=[s for s in MARRIAGE_SUITS if rec.stats.marriages.get(s)],
        form=ConfirmForm(formdata=None),
        error=error or {},
    ), status


@bp.route("/<int:player_id>")
def show(player_id: int) -> tuple[str, int]:
    return _page(_mine(player_id))


@bp.route("/<int:player_id>/rename", methods=["POST"])
def rename(player_id: int) -> Response | tuple[str, int]:
    player = _mine(player_id)
    if ConfirmForm().validate_on_submit():
        try:
            players.rename(player, request.form.get("name", ""))
        except players.Refused as e:
            return _page(_mine(player_id), {"name": refusal(e)}, 422)
        flash(_("Renamed: %(name)s, in every game.", name=player.name), "done")
    return redirect(url_for("players.show", player_id=player_id))


@bp.route("/<int:player_id>/merge", methods=["POST"])
def merge(player_id: int) -> Response | tuple[str, int]:
    """This player is the same person as `into`: their games become `into`'s."""
    player = _mine(player_id)
    if ConfirmForm().validate_on_submit():
        # an id no row can have is nobody (PostgreSQL's INTEGER would refuse the query)
        into = db_int(request.form.get("into", type=int))
        target = queries.player_of(access.me().id, into)
        if target is None:
            return _page(player, {"into": _("Choose the player to merge with.")}, 422)
        try:
            players.merge(player, target)
        except players.Refused as e:
            return _page(_mine(player_id), {"into": refusal(e)}, 422)
        flash(
            _("%(source)s merged into %(target)s.", source=player.name, target=target.name), "done"
        )
        return redirect(url_for("players.show", player_id=target.id))
    return redirect(url_for("players.show", player_id=player_id))
