"""Backups of a whole instance: taken in one read transaction while the app serves and hands
are written, restored in one write transaction that keeps all of the file or none of it."""

# The choices (one portable file for SQLite and PostgreSQL, restore into an empty database,
# an older backup upgraded in the same transaction) are argued in docs/operations.md, "Backups".

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import IO, Any

from sqlalchemy import exc

from scorekeeper.store import revisions
from scorekeeper.store.backupfile import Damaged, Footer, Header, NotABackup, Reader
from scorekeeper.store.restoring import (
    Refused,
    carry_sequences,
    foreign_key_faults,
    inspect_target,
    load,
    prepare,
)
from scorekeeper.store.scoreboards import Board
from scorekeeper.store.snapshot import (
    NoSchema,
    begin_snapshot,
    engine_for,
    tables_of,
    write_backup,
)

__all__ = [
    "Comparison",
    "Damaged",
    "NewerSchema",
    "NotABackup",
    "Refused",
    "Restored",
    "compare",
    "held",
    "restore",
    "take",
]

# How long a restore waits for a lock the running app holds (PostgreSQL), before it gives up
# with the reason rather than hanging: a replace is meant for an app that is stopped.
LOCK_TIMEOUT = "10s"


class NewerSchema(Damaged):
    """A backup of a newer version of the app: this one cannot make its schema."""


def take(url: str, options: dict[str, Any], out: IO[bytes]) -> tuple[Header, Footer]:
    """Writes a backup of the database at `url` to `out`: every table as it was at one moment,
    while other connections go on writing. Refused if the database has no schema of ours."""
    engine = engine_for(url, options)
    try:
        with engine.connect() as conn:
            begin_snapshot(conn)
            try:
                return write_backup(conn, out)
            except NoSchema as e:
                raise Refused(str(e)) from None
            finally:
                conn.rollback()  # it only read
    finally:
        engine.dispose()


@dataclass(frozen=True)
class Restored:
    header: Header
    rows: int
    upgraded_to: str | None  # the head of this code's migrations, if the backup was older
    replaced: dict[str, int] = field(default_factory=dict)  # what the database held before


def restore(
    url: str, options: dict[str, Any], source: IO[bytes], replace: bool = False
) -> Restored:
    """Restores the backup read from `source` into the database at `url`, which must hold no
    row (or, with `replace`, whose rows are all replaced). One transaction: a file found
    damaged, a row refused or any other failure leaves the database as it was, its schema too.

    Raises NotABackup or Damaged (the file), NewerSchema, Refused (the database)."""
    reader = Reader(source)  # a file of another kind is refused before the database is touched
    revision = reader.header.revision
    if not revisions.known(revision):
        raise NewerSchema(
            f"the backup is of a newer version of the app (schema {revision}; this version "
            f"knows up to {revisions.head()}): restore it with that version or a later one"
        )
    engine = engine_for(url, options, write=True)
    try:
        with engine.connect() as conn:
            conn.begin()
            try:
                done = _restore(conn, reader, replace)
            except (exc.IntegrityError, exc.DataError) as e:
                raise Damaged(f"a row of the backup was refused: {_first_line(e)}") from None
            except exc.OperationalError as e:
                if isinstance(e.orig, sqlite3.OperationalError) and "mismatch" in str(e.orig):
                    raise Damaged(f"a row of the backup was refused: {_first_line(e)}") from None
                if getattr(e.orig, "sqlstate", None) == "55P03":  # lock_not_available
                    raise Refused(
                        f"the database is in use (a lock was not granted within "
                        f"{LOCK_TIMEOUT}): stop the app, then restore"
                    ) from None
                raise
            conn.commit()
            return done
    finally:
        engine.dispose()


def _restore(conn: Any, reader: Reader, replace: bool) -> Restored:
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
    target = inspect_target(conn)
    if not target.empty and not replace:
        raise Refused(
            f"the database is not empty ({held(target.held)}); restore into an "
            "empty database, or replace what it holds with --replace"
        )
    revision = reader.header.revision
    meta = prepare(conn, target, revision)
    rows = load(conn, meta, reader.tables())
    footer = reader.footer
    assert footer is not None  # tables() read the file to its end
    head = revisions.head()
    if revision != head:
        revisions.migrate(conn, head)
        meta = tables_of(conn)
    carry_sequences(conn, meta, footer.sequences)
    faults = foreign_key_faults(conn)
    if faults:
        raise Damaged(f"rows name rows that are not in the backup: {faults}")
    return Restored(reader.header, rows, head if revision != head else None, target.held)


_WORDS = {"account": "accounts", "game": "games", "line": "lines"}


def held(counts: Mapping[str, int]) -> str:
    """What a database holds, in words: "1 account, 120 games, 5,400 lines" (or, with none of
    those, its first tables' rows)."""
    named = [(counts[t], t, _WORDS[t]) for t in _WORDS if t in counts]
    if named:
        return ", ".join(f"{n:,} {one if n == 1 else many}" for n, one, many in named)
    return ", ".join(f"{n:,} rows of {t}" for t, n in sorted(counts.items())[:3])


def _first_line(e: exc.DBAPIError) -> str:
    return str(e.orig or e).strip().splitlines()[0]


@dataclass
class Comparison:
    """A restored backup's games beside the database's."""

    same: int = 0  # at the same version, and the same board
    changed: int = 0  # written since the backup (a newer version in the database)
    gone: int = 0  # in the backup, no longer in the database
    added: int = 0  # in the database, not in the backup: made since
    differ: list[int] = field(default_factory=list)  # the same version, another board: wrong

    @property
    def good(self) -> bool:
        return not self.differ


def compare(restored: Iterable[tuple[int, Board]], live: Iterable[tuple[int, Board]]) -> Comparison:
    """Every game of the restored backup against the database it was taken from: a game at
    the same version must show the same board (what its lines derive, not what a cache says)."""
    kept = dict(restored)
    out = Comparison()
    for gid, board in live:
        copy = kept.pop(gid, None)
        if copy is None:
            out.added += 1
        elif copy.version < board.version:
            out.changed += 1
        elif copy == board:
            out.same += 1
        else:
            out.differ.append(gid)
    out.gone = len(kept)
    return out
