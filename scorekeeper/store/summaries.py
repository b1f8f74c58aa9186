"""Summaries of many games at once for looking back: totals, winners, length, per-seat figures."""

# In a fixed number of queries whatever the number of games (history, players, charts). A summary is
# a cache row keyed by the game's version: a game changed since is summarised again from its lines
# (replayed by the rules), so what is shown is never stale. This module only derives them;
# services/summaries.py keeps the rows a read made.

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.gamefile import GameFile, to_dict
from scorekeeper.rules import Hand, InvalidHand, Line, SeatStats, Tally, seat_stats, stored_sheet
from scorekeeper.store import memo
from scorekeeper.store.db import db
from scorekeeper.store.derived import rules_for
from scorekeeper.store.facts import facts_by_game
from scorekeeper.store.models import Game, Player, Summary


@dataclass(frozen=True)
class GameSummary:
    """What looking back needs of one game."""

    lines: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    seats: tuple[SeatStats, ...]
    fingerprint: str  # the same game imported again is recognised by it (services/transfer.py)
    staked: bool = False  # played for money (a stake): the settlement is worth showing
    error: str | None = None  # the game no longer replays (a rule changed): why
    hands: int = 0  # the lines that are hands, as the lists count a game (adjustments apart)

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": self.lines,
            "totals": list(self.totals),
            "winners": list(self.winners),
            "finished": self.finished,
            "seats": [s.to_dict() for s in self.seats],
            "fingerprint": self.fingerprint,
            "staked": self.staked,
            "error": self.error,
            "hands": self.hands,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSummary:
        return cls(
            lines=data["lines"],
            totals=tuple(data["totals"]),
            winners=tuple(data["winners"]),
            finished=data["finished"],
            seats=tuple(SeatStats.from_dict(s) for s in data["seats"]),
            fingerprint=data["fingerprint"],
            staked=data.get("staked", False),
            error=data.get("error"),
            hands=data["hands"],
        )


def fingerprint(file: GameFile) -> str:
    """What makes two games the same: variant, options, players, first dealer and every line
    (not the trail, nor when or by whom it was stored)."""
    facts = {
        **to_dict(dataclasses.replace(file, lines=tuple(_as_stored(x) for x in file.lines))),
        # as names are reused (Player.key: casefold, so "STRASSE" is Straße as in the players)
        "players": [Player.key_of(p) for p in file.players],
        "trail": None,
    }
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()


def _as_stored(line: Line) -> Line:
    """A line as its rows give it back (facts.py): a list of nulls only, as no list at all."""
    if not isinstance(line, Hand):
        return line
    points, tricks = (
        None if v is not None and all(x is None for x in v) else v
        for v in (line.points, line.tricks)
    )
    return dataclasses.replace(line, points=points, tricks=tricks)


def _summarise(game: Game, lines: Sequence[Any]) -> GameSummary:
    names = tuple(seat.player.name for seat in game.seats)
    file = GameFile(game.variant, names, dict(game.options), game.first_dealer, tuple(lines))
    try:
        tally = stored_sheet(rules_for(game), lines, game.first_dealer).tally()
    except InvalidHand as e:
        seats = len(game.seats)
        return GameSummary(
            len(lines),
            (0,) * seats,
            (),
            False,
            tuple(SeatStats() for _ in range(seats)),
            fingerprint(file),
            rules_for(game).options.stake is not None,
            str(e),
            sum(isinstance(line, Hand) for line in lines),
        )
    return summary_of(file, tally)


def summary_of(file: GameFile, tally: Tally) -> GameSummary:
    """The summary of a game file already replayed (an import stores it with the game)."""
    return GameSummary(
        lines=len(tally.lines),
        totals=tally.totals,
        winners=tally.winners,
        finished=tally.finished,
        seats=seat_stats(tally, file.lines),
        fingerprint=fingerprint(file),
        staked=file.rules().options.stake is not None,
        hands=sum(line.kind == "hand" for line in tally.lines),
    )


def summaries(games: Sequence[Game]) -> tuple[dict[int, GameSummary], Fresh]:
    """The summary of each game (its seats loaded), and those made now (Fresh): 1 query when
    all are cached."""
    data, fresh = summary_data({g.id: g.version for g in games}, {g.id: g for g in games})
    return {gid: GameSummary.from_dict(d) for gid, d in data.items()}, fresh


#: summaries made from their lines by a read, to be kept as rows (services/summaries.py):
#: game id -> (version, data)
Fresh = dict[int, tuple[int, dict[str, Any]]]


def summary_data(
    versions: Mapping[int, int], loaded: Mapping[int, Game] | None = None
) -> tuple[dict[int, dict[str, Any]], Fresh]:
    """The summaries (as stored: plain data) of the games `versions` names, each at the version
    given, and those of them made now from their lines (to be stored by the caller). 1 query
    when all are cached; a fixed number more for the stale ones, with their games loaded unless
    in `loaded`. Reads only: this worker remembers them, the database does when a service says."""
    if not versions:
        return {}, {}
    remembered = memo.memos().summaries  # this worker's copy, decoded: no query at all
    out: dict[int, dict[str, Any]] = {}
    for gid, at in versions.items():
        data = remembered.get((gid, at))
        if data is not None:
            out[gid] = data
    asked = [gid for gid in versions if gid not in out]
    if not asked:
        return out, {}
    for game_id, at, data in db.session.execute(
        select(Summary.game_id, Summary.version, Summary.data).where(Summary.game_id.in_(asked))
    ):
        # a row kept before summaries counted hands is made again
        if versions.get(game_id) == at and "hands" in data:
            out[game_id] = data
            remembered.put((game_id, at), data)
    stale = [gid for gid in asked if gid not in out]
    if not stale:
        return out, {}
    games = dict(loaded or {})
    missing = [gid for gid in stale if gid not in games]
    if missing:
        for game in db.session.execute(
            select(Game).where(Game.id.in_(missing)).options(selectinload(Game.seats))
        ).scalars():
            games[game.id] = game
    facts = facts_by_game(stale)
    made = {gid: _summarise(games[gid], facts[gid]).to_dict() for gid in stale}
    out.update(made)
    # Remember only what surely belongs to the version read: a phone may have logged a hand
    # between reading the games and their lines.
    now = dict(db.session.execute(select(Game.id, Game.version).where(Game.id.in_(stale))).all())
    fresh: Fresh = {}
    for gid in stale:
        if now.get(gid) == versions[gid]:
            remembered.put((gid, versions[gid]), made[gid])
            fresh[gid] = (versions[gid], made[gid])
    return out, fresh
