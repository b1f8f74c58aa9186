"""A player's records as SQL over the seat figures cache: sums, the games behind, head-to-head."""

# A seat's figures in a game (rules/career.py) are a row of `seat_figures` keyed by the game's
# version: written with each write of a line (services/careers.py), remade here from the lines
# for a game whose row is missing or older (a game stored before the table, or a write that
# changed no line). A player's page then adds up small integer rows in SQL instead of replaying
# thousands of games (ratings.md section 3; docs/records.md says what each figure counts).

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import and_, case, exists, func, literal, or_, select
from sqlalchemy.orm import aliased, selectinload
from sqlalchemy.sql.elements import ColumnElement

from scorekeeper.rules import InvalidHand, Line, Tally, stored_sheet
from scorekeeper.rules.career import (
    FIGURES,
    RECORDS,
    Career,
    SeatFigures,
    placed_higher,
    seat_figures,
)
from scorekeeper.store.db import db
from scorekeeper.store.derived import rules_for
from scorekeeper.store.eventmodels import Event, EventConfirmation, EventRound, EventTable
from scorekeeper.store.facts import read_facts
from scorekeeper.store.models import Game, Player, Seat, SeatFiguresRow
from scorekeeper.store.models import Line as LineRow

Row = SeatFiguresRow
#: game id -> (version, one row of figures per seat): made from the lines by a read
Fresh = dict[int, tuple[int, list[dict[str, int]]]]


def figures(game: Game, lines: Sequence[Line], tally: Tally) -> list[dict[str, int]]:
    """The rows of a game's seats, as the game's lines and tally give them."""
    options = rules_for(game).options
    found = seat_figures(tally, lines, options.min_bid, options.stake is not None)
    return [{"seat": seat, **f.as_row()} for seat, f in enumerate(found)]


def _replayed(game: Game, lines: Sequence[Line]) -> list[dict[str, int]]:
    try:
        tally = stored_sheet(rules_for(game), lines, game.first_dealer).tally()
    except InvalidHand:
        # a game that no longer replays (a rule changed) has not ended: it counts nowhere
        return [{"seat": seat, **SeatFigures().as_row()} for seat in range(len(game.seats))]
    return figures(game, lines, tally)


def stale(player_id: int) -> list[int]:
    """The player's games (not deleted) whose figures are missing or of an older version."""
    return list(
        db.session.execute(
            select(Seat.game_id)
            .join(Game, Game.id == Seat.game_id)
            .outerjoin(Row, and_(Row.game_id == Seat.game_id, Row.seat == Seat.position))
            .where(
                Seat.player_id == player_id,
                Game.deleted_at.is_(None),
                or_(Row.version.is_(None), Row.version != Game.version),
            )
        ).scalars()
    )


def stale_games(limit: int) -> list[int]:
    """Up to `limit` games (not deleted) of any account whose figures are missing or older."""
    kept = exists().where(Row.game_id == Game.id, Row.version == Game.version)
    return list(
        db.session.execute(
            select(Game.id).where(Game.deleted_at.is_(None), ~kept).order_by(Game.id).limit(limit)
        ).scalars()
    )


def remake(game_ids: Iterable[int]) -> Fresh:
    """The figures of these games made from their lines, at the version the lines belong to
    (a game written meanwhile is left for the next read)."""
    ids = list(game_ids)
    fresh: Fresh = {}
    for start in range(0, len(ids), 500):  # a bounded IN list, and bounded memory
        chunk = ids[start : start + 500]
        games = {
            g.id: g
            for g in db.session.execute(
                select(Game).where(Game.id.in_(chunk)).options(selectinload(Game.seats))
            ).scalars()
        }
        facts, versions = read_facts(chunk)
        for gid, game in games.items():
            at = versions.get(gid)
            if at is not None and at == game.version:
                fresh[gid] = (at, _replayed(game, facts[gid]))
        for game in games.values():
            db.session.expunge(game)  # nothing of them is kept by the session
    return fresh


def counting() -> ColumnElement[bool]:
    """A game counts (ratings.md 1): ended by the rules, or a closed event table; never a
    deleted one, nor one that stopped before its end (abandoned), nor a table of an event with
    `confirm` that has a hand not confirmed (it does not count in the standings either,
    events.md 2: the ratings count the same games, docs/ratings.md)."""
    closed = exists().where(EventTable.game_id == Game.id, EventTable.closed.is_(True))
    return and_(Game.deleted_at.is_(None), or_(Row.ended == 1, closed), ~_unconfirmed())


def _unconfirmed() -> ColumnElement[bool]:
    hand = aliased(LineRow)
    waiting = exists().where(
        hand.game_id == EventTable.game_id,  # the table's (correlated one level up)
        hand.kind == "hand",
        ~exists().where(EventConfirmation.line_id == hand.id),
    )
    return exists().where(
        EventTable.game_id == Game.id,
        EventTable.round_id == EventRound.id,
        EventRound.event_id == Event.id,
        Event.confirm.is_(True),
        waiting,
    )


def _mine(player_id: int) -> Any:
    """The player's seats with their game and figures at the game's version."""
    return (
        select()
        .select_from(Seat)
        .join(Game, Game.id == Seat.game_id)
        .join(Row, and_(Row.game_id == Seat.game_id, Row.seat == Seat.position))
        .where(Seat.player_id == player_id, Row.version == Game.version)
    )


