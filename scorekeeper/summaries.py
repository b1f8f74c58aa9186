"""Summaries of many games at once for looking back (history, players, charts): totals,
winners, length and per-seat figures, in a fixed number of queries whatever the number of games.

A summary is a cache row keyed by the game's version: a game changed since is summarised again
from its lines (replayed by the rules), so what is shown is never stale.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.exc import IntegrityError

from .db import db
from .derived import rules_for
from .facts import facts_by_game
from .gamefile import GameFile, to_dict
from .models import Game, Summary
from .rules import InvalidHand, SeatStats, seat_stats


@dataclass(frozen=True)
class GameSummary:
    """What looking back needs of one game."""

    lines: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    seats: tuple[SeatStats, ...]
    progression: tuple[tuple[int, ...], ...]  # running totals after each line
    fingerprint: str  # the same game imported again is recognised by it (imports.py)
    error: str | None = None  # the game no longer replays (a rule changed): why

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": self.lines,
            "totals": list(self.totals),
            "winners": list(self.winners),
            "finished": self.finished,
            "seats": [s.to_dict() for s in self.seats],
            "progression": [list(t) for t in self.progression],
            "fingerprint": self.fingerprint,
            "error": self.error,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameSummary:
        return cls(
            lines=data["lines"],
            totals=tuple(data["totals"]),
            winners=tuple(data["winners"]),
            finished=data["finished"],
            seats=tuple(SeatStats.from_dict(s) for s in data["seats"]),
            progression=tuple(tuple(t) for t in data["progression"]),
            fingerprint=data["fingerprint"],
            error=data.get("error"),
        )


def fingerprint(file: GameFile) -> str:
    """What makes two games the same: variant, options, players, first dealer and every line
    (not the trail, nor when or by whom it was stored)."""
    facts = {
        **to_dict(file),
        "players": [" ".join(p.split()).lower() for p in file.players],  # as names are reused
        "trail": None,
    }
    return hashlib.sha256(json.dumps(facts, sort_keys=True).encode()).hexdigest()


def _summarise(game: Game, lines: Sequence[Any]) -> GameSummary:
    seats = len(game.seats)
    names = tuple(seat.player.name for seat in game.seats)
    mark = fingerprint(
        GameFile(game.variant, names, dict(game.options), game.first_dealer, tuple(lines))
    )
    try:
        tally = rules_for(game).replay(lines, game.first_dealer)
    except InvalidHand as e:
        zero = (0,) * seats
        return GameSummary(
            len(lines), zero, (), False, tuple(SeatStats() for _ in range(seats)), (), mark, str(e)
        )
    return GameSummary(
        lines=len(tally.lines),
        totals=tally.totals,
        winners=tally.winners,
        finished=tally.finished,
        seats=seat_stats(tally, lines),
        progression=tuple(line.totals for line in tally.lines),
        fingerprint=mark,
    )


def summaries(games: Sequence[Game]) -> dict[int, GameSummary]:
    """The summary of each game (its seats loaded): 1 query when all are cached, 6 more (and
    one write) when some are not."""
    if not games:
        return {}
    version = {g.id: g.version for g in games}
    out: dict[int, GameSummary] = {}
    for game_id, at, data in db.session.execute(
        select(Summary.game_id, Summary.version, Summary.data).where(
            Summary.game_id.in_(list(version))
        )
    ):
        if version.get(game_id) == at:
            out[game_id] = GameSummary.from_dict(data)
    stale = [g for g in games if g.id not in out]
    if not stale:
        return out
    facts = facts_by_game(g.id for g in stale)
    made = {g.id: _summarise(g, facts[g.id]) for g in stale}
    out.update(made)
    # Remember only what surely belongs to the version read: a phone may have logged a hand
    # between reading the games and their lines.
    now = dict(
        db.session.execute(select(Game.id, Game.version).where(Game.id.in_(list(made)))).all()
    )
    keep = [gid for gid in made if now.get(gid) == version[gid]]
    if keep:
        try:
            db.session.execute(delete(Summary).where(Summary.game_id.in_(keep)))
            db.session.execute(
                insert(Summary),
                [
                    {"game_id": gid, "version": version[gid], "data": made[gid].to_dict()}
                    for gid in keep
                ],
            )
            db.session.commit()
        except IntegrityError:  # another worker remembered them at the same moment
            db.session.rollback()
    return out
