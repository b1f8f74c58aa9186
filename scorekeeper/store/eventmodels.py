"""Tables of events (docs/events.md): the director's settings, the players in order, the rounds
and their tables, each table an ordinary game. Places, points and standings are derived."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.store.accountmodels import now
from scorekeeper.store.db import db


class Event(db.Model):  # type: ignore[name-defined,misc]
    """An event of its director (an account): the header of its event file, as given."""

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    # [[size, preset], ...] in the file's order: the draw prefers the first size
    tables: Mapped[list[list[Any]]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # size (a string) -> match points by place, each an exact decimal as text ("1.5"): a JSON
    # float would not keep 0.1 exact; None for the defaults
    points: Mapped[dict[str, list[str]] | None] = mapped_column(JSON)
    bye: Mapped[str | None] = mapped_column(String(16))  # an exact decimal, as text
    ranking: Mapped[str | None] = mapped_column(String(8))  # None: "points", said so
    confirm: Mapped[bool] = mapped_column(default=False)
    # the token of the public results page (/results/<id>/<token>); None: not published
    results_token: Mapped[str | None] = mapped_column(String(64), index=True, unique=True)
    # the published results read only by someone signed in to an account of this server (the
    # club's accounts), not by anyone with the link
    results_signed_in: Mapped[bool] = mapped_column(default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(default=now)
    # bumped by every write to the event's own rows (not its games': they have theirs): the
    # standings are remembered per this and the versions of its games (store/events.py)
    version: Mapped[int] = mapped_column(default=1)

    players: Mapped[list[EventPlayer]] = relationship(
        order_by="EventPlayer.position", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[EventRound]] = relationship(
        order_by="EventRound.number", cascade="all, delete-orphan"
    )


class EventPlayer(db.Model):  # type: ignore[name-defined,misc]
    """An entrant, in the order of the event file's `players` (seats count them from 0)."""

    __tablename__ = "event_player"
    __table_args__ = (UniqueConstraint("event_id", "position"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))
    # the director's player of that name, when picked from the account's (their games' names)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="SET NULL"))


class EventRound(db.Model):  # type: ignore[name-defined,misc]
    """A round: how it was drawn, when it started (seating fixed, games made) and closed."""

    __tablename__ = "event_round"
    __table_args__ = (UniqueConstraint("event_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]  # 1, 2, ...
    method: Mapped[str] = mapped_column(String(12))  # "random", "standings", "import"
    started_at: Mapped[datetime | None]
    closed_at: Mapped[datetime | None]
    # the director's countdown for the round ends then (UTC, as every time stored); None: none
    timer_ends_at: Mapped[datetime | None]

    tables: Mapped[list[EventTable]] = relationship(
        order_by="EventTable.number", cascade="all, delete-orphan"
    )


class EventTable(db.Model):  # type: ignore[name-defined,misc]
    """A table of a round: its players (event positions, in seat order), its game once the
    round started, whether the director closed it, and its table link's SHA-256."""

    __tablename__ = "event_table"
    __table_args__ = (UniqueConstraint("round_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("event_round.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int]  # 1, 2, ... within the round
    seats: Mapped[list[int]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(default=0)
    closed: Mapped[bool] = mapped_column(default=False)
    game_id: Mapped[int | None] = mapped_column(
        ForeignKey("game.id", ondelete="SET NULL"), unique=True
    )
    # the table link's salt: the link's token is the HMAC of the app's secret key and this
    # (web/events/links.py), so the database alone (a backup, a leaked dump) opens no table;
    # a new salt is a new link and the old one stops working. None: no link (not started)
    link_salt: Mapped[str | None] = mapped_column(String(32))


class EventConfirmation(db.Model):  # type: ignore[name-defined,misc]
    """A hand confirmed by a seat of its table (events.md: `confirmed_by`, with `confirm`)."""

    __tablename__ = "event_confirmation"
    line_id: Mapped[int] = mapped_column(
        ForeignKey("line.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int]
