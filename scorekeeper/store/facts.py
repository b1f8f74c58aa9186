"""The one mapping of a line between its rows and the rules' Hand or Adjustment, both ways."""

# Reading is fast: a 200-hand game is some 1,000 rows, and building ORM objects for them cost
# more than scoring the game (bench/http_pages.py), so the read path selects tuples and builds
# the rules' records directly. Writing fills a line's rows one object at a time (fill_line), or
# as plain rows in bulk for an import (bulk.py, from the same line_fields).

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from sqlalchemy import select

from scorekeeper.rules import Adjustment, Hand, Marriage, Musik
from scorekeeper.rules import Line as RuleLine
from scorekeeper.store.db import db
from scorekeeper.store.models import Entry, Line, MarriageRow

_LINE = (
    Line.id,
    Line.game_id,
    Line.kind,
    Line.dealer,
    Line.declarer,
    Line.bid,
    Line.contract,
    Line.give_up,
    Line.blind,
    Line.trump,
    Line.musik_aces,
    Line.musik_marriage,
    Line.reason,
)


def facts_by_game(game_ids: Iterable[int]) -> dict[int, list[RuleLine]]:
    """Every game's lines in order, in three queries whatever the number of games and lines."""
    ids = list(game_ids)
    out: dict[int, list[RuleLine]] = {gid: [] for gid in ids}
    if not ids:
        return out
    lines = db.session.execute(
        select(*_LINE).where(Line.game_id.in_(ids)).order_by(Line.game_id, Line.position)
    ).all()
    entries: dict[int, list[tuple[int | None, int | None, int | None]]] = defaultdict(list)
    for line_id, points, tricks, value in db.session.execute(
        select(Entry.line_id, Entry.points, Entry.tricks, Entry.adjustment)
        .join(Line, Entry.line_id == Line.id)
        .where(Line.game_id.in_(ids))
        .order_by(Entry.line_id, Entry.seat)
    ):
        entries[line_id].append((points, tricks, value))
    marriages: dict[int, list[Marriage]] = defaultdict(list)
    for line_id, seat, suit, switch in db.session.execute(
        select(MarriageRow.line_id, MarriageRow.seat, MarriageRow.suit, MarriageRow.switch)
        .join(Line, MarriageRow.line_id == Line.id)
        .where(Line.game_id.in_(ids))
        .order_by(MarriageRow.line_id, MarriageRow.order)
    ):
        marriages[line_id].append(Marriage(seat, suit, switch))
    for row in lines:
        (
            line_id,
            game_id,
            kind,
            dealer,
            declarer,
            bid,
            contract,
            give_up,
            blind,
            trump,
            aces,
            musik_marriage,
            reason,
        ) = row
        seats = entries[line_id]
        if kind == "adjustment":
            out[game_id].append(Adjustment(tuple(v or 0 for _, _, v in seats), reason))
            continue
        card_points = tuple(p for p, _, _ in seats)
        trick_counts = tuple(t for _, t, _ in seats)
        out[game_id].append(
            Hand(
                declarer=declarer,
                bid=bid,
                contract=contract,
                give_up=give_up,
                points=card_points if any(p is not None for p in card_points) else None,
                marriages=tuple(marriages[line_id]),
                trump=trump,
                tricks=trick_counts if any(t is not None for t in trick_counts) else None,
                musik=Musik(aces or 0, musik_marriage)
                if aces is not None or musik_marriage is not None
                else None,
                dealer=dealer,
                blind=blind,
            )
        )
    return out


def line_fields(line: RuleLine) -> dict[str, Any]:
    """The `line` row's columns that hold the facts of `line` (the rest: id, game, position)."""
    if isinstance(line, Adjustment):
        empty = ("dealer", "declarer", "bid", "contract", "trump", "musik_aces", "musik_marriage")
        return {
            "kind": "adjustment",
            "reason": line.reason,
            "give_up": False,
            "blind": False,
            **dict.fromkeys(empty, None),
        }
    return {
        "kind": "hand",
        "reason": "",
        "dealer": line.dealer,
        "declarer": line.declarer,
        "bid": line.bid,
        "contract": line.contract,
        "give_up": line.give_up,
        "blind": line.blind,
        "trump": line.trump,
        "musik_aces": line.musik.aces if line.musik else None,
        "musik_marriage": line.musik.marriage if line.musik else None,
    }


def entry_fields(line: RuleLine, seats: int) -> list[dict[str, Any]]:
    """One `entry` row's columns per seat (without its line): card points and tricks, or the
    adjustment's number."""
    if isinstance(line, Adjustment):
        return [
            {"seat": s, "points": None, "tricks": None, "adjustment": v}
            for s, v in enumerate(line.values)
        ]
    return [
        {
            "seat": s,
            "points": line.points[s] if line.points is not None else None,
            "tricks": line.tricks[s] if line.tricks is not None else None,
            "adjustment": None,
        }
        for s in range(seats)
    ]


def marriage_fields(line: RuleLine) -> list[dict[str, Any]]:
    """One `marriage` row's columns per marriage declared, in order (without its line)."""
    if isinstance(line, Adjustment):
        return []
    return [
        {"order": i, "seat": m.seat, "suit": m.suit, "switch": m.switch}
        for i, m in enumerate(line.marriages)
    ]


def fill_line(row: Line, line: RuleLine, seats: int) -> None:
    """Writes the facts of `line` into `row` (replacing what it held)."""
    row.entries.clear()
    row.marriages.clear()
    db.session.flush()  # the old rows go before the new ones take their (line, seat) slots
    for column, value in line_fields(line).items():
        setattr(row, column, value)
    row.entries.extend(Entry(**fields) for fields in entry_fields(line, seats))
    row.marriages.extend(MarriageRow(**fields) for fields in marriage_fields(line))
