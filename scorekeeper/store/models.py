"""Tables: what happened at the table, hand by hand. No score is stored; every total is derived."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.store.accountmodels import (
    Account,
    AccountSession,
    ApiToken,
    RequestKey,
    ThrottleEvent,
    now,
)
from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import (
    Event,
    EventConfirmation,
    EventPlayer,
    EventRound,
    EventTable,
)
from scorekeeper.store.imports import ImportJob
from scorekeeper.store.seasonmodels import Season, SeasonEvent

# the account's tables live in accountmodels.py, the import's job in imports.py, events' in
# eventmodels.py, seasons' in seasonmodels.py; named here too, where every table is found
__all__ = [
    "Account",
    "AccountSession",
    "ApiToken",
    "Entry",
    "Event",
    "EventConfirmation",
    "EventPlayer",
    "EventRound",
    "EventTable",
    "Game",
    "ImportJob",
    "Line",
    "MarriageRow",
    "Player",
    "RatingCache",
    "RequestKey",
    "Revision",
    "Scorer",
    "Seat",
    "SeatFiguresRow",
    "Season",
    "SeasonEvent",
    "Summary",
    "ThrottleEvent",
    "now",
]


class Player(db.Model):  # type: ignore[name-defined,misc]
    """A person, by name, reused across the games of one account."""

    __table_args__ = (UniqueConstraint("account_id", "key"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    # None only for players stored before accounts existed (the first account adopts them)
    account_id: Mapped[int | None] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(60))
    # the name compared as people do ("ala" is Ala, "ОЛЕГ" is Олег): Python's casefold, since
    # SQLite's lower() knows only ASCII letters
    key: Mapped[str] = mapped_column(String(60))
    created_at: Mapped[datetime] = mapped_column(default=now)

    @staticmethod
    def key_of(name: str) -> str:
        return " ".join(name.split()).casefold()


class Game(db.Model):  # type: ignore[name-defined,misc]
    """One game: a preset, its option overrides, the seats, and its lines in order."""

    id: Mapped[int] = mapped_column(primary_key=True)
    variant: Mapped[str] = mapped_column(String(16))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    first_dealer: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=now)
    # when a line was last written (services/writing.touch): "last played", not any change of
    # the row
    updated_at: Mapped[datetime] = mapped_column(default=now)
    # Bumped by every write: a form carries the version it was made from, so that two phones
    # cannot silently overwrite each other (optimistic concurrency).
    version: Mapped[int] = mapped_column(default=1)
    # the owner's choice that every hand be confirmed by a seat that took part (an event's table
    # follows its event's `confirm` instead): a hand not confirmed is marked
    confirm: Mapped[bool] = mapped_column(default=False)
    # the read-only link for the others at the table (/live/<id>/<token>); None: no link
    share_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    # who may see and change it: the owner, and the co-scorers who followed its invite link
    owner_id: Mapped[int | None] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), index=True
    )
    invite_token: Mapped[str | None] = mapped_column(String(64), unique=True)
    # Facts about the game as a whole (services/lifecycle.py): stopped before its end (no line
    # may be added; it counts as not played), and deleted (hidden, restorable by the owner)
    abandoned_at: Mapped[datetime | None]
    deleted_at: Mapped[datetime | None]
    # the game this one is the rematch of, and the SHA-256 of that game's id and the rematch
    # form's token: a double tap of Rematch finds the game the first tap made
    rematch_of: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), index=True
    )
    rematch_token: Mapped[str | None] = mapped_column(String(64), unique=True)

    seats: Mapped[list[Seat]] = relationship(
        order_by="Seat.position", cascade="all, delete-orphan", back_populates="game"
    )
    lines: Mapped[list[Line]] = relationship(
        order_by="Line.position", cascade="all, delete-orphan", back_populates="game"
    )
    # the games made as its rematches and not deleted, the first first: read with the game
    # itself where a page shows them (queries.load_game), never written through
    rematches: Mapped[list[Game]] = relationship(
        primaryjoin="and_(Game.id == foreign(remote(Game.rematch_of)),"
        " remote(Game.deleted_at).is_(None))",
        order_by="Game.id",
        viewonly=True,
    )

    __mapper_args__ = {"version_id_col": version}


class Scorer(db.Model):  # type: ignore[name-defined,misc]
    """A co-scorer: an account other than the owner that may log and correct a game's hands."""

    __table_args__ = (UniqueConstraint("game_id", "account_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), index=True
    )
    joined_at: Mapped[datetime] = mapped_column(default=now)

    account: Mapped[Account] = relationship(lazy="joined")


class Seat(db.Model):  # type: ignore[name-defined,misc]
    """Who sits where in a game (seat order is the order of play)."""

    __table_args__ = (UniqueConstraint("game_id", "position"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="joined")


class Line(db.Model):  # type: ignore[name-defined,misc]
    """One line of the score sheet as logged: a hand (kind "hand") or an adjustment."""

    # AUTOINCREMENT on SQLite: a row id is never used twice, since the trail names lines by
    # it (without it, the hand logged after an Undo took the undone line's id and its history)
    __table_args__ = (UniqueConstraint("game_id", "position"), {"sqlite_autoincrement": True})
    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]  # 1, 2, ... in the order played
    kind: Mapped[str] = mapped_column(String(12), default="hand")
    dealer: Mapped[int | None]
    declarer: Mapped[int | None]
    bid: Mapped[int | None]
    contract: Mapped[int | None]
    give_up: Mapped[bool] = mapped_column(default=False)
    blind: Mapped[bool] = mapped_column(default=False)  # a blind bid (scoring.md 5.1)
    trump: Mapped[str | None] = mapped_column(String(10))
    musik_aces: Mapped[int | None]
    musik_marriage: Mapped[str | None] = mapped_column(String(10))
    reason: Mapped[str] = mapped_column(Text, default="")
    # A random token per form (or the API's Idempotency-Key), stored as the SHA-256 of the
    # game id and the whole key: a double tap or a reload posts it again and finds it stored.
    token: Mapped[str | None] = mapped_column(String(64), unique=True)
    # the SHA-256 of what was posted with that token: the same key with another body is refused
    token_body: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=now)

    game: Mapped[Game] = relationship(back_populates="lines")
    entries: Mapped[list[Entry]] = relationship(
        order_by="Entry.seat", cascade="all, delete-orphan", lazy="selectin"
    )
    marriages: Mapped[list[MarriageRow]] = relationship(
        order_by="MarriageRow.order", cascade="all, delete-orphan", lazy="selectin"
    )


