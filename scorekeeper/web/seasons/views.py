"""The season pages: seasons, a new season, its ladder, a score explained, the printable
sheet, the edit and delete of a season."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.services import seasons as writing
from scorekeeper.services.seasons import InvalidSeason
from scorekeeper.store import seasons as kept
from scorekeeper.store.seasonmodels import Season
from scorekeeper.web import access
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.posted import whole
from scorekeeper.web.seasons import ladder
from scorekeeper.web.seasons.forms import SeasonForm, take_problems

bp = Blueprint("seasons", __name__, url_prefix="/seasons")
bp.before_request(access.require_sign_in)


def season_or_404(season_id: int) -> Season:
    """The signed-in account's season; anyone else's does not exist (404, as for events)."""
    found = kept.load(season_id, access.me().id)
    if found is None:
        abort(404)
    return found


def _ticked() -> list[int]:
    """The event boxes ticked (ids; anything else is no event, refused by the service)."""
    return [n if n is not None else -1 for n in (whole(x) for x in request.form.getlist("event"))]


@bp.route("")
def index() -> str:
    return render_template("seasons/index.html", seasons=kept.owned(access.me().id))


def _form_page(
    form: SeasonForm, season: Season | None, chosen: set[int], errors: list[str], status: int
) -> tuple[str, int]:
    return render_template(
        "seasons/form.html",
        form=form,
        season=season,
        events=kept.owned_events(access.me().id),
        chosen=chosen,
        errors=errors,
    ), status


@bp.route("/new", methods=["GET", "POST"])
def new() -> tuple[str, int] | Response:
    form = SeasonForm()
    if request.method == "GET":
        form.best.data = "8"
        return _form_page(form, None, set(), [], 200)
    errors: list[str] = []
    if form.validate():
        try:
            season = writing.create_season(
                access.me().id, form.name.data, form.best.data, _ticked()
            )
        except InvalidSeason as e:
            errors = take_problems(form, e.problems)
        else:
            flash(_("Season created."), "done")
            return redirect(url_for("seasons.show", season_id=season.id))
    return _form_page(form, None, set(_ticked()), errors, 422)


@bp.route("/<int:season_id>/edit", methods=["GET", "POST"])
def edit(season_id: int) -> tuple[str, int] | Response:
    season = season_or_404(season_id)
    form = SeasonForm()
    if request.method == "GET":
        form.name.data, form.best.data = season.name, str(season.best)
        return _form_page(form, season, {e.event_id for e in season.events}, [], 200)
    errors: list[str] = []
    if form.validate():
        try:
            writing.change_season(season, form.name.data, form.best.data, _ticked())
        except InvalidSeason as e:
            errors = take_problems(form, e.problems)
        else:
            flash(_("Season saved."), "done")
            return redirect(url_for("seasons.show", season_id=season.id))
    return _form_page(form, season, set(_ticked()), errors, 422)


@bp.route("/<int:season_id>")
def show(season_id: int) -> str:
    """The ladder; `?print=1` the printable sheet with every result."""
    season = season_or_404(season_id)
    if request.args.get("print"):
        return render_template("seasons/print.html", **ladder.sheet(season))
    return render_template("seasons/show.html", **ladder.ladder(season), form=ConfirmForm())


@bp.route("/<int:season_id>/player")
def player(season_id: int) -> str:
    """A player's score explained: the results that count, those dropped, the events missed."""
    season = season_or_404(season_id)
    found = ladder.player(season, request.args.get("name", ""))
    if found is None:
        abort(404)
    return render_template("seasons/player.html", **found)


@bp.route("/<int:season_id>/delete", methods=["POST"])
def delete(season_id: int) -> Response:
    season = season_or_404(season_id)
    if ConfirmForm().validate():
        writing.delete_season(season)
        flash(_("Season deleted; its events stay."), "done")
        return redirect(url_for("seasons.index"))
    return redirect(url_for("seasons.show", season_id=season_id))
