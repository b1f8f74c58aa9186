"""The ranking of the account's players by rating, and the rating chart of a player's page."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template
from flask_babel import gettext as _

from scorekeeper.services import ratings
from scorekeeper.store.models import Player
from scorekeeper.web import access, charts
from scorekeeper.web.i18n import day

bp = Blueprint("ratings", __name__, url_prefix="/players")
bp.before_request(access.require_sign_in)


@bp.route("/ranking")
def ranking() -> str:
    return render_template(
        "ratings/ranking.html",
        ranking=ratings.ranking(access.me().id),
        minimum=ratings.RANKED_AFTER,
    )


@bp.app_template_global("player_rating")
def player_rating(player: Player) -> dict[str, Any]:
    """What the player page's rating shows (templates/players/_rating.html): the rating now
    and its chart after each rated game."""
    if player.account_id is None:
        return {"now": None, "chart": None, "games": 0}
    steps = ratings.steps(player.account_id, player.id)
    points = [(day(ended) if ended else "", step.ordinal) for step, ended in steps]
    title = _("%(name)s: rating after each game", name=player.name)
    return {
        "now": steps[-1][0] if steps else None,
        "games": len(steps),
        "minimum": ratings.RANKED_AFTER,
        "chart": charts.rating(points, title=title),
    }
