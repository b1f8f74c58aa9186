"""Pages of players: the account's players, one player's record, rename and merge."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.rules import Message
from scorekeeper.rules.bounds import db_int
from scorekeeper.rules.career import RECORDS, Versus
from scorekeeper.services import careers, players
from scorekeeper.store import memo, queries
from scorekeeper.store.models import Player
from scorekeeper.web import access, charts
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.i18n import day, translator
from scorekeeper.web.players.words import record_words


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
    # The records, chart and games are most of the page and the same for everyone until one
    # of the player's games changes: rendered once per page key and language (memo.py); the
    # forms (with their CSRF token) stay outside.
    key = careers.page_key(player)
    remembered = (key, str(get_locale()))
    history = memo.memos().sheets.get(remembered)
    if history is None:
        found = careers.page(player, key)
        history = _history(player, found)
        if found.complete:  # else made again by the next view, the figures kept by then
            memo.memos().sheets.put(remembered, history)
    others = queries.players(access.me().id, besides=player.id)
    return render_template(
        "players/show.html",
        player=player,
        history=history,
        others=others,
        form=ConfirmForm(formdata=None),
        error=error or {},
    ), status


def _history(player: Player, found: careers.Page) -> Markup:
    # the chart says only its first and last days: formatting 10,000 dates was most of a view
    last = len(found.results) - 1
    results = [
        (day(started) if i in (0, last) else "", total, won)
        for i, (started, total, won) in enumerate(found.results)
    ]
    chart = charts.results(
        results, title=_("%(name)s: final totals", name=player.name), id_prefix="results"
    )
    return Markup(
        render_template(
            "players/_history.html",
            player=player,
            page=found,
            rec=found.career,
            games=found.recent,
            met=found.met,
            chart=chart,
        )
    )


@bp.route("/<int:player_id>")
def show(player_id: int) -> tuple[str, int]:
    return _page(_mine(player_id))


PER_PAGE = 50


@bp.route("/<int:player_id>/games")
def games(player_id: int) -> tuple[str, int]:
    """The games behind one of the player's records (ratings.md 3), newest first; without
    `record`, every game of the player."""
    player = _mine(player_id)
    record = request.args.get("record") or None
    if record is not None and record not in RECORDS:
        abort(404)  # a link the page never makes: nothing to list
    page = max(1, db_int(request.args.get("page", 1, type=int)) or 1)
    found, count = careers.games(player, record, (page - 1) * PER_PAGE, PER_PAGE)
    pages = max(1, -(-count // PER_PAGE))
    if page > pages:
        page = pages
        found, count = careers.games(player, record, (page - 1) * PER_PAGE, PER_PAGE)
    return render_template(
        "players/games.html",
        player=player,
        record=record,
        heading=record_words().get(record or "", _("Games")),
        games=found,
        count=count,
        page=page,
        pages=pages,
    ), 200


@bp.route("/<int:player_id>/versus")
def versus(player_id: int) -> tuple[str, int]:
    """Head-to-head against another of the account's players (`other`), over the counting
    games both sat at."""
    player = _mine(player_id)
    key = careers.page_key(player)
    met = careers.page(player, key).met
    other_id = db_int(request.args.get("other", type=int))
    other = queries.player_of(access.me().id, other_id) if other_id is not None else None
    error = None
    if other is None or other.id == player.id:
        other = None
        if "other" in request.args:
            error = _("Choose a player %(name)s has played with.", name=player.name)
    meetings = careers.head_to_head(player, other, key) if other is not None else []
    return render_template(
        "players/versus.html",
        player=player,
        other=other,
        met=met,
        meetings=meetings,
        score=Versus.of(meetings),
        error=error,
    ), (422 if error else 200)


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
