"""The director's pages: events, a new event, players, the draw, seating, start, follow, close."""

from __future__ import annotations

import json

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.events import InvalidEvent
from scorekeeper.rules import VARIANTS, InvalidHand
from scorekeeper.services import Conflict
from scorekeeper.services import events as running
from scorekeeper.store import events as stored
from scorekeeper.store import queries
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.store.seasons import of_event as in_seasons
from scorekeeper.web import access
from scorekeeper.web.events import board, results
from scorekeeper.web.events.forms import (
    SIZES,
    DrawForm,
    EventForm,
    PlayersForm,
    header,
    presets_of,
    take_event_problems,
)
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.games.forms import (
    option_widgets,
)
from scorekeeper.web.i18n import translator
from scorekeeper.web.posted import whole

bp = Blueprint("events", __name__, url_prefix="/events")
bp.before_request(access.require_sign_in)


def event_or_404(event_id: int) -> EventRow:
    """The signed-in director's event; anyone else's does not exist (404, as for games)."""
    found = stored.load(event_id, access.me().id)
    if found is None:
        abort(404)
    return found


def _problems(error: InvalidEvent) -> list[str]:
    tr = translator()
    return [p.located(tr) for p in error.problems]


@bp.route("")
def index() -> str:
    return render_template("events/index.html", events=stored.owned(access.me().id))


@bp.route("/new", methods=["GET", "POST"])
def new() -> tuple[str, int] | Response:
    form = EventForm()
    if request.method == "GET":
        form.size_4.data = "pl-4"
        form.size_3.data = "pl-3"
    if request.method == "POST" and form.validate():
        try:
            event = running.create_event(header(form), access.me().id)
        except (InvalidEvent, InvalidHand) as e:
            take_event_problems(form, e)
        else:
            flash(_("Event created: enter its players."), "done")
            return redirect(url_for("events.players", event_id=event.id))
    shown = form.variant.data if form.variant.data in VARIANTS else "pl-4"
    return render_template(
        "events/new.html",
        form=form,
        sizes=[(size, presets_of(size)) for size in SIZES],
        shown=shown,
        **option_widgets(),
    ), (422 if request.method == "POST" else 200)


@bp.route("/<int:event_id>")
def show(event_id: int) -> str:
    """The director's page: the round drawn, being played (every table's totals and hands)
    or closed, and what comes next."""
    event = event_or_404(event_id)
    form = ConfirmForm()
    form.prepare(event.version)  # the start button starts the seating this page shows
    return render_template("events/show.html", **board.context(event), form=form)


@bp.route("/<int:event_id>/players", methods=["GET", "POST"])
def players(event_id: int) -> tuple[str, int] | Response:
    """The entrants, one name a line, and the account's players to pick from."""
    event = event_or_404(event_id)
    form = PlayersForm()
    known = queries.players(access.me().id)
    errors: list[str] = []
    if request.method == "GET":
        form.names.data = "\n".join(p.name for p in event.players)
    elif form.validate():
        typed = [" ".join(line.split()) for line in (form.names.data or "").splitlines()]
        names = [name for name in typed if name]
        picked = {whole(x) for x in request.form.getlist("pick")} - {None}
        ids = {name.casefold(): pid for pid, name in known}
        for pid, name in known:
            if pid in picked and name.casefold() not in {n.casefold() for n in names}:
                names.append(name)
        try:
            running.set_players(event, [(n, ids.get(n.casefold())) for n in names])
        except InvalidEvent as e:
            errors = _problems(e)
        except Conflict:
            errors = [_("The event changed a moment ago: look, and try again.")]
        else:
            flash(_("%(count)s players.", count=len(names)), "done")
            return redirect(url_for("events.show", event_id=event_id))
    return render_template(
        "events/players.html", event=event, form=form, known=known, errors=errors
    ), (422 if request.method == "POST" else 200)


def _refusal(event_id: int, error: InvalidEvent | Conflict) -> Response:
    if isinstance(error, Conflict):
        flash(_("The event changed a moment ago: look, and try again."), "conflict")
    else:
        for line in [p.problem.text(translator()) for p in error.problems]:
            flash(line, "conflict")
    return redirect(url_for("events.show", event_id=event_id))


@bp.route("/<int:event_id>/draw", methods=["POST"])
def draw(event_id: int) -> Response:
    event = event_or_404(event_id)
    form = DrawForm()
    if not form.validate():
        return redirect(url_for("events.show", event_id=event_id))
    try:
        running.draw_round(event, form.method.data)
    except (InvalidEvent, Conflict) as e:
        return _refusal(event_id, e)
    return redirect(url_for("events.show", event_id=event_id, _anchor="round"))


