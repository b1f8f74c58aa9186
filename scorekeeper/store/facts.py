"""The one mapping of a line between its rows and the rules' Hand or Adjustment, both ways."""

# Reading is fast: a 200-hand game is some 1,000 rows, and building ORM objects for them cost
# more than scoring the game (bench/http_pages.py), so the read path selects tuples and builds
# the rules' records directly. Writing fills a line's rows one object at a time (fill_line), or
# as plain rows in bulk for an import (bulk.py, from the same line_fields).

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import groupby
from operator import itemgetter
from typing import Any

from sqlalchemy import BindParameter, bindparam, select

from scorekeeper.rules import Adjustment, Hand, Marriage, Musik
from scorekeeper.rules import Line as RuleLine
from scorekeeper.store.db import db
from scorekeeper.store.models import Entry, Game, Line, MarriageRow

_LINE = (
    Line.id,
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
_MARRIAGE = (MarriageRow.line_id, MarriageRow.seat, MarriageRow.suit, MarriageRow.switch)
_ENTRY = (Entry.points, Entry.tricks, Entry.adjustment)
_IDS: BindParameter[list[int]] = bindparam("ids", expanding=True)
# Built once: building a select costs a third of a millisecond, a read here about one.
# Each carries the game's version as that query read it: a game with no lines (or no
# marriages) still gives one row.
# The marriages of the games' lines, found from the games (by the lines' index on their game):
# outer-joined to `line JOIN marriage` as one, SQLite built that join for the whole database
# first, 0.36 s for a 10,000-game account on every read of a game's lines.
_MARRIED = (
    select(Line.game_id, *_MARRIAGE, MarriageRow.order)
    .join(MarriageRow, MarriageRow.line_id == Line.id)
    .where(Line.game_id.in_(_IDS))
    .subquery()
)
_MARRIAGES_OF = (
    select(Game.id, Game.version, *[_MARRIED.c[m.key] for m in _MARRIAGE])
    .select_from(Game)
    .outerjoin(_MARRIED, _MARRIED.c.game_id == Game.id)
    .where(Game.id.in_(_IDS))
    .order_by(_MARRIED.c.line_id, _MARRIED.c.order)
)
_LINES_OF = (
    select(Game.id, Game.version, *_LINE, *_ENTRY)
    .select_from(Game)
    .outerjoin(Line, Line.game_id == Game.id)
    .outerjoin(Entry, Entry.line_id == Line.id)
    .where(Game.id.in_(_IDS))
    .order_by(Game.id, Line.position, Entry.seat)
)


def facts_by_game(game_ids: Iterable[int]) -> dict[int, list[RuleLine]]:
    """Every game's lines in order, in two queries whatever the number of games and lines."""
    return read_facts(game_ids)[0]


def read_facts(
    game_ids: Iterable[int],
) -> tuple[dict[int, list[RuleLine]], dict[int, int | None]]:
    """Every game's lines in order, and the version of the game they belong to: None when
    another phone wrote between the two queries (each query reads one moment of the database,
    and a write moves the version in the same commit as its lines)."""
    ids = list(game_ids)
    out: dict[int, list[RuleLine]] = {gid: [] for gid in ids}
    versions: dict[int, int | None] = {}
    if not ids:
        return out, versions
    # Core rows, not the ORM's: the scoreboard of a worker that remembers nothing spends most
    # of its time here (bench/scorer.py)
    run = db.session.connection().execute
    marriages: dict[int, list[Marriage]] = defaultdict(list)
    # fetched at once: row by row, the driver's fetchone doubled the read
    for game_id, version, line_id, seat, suit, switch in run(_MARRIAGES_OF, {"ids": ids}).all():
        versions[game_id] = version
        if line_id is not None:
            marriages[line_id].append(Marriage(seat, suit, switch))
    rows = run(_LINES_OF, {"ids": ids}).all()
    for (game_id, version, line_id), group in groupby(rows, key=itemgetter(0, 1, 2)):
        if versions.get(game_id) != version:
            versions[game_id] = None
        if line_id is not None:
            out[game_id].append(_line(list(group), marriages.get(line_id, ())))
    return out, versions


def _line(rows: list[Any], marriages: Sequence[Marriage]) -> RuleLine:
    """One line from its rows (the line's columns, then one seat's entry each, by seat)."""
    (_, _, _, kind, dealer, declarer, bid, contract, give_up, blind, trump, aces, musik_marriage,
     reason) = rows[0][:14]  # fmt: skip
    if kind == "adjustment":
        return Adjustment(tuple([r[16] or 0 for r in rows]), reason)
    points = tuple([r[14] for r in rows])
    tricks = tuple([r[15] for r in rows])
    seats = len(rows)
    return Hand(
        declarer=declarer,
        bid=bid,
        contract=contract,
        give_up=give_up,
        points=None if points.count(None) == seats else points,
        marriages=tuple(marriages),
        trump=trump,
        tricks=None if tricks.count(None) == seats else tricks,
        musik=None if aces is None and musik_marriage is None else Musik(aces or 0, musik_marriage),
        dealer=dealer,
        blind=blind,
    )


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


def new_line(game_id: int, position: int, line: RuleLine, seats: int, **columns: Any) -> Line:
    """A new row of `line` with its entries and marriages, whole before it is added: one
    INSERT each, where filling an added row (fill_line) also updated it and read its empty
    collections back. `columns`: the row's others (a form's token)."""
    return Line(
        game_id=game_id,
        position=position,
        **line_fields(line),
        **columns,
        entries=[Entry(**fields) for fields in entry_fields(line, seats)],
        marriages=[MarriageRow(**fields) for fields in marriage_fields(line)],
    )


def fill_line(row: Line, line: RuleLine, seats: int) -> None:
    """Writes the facts of `line` into `row` (replacing what it held)."""
    row.entries.clear()
    row.marriages.clear()
    db.session.flush()  # the old rows go before the new ones take their (line, seat) slots
    for column, value in line_fields(line).items():
        setattr(row, column, value)
    row.entries.extend(Entry(**fields) for fields in entry_fields(line, seats))
    row.marriages.extend(MarriageRow(**fields) for fields in marriage_fields(line))
