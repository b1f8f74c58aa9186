"""A table's result (events.md section 2): whether it counts, and each seat's place, match
points, small points and margin."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.rules import Hand

from .model import Event, Table


@dataclass(frozen=True)
class SeatResult:
    """One seat of a table that counts: `player` (an index of the event's players)."""

    player: int
    place: int
    points: Fraction  # match points
    total: int  # small points: the seat's final total
    margin: Fraction


def counts(event: Event, table: Table) -> bool:
    """Section 2: the game ended by the rules or was closed; with `confirm`, every hand (not
    an adjustment) confirmed by a seat, closed tables included."""
    if not (table.tally.finished or table.closed):
        return False
    if not event.confirm:
        return True
    return all(
        by is not None
        for line, by in zip(table.game.lines, table.confirmed_by)
        if isinstance(line, Hand)
    )


def waiting(table: Table) -> int:
    """Section 1, `confirm`: the table's hands (not its adjustments) no seat has confirmed."""
    by = table.confirmed_by + (None,) * (len(table.game.lines) - len(table.confirmed_by))
    return sum(
        1 for line, seat in zip(table.game.lines, by) if isinstance(line, Hand) and seat is None
    )


def places(table: Table) -> tuple[int, ...]:
    """Each seat's place at the table (ranked); the end comes from the rules' tally, so a game
    of `deals` ends as the rules end it (scoring.md section 4)."""
    return ranked(table.tally.totals, table.tally.winners if table.tally.finished else ())


def ranked(totals: Sequence[int], winners: Collection[int]) -> tuple[int, ...]:
    """Each seat's place: the game's winners first (shared), then by final total, highest
    first, equal totals sharing (1, 2, 2, 4). A game that did not end by the rules (closed)
    has no winners: by final total alone. The ratings rank a game's players by it too."""
    won = set(winners)

    def key(seat: int) -> tuple[bool, int]:
        return (seat in won, totals[seat])

    # a place is 1 + the seats before it: a winner is before every other seat, and among the
    # others a higher total is (a seat with the winning declarer's total is second)
    return tuple(
        1 + sum(1 for other in range(len(totals)) if key(other) > key(seat))
        for seat in range(len(totals))
    )


def match_points(points: tuple[Fraction, ...], at: tuple[int, ...]) -> tuple[Fraction, ...]:
    """Section 2: place p gives points[p-1]; seats sharing places p..q each get the mean of
    points[p-1..q-1]."""
    out = []
    for place in at:
        shared = at.count(place)
        out.append(sum(points[place - 1 : place - 1 + shared], Fraction(0)) / shared)
    return tuple(out)


def table_result(event: Event, table: Table) -> tuple[SeatResult, ...]:
    """Every seat's result at a table that counts, in seat order."""
    totals = table.tally.totals
    at = places(table)
    points = match_points(event.points_for(len(table.seats)), at)
    # the mean of every seat's total, pl-4's sitting-out dealer included (section 2)
    mean = Fraction(sum(totals), len(totals))
    return tuple(
        SeatResult(player, at[seat], points[seat], totals[seat], totals[seat] - mean)
        for seat, player in enumerate(table.seats)
    )
