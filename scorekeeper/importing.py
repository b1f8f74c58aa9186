"""A service: stores checked game files (uploads.py) as new games of an account, in bulk and in
short transactions of a few games each (issue 11, point 6).

One ORM object per row made a 2,000-game import take 39 s on SQLite and 54 s on PostgreSQL,
past a worker's 30 s timeout, and its one long transaction made other accounts' writes on
SQLite fail with "database is locked". Here the rows go in by executemany, `CHUNK` games per
commit. If the database fails half-way, the chunks already committed stay; importing the same
file again recognises them (summaries.fingerprint) and stores the rest.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, bindparam, func, insert, select, text, update
from sqlalchemy.exc import SQLAlchemyError

from .db import db
from .models import Entry, Game, Line, MarriageRow, Player, Revision, Seat, Summary, now
from .rules import Adjustment
from .summaries import fingerprint, summary_data
from .uploads import Checked

CHUNK = 100  # games per transaction: some 5,000 lines, a tenth of a second of SQLite's lock


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
    for start in range(0, len(new), CHUNK):
        try:
            _store_chunk(new[start : start + CHUNK], owner_id)
            db.session.commit()
        except failures:
            db.session.rollback()
            return Stored(start, known, len(new) - start)
    return Stored(len(new), known)


def _players(names: Iterable[str], owner_id: int) -> dict[str, tuple[int, str]]:
    """Each name's player of the account, created on first use (as services.player): key ->
    (id, the name as stored)."""
    wanted = {Player.key_of(n): " ".join(n.split()) for n in names}
    found = {
        key: (pid, name)
        for pid, key, name in db.session.execute(
            select(Player.id, Player.key, Player.name).where(
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
        found.update((k, (pid, wanted[k])) for k, pid in zip(missing, ids, strict=True))
    return found


def _insert_ids(table: Any, rows: list[dict[str, Any]]) -> list[int]:
    """Inserts the rows; their ids in the order given."""
    if not rows:
        return []
    if db.session.get_bind().dialect.name == "postgresql":
        # ids taken from the table's sequence, then COPY: INSERT .. RETURNING of 100,000
        # lines took 4 s through psycopg
        ids = list(
            db.session.execute(
                text(
                    "SELECT nextval(pg_get_serial_sequence(:t, 'id')) FROM generate_series(1, :n)"
                ),
                {"t": table.name, "n": len(rows)},
            ).scalars()
        )
        _insert([{**row, "id": i} for row, i in zip(rows, ids, strict=True)], table)
        return ids
    # SQLite: the first write of the chunk (its players or games) took the database's one write
    # lock, so no one else inserts until the commit and the next ids are surely max + 1, as
    # SQLite itself would choose them. (RETURNING in a stated order goes one row at a time:
    # 1.2 s a chunk.)
    top = db.session.execute(select(func.coalesce(func.max(table.c.id), 0))).scalar_one()
    ids = list(range(top + 1, top + 1 + len(rows)))
    _insert([{**row, "id": i} for row, i in zip(rows, ids, strict=True)], table)
    return ids


def _insert(rows: list[dict[str, Any]], table: Any) -> None:
    """Inserts the rows (all with the same keys): COPY on PostgreSQL, executemany on SQLite."""
    if not rows:
        return
    if db.session.get_bind().dialect.name != "postgresql":
        db.session.execute(insert(table), rows)
        return
    from psycopg import sql

    columns = list(rows[0])
    as_json = {c for c in columns if isinstance(table.c[c].type, JSON)}
    copy_sql = sql.SQL("COPY {} ({}) FROM STDIN").format(
        sql.Identifier(table.name), sql.SQL(", ").join(map(sql.Identifier, columns))
    )
    raw = db.session.connection().connection.driver_connection
    assert raw is not None
    with raw.cursor() as cursor, cursor.copy(copy_sql) as copy:
        for row in rows:
            copy.write_row(
                [
                    json.dumps(row[c]) if c in as_json and row[c] is not None else row[c]
                    for c in columns
                ]
            )


def _insert_games(rows: list[dict[str, Any]]) -> list[int]:
    """The chunk's games; the first by itself, so that it takes SQLite's write lock before the
    ids of the rest are counted (_insert_ids)."""
    first = db.session.execute(insert(Game.__table__).returning(Game.__table__.c.id), rows[0])
    return [first.scalar_one(), *_insert_ids(Game.__table__, rows[1:])]


def _store_chunk(chunk: Sequence[Checked], owner_id: int) -> None:
    players = _players((n for c in chunk for n in c.file.players), owner_id)
    at = now()
    games = _insert_games(
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
        ]
    )
    seats, lines, summaries = [], [], []
    for game_id, c in zip(games, chunk, strict=True):
        stored = [players[Player.key_of(n)] for n in c.file.players]
        seats += [
            {"game_id": game_id, "position": i, "player_id": p} for i, (p, _) in enumerate(stored)
        ]
        lines += [_line(game_id, i, line) for i, line in enumerate(c.file.lines, start=1)]
        summary = c.summary
        names = tuple(name for _, name in stored)
        if names != c.file.players:  # the account's players' spelling: fingerprint it so
            summary = dataclasses.replace(
                summary, fingerprint=fingerprint(dataclasses.replace(c.file, players=names))
            )
        summaries.append({"game_id": game_id, "version": 1, "data": summary.to_dict()})
    _insert(seats, Seat.__table__)
    line_ids = _insert_ids(Line.__table__, lines)
    entries, marriages = [], []
    rows = iter(line_ids)
    for c in chunk:
        width = len(c.file.players)
        for line, line_id in zip(c.file.lines, rows, strict=False):
            entries += _entries(line_id, line, width)
            if not isinstance(line, Adjustment):
                marriages += [
                    {
                        "line_id": line_id,
                        "order": i,
                        "seat": m.seat,
                        "suit": m.suit,
                        "switch": m.switch,
                    }
                    for i, m in enumerate(line.marriages)
                ]
    _insert(entries, Entry.__table__)
    _insert(marriages, MarriageRow.__table__)
    for game_id, c in zip(games, chunk, strict=True):
        if c.file.trail:
            _trail(game_id, c.file.trail)
    _insert(summaries, Summary.__table__)


def _line(game_id: int, position: int, line: Any) -> dict[str, Any]:
    """The line row as services.fill_line writes it."""
    row: dict[str, Any] = {"game_id": game_id, "position": position, "created_at": now()}
    if isinstance(line, Adjustment):
        return {
            **row,
            **dict.fromkeys(("dealer", "declarer", "bid", "contract", "trump"), None),
            **{"kind": "adjustment", "reason": line.reason, "give_up": False},
            **{"musik_aces": None, "musik_marriage": None},
        }
    return {
        **row,
        "kind": "hand",
        "reason": "",
        "dealer": line.dealer,
        "declarer": line.declarer,
        "bid": line.bid,
        "contract": line.contract,
        "give_up": line.give_up,
        "trump": line.trump,
        "musik_aces": line.musik.aces if line.musik else None,
        "musik_marriage": line.musik.marriage if line.musik else None,
    }


def _entries(line_id: int, line: Any, seats: int) -> list[dict[str, Any]]:
    if isinstance(line, Adjustment):
        return [
            {"line_id": line_id, "seat": s, "points": None, "tricks": None, "adjustment": v}
            for s, v in enumerate(line.values)
        ]
    return [
        {
            "line_id": line_id,
            "seat": s,
            "points": line.points[s] if line.points is not None else None,
            "tricks": line.tricks[s] if line.tricks is not None else None,
            "adjustment": None,
        }
        for s in range(seats)
    ]


def _trail(game_id: int, items: Sequence[Any]) -> None:
    """An imported trail, as trail.load stores it: the revisions keep their numbers, not their
    link to a line row; a restore closes the latest delete of the same line."""
    rows = []
    for item in items:
        try:
            at = datetime.fromisoformat(item["at"]) if item.get("at") else None
        except ValueError:
            at = None
        rows.append(
            {
                "game_id": game_id,
                "action": item["action"],
                "position": item["hand"],
                "line_id": None,
                "before": item.get("before"),
                "after": item.get("after"),
                "reason": item.get("reason") or "",
                "who": item.get("who"),
                "at": at or now(),
                "restored_by": None,
            }
        )
    ids = _insert_ids(Revision.__table__, rows)
    open_deletes: list[int] = []
    links = []
    for i, row in enumerate(rows):
        if row["action"] == "delete":
            open_deletes.append(i)
        elif row["action"] == "restore":
            for d in reversed(open_deletes):
                if rows[d]["before"] == row["after"]:
                    links.append({"rid": ids[d], "by": ids[i]})
                    open_deletes.remove(d)
                    break
    if links:
        table = Revision.__table__
        db.session.execute(
            update(table).where(table.c.id == bindparam("rid")).values(restored_by=bindparam("by")),
            links,
        )
