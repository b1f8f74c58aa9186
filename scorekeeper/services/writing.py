"""Writing a game's lines: one write at a time (the game row taken first), retries found by key."""

# Two phones (or a double tap) writing to one game at the same moment must
# each get a deliberate answer, never a 500. Every write to a game's lines runs in `writing`:
# it takes the game row, reads the game again under that lock, and turns a unique-constraint
# or version clash anywhere in the write (the flushes included) into a `Conflict`.
#
# Point 4: an idempotency key (the hand form's hidden token, the API's Idempotency-Key) is
# stored whole, as the SHA-256 of the game id and the key, with the SHA-256 of what was posted
# with it: the same key with the same body finds its line; with another body it is refused.
# The API's other keyed writes (a new game from a file, a line replaced or deleted) keep their
# key in a row of its own (store.models.RequestKey), a new game's scoped to the account.

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.rules import InvalidHand, Tally
from scorekeeper.rules.errors import N_, Problem
from scorekeeper.store.db import db, only_read
from scorekeeper.store.events import table_of_game
from scorekeeper.store.models import Account, Game, Line, RequestKey, now

#: the longest Idempotency-Key the API takes (printable ASCII only)
MAX_KEY = 200


@dataclass
class Outcome:
    """What a write did: the number of the line it touched and the new tally; `repeated`: the
    same form or key was posted again, and nothing new was stored (the API says so)."""

    number: int
    tally: Tally
    repeated: bool = False


class Conflict(Exception):
    """The game changed since the form was made (another phone wrote first)."""


class Abandoned(Exception):
    """The game was abandoned (lifecycle.py): no line is added until its owner resumes it."""


class KeyReused(Exception):
    """The idempotency key was already used in this game for another line (nothing stored),
    or, for a new game, by this account for another game file."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number  # the line the key stored (for a new game: the game's id)


@dataclass(frozen=True)
class Key:
    """An API request's Idempotency-Key (`key_problem` passed): the key as sent, the account
    that sent it, and `request`, the body_digest of what it asked for. The same key asking
    for something else is refused (KeyReused)."""

    text: str
    account_id: int
    request: str


def key_problem(key: str) -> str | None:
    """Why an Idempotency-Key header is refused (English, for the API), or None."""
    if not key or len(key) > MAX_KEY or not all(" " <= c <= "~" for c in key):
        return f"Idempotency-Key must be 1 to {MAX_KEY} printable ASCII characters"
    return None


def key_digest(game_id: int, key: str) -> str:
    """What `Line.token` holds: the whole key, scoped to its game (a game id has no ':')."""
    return hashlib.sha256(f"{game_id}:{key}".encode()).hexdigest()


def account_key_digest(account_id: int, key: str) -> str:
    """What `RequestKey.digest` holds for a new game: the whole key, scoped to its account
    (never the digest of a game's key: "account 3" is not a game id)."""
    return hashlib.sha256(f"account {account_id}:{key}".encode()).hexdigest()


def body_digest(body: Any) -> str:
    """What `Line.token_body` holds: the posted line in one canonical JSON spelling."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def line_with(digest: str) -> Line | None:
    """The line stored with this key digest (`key_digest`), in any game, or None."""
    return db.session.execute(select(Line).where(Line.token == digest)).scalar_one_or_none()


def request_with(digest: str) -> RequestKey | None:
    """The keyed request stored with this digest (`key_digest`, `account_key_digest`)."""
    return db.session.execute(
        select(RequestKey).where(RequestKey.digest == digest)
    ).scalar_one_or_none()


def _take(table: Any, row_id: int, column: str) -> None:
    """Holds the row `row_id` of `table` until the transaction ends; other writers wait."""
    if db.session.get_bind().dialect.name == "sqlite":
        # SQLite has no row locks and its reads take none: the first write of a transaction
        # takes the database's one write lock (others wait, up to busy_timeout), and every
        # read after it sees what the writer before committed.
        db.session.execute(
            update(table).where(table.c.id == row_id).values({column: table.c[column]})
        )
    else:
        # FOR NO KEY UPDATE: other writers of the row wait, while rows that refer to it
        # (a summary, a co-scorer, a session) can still be added
        db.session.execute(
            select(table.c.id).where(table.c.id == row_id).with_for_update(key_share=True)
        )


def lock(game: Game) -> None:
    """Takes the game for this write and reads it again, with its seats: its version is now
    the stored one, and no other write to it can start before this one commits or rolls
    back. On PostgreSQL the read takes the lock (one query, FOR NO KEY UPDATE of the game
    row alone: the seats' rows are only read)."""
    again = (
        select(Game)
        .where(Game.id == game.id)
        .options(joinedload(Game.seats))
        .execution_options(populate_existing=True)
    )
    if db.session.get_bind().dialect.name == "sqlite":
        _take(Game.__table__, game.id, "version")
    else:
        again = again.with_for_update(key_share=True, of=Game)
    db.session.execute(again).unique().scalar_one()


def lock_account(account_id: int | None) -> None:
    """Takes the account for a write that may add its players (a new game, an import): two
    at once would both add the same new name."""
    if account_id is not None:
        _take(Account.__table__, account_id, "locale")


def check_version(game: Game, version: int | None) -> None:
    """Conflict if the form was made from another version of the game than the stored one."""
    if version is not None and version != game.version:
        raise Conflict()


def touch(game: Game) -> None:
    """Marks the game written, so that the commit bumps its version; the write's revision,
    if any, is stamped with this instant (trail.record)."""
    game.updated_at = now()  # an UPDATE of the game row bumps and checks its version


@contextmanager
def writing(game: Game) -> Iterator[None]:
    """One write to `game`: locked first (`lock`), committed at the end. A clash anywhere in
    it, flushes included, is a Conflict; every error rolls back (and frees the lock) before
    the caller answers."""
    try:
        lock(game)
        yield
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        raise Conflict() from None
    except BaseException:
        db.session.rollback()
        raise


def commit() -> None:
    """Ends a write that needs no game lock: Conflict if another phone's write got in first
    (a version clash); rolled back on any error, which is raised again."""
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        raise Conflict() from None
    except BaseException:
        db.session.rollback()
        raise


def end_read() -> None:
    """Ends a request's transaction that only read (store.db.only_read) with COMMIT rather than
    the ROLLBACK of removing the session: nothing changes, and PostgreSQL keeps the statements
    it prepared (web/teardown.py). A database gone away is left to the session's removal."""
    try:
        if only_read():
            db.session.commit()
    except SQLAlchemyError:
        logging.getLogger(__name__).debug("ending a read-only transaction failed", exc_info=True)


def closed_round_reason(game: Game, number: int, reason: str) -> None:
    """The director's lock (docs/events.md): once an event's round is closed, a hand of one of
    its tables is changed or deleted only with a reason, which the trail keeps. InvalidHand
    at the reason's field otherwise (only the director reaches this: a table's link can no
    longer change it, web/access.py)."""
    found = table_of_game(game.id)
    if found is None or found[1].closed_at is None or reason.strip():
        return
    message = N_("round {round} is closed: say why this hand changes (it goes in the trail)")
    raise InvalidHand(
        [Problem(number, "change_reason", message, params={"round": found[1].number})]
    )
