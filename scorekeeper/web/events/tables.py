"""The table link: opened on a phone at the table, it lets that phone score the table's game,
and, where the event asks it, confirm each hand by a seat that took part."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from scorekeeper.events import InvalidEvent
from scorekeeper.gamefile import line_to_dict
from scorekeeper.services import Conflict
from scorekeeper.services import events as running
from scorekeeper.store import derived
from scorekeeper.store import events as stored
from scorekeeper.store.models import Game
from scorekeeper.web import access
from scorekeeper.web.common import line_summary
from scorekeeper.web.events import links
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.i18n import translator
from scorekeeper.web.posted import whole

bp = Blueprint("tables", __name__)


@bp.route("/table/<int:table_id>/<token>")
def open(table_id: int, token: str) -> Response:
    """A wrong or renewed link is 404, like a wrong live link; a right one grants the game
    (links.py) and shows its score."""
    found = stored.table_row(table_id)
    if found is None or found[0].game_id is None or not links.matches(found[0], token):
        abort(404)
    links.grant(found[0])
    return redirect(url_for("games.show", game_id=found[0].game_id))


def _hands(game: Game, table_seats: int) -> list[dict[str, Any]]:
    """Each hand of the game (adjustments are not confirmed), newest first: its summary, who
    confirmed it, or the seats that took part in it (the ones who may)."""
    tally, facts = derived.tally(game), derived.rule_lines(game)
    rules, names = derived.rules_for(game), derived.names(game)
    by = running.confirmations(game.id)
    out, hand = [], 0
    for number, line in enumerate(tally.lines, start=1):
        if line.kind != "hand":
            continue
        hand += 1
        seats = rules.participants(line.dealer) if line.dealer is not None else range(table_seats)
        out.append(
            {
                "line": number,
                "hand": hand,
                "summary": line_summary(line_to_dict(facts[number - 1]), names),
                "by": names[by[number]] if number in by else None,
                "seats": [(s, names[s]) for s in seats],
            }
        )
    return out[::-1]


def hand_lines(game: Game) -> list[dict[str, Any]]:
    """Each hand of the game in the order played: its number and summary (declarer, contract,
    made or not), for a player's results page."""
    return [{"hand": h["hand"], "summary": h["summary"]} for h in _hands(game, len(game.seats))][
        ::-1
    ]


def unconfirmed(game: Game) -> list[int] | None:
    """On a table's phone of an event with `confirm`: the hands (as the table counts them)
    no seat has confirmed yet, marked above its sheet; None elsewhere."""
    found = access.by_table_link(game)
    if found is not None and found[2].confirm:
        seats = len(found[0].seats)
    elif game.confirm:  # an ordinary game whose owner asked for confirmations
        seats = len(game.seats)
    else:
        return None
    return [h["hand"] for h in _hands(game, seats) if h["by"] is None][::-1]


def prompt(game: Game, saved: str | None) -> dict[str, Any] | None:
    """Right after a hand is saved on a table's phone of an event with `confirm`, the game page
    asks for it to be confirmed (events.md section 1): the phone passed across the table, one
    tap by a seat that took part. None for any other page, game, phone or line, or a hand
    confirmed (the director confirms on the confirmation page)."""
    number = whole(saved)
    if number is None:
        return None
    # the table's phone (its link), or an ordinary game whose owner asked for confirmations:
    # any other game's page asks the database nothing more
    found = access.by_table_link(game)
    if found is not None and found[2].confirm:
        seats, table = len(found[0].seats), True
    elif game.confirm:
        seats, table = len(game.seats), False
    else:
        return None
    hand = next((h for h in _hands(game, seats) if h["line"] == number), None)
    if hand is None or hand["by"] is not None:
        return None
    form = ConfirmForm()
    form.prepare(game.version)
    return {**hand, "form": form, "table": table}


@bp.route("/games/<int:game_id>/confirm", methods=["GET", "POST"])
def confirm(game_id: int) -> Response | tuple[str, int]:
    """A table's hands confirmed one by one by a seat that took part (events.md: with
    `confirm`, a table counts once every hand is). The table's phone (its link) or the
    director; 404 for a game of no such event."""
    game = access.game_or_404(game_id)
    found = access.by_table_link(game) or stored.table_of_game(game.id)
    if found is not None and not found[2].confirm or found is None and not game.confirm:
        abort(404)
    table, event = (found[0], found[2]) if found is not None else (None, None)
    form = ConfirmForm()
    form.prepare(game.version)
    errors: list[str] = []
    if request.method == "POST" and form.validate():
        line, seat = whole(request.form.get("line")), whole(request.form.get("seat"))
        try:
            if line is None or seat is None:
                raise Conflict()  # not posted by this page's forms
            if event is not None and table is not None:
                running.confirm_hand(event, table, line, seat, form.posted_version())
            else:
                running.confirm_line(game, line, seat, form.posted_version())
        except InvalidEvent as e:
            errors = [p.problem.text(translator()) for p in e.problems]
        except Conflict:
            flash(_("The game changed a moment ago: look at the hands again."), "conflict")
            return redirect(url_for("tables.confirm", game_id=game_id))
        else:
            flash(_("Hand confirmed."), "done")
            if request.form.get("back") == "game":  # the prompt on the game page
                return redirect(url_for("games.show", game_id=game_id))
            return redirect(url_for("tables.confirm", game_id=game_id))
    hands = _hands(game, len(table.seats) if table is not None else len(game.seats))
    return render_template(
        "events/confirm.html",
        game=game,
        event=event,
        table=table,
        hands=hands,
        waiting=sum(1 for h in hands if h["by"] is None),
        form=form,
        errors=errors,
    ), (422 if errors else 200)
