"""An event as facts: its rules, its players and who sat where with what game, each round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from scorekeeper.gamefile import GameFile, line_to_dict
from scorekeeper.rules import Hand

from .numbers import as_json

FORMAT = "scorekeeper-event/1"
RANKINGS = ("points", "totals", "margin")


class Score(Protocol):
    """What a table's result reads of its game's tally (section 2): a whole rules.Tally, or
    the Outcome a store remembers of one."""

    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def hands(self) -> int: ...


@dataclass(frozen=True)
class Outcome:
    """A game's tally reduced to what its table's result reads: its final totals, winners,
    whether it ended by the rules, and its hands."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    hands: int


@dataclass(frozen=True)
class Table:
    """A table of a round: its players (indices of the event's players, in seat order), its
    game and that game's tally, who confirmed each line and whether the director closed it."""

    seats: tuple[int, ...]
    game: GameFile
    tally: Score
    #: per line of the game: the seat that confirmed it (events.md section 1), or None
    confirmed_by: tuple[int | None, ...] = ()
    closed: bool = False


@dataclass(frozen=True)
class Round:
    tables: tuple[Table, ...] = ()


@dataclass(frozen=True)
class Event:
    """An event file read (events.md section 1): the optional fields as given, their defaults
    through the properties."""

    name: str
    #: table size -> preset, in the file's order (the draw's first size is the first one)
    tables: Mapping[int, str]
    players: tuple[str, ...]
    rounds: tuple[Round, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    #: match points by place for the sizes the file gives
    points: Mapping[int, tuple[Fraction, ...]] = field(default_factory=dict)
    bye: Fraction | None = None
    ranking: str | None = None
    confirm: bool = False

    def points_for(self, size: int) -> tuple[Fraction, ...]:
        """Match points by place at a table of `size`: given, or `size - place`."""
        given = self.points.get(size)
        if given is not None:
            return given
        return tuple(Fraction(size - place) for place in range(1, size + 1))

    @property
    def bye_points(self) -> Fraction:
        """A bye's match points: given, or the mean of the smallest size's points."""
        if self.bye is not None:
            return self.bye
        smallest = self.points_for(min(self.tables))
        return sum(smallest, Fraction(0)) / len(smallest)

    @property
    def ranked_by(self) -> str:
        return self.ranking or "points"


def to_dict(event: Event) -> dict[str, Any]:
    """The event file as JSON values; reading it again gives the same event."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "name": event.name,
        "tables": {str(size): preset for size, preset in event.tables.items()},
        "options": dict(event.options),
    }
    if event.points:
        out["points"] = {str(s): [as_json(p) for p in ps] for s, ps in event.points.items()}
    if event.bye is not None:
        out["bye"] = as_json(event.bye)
    if event.ranking is not None:
        out["ranking"] = event.ranking
    out["confirm"] = event.confirm
    out["players"] = list(event.players)
    out["rounds"] = [{"tables": [_table(t) for t in r.tables]} for r in event.rounds]
    return out


def _table(table: Table) -> dict[str, Any]:
    hands = []
    for number, line in enumerate(table.game.lines):
        raw = line_to_dict(line)
        by = table.confirmed_by[number] if number < len(table.confirmed_by) else None
        if isinstance(line, Hand) and by is not None:
            raw["confirmed_by"] = by
        hands.append(raw)
    return {
        "seats": list(table.seats),
        "first_dealer": table.game.first_dealer,
        "hands": hands,
        "closed": table.closed,
    }
