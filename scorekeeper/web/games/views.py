"""Pages of games: home, new game, the scoreboard, and one hand's explanation."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper import services
from scorekeeper.rules import VARIANTS, InvalidHand, formspec
from scorekeeper.services import summaries, writing
from scorekeeper.store import derived, memo, queries, trail
from scorekeeper.store.models import Game
from scorekeeper.web import access, charts, words
from scorekeeper.web.common import variant_title
from scorekeeper.web.events import room, tables
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.games.forms import (
    NewGameForm,
    option_widgets,
    summary,
)
from scorekeeper.web.games.newgame import take_problems, to_game_file

bp = Blueprint("games", __name__)
RECENT = 40  # the lines a game page lists before "Show all"; a phone shows about 15 at once


bp.before_request(access.require_sign_in)


@bp.route("/")
def index() -> str:
    """Games in progress first, then finished ones, then abandoned ones, newest first."""
    games = summaries.recent_games(access.me().id)
    running = [(g, s) for g, s in games if not s.finished and g.abandoned_at is None]
    done = [(g, s) for g, s in games if s.finished]
    dropped = [(g, s) for g, s in games if not s.finished and g.abandoned_at is not None]
    return render_template("games/index.html", running=running, done=done, dropped=dropped)


@bp.route("/games/new", methods=["GET", "POST"])
def new() -> tuple[str, int] | Response:
    form = NewGameForm()
    if request.method == "GET":
        # the game the reader's language suggests (pl-3 for English too: the first preset)
        form.variant.data = words.LANGUAGE_VARIANTS.get(str(get_locale()), form.variant.data)
        form.token.data = secrets.token_urlsafe(16)
    if form.validate_on_submit():
        try:
            game = _start(form)
        except InvalidHand as e:
            take_problems(form, e)
        except services.Conflict:
            form.form_errors.append(_("Another game was started at the same moment: try again."))
        else:
            return redirect(url_for("games.show", game_id=game.id))
    known = queries.player_names(access.me().id)
    return render_template(
        "games/new.html",
        form=form,
        known=known,
        **option_widgets(),
        variants=VARIANTS,
        summaries={key: summary(key) for key in VARIANTS},
    ), (422 if request.method == "POST" else 200)


def _start(form: NewGameForm) -> Game:
    """The game the form starts; with the form's token, the game that token started before if
    any (a double tap, or a form kept offline and sent again): the same key as the API's
    Idempotency-Key, in a space of its own ("form:")."""
    file = to_game_file(form)
    me = access.me().id
    if not form.token.data:  # a form made before tokens, or by hand
        return services.create_game(file, me)
    fields = sorted(
        (k, v) for k, v in request.form.items(multi=True) if k not in ("csrf_token", "token")
    )
    key = services.Key(f"form:{form.token.data}", me, writing.body_digest(fields))
    try:
        game, _repeated = services.create_game_once(file, key)
    except services.KeyReused as e:  # the form changed after it started a game: that game
        return access.game_or_404(e.number)
    return game


@bp.route("/games/<int:game_id>")
def show(game_id: int) -> str:
    """The scoreboard: totals, who deals and bids next, every hand with its running totals."""
    game = access.game_or_404(game_id)
    return render_template("games/show.html", **board(game))


def board(game: Game) -> dict[str, Any]:
    rules = derived.rules_for(game)
    tally = derived.tally(game)
    names = derived.names(game)
    undo = ConfirmForm()
    undo.prepare(game.version)
    facts = derived.rule_lines(game)
    # The list of hands is most of the page and the same for everyone until the next write:
    # rendered once per version and language (memo.py). Forms (with their CSRF token) stay
    # outside it.
    # A long game shows its last RECENT lines, the rest a tap away (?all=1): the page costs
    # the same at hand 300 as at hand 30.
    shown = len(tally.lines) if request.args.get("all") else RECENT
    deleted, changed = trail.marks(game)
    sheet = memo.memos().sheets.get_or_make(
        (game.id, game.version, tuple(names), str(get_locale()), shown),
        lambda: Markup(
            render_template(
                "games/_sheet.html",
                game=game,
                tally=tally,
                names=names,
                facts=facts,
                shown=shown,
                changed=changed,
            )
        ),
    )
    return {
        "sheet": sheet,
        "deleted": deleted,
        "game": game,
        "tally": tally,
        # what the rules mark beside each total (rules/formspec.py): the page decides nothing
        "chips": [formspec.chips(rules, p, tally.finished) for p in tally.players],
        "names": names,
        "undo": undo,
        "facts": facts,
        "rematches": game.rematches,
        # a table's phone by its event link: only what the link's grant can do is offered
        "table_link": (link := access.by_table_link(game)),
        # ... and once its round is closed (the director's lock), nothing that changes a line
        "locked": access.locked(link),
        # the round's timer, counted down on the table's phone (web/events/room.py)
        "timer": (at := room.ends(link[1]) if link else None),
        "timer_minutes": room.minutes_left(at),
        # an event's hand just saved, to be confirmed by a seat: one tap, the phone passed
        "confirm_now": tables.prompt(game, request.args.get("saved")),
        "unconfirmed": tables.unconfirmed(game),
    }


@bp.route("/games/<int:game_id>/chart")
def chart(game_id: int) -> str:
    """The score progression: a line per player, the target, the lock or barrel."""
    game = access.game_or_404(game_id)
    return render_template(
        "games/chart.html", game=game, names=derived.names(game), chart=progression_of(game)
    )


def progression_of(game: Game) -> Markup:
    options, tally = derived.rules_for(game).options, derived.tally(game)
    marks = []
    if options.lock:
        marks.append((_("lock %(points)s", points=options.lock), options.lock))
    if options.barrel:
        marks.append((_("barrel %(points)s", points=options.barrel.at), options.barrel.at))
    return charts.progression(
        derived.names(game),
        [line.totals for line in tally.lines],
        options.target,
        marks,
        title=f"{variant_title(game.variant)}: {', '.join(derived.names(game))}",
        id_prefix=f"game{game.id}",
    )


@bp.route("/games/<int:game_id>/hands/<int:number>")
def explain(game_id: int, number: int) -> str:
    """One line with every note that made its numbers: a dispute is settled by reading."""
    game = access.game_or_404(game_id)
    tally = derived.tally(game)
    if not 1 <= number <= len(tally.lines):
        abort(404)
    line = tally.lines[number - 1]
    delete = ConfirmForm()
    delete.prepare(game.version)
    return render_template(
        "games/explain.html",
        game=game,
        line=line,
        tally=tally,
        names=derived.names(game),
        fact=derived.rule_lines(game)[number - 1],
        delete=delete,
        last=number == len(tally.lines),
        history=trail.history(game, number),
        locked=access.locked(access.by_table_link(game)),
    )


def conflict(game_id: int) -> Response:
    flash(
        _(
            "Someone else changed this game a moment ago: here is the current score. "
            "Nothing of yours was saved; enter it again if it is still needed."
        ),
        "conflict",
    )
    return redirect(url_for("games.show", game_id=game_id))