class Entry(db.Model):  # type: ignore[name-defined,misc]
    """One seat's facts in a line: card points and tricks, or an adjustment's number."""

    __tablename__ = "entry"
    __table_args__ = (UniqueConstraint("line_id", "seat"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    line_id: Mapped[int] = mapped_column(ForeignKey("line.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int]
    points: Mapped[int | None]
    tricks: Mapped[int | None]
    adjustment: Mapped[int | None]


class MarriageRow(db.Model):  # type: ignore[name-defined,misc]
    """A marriage in a hand, in the order declared."""

    __tablename__ = "marriage"
    id: Mapped[int] = mapped_column(primary_key=True)
    line_id: Mapped[int] = mapped_column(ForeignKey("line.id", ondelete="CASCADE"), index=True)
    order: Mapped[int]
    seat: Mapped[int]
    suit: Mapped[str] = mapped_column(String(10))
    switch: Mapped[bool] = mapped_column(default=False)


class Revision(db.Model):  # type: ignore[name-defined,misc]
    """The trail: one edit, delete or restore of a line, with who, when, before and after."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    # the line row it concerns; no foreign key, since a deleted line's row is gone
    line_id: Mapped[int | None] = mapped_column(index=True)
    # "edit", "delete", "restore" of a line; "delete-game", "restore-game" of the whole game
    action: Mapped[str] = mapped_column(String(16))
    position: Mapped[int]  # the line's number when it happened
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # game-file shape
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(Text, default="")
    who: Mapped[str | None] = mapped_column(String(80))
    at: Mapped[datetime] = mapped_column(default=now)
    restored_by: Mapped[int | None]  # for a delete: the revision that brought it back


class Summary(db.Model):  # type: ignore[name-defined,misc]
    """A cache, not a fact: a game's totals, winners and per-seat figures as derived from its
    lines at `version`. Read only while `version` equals the game's, so it cannot go stale;
    remade from the lines otherwise (summaries.py)."""

    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int]
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class SeatFiguresRow(db.Model):  # type: ignore[name-defined,misc]
    """A cache, not a fact: one seat's record figures in a game (rules/career.py) as derived
    from its lines at `version`. Read only while `version` equals the game's; written with
    each write of a line, remade from the lines otherwise (store/careers.py). Whole numbers,
    so that a player's records are sums in SQL over thousands of games."""

    __tablename__ = "seat_figures"
    game_id: Mapped[int] = mapped_column(
        ForeignKey("game.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(primary_key=True)
    version: Mapped[int]
    ended: Mapped[int]
    won: Mapped[int]
    total: Mapped[int]
    hands: Mapped[int]
    declared: Mapped[int]
    made: Mapped[int]
    contract_sum: Mapped[int]
    bid_over_sum: Mapped[int]
    blind: Mapped[int]
    blind_made: Mapped[int]
    give_ups: Mapped[int]
    spades: Mapped[int]
    clubs: Mapped[int]
    diamonds: Mapped[int]
    hearts: Mapped[int]
    aces: Mapped[int]
    climbs: Mapped[int]
    barrel_wins: Mapped[int]
    bolts: Mapped[int]
    staked: Mapped[int]
    money_won: Mapped[int] = mapped_column(BigInteger)  # in ten-thousandths (rules/career.py)
    money_lost: Mapped[int] = mapped_column(BigInteger)


class RatingCache(db.Model):  # type: ignore[name-defined,misc]
    """A cache, not a fact: an account's ratings as derived from its games (store/ratings.py),
    with `key`, the aggregate of its games' and events' versions they were made from. Read
    while the key is the account's; otherwise rated on from the first game that changed. A
    new worker reads it instead of rating 10,000 games again."""

    __tablename__ = "rating_cache"
    account_id: Mapped[int] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