def career(player_id: int) -> Career:
    """The player's records over the counting games, in one query."""
    sums = [func.coalesce(func.sum(getattr(Row, name)), 0) for name in FIGURES]
    found = db.session.execute(
        _mine(player_id).add_columns(func.count(), *sums).where(counting())
    ).one()
    return Career(SeatFigures(*[int(v) for v in found[1:]]), int(found[0]))


def in_progress(player_id: int) -> int:
    """The player's games still being played (neither counting, nor abandoned, nor deleted)."""
    return int(
        db.session.execute(
            _mine(player_id)
            .add_columns(func.count())
            .where(~counting(), Game.deleted_at.is_(None), Game.abandoned_at.is_(None))
        ).scalar_one()
    )


def by_variant(player_id: int) -> dict[str, tuple[int, int]]:
    """Counting games and wins per variant."""
    rows = db.session.execute(
        _mine(player_id)
        .add_columns(Game.variant, func.count(), func.sum(Row.won))
        .where(counting())
        .group_by(Game.variant)
    ).all()
    return {variant: (int(n), int(won or 0)) for variant, n, won in rows}


def results(player_id: int) -> list[tuple[datetime, int, bool]]:
    """When each counting game started, the player's final total and whether they won; oldest
    first (the chart of results)."""
    rows = db.session.execute(
        _mine(player_id)
        .add_columns(Game.created_at, Row.total, Row.won)
        .where(counting())
        .order_by(Game.created_at, Game.id)
    ).all()
    return [(started, total, bool(won)) for started, total, won in rows]


class Played(NamedTuple):
    """One game of the player, as the player's lists show it."""

    id: int
    variant: str
    created_at: datetime
    seat: int
    total: int
    hands: int
    ended: bool
    won: bool
    counts: bool
    abandoned: bool


def _behind(record: str) -> ColumnElement[bool]:
    """The games behind a record: those where the seat's figure is above 0."""
    if record == "played":
        return literal(True)
    return getattr(Row, record) > 0  # type: ignore[no-any-return]


def games(
    player_id: int, record: str | None = None, offset: int = 0, limit: int = 30
) -> tuple[list[Played], int]:
    """A page of the player's games, newest first, and how many there are: every game not
    deleted (`record` None), or the counting games behind one of the RECORDS."""
    if record is not None and record not in RECORDS:
        raise ValueError(record)
    counts = case((counting(), 1), else_=0)
    query = _mine(player_id).where(Game.deleted_at.is_(None))
    if record is not None:
        query = query.where(counting(), _behind(record))
    total = int(db.session.execute(query.add_columns(func.count())).scalar_one())
    rows = db.session.execute(
        query.add_columns(
            Game.id,
            Game.variant,
            Game.created_at,
            Seat.position,
            Row.total,
            Row.hands,
            Row.ended,
            Row.won,
            counts,
            Game.abandoned_at,
        )
        .order_by(Game.created_at.desc(), Game.id.desc())
        .offset(offset)
        .limit(limit)
    ).all()
    out = [
        Played(gid, variant, at, seat, tot, hands, bool(e), bool(w), bool(c), ab is not None)
        for gid, variant, at, seat, tot, hands, e, w, c, ab in rows
    ]
    return out, total


class Meeting(NamedTuple):
    """One counting game two players sat at: each one's total, and who placed higher."""

    id: int
    variant: str
    created_at: datetime
    total: int
    other_total: int
    place: int  # 1: the player placed higher, -1: the other did, 0: the same place


def head_to_head(player_id: int, other_id: int) -> list[Meeting]:
    """The counting games both players sat at, newest first. Places as events.md section 2
    gives them: the winners of an ended game first, the rest by final total; a closed table
    that did not end by the rules by final total alone."""
    them, theirs = aliased(Seat), aliased(Row)
    rows = db.session.execute(
        _mine(player_id)
        .join(them, and_(them.game_id == Seat.game_id, them.player_id == other_id))
        .join(theirs, and_(theirs.game_id == them.game_id, theirs.seat == them.position))
        .where(counting(), theirs.version == Game.version)
        .add_columns(
            Game.id, Game.variant, Game.created_at, Row.total, Row.won, theirs.total, theirs.won
        )
        .order_by(Game.created_at.desc(), Game.id.desc())
    ).all()
    return [
        Meeting(gid, variant, at, mine, other, placed_higher(bool(won), mine, bool(ow), other))
        for gid, variant, at, mine, won, other, ow in rows
    ]


def others_met(player_id: int) -> list[tuple[int, str]]:
    """The players the player sat with in some game not deleted, by name."""
    them = aliased(Seat)
    rows = db.session.execute(
        select(Player.id, Player.name)
        .where(
            Player.id.in_(
                select(them.player_id)
                .select_from(Seat)
                .join(Game, Game.id == Seat.game_id)
                .join(them, and_(them.game_id == Seat.game_id, them.player_id != player_id))
                .where(Seat.player_id == player_id, Game.deleted_at.is_(None))
            )
        )
        .order_by(func.lower(Player.name), Player.id)
    ).all()
    return [(pid, name) for pid, name in rows]
