"""A season's ladder (ratings.md section 4): each player's N best event results summed, ties on
the score broken by those events' small points, then shared."""

# Pure, beside the events' standings it reads: no Flask, no database. The choices the spec
# leaves open are written in docs/seasons.md:
# - an event result is a player's row of that event's standings: its `points` and `totals`
#   (events.md section 3), as the event's own standings page shows them;
# - "the N best" are the N results with the most points; among equal points the one with more
#   totals is better (it is the player's better night), then the earlier event; the tie-break
#   is the sum of the totals of exactly those N results;
# - a player is a name compared with whitespace runs made one and `casefold` (ratings.md
#   section 1), shown as the season's latest event spells it;
# - players equal on the score and on the tie-break share a place (1, 2, 2, 4) and are listed
#   by name.

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction


def player_key(name: str) -> str:
    """The name as the season compares it: runs of whitespace made one space, casefolded."""
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class EventResult:
    """One player's row of one event's standings: what a season reads of it."""

    player: str
    points: Fraction
    totals: int


@dataclass(frozen=True)
class Result:
    """A player's result in event `event` (an index of the season's events) and whether it is
    one of the N that count."""

    event: int
    points: Fraction
    totals: int
    counted: bool


@dataclass(frozen=True)
class Row:
    """A player's line of the ladder: the score (the counted results' points), the tie-break
    (their totals) and every result of theirs in the season's order of events."""

    player: str
    key: str
    place: int
    score: Fraction
    tiebreak: int
    results: tuple[Result, ...]

    @property
    def counted(self) -> int:
        return sum(1 for r in self.results if r.counted)

    @property
    def dropped(self) -> int:
        return len(self.results) - self.counted


@dataclass(frozen=True)
class Ladder:
    """The ladder: `best` is the season's N; `rows` in ladder order."""

    best: int
    rows: tuple[Row, ...]

    def row(self, key: str) -> Row | None:
        return next((r for r in self.rows if r.key == key), None)


def _best(results: list[Result], best: int) -> set[int]:
    """The events whose results count: the `best` ones by points, then totals, then the
    earlier event (a player with fewer results counts them all)."""
    ranked = sorted(results, key=lambda r: (-r.points, -r.totals, r.event))
    return {r.event for r in ranked[:best]}


def ladder(events: Sequence[Sequence[EventResult]], best: int) -> Ladder:
    """The ladder of a season whose events' results are `events` (in the season's order, each
    one event's standings rows) with its N `best`."""
    if best < 1:
        raise ValueError("a season counts at least one result")
    found: dict[str, list[Result]] = {}
    names: dict[str, str] = {}
    for number, standings in enumerate(events):
        for entry in standings:
            key = player_key(entry.player)
            mine = found.setdefault(key, [])
            if mine and mine[-1].event == number:
                continue  # one result an event (an event's players differ by casefold already)
            mine.append(Result(number, entry.points, entry.totals, False))
            names[key] = entry.player  # the latest event's spelling
    rows = []
    for key, results in found.items():
        counting = _best(results, best)
        marked = tuple(Result(r.event, r.points, r.totals, r.event in counting) for r in results)
        score = sum((r.points for r in marked if r.counted), Fraction(0))
        tiebreak = sum(r.totals for r in marked if r.counted)
        rows.append(Row(names[key], key, 0, score, tiebreak, marked))
    rows.sort(key=lambda r: (-r.score, -r.tiebreak, r.key))
    placed: list[Row] = []
    for index, row in enumerate(rows):
        before = placed[-1] if placed else None
        same = before is not None and (before.score, before.tiebreak) == (row.score, row.tiebreak)
        place = before.place if same and before is not None else index + 1
        placed.append(Row(row.player, row.key, place, row.score, row.tiebreak, row.results))
    return Ladder(best, tuple(placed))
