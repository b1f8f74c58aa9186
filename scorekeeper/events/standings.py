"""The standings of an event (events.md section 3) and the object `scorekeeper standings`
prints (section 5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .model import Event
from .numbers import written
from .results import counts, table_result

#: the keys each ranking orders by, each higher first (section 3)
KEYS = {
    "points": ("points", "totals", "won"),
    "totals": ("totals", "points", "won"),
    "margin": ("margin", "points", "totals"),
}


@dataclass(frozen=True)
class Entry:
    """What a player got in a round: a place at a table that counts, or a bye."""

    round: int  # from 1
    points: Fraction
    table: int | None = None  # from 1 within the round; None: a bye
    place: int | None = None
    total: int = 0
    margin: Fraction = Fraction(0)


@dataclass
class Row:
    """A player's line of the standings, with the entries that explain it."""

    player: int
    points: Fraction = Fraction(0)
    totals: int = 0
    margin: Fraction = Fraction(0)
    won: int = 0
    played: int = 0
    entries: list[Entry] = field(default_factory=list)
    place: int = 0

    def key(self, ranking: str) -> tuple[Fraction | int, ...]:
        return tuple(getattr(self, k) for k in KEYS[ranking])


@dataclass(frozen=True)
class Standings:
    """Every player's row in standings order, and the tables that do not count yet."""

    rows: tuple[Row, ...]
    pending: tuple[tuple[int, int], ...]  # (round, table), both from 1


def standings(event: Event) -> Standings:
    """Sums each player's tables that count and byes, then orders them by the ranking's keys;
    players equal on every key share a place and are listed in the order of `players`."""
    rows = [Row(player) for player in range(len(event.players))]
    pending = []
    bye = event.bye_points
    for number, round_ in enumerate(event.rounds, start=1):
        seated = {player for table in round_.tables for player in table.seats}
        for table_number, table in enumerate(round_.tables, start=1):
            if not counts(event, table):
                pending.append((number, table_number))
                continue
            for seat in table_result(event, table):
                row = rows[seat.player]
                row.points += seat.points
                row.totals += seat.total
                row.margin += seat.margin
                row.won += seat.place == 1
                row.played += 1
                row.entries.append(
                    Entry(number, seat.points, table_number, seat.place, seat.total, seat.margin)
                )
        for row in rows:
            if row.player not in seated:
                row.points += bye
                row.entries.append(Entry(number, bye))
    ranking = event.ranked_by
    # exact values compared; sorted() is stable, so equal players stay in `players` order
    ordered = sorted(rows, key=lambda r: r.key(ranking), reverse=True)
    for index, row in enumerate(ordered):
        before = ordered[index - 1] if index else None
        same = before is not None and before.key(ranking) == row.key(ranking)
        row.place = before.place if same and before else index + 1
    return Standings(tuple(ordered), tuple(pending))


def standings_output(event: Event, table: Standings | None = None) -> dict[str, Any]:
    """The JSON object of section 5: numbers with at most 2 decimals."""
    table = table or standings(event)
    return {
        "name": event.name,
        "ranking": event.ranked_by,
        "standings": [_row(event, row) for row in table.rows],
        "pending": [{"round": r, "table": t} for r, t in table.pending],
    }


def _row(event: Event, row: Row) -> dict[str, Any]:
    return {
        "place": row.place,
        "player": event.players[row.player],
        "points": written(row.points),
        "totals": row.totals,
        "margin": written(row.margin),
        "won": row.won,
        "played": row.played,
        "rounds": [_entry(e) for e in row.entries],
    }


def _entry(entry: Entry) -> dict[str, Any]:
    if entry.table is None:
        return {"round": entry.round, "bye": True, "points": written(entry.points)}
    return {
        "round": entry.round,
        "table": entry.table,
        "place": entry.place,
        "points": written(entry.points),
        "total": entry.total,
        "margin": written(entry.margin),
    }
