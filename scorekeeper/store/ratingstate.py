"""An account's ratings as remembered: the games rated, in order, with their matches, the
ratings after each, and the cache row they are kept as (store/ratings.py makes them)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from scorekeeper.ratings import Match, Ratings, Step


@dataclass(frozen=True, slots=True)
class Counted:
    """One game of the account that counts, as its match: the players (ids) in seat order,
    their places, and when it ended (the order of the matches)."""

    game_id: int
    version: int
    ended: datetime
    players: tuple[int, ...]
    places: tuple[int, ...]

    def match(self) -> Match:
        return Match(self.players, self.places, self.game_id)


@dataclass(frozen=True)
class TableState:
    """An event's table as the ratings read it: closed or not, and whether every hand must
    be confirmed, with the hands confirmed so far."""

    closed: bool
    closed_at: datetime | None  # its round's
    confirm: bool
    confirmed: int


@dataclass
class AccountRatings:
    """The ratings of one account's players (keys: player ids; each step's label: the game's
    id), the games they were rated from in order, and what they were made from."""

    key: str
    games: tuple[Counted, ...] = ()
    ratings: Ratings = field(default_factory=Ratings)
    # every game read, at a version and (an event's table) a state of its table: its match,
    # or None when it does not count
    seen: dict[int, tuple[int, TableState | None, Counted | None]] = field(default_factory=dict)
    # the games changed and more were to be rated than a page waits for: these are the
    # ratings as they were, the new ones being made off the request path
    pending: bool = False
    # the games rated since these ratings were last kept as the cache row (by this worker)
    unkept: int = 0

    def ended(self, game_id: int) -> datetime | None:
        return self._ends.get(game_id)

    def __post_init__(self) -> None:
        self._ends = {g.game_id: g.ended for g in self.games}


def encoded(made: AccountRatings) -> dict[str, Any]:
    """The ratings as the cache row's data: each game's match and its players' ratings after
    it (the steps, from which the rest is rebuilt)."""
    order = {g.game_id: index for index, g in enumerate(made.games)}
    by_seat: dict[int, dict[Hashable, tuple[float, float]]] = {}
    for player, steps in made.ratings.steps.items():
        for step in steps:
            by_seat.setdefault(step.index, {})[player] = (step.mu, step.sigma)
    return {
        "games": [
            [
                g.game_id,
                g.version,
                g.ended.isoformat(),
                list(g.players),
                list(g.places),
                [list(by_seat[order[g.game_id]][p]) for p in g.players],
            ]
            for g in made.games
        ]
    }


def decoded(key: str, data: dict[str, Any]) -> AccountRatings:
    """The ratings of a cache row: its games and their steps, as they were rated."""
    games = []
    ratings = Ratings()
    for index, (gid, version, ended, players, places, after) in enumerate(data["games"]):
        counted = Counted(
            gid, version, datetime.fromisoformat(ended), tuple(players), tuple(places)
        )
        games.append(counted)
        for player, (mu, sigma) in zip(counted.players, after):
            ratings.steps.setdefault(player, []).append(Step(index, gid, mu, sigma))
    ratings.matches = len(games)
    # a game read from the row is reused while its version is the same; a table of an event
    # is read again (its table's state is not kept)
    seen: dict[int, tuple[int, TableState | None, Counted | None]] = {
        g.game_id: (g.version, None, g) for g in games
    }
    return AccountRatings(key, tuple(games), ratings, seen)
