"""Tables of who signs in and what guards the writes: accounts, their sessions and API tokens,
the throttle's counts, and the API's Idempotency-Keys (the game's facts: models.py)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, inspect
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.store.db import db


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Account(db.Model):  # type: ignore[name-defined,misc]
    """Who signs in: owns games and their players. The people at the table need none."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True)  # stored lower-case
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=now)
    # the language chosen with the switcher (web/i18n.LANGUAGES); None: the browser's
    locale: Mapped[str | None] = mapped_column(String(8), default=None)

    # what Flask-Login asks of a user
    is_authenticated = True
    is_active = True
    is_anonymous = False

    def get_id(self) -> str:
        return str(self.id)

    def known_id(self) -> int:
        """The id without a read: a row expired by a rollback (a write that failed: the
        database locked or away) still knows it, where `id` would go to the database."""
        identity: tuple[Any, ...] | None = inspect(self).identity
        return int(identity[0]) if identity else self.id


class ApiToken(db.Model):  # type: ignore[name-defined,misc]
    """A personal API token (Authorization: Bearer): only its SHA-256 is stored."""

    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), index=True
    )
    name: Mapped[str] = mapped_column(String(60))
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    hint: Mapped[str] = mapped_column(String(12))  # the first characters, to tell tokens apart
    created_at: Mapped[datetime] = mapped_column(default=now)
    last_used_at: Mapped[datetime | None]

    account: Mapped[Account] = relationship(lazy="joined")


class AccountSession(db.Model):  # type: ignore[name-defined,misc]
    """One signed-in browser: the session cookie names it, so that signing out (or changing the
    password) ends it on the server too, and a copied cookie stops working. Only the SHA-256
    of the cookie's random id is stored."""

    __tablename__ = "account_session"
    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), index=True
    )
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    seen_at: Mapped[datetime] = mapped_column(default=now)


class ThrottleEvent(db.Model):  # type: ignore[name-defined,misc]
    """Something the throttle counts, kept a while: a sign-in attempt or failure, a good
    sign-in from an address, a sign-up. In the database, so that every worker of a hosted
    instance sees the same count."""

    __tablename__ = "throttle_event"
    __table_args__ = (Index("ix_throttle_event_kind_key_at", "kind", "key", "at"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    key: Mapped[str] = mapped_column(String(64))  # a username, an address or a digest
    at: Mapped[datetime] = mapped_column(default=now, index=True)


class RequestKey(db.Model):  # type: ignore[name-defined,misc]
    """An API Idempotency-Key that made a write other than an appended line (whose key is the
    line's `token`): a new game from a file (its key scoped to the account), a line replaced
    or deleted (scoped to the game). Stored whole as the SHA-256 of its scope and the key,
    with the SHA-256 of the request made with it: a retry finds what the first try did."""

    __tablename__ = "request_key"
    id: Mapped[int] = mapped_column(primary_key=True)
    # who sent it (a new game's key is scoped to it: its digest names the account)
    account_id: Mapped[int] = mapped_column(
        ForeignKey("account.id", ondelete="CASCADE"), index=True
    )
    digest: Mapped[str] = mapped_column(String(64), unique=True)
    request: Mapped[str] = mapped_column(String(64))
    # the game made or written; the line replaced or deleted (None: the game was made)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=now)
