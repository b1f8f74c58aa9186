"""Importing: checked game files stored as new games of an account, in bulk and in short chunks."""

# Issue 11, point 6: one ORM object per row made a 2,000-game import take 39 s on SQLite and 54 s on
# PostgreSQL, past a worker's 30 s timeout, and its one long transaction made other accounts' writes
# on SQLite fail with "database is locked". Here the rows go in in bulk (store/bulk.py), `CHUNK`
# games per commit, and on SQLite a pause after each commit lets other writers in. If the database
# fails half-way, the chunks already committed stay; importing the same file again recognises them
# (store/summaries.fingerprint) and stores the rest.

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sqlalchemy import insert, select
from sqlalchemy.exc import SQLAlchemyError

from scorekeeper.gamefile import GameFile
from scorekeeper.services import writing
from scorekeeper.services.summaries import summary_data
from scorekeeper.store import bulk
from scorekeeper.store.db import db
from scorekeeper.store.facts import entry_fields, marriage_fields
from scorekeeper.store.models import Entry, Game, Line, MarriageRow, Player, Seat, Summary, now
from scorekeeper.store.summaries import GameSummary

CHUNK = 100  # games per transaction: some 5,000 lines, 0.15 s of SQLite's write lock
SQLITE_PAUSE = 0.1  # seconds between two chunks on SQLite, for the other writers (see store)


@dataclass(frozen=True)
class Checked:
    """A game file read and scored, with its summary (stored with it: no replay later)."""

    name: str
    file: GameFile
    summary: GameSummary


@dataclass(frozen=True)
class Stored:
    """What an import did: games added, games already in the account, games not stored
    because the database failed half-way (importing the file again stores them)."""

    added: int
    known: int
    failed: int = 0


def store(files: Sequence[Checked], owner_id: int) -> Stored:
    """Stores the games not already in the account (nor twice in the upload)."""
    versions = dict(
        db.session.execute(select(Game.id, Game.version).where(Game.owner_id == owner_id)).all()
    )
    seen = {data["fingerprint"] for data in summary_data(versions).values()}
    new: list[Checked] = []
    for checked in files:
        if checked.summary.fingerprint not in seen:
            seen.add(checked.summary.fingerprint)
            new.append(checked)
    known = len(files) - len(new)
    # what the database may raise: SQLAlchemy's errors, and the driver's own from COPY
    failures = (SQLAlchemyError, db.session.get_bind().dialect.loaded_dbapi.Error)
    sqlite = db.session.get_bind().dialect.name == "sqlite"
    for start in range(0, len(new), CHUNK):
        if sqlite and start:
            # A writer waiting for SQLite's lock polls it every 100 ms (its busy handler): the
            # next chunk would take the lock again before it looks, chunk after chunk, until
            # its busy_timeout ran out. A pause as long as that poll lets it in.
            time.sleep(SQLITE_PAUSE)
        try:
            _store_chunk(new[start : start + CHUNK], owner_id)
            db.session.commit()
        except failures:
            db.session.rollback()
            return Stored(start, known, len(new) - start)
    return Stored(len(new), known)


def _players(names: Iterable[str], owner_id: int) -> dict[str, int]:
    """Each name's player of the account, created on first use (as services.player): key -> id."""
    wanted = {Player.key_of(n): " ".join(n.split()) for n in names}
    found: dict[str, int] = {
        key: pid
        for key, pid in db.session.execute(
            select(Player.key, Player.id).where(
                Player.account_id == owner_id, Player.key.in_(wanted)
            )
        )
    }
    missing = [k for k in wanted if k not in found]
    if missing:
        rows = [{"name": wanted[k], "key": k, "account_id": owner_id} for k in missing]
        ids = db.session.execute(
            insert(Player).returning(Player.id, sort_by_parameter_order=True), rows
        ).scalars()
        found.update(zip(missing, ids, strict=True))
    return found


def _store_chunk(chunk: Sequence[Checked], owner_id: int) -> None:
    # the account first, as services.create_game takes it: two imports (or an import and a
    # new game) at once would both add the same new player, and one of them would fail
    writing.lock_account(owner_id)
    players = _players((n for c in chunk for n in c.file.players), owner_id)
    at = now()
    games = bulk.insert_ids(
        Game.__table__,
        [
            {
                "variant": c.file.variant,
                "options": dict(c.file.options),
                "first_dealer": c.file.first_dealer,
                "owner_id": owner_id,
                "created_at": at,
                "updated_at": at,
                "version": 1,
            }
            for c in chunk
        ],
    )
    seats, lines, summaries = [], [], []
    for game_id, c in zip(games, chunk, strict=True):
        seats += [
            {"game_id": game_id, "position": i, "player_id": players[Player.key_of(n)]}
            for i, n in enumerate(c.file.players)
        ]
        lines += [bulk.line_row(game_id, i, line) for i, line in enumerate(c.file.lines, start=1)]
        # its fingerprint compares names by their key, so the account's spelling of a player
        # ("Ala" for the file's "ALA ") gives the one the file gave (summaries.fingerprint)
        summaries.append({"game_id": game_id, "version": 1, "data": c.summary.to_dict()})
    bulk.insert_rows(seats, Seat.__table__)
    line_ids = bulk.insert_ids(Line.__table__, lines)
    entries, marriages = [], []
    rows = iter(line_ids)
    for c in chunk:
        width = len(c.file.players)
        for line, line_id in zip(c.file.lines, rows, strict=False):
            entries += [{"line_id": line_id, **e} for e in entry_fields(line, width)]
            marriages += [{"line_id": line_id, **m} for m in marriage_fields(line)]
    bulk.insert_rows(entries, Entry.__table__)
    bulk.insert_rows(marriages, MarriageRow.__table__)
    for game_id, c in zip(games, chunk, strict=True):
        if c.file.trail:
            bulk.trail_rows(game_id, c.file.trail)
    bulk.insert_rows(summaries, Summary.__table__)
