"""The ranking of the account's players by rating, and the rating chart of a player's page."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import Blueprint, render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.services import ratings
from scorekeeper.store import memo
from scorekeeper.store.models import Player
from scorekeeper.web import access, charts
from scorekeeper.web.i18n import day

bp = Blueprint("ratings", __name__, url_prefix="/players")
bp.before_request(access.require_sign_in)


@bp.route("/ranking")
def ranking() -> str:
    found = ratings.ranking(access.me().id)
    shown = one_decimal()
    rows = [
        (place, name, r.player, f"{r.ordinal:.3f}", shown(r.ordinal), r.games)
        for place, name, r in found.ranked
    ]
    return render_template(
        "ratings/ranking.html",
        rows=rows,
        unranked=found.unranked,
        minimum=ratings.RANKED_AFTER,
        pending=found.pending,
    )


def one_decimal() -> Callable[[float], str]:
    """A rating with one decimal in the reader's locale ("4.6", "4,6"), as web/i18n.number
    writes it, for 200 rows at once: Babel's own formatting took most of the page's time."""
    symbols = get_locale().number_symbols.get("latn", get_locale().number_symbols)
    point, minus = symbols.get("decimal", "."), symbols.get("minusSign", "-")

    def shown(value: float) -> str:
        text = f"{value:.1f}"
        return ("0.0" if text == "-0.0" else text).replace("-", minus).replace(".", point)

    return shown


@bp.app_template_global("player_rating")
def player_rating(player: Player) -> dict[str, Any]:
    """What the player page's rating shows (templates/players/_rating.html): the rating now
    and its chart after each rated game."""
    if player.account_id is None:
        return {"now": None, "chart": None, "games": 0, "pending": False}
    found = ratings.steps(player.account_id, player.id)
    # the chart, made once per state of the ratings and language: with 10,000 games, making
    # it (an ordinal per game) was most of a warm view
    key = ("rating chart", found.state, player.id, player.name, str(get_locale()))
    chart = memo.memos().sheets.get(key)
    if chart is None:
        chart = _chart(player, found)
        memo.memos().sheets.put(key, chart)
    return {
        "now": found.steps[-1] if found.steps else None,
        "games": len(found.steps),
        "minimum": ratings.RANKED_AFTER,
        "chart": chart,
        "pending": found.pending,
    }


def _chart(player: Player, found: ratings.PlayerSteps) -> Markup:
    # the chart says only its first and last days: formatting a date per game was 70 ms of a
    # view at 1,000 games
    last = len(found.steps) - 1
    points = [
        (_day(found.first) if i == 0 else _day(found.last) if i == last else "", s.ordinal)
        for i, s in enumerate(found.steps)
    ]
    title = _("%(name)s: rating after each game", name=player.name)
    return charts.rating(points, title=title)


def _day(when: datetime | None) -> str:
    return day(when) if when else ""
