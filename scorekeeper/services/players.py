"""Players as people across games: rename, merge two entries, and a player's record."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import NamedTuple

from sqlalchemy import delete, func, select, update

from scorekeeper.rules import N_, Message, SeatStats
from scorekeeper.rules.bounds import name_problem, normal_name
from scorekeeper.services.summaries import summary_data
from scorekeeper.services.writing import commit
from scorekeeper.store import push
from scorekeeper.store.db import db
from scorekeeper.store.memo import memos
from scorekeeper.store.models import Game, Player, Seat


class Refused(Exception):
    """A rename or merge that cannot be done: `message` says why, for the field (its caller
    puts it in the reader's language: a rules Message, or a gettext message with `params`)."""

    def __init__(self, message: str | Message, **params: object) -> None:
        super().__init__(message)
        self.message, self.params = message, params


def _bump(game_ids: list[int]) -> None:
    """The games' names changed: a new version, so that remembered pages and the live view's
    ETag change too ("last played" stays: only a written line moves it)."""
    if game_ids:
        db.session.execute(
            update(Game).where(Game.id.in_(game_ids)).values(version=Game.version + 1)
        )
        # the live views of those games show the new name (an UPDATE the ORM does not see)
        bumped = db.session.execute(select(Game.id, Game.version).where(Game.id.in_(game_ids)))
        push.changed(db.session(), {push.key("g", i): v for i, v in bumped})


def _games_of(player_id: int) -> list[int]:
    return list(
        db.session.execute(select(Seat.game_id).where(Seat.player_id == player_id)).scalars()
    )


def rename(player: Player, name: str) -> None:
    """Renames the player in every game; Refused (nothing changed) for no name, a bad one, or
    the name of another player of the account."""
    try:
        _rename(player, name)
    except Refused:
        db.session.rollback()
        raise
    commit()


def _rename(player: Player, name: str) -> None:
    typed, name = name, normal_name(name)
    if not name:
        raise Refused(N_("A player needs a name."))
    wrong = name_problem(typed)  # what a new game's names are held to (rules.bounds)
    if wrong is not None:
        raise Refused(wrong)
    other = db.session.execute(
        select(Player).where(
            Player.account_id == player.account_id,
            Player.key == Player.key_of(name),
            Player.id != player.id,
        )
    ).scalar_one_or_none()
    if other is not None:
        raise Refused(
            N_("There is already a player %(name)s: merge the two instead."), name=other.name
        )
    player.name, player.key = name, Player.key_of(name)
    _bump(_games_of(player.id))


def merge(source: Player, target: Player) -> None:
    """`source` and `target` are the same person: every seat of `source` becomes `target`'s,
    and `source` goes. Refused (nothing changed) if both sat in one game (one person, one
    seat)."""
    try:
        _merge(source, target)
    except Refused:
        db.session.rollback()
        raise
    commit()


def _merge(source: Player, target: Player) -> None:
    if source.id == target.id or source.account_id != target.account_id:
        raise Refused(N_("Choose another player of yours."))
    theirs = set(_games_of(source.id))
    shared = theirs & set(_games_of(target.id))
    if shared:
        raise Refused(
            N_(
                "%(source)s and %(target)s sat at the same table (game %(game)d): "
                "they are two people."
            ),
            source=source.name,
            target=target.name,
            game=min(shared),
        )
    db.session.execute(update(Seat).where(Seat.player_id == source.id).values(player_id=target.id))
    _bump(sorted(theirs))
    db.session.execute(delete(Player).where(Player.id == source.id))


@dataclass
class Wins:
    """Games played, finished and won; the win rate is over finished games (a game in
    progress is neither won nor lost)."""

    played: int = 0
    finished: int = 0
    won: int = 0

    def count(self, finished: bool, won: bool) -> None:
        self.played += 1
        self.finished += finished
        self.won += won

    @property
    def win_rate(self) -> float | None:
        return self.won / self.finished if self.finished else None


@dataclass
class Record:
    """A player's figures across games."""

    games: Wins = field(default_factory=Wins)
    by_variant: dict[str, Wins] = field(default_factory=dict)
    stats: SeatStats = field(default_factory=SeatStats)
    staked: bool = False  # some game had a stake: money is worth showing
    # finished games, oldest first: when it started, the player's total, won
    results: list[tuple[datetime, int, bool]] = field(default_factory=list)

    @property
    def money(self) -> Decimal:
        return self.stats.money_won - self.stats.money_lost


class Played(NamedTuple):
    """One game of the player, as the player's page lists it."""

    id: int
    variant: str
    created_at: datetime
    seat: int
    total: int
    hands: int  # adjustments apart, as the table counts
    finished: bool
    won: bool
    abandoned: bool = False  # listed, marked, and not counted: no win, no loss


def record(player: Player) -> tuple[Record, list[Played]]:
    """The player's record and games (newest first), in a fixed number of queries whatever
    the number of games; no game is loaded as an object while its summary is cached. A deleted
    game is not there; an abandoned one is listed but counts as not played (no figure of it).
    Remembered per worker until one of the player's games changes (10,000 games once took
    160-550 ms a view): one aggregate query tells, since every change of a game bumps its
    version, and a game deleted, made or merged in changes the count and the sum of ids."""
    key = (player.id, player.name) + tuple(
        db.session.execute(
            select(
                func.count(),
                func.coalesce(func.sum(Game.version), 0),
                func.coalesce(func.sum(Game.id), 0),
                func.coalesce(func.max(Game.version * 65521 + Game.id), 0),
            )
            .join(Seat, Seat.game_id == Game.id)
            .where(Seat.player_id == player.id, Game.deleted_at.is_(None))
        ).one()
    )
    return memos().records.get_or_make(key, lambda: _record(player))  # type: ignore[no-any-return]


def _record(player: Player) -> tuple[Record, list[Played]]:
    rows = db.session.execute(
        select(
            Game.id, Game.version, Game.variant, Game.created_at, Seat.position, Game.abandoned_at
        )
        .join(Seat, Seat.game_id == Game.id)
        .where(Seat.player_id == player.id, Game.deleted_at.is_(None))
        .order_by(Game.created_at, Game.id)
    ).all()
    found = summary_data({r[0]: r[1] for r in rows})
    out, played = Record(), []
    for game_id, _version, variant, created_at, seat, abandoned_at in rows:
        s = found[game_id]
        finished = bool(s["finished"])
        won = finished and seat in s["winners"]
        if abandoned_at is not None and not finished:
            total, hands = s["totals"][seat], s["hands"]
            abandoned = Played(game_id, variant, created_at, seat, total, hands, False, False, True)
            played.append(abandoned)
            continue
        out.games.count(finished, won)
        out.by_variant.setdefault(variant, Wins()).count(finished, won)
        out.stats.add_dict(s["seats"][seat])
        out.staked = out.staked or bool(s.get("staked"))
        if finished:
            out.results.append((created_at, s["totals"][seat], won))
        played.append(
            Played(
                game_id,
                variant,
                created_at,
                seat,
                s["totals"][seat],
                s["hands"],
                s["finished"],
                won,
            )
        )
    return out, played[::-1]
