"""Looking back: the account's games, newest first, filtered by player, variant and date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import gettext as _

from scorekeeper.rules import VARIANTS
from scorekeeper.rules.bounds import db_int
from scorekeeper.services.summaries import summaries
from scorekeeper.store import queries
from scorekeeper.store.summaries import GameSummary
from scorekeeper.web import access

bp = Blueprint("history", __name__)
bp.before_request(access.require_sign_in)

PER_PAGE = 50


@dataclass(frozen=True)
class Filters:
    player: int | None
    variant: str | None
    since: date | None
    until: date | None
    errors: dict[str, str]

    @classmethod
    def read(cls, args: Any) -> Filters:
        """The filters from the query string; a bad value is ignored and said at its field."""
        errors: dict[str, str] = {}
        player = args.get("player", type=int)
        if player is not None and db_int(player) is None:
            # no player has such an id (PostgreSQL's INTEGER would refuse the query)
            errors["player"] = _("There is no such player.")
            player = None
        variant = args.get("variant") or None
        if variant is not None and variant not in VARIANTS:
            errors["variant"] = _("There is no variant %(variant)s.", variant=repr(variant))
            variant = None
        days: dict[str, date | None] = {}
        for name in ("since", "until"):
            raw = args.get(name) or ""
            try:
                days[name] = date.fromisoformat(raw) if raw else None
            except ValueError:
                errors[name] = _("A date is written 2026-12-31.")
                days[name] = None
        if days["until"] == date.max:  # the day after it is past the calendar: no end
            days["until"] = None
        return cls(player, variant, days["since"], days["until"], errors)

    def query(self) -> queries.HistoryFilter:
        """The filter as the store applies it."""
        return queries.HistoryFilter(self.player, self.variant, self.since, self.until)


@bp.route("/history")
def index() -> str:
    """Every game of the account, newest first, a page at a time, in a fixed number of
    queries whatever the number of games (tests/web/test_history.py counts them)."""
    me = access.me()
    filters = Filters.read(request.args)
    count = queries.history_count(me.id, filters.query())
    pages = max(1, -(-count // PER_PAGE))
    page = min(max(1, request.args.get("page", 1, type=int)), pages)
    games = queries.history_page(me.id, filters.query(), page, PER_PAGE)
    players = queries.players(me.id)
    found: dict[int, GameSummary] = summaries(games)
    return render_template(
        "history/index.html",
        games=[(g, found[g.id]) for g in games],
        filters=filters,
        players=players,
        variants=VARIANTS,
        count=count,
        page=page,
        pages=pages,
        args={k: v for k, v in request.args.items() if k != "page" and v},
    )
