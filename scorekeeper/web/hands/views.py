"""Writing lines: log a hand (with a live preview), an adjustment, edit, delete (undo.py: Undo)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper import services
from scorekeeper.rules import Adjustment, Hand, InvalidHand, formspec, stored_sheet
from scorekeeper.rules.sheet import hand_numbers
from scorekeeper.store import derived
from scorekeeper.store.models import Game
from scorekeeper.web import access
from scorekeeper.web.access import game_or_404, who
from scorekeeper.web.games.views import conflict
from scorekeeper.web.hands import posting
from scorekeeper.web.hands.forms import AdjustmentForm, ConfirmForm, HandForm, pad_seats
from scorekeeper.web.i18n import problem_text

bp = Blueprint("hands", __name__, url_prefix="/games/<int:game_id>")
bp.before_request(access.require_sign_in)


def _hand_form(game: Game, number: int | None = None) -> tuple[HandForm, Any]:
    rules = derived.rules_for(game)
    lines = derived.rule_lines(game)
    # the state the hand is logged in: after every line (a new hand, remembered per version)
    # or after the lines before it (an edit)
    before = (
        derived.tally(game)
        if number is None
        else stored_sheet(
            rules, lines[: number - 1], game.first_dealer, derived.names(game)
        ).tally()
    )
    if request.method == "GET" and number is not None:
        fact = lines[number - 1]
        form = HandForm.from_line(fact) if isinstance(fact, Hand) else HandForm(formdata=None)
    else:
        form = HandForm(
            formdata=pad_seats(request.form, rules.seats, "points", "tricks")
            if request.method == "POST"
            else None
        )
    dealer = before.next_dealer
    # ?dealer=: the form as another seat would deal it (a phone with no connection keeps one
    # per seat: after hands logged offline the deal has moved on, and who sits out with it)
    asked = request.args.get("dealer", type=int) if request.method == "GET" else None
    if number is None and asked is not None and 0 <= asked < rules.seats:
        dealer = asked
    form.setup(rules, derived.names(game), dealer, before.bidding.opener, before.hands)
    if request.method == "GET" and number is None:
        form.prefill(form.spec())  # a golden hand's declarer and contract (5.1)
    form.prepare(game.version)
    return form, before


def _render(
    game: Game, form: HandForm, before: Any, number: int | None, status: int, check: Any = None
) -> tuple[str, int]:
    # the title counts hands as the table does (adjustments are lines of their own kind)
    hands = hand_numbers(derived.tally(game).lines)
    hand_number = hands[number - 1] if number else sum(1 for h in hands if h) + 1
    return render_template(
        "hands/form.html",
        game=game,
        form=form,
        before=before,
        names=derived.names(game),
        number=number,
        check=check,  # what the Check button asked for: posting.would_score
        hand_number=hand_number,
        # what the rules mark beside each total before the hand: who keeps silent (5.1)
        chips=[formspec.chips(derived.rules_for(game), p) for p in before.players],
    ), status


def _checked(game: Game, form: HandForm, before: Any, number: int | None) -> tuple[str, int]:
    """The Check button (the preview without JavaScript): the form again, with what the hand
    would score filled in; nothing is stored."""
    line = form.to_line(derived.rules_for(game), before.next_dealer)
    return _render(game, form, before, number, 200, posting.would_score(game, line, number))


@bp.route("/hands/new", methods=["GET", "POST"])
def new(game_id: int) -> Response | tuple[str, int]:
    game = game_or_404(game_id)
    if request.method == "GET" and (closed := posting.abandoned(game)):
        return closed
    form, before = _hand_form(game)
    if form.validate_on_submit():
        if "check" in request.form:
            return _checked(game, form, before, None)
        line = form.to_line(derived.rules_for(game), before.next_dealer)
        done = posting.write(
            game_id,
            form,
            lambda: services.add_line(
                game, line, form.posted_version(), form.token.data, posting.posted()
            ),
        )
        if done:
            return done
    return _render(game, form, before, None, 422 if request.method == "POST" else 200)


@bp.route("/hands/<int:number>/edit", methods=["GET", "POST"])
def edit(game_id: int, number: int) -> Response | tuple[str, int]:
    game = game_or_404(game_id)
    facts = derived.rule_lines(game)
    if not 1 <= number <= len(facts):
        abort(404)
    if isinstance(facts[number - 1], Adjustment):
        return redirect(url_for("hands.adjust", game_id=game_id, number=number))
    form, before = _hand_form(game, number)
    if form.validate_on_submit():
        if "check" in request.form:
            return _checked(game, form, before, number)
        line = form.to_line(derived.rules_for(game), before.next_dealer)
        done = posting.write(
            game_id,
            form,
            lambda: services.update_line(
                game, number, line, form.posted_version(), form.change_reason.data or "", who()
            ),
        )
        if done:
            return done
    return _render(game, form, before, number, 422 if request.method == "POST" else 200)


@bp.route("/hands/preview", methods=["POST"])
def preview(game_id: int) -> Response:
    """What the posted hand would score, as JSON: the live preview of the hand form."""
    game = game_or_404(game_id)
    number = request.args.get("number", type=int)
    if number is not None and not 1 <= number <= len(derived.rule_lines(game)):
        abort(404)  # a preview of an edit names a line of the game
    form, before = _hand_form(game, number)
    return posting.preview(game, form.to_line(derived.rules_for(game), before.next_dealer), number)


@bp.route("/adjust", methods=["GET", "POST"], defaults={"number": None})
@bp.route("/hands/<int:number>/adjust", methods=["GET", "POST"])
def adjust(game_id: int, number: int | None) -> Response | tuple[str, int]:
    """A penalty or an agreed correction, with its reason (new, or editing line `number`)."""
    game = game_or_404(game_id)
    if number is None and request.method == "GET" and (closed := posting.abandoned(game)):
        return closed
    seats = len(game.seats)
    facts = derived.rule_lines(game)
    if number is not None and not (
        1 <= number <= len(facts) and isinstance(facts[number - 1], Adjustment)
    ):
        abort(404)
    if request.method == "GET" and number is not None:
        fact = facts[number - 1]
        form = AdjustmentForm(formdata=None)
        for v in getattr(fact, "values", ()):
            form.values.append_entry(v)
        form.reason.data = getattr(fact, "reason", "")
    else:
        form = AdjustmentForm(
            formdata=pad_seats(request.form, seats, "values") if request.method == "POST" else None
        )
    form.setup(seats)
    form.prepare(game.version)
    if form.validate_on_submit():
        line = form.to_line(seats)
        done = posting.write(
            game_id,
            form,
            lambda: (
                services.add_line(
                    game, line, form.posted_version(), form.token.data, posting.posted()
                )
                if number is None
                else services.update_line(
                    game,
                    number,
                    line,
                    form.posted_version(),
                    form.change_reason.data or "",
                    who(),
                )
            ),
        )
        if done:
            return done
    return render_template(
        "hands/adjust.html", game=game, form=form, names=derived.names(game), number=number
    ), (422 if request.method == "POST" else 200)


@bp.route("/hands/<int:number>/delete", methods=["GET", "POST"])
def delete(game_id: int, number: int) -> Response | tuple[str, int]:
    """Asks first (GET), then deletes (POST); every later total is derived again."""
    game = game_or_404(game_id)
    # a post is checked under the game's lock: a double tap on the last line is answered
    if request.method == "GET" and not 1 <= number <= len(derived.rule_lines(game)):
        abort(404)
    form = ConfirmForm()
    form.prepare(game.version)
    error = None
    if form.validate_on_submit():
        try:
            services.delete_line(
                game, number, form.posted_version(), form.change_reason.data or "", who()
            )
        except services.Conflict:
            return conflict(game_id)
        except InvalidHand as e:
            error = problem_text(e.problems[0])
        else:
            return redirect(url_for("games.show", game_id=game_id))
    tally = derived.tally(game)
    if not 1 <= number <= len(tally.lines):
        return conflict(game_id)  # a post without its form's fields, after another write
    return render_template(
        "hands/delete.html",
        game=game,
        form=form,
        number=number,
        line=tally.lines[number - 1],
        names=derived.names(game),
        error=error,
    ), 200 if error is None else 422
