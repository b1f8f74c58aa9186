"""Rows in bulk for an import: ids taken in advance, COPY on PostgreSQL, executemany on SQLite."""

# The rows of lines, entries and trails are exactly those facts.fill_line and services/trail.load
# write one ORM object at a time. Adds to the session; the caller (services/transfer.py) commits.

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, bindparam, func, insert, select, text, update

from scorekeeper.store.db import db
from scorekeeper.store.facts import line_fields
from scorekeeper.store.models import Revision, now


def insert_ids(table: Any, rows: list[dict[str, Any]]) -> list[int]:
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
        insert_rows([{**row, "id": i} for row, i in zip(rows, ids, strict=True)], table)
        return ids
    # SQLite: the first write of the chunk (services/writing.lock_account) took the database's
    # one write lock, so no one else inserts until the commit and the next ids are surely the ones
    # SQLite itself would choose: past the largest there, and for a table with AUTOINCREMENT
    # (line) past the largest ever given (sqlite_sequence), so a deleted line's id, which the
    # trail may name, is not given again. (RETURNING in a stated order goes one row at a
    # time: 1.2 s a chunk.)
    top = db.session.execute(select(func.coalesce(func.max(table.c.id), 0))).scalar_one()
    if table.kwargs.get("sqlite_autoincrement"):
        given = db.session.execute(
            text("SELECT seq FROM sqlite_sequence WHERE name = :t"), {"t": table.name}
        ).scalar()
        top = max(top, given or 0)
    ids = list(range(top + 1, top + 1 + len(rows)))
    insert_rows([{**row, "id": i} for row, i in zip(rows, ids, strict=True)], table)
    return ids


def insert_rows(rows: list[dict[str, Any]], table: Any) -> None:
    """Inserts the rows (all with the same keys): COPY on PostgreSQL, executemany on SQLite."""
    if not rows:
        return
    dialect = db.session.get_bind().dialect
    if (dialect.name, dialect.driver) != ("postgresql", "psycopg"):
        db.session.execute(insert(table), rows)  # SQLite (or another PostgreSQL driver)
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


def line_row(game_id: int, position: int, line: Any) -> dict[str, Any]:
    """The line row as facts.fill_line writes it (facts.line_fields)."""
    return {"game_id": game_id, "position": position, "created_at": now(), **line_fields(line)}


def stored_time(raw: str | None) -> datetime | None:
    """A trail's time as now() stores one, naive UTC: COPY into PostgreSQL's timestamp would
    drop an offset ("10:00+02:00" as 10:00), SQLAlchemy on SQLite too; and an aware time whose
    UTC is past the calendar would be stored by PostgreSQL and fail every read (services/trail.load
    uses it too). None if there is none."""
    try:
        at = datetime.fromisoformat(raw) if raw else None
        return at.astimezone(UTC).replace(tzinfo=None) if at and at.tzinfo else at
    except (ValueError, OverflowError):  # not a time, or past the calendar in UTC
        return None


def trail_rows(game_id: int, items: Sequence[Any]) -> None:
    """An imported trail, as services/trail.load stores it: the revisions keep their numbers,
    not their link to a line row; a restore closes the latest delete of the same line."""
    rows = []
    for item in items:
        at = stored_time(item.get("at"))
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
    ids = insert_ids(Revision.__table__, rows)
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