@bp.route("/<int:event_id>/seating", methods=["GET", "POST"])
def seating(event_id: int) -> tuple[str, int] | Response:
    """Players moved by hand before the round starts: each player's table (or a bye); the
    seat order at a table is the order of the list."""
    event = event_or_404(event_id)
    round_ = running.drawn(event)
    if round_ is None:
        return redirect(url_for("events.show", event_id=event_id))
    form = ConfirmForm()
    errors: list[str] = []
    where = {p: t.number for t in round_.tables for p in t.seats}
    count = len(round_.tables)
    if request.method == "POST" and form.validate():
        tables: list[list[int]] = [[] for _ in range(count + 1)]
        for player in range(len(event.players)):
            raw = request.form.get(f"p{player}", "")
            number = whole(raw) or 0
            at = number if number <= count + 1 else 0
            if at:
                tables[at - 1].append(player)
            where[player] = at
        try:
            running.move(event, tables)
        except (InvalidEvent, Conflict) as e:
            if isinstance(e, Conflict):
                errors = [_("The event changed a moment ago: look, and try again.")]
            else:
                errors = [p.problem.text(translator()) for p in e.problems]
        else:
            flash(_("Seating saved."), "done")
            return redirect(url_for("events.show", event_id=event_id, _anchor="round"))
    return render_template(
        "events/seating.html",
        event=event,
        round=round_,
        form=form,
        where=where,
        count=count,
        errors=errors,
    ), (422 if errors else 200)


@bp.route("/<int:event_id>/start", methods=["POST"])
def start(event_id: int) -> Response:
    event = event_or_404(event_id)
    form = ConfirmForm()
    if form.validate():
        try:
            running.start_round(event, form.posted_version())
        except (InvalidEvent, Conflict) as e:
            return _refusal(event_id, e)
        flash(_("The round has started: hand each table its link."), "done")
    return redirect(url_for("events.show", event_id=event_id, _anchor="round"))


@bp.route("/<int:event_id>/close", methods=["GET", "POST"])
def close(event_id: int) -> Response | str:
    """Asks first, naming the tables not ended (they become closed), then closes the round."""
    event = event_or_404(event_id)
    round_ = running.running(event)
    if round_ is None:
        return redirect(url_for("events.show", event_id=event_id))
    form = ConfirmForm()
    if request.method == "POST" and form.validate():
        # the round this page named: a tab left open after it closed closes no other round
        raw = request.form.get("round", "")
        try:
            running.close_round(event, whole(raw))
        except (InvalidEvent, Conflict) as e:
            return _refusal(event_id, e)
        flash(_("Round %(number)s closed.", number=round_.number), "done")
        return redirect(url_for("events.standings", event_id=event_id))
    names = [p.name for p in event.players]
    open_tables = [
        (t.number, [names[s] for s in t.seats]) for t in running.unfinished(event, round_)
    ]
    return render_template(
        "events/close.html", event=event, round=round_, form=form, open_tables=open_tables
    )


@bp.route("/<int:event_id>/tables/<int:table_id>/link", methods=["POST"])
def new_link(event_id: int, table_id: int) -> Response:
    """A new link for a table: the old one, and every phone it opened, stops working."""
    event = event_or_404(event_id)
    table = next((t for r in event.rounds for t in r.tables if t.id == table_id), None)
    if table is None or table.link_salt is None:
        abort(404)
    if ConfirmForm().validate():
        try:
            running.new_link(event, table)
        except Conflict as e:
            return _refusal(event_id, e)
        flash(_("Table %(number)s has a new link.", number=table.number), "done")
    return redirect(url_for("events.plan", event_id=event_id, _anchor=f"t{table_id}"))


@bp.route("/<int:event_id>/plan")
def plan(event_id: int) -> str:
    """The printable seating plan: a slip per table with its players, link and QR code."""
    event = event_or_404(event_id)
    return render_template("events/plan.html", **board.plan(event), form=ConfirmForm())


@bp.route("/<int:event_id>/standings")
def standings(event_id: int) -> str:
    """The standings, each number explained, and the published results' link; `?print=1`
    the A4 sheet."""
    event = event_or_404(event_id)
    if request.args.get("print"):
        return render_template("events/standings_print.html", **board.standings(event))
    return render_template(
        "events/standings.html",
        **board.standings(event),
        **results.published(event),
        seasons=in_seasons(event.id),
    )


@bp.route("/<int:event_id>/results", methods=["POST"])
def publish(event_id: int) -> Response:
    """The results published by a new link (the old one stops working), with `audience`
    "accounts" to the accounts of this server only, or, with `withdraw`, no longer published."""
    event = event_or_404(event_id)
    if ConfirmForm().validate_on_submit():
        try:
            running.publish_results(
                event,
                not request.form.get("withdraw"),
                signed_in=request.form.get("audience") == "accounts",
            )
        except Conflict:
            pass  # another tab did it a moment ago: the page shows what is now
    return redirect(url_for("events.standings", event_id=event_id) + "#results")


@bp.route("/<int:event_id>/standings/<int:number>")
def player(event_id: int, number: int) -> str:
    """A player's row of the standings explained: their tables, places and points."""
    event = event_or_404(event_id)
    found = board.player(event, number)
    if found is None:
        abort(404)
    return render_template("events/player.html", **found)


@bp.route("/<int:event_id>/file")
def event_file(event_id: int) -> Response:
    """The event file: everything played so far (importing it again gives these standings)."""
    event = event_or_404(event_id)
    body = json.dumps(stored.event_file(event), ensure_ascii=False, indent=1)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id}.json"'},
    )


@bp.route("/<int:event_id>/delete", methods=["POST"])
def delete(event_id: int) -> Response:
    event = event_or_404(event_id)
    if ConfirmForm().validate():
        running.delete_event(event)
        flash(_("Event deleted; its tables' games stay in your games."), "done")
        return redirect(url_for("events.index"))
    return redirect(url_for("events.show", event_id=event_id))
