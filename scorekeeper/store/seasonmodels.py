"""Tables of seasons (docs/seasons.md): a named set of an account's events and its N. The
ladder is derived from the events' standings, never stored."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.store.accountmodels import now
from scorekeeper.store.db import db


class Season(db.Model):  # type: ignore[name-defined,misc]
    """A season of its owner (the director of its events): a name and how many of a player's
    best event results count (ratings.md section 4)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    best: Mapped[int]  # N
    created_at: Mapped[datetime] = mapped_column(default=now)

    events: Mapped[list[SeasonEvent]] = relationship(cascade="all, delete-orphan")


class SeasonEvent(db.Model):  # type: ignore[name-defined,misc]
    """An event of a season. A deleted event leaves every season with it (ON DELETE CASCADE):
    its results leave the ladders."""

    __tablename__ = "season_event"
    season_id: Mapped[int] = mapped_column(
        ForeignKey("season.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[int] = mapped_column(
        ForeignKey("event.id", ondelete="CASCADE"), primary_key=True, index=True
    )
