"""Posting a line's form: the write, the conflict, a form sent again with other values, and
the live preview of a hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import flash, jsonify, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper import services
from scorekeeper.rules import InvalidHand
from scorekeeper.rules import Line as RuleLine
from scorekeeper.rules.sheet import hand_numbers
from scorekeeper.store import derived, queries
from scorekeeper.store.models import Game
from scorekeeper.web.games.views import conflict
from scorekeeper.web.hands.forms import LineForm
from scorekeeper.web.i18n import note_text, problem_text


def write(game_id: int, form: LineForm, write: Callable[[], services.Outcome]) -> Response | None:
    """Runs one write for a posted form: the score page after it, a conflict message, or None
    with the rule problems put at their fields (nothing stored)."""
    try:
        outcome = write()
    except services.Conflict:
        return conflict(game_id)
    except services.KeyReused as e:
        return saved_before(game_id, e.number)
    except services.Abandoned:
        form.form_errors.append(abandoned_message())  # what was typed stays in the form
        return None
    except InvalidHand as e:
        form.take_problems(e)
        return None
    # the top of the score page, what the scorer needs next: the totals, the dealer and
    # "Log hand N+1";
    # `saved` names the new line, which app.js marks in the sheet below
    return redirect(url_for("games.show", game_id=game_id, saved=outcome.number))


def abandoned_message() -> str:
    """Why no line can be added to an abandoned game, as the ended game's message says it."""
    return str(
        _(
            "This game was abandoned; nothing can be added to it. Its owner can resume it "
            "from the Game menu of the score page."
        )
    )


def abandoned(game: Game) -> Response | None:
    """For an abandoned game, no form of a new line: the score page, saying why."""
    if game.abandoned_at is None:
        return None
    flash(abandoned_message(), "conflict")
    return redirect(url_for("games.show", game_id=game.id))


def posted() -> list[list[str]]:
    """What a form posted, in one order: the body its token is stored with (the token
    sent again with another body is refused). The fields, not the line made of them: the line
    of a form posted again is made against the game as it is now (the dealer by turn), and
    would differ from the first."""
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
        game = queries.load_game(game_id)  # the hand as the sheet counts it, not its line
        hands = hand_numbers(derived.tally(game).lines) if game is not None else ()
        number = hands[number - 1] or number if 0 < number <= len(hands) else number
        message = _(
            "This form was already saved as hand %(number)s, so these values were not saved. "
            "To correct hand %(number)s, open it from the score sheet; for the next hand, "
            "fill in this fresh form.",
            number=number,
        )
    flash(message, "conflict")
    return redirect(url_for(request.endpoint or "hands.new", game_id=game_id))


def would_score(game: Game, line: RuleLine, number: int | None) -> dict[str, Any]:
    """What `line` would score as line `number` of the game (None: as the next one): the
    scores, totals and notes, or the problems of this line (the live preview, and the hand
    form's Check button without JavaScript)."""
    lines = derived.rule_lines(game)
    if number is None:
        lines.append(line)
        number = len(lines)
    else:
        lines[number - 1] = line
    names = derived.names(game)
    try:
        tally = derived.tally(game, lines[:number], entered=number)  # as a save would check it
    except InvalidHand as e:
        return {
            "ok": False,
            "errors": [
                {"field": p.field, "seat": p.seat, "message": problem_text(p)}
                for p in e.problems
                if p.hand == number
            ],
        }
    result = tally.lines[-1]
    return {
        "ok": True,
        "scores": list(result.scores),
        "totals": list(result.totals),
        "notes": [
            {"seat": n.seat, "rule": n.rule, "text": note_text(n, names)} for n in result.notes
        ],
    }


def preview(game: Game, line: RuleLine, number: int | None) -> Response:
    """would_score as JSON, as the hand form's live preview reads it."""
    return jsonify(**would_score(game, line, number))
