"""A backup's rows into a database, in the caller's one transaction: the schema made at the
backup's revision, every table loaded as it was, the ids handed out carried over."""

# Nothing here commits (services/backup.py does, once, at the very end): a damaged file, a row
# the schema refuses or a database that goes away leaves the database exactly as it was, its
# schema too. Rows go in by COPY on PostgreSQL and executemany on SQLite, a few thousand at a
# time, so memory stays flat.

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Connection,
    DateTime,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    exc,
    text,
)

from scorekeeper.store import revisions
from scorekeeper.store.backupfile import Damaged
from scorekeeper.store.snapshot import VERSION_TABLE, revision_of, tables_of

CHUNK = 10000  # rows per executemany or COPY: 2,000 took a quarter longer on PostgreSQL


class Refused(Exception):
    """The database is not one a restore may write into: the message says why."""


@dataclass(frozen=True)
class Target:
    """What a restore finds in the database before it writes."""

    revision: str | None
    meta: MetaData  # its tables as they are
    held: dict[str, int]  # rows per table that has any

    @property
    def tables(self) -> list[str]:
        return [t.name for t in self.meta.sorted_tables if t.name != VERSION_TABLE]

    @property
    def empty(self) -> bool:
        return not self.held


def inspect_target(conn: Connection) -> Target:
    """The database's schema revision and whether any table holds a row."""
    meta = tables_of(conn)
    revision = revision_of(conn)
    target = Target(revision, meta, {})
    if target.tables and revision is None:
        raise Refused("the database holds tables that are not Thousand Scorekeeper's")
    if revision is not None and not revisions.known(revision):
        raise Refused(
            f"the database's schema ({revision}) is newer than this version of the app knows"
        )
    if target.tables:  # one round trip: a restore is often a few tables' worth of work
        counts = " UNION ALL ".join(f"SELECT '{t}', COUNT(*) FROM \"{t}\"" for t in target.tables)
        target.held.update((str(t), int(n)) for t, n in conn.exec_driver_sql(counts) if n)
    return target


def prepare(conn: Connection, target: Target, revision: str) -> MetaData:
    """The schema at `revision` with no row in it, and its tables: emptied when it is there
    already, else made anew from the migrations (what was there is dropped: the caller checked
    that it was empty, or was told to replace it)."""
    if target.revision == revision:
        _empty(conn, target.tables)
        return target.meta
    names = [t.name for t in target.meta.sorted_tables]
    if conn.dialect.name == "postgresql":
        # one statement, so that no foreign key between them decides the order
        if names:
            conn.exec_driver_sql("DROP TABLE " + ", ".join(f'"{n}"' for n in names) + " CASCADE")
    else:
        for name in reversed(names):
            conn.exec_driver_sql(f'DROP TABLE "{name}"')
    revisions.migrate(conn, revision)
    return tables_of(conn)


def _empty(conn: Connection, tables: Sequence[str]) -> None:
    if not tables:
        return
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("TRUNCATE " + ", ".join(f'"{t}"' for t in tables))
        return
    for name in tables:  # foreign keys are off for a restore (snapshot.engine_for)
        conn.exec_driver_sql(f'DELETE FROM "{name}"')
    if _sqlite_has(conn, "sqlite_sequence"):
        conn.exec_driver_sql("DELETE FROM sqlite_sequence")


def load(
    conn: Connection,
    meta: MetaData,
    tables: Iterator[tuple[str, list[str], Iterator[list[Any]]]],
) -> int:
    """Every table of the backup into the schema made for it (`meta`); the rows loaded."""
    loaded = 0
    for name, columns, rows in tables:
        table = meta.tables.get(name)
        if table is None or name == VERSION_TABLE:
            raise Damaged(f"table {name} is not in the schema the backup names")
        missing = [c for c in columns if c not in table.c]
        if missing:
            raise Damaged(f"table {name} has no column {missing[0]} in that schema")
        loaded += _load_table(conn, table, columns, rows)
    return loaded


def _load_table(
    conn: Connection, table: Table, columns: list[str], rows: Iterator[list[Any]]
) -> int:
    postgres = conn.dialect.name == "postgresql"
    convert = [_converter(table.c[c], conn.dialect) for c in columns]
    # On PostgreSQL a row may name a row of its own table that comes after it (the rows go in
    # by id; a game names the game it is the rematch of): such a reference is set once the
    # table is in. One to an earlier row is checked at the end of its COPY, which holds both.
    own = {
        i
        for i, c in enumerate(columns)
        if postgres and any(fk.column.table is table for fk in table.c[c].foreign_keys)
    }
    keys = [i for i, c in enumerate(columns) if table.c[c].primary_key]
    by_id = (
        keys[0] if len(keys) == 1 and isinstance(table.c[columns[keys[0]]].type, Integer) else None
    )
    later: list[tuple[list[Any], int, Any]] = []
    put = _copier(conn, table, columns) if postgres else _inserter(conn, table, columns)
    chunk: list[list[Any]] = []
    count = 0
    for row in rows:
        try:
            values = [f(v) for f, v in zip(convert, row, strict=True)]
        except (TypeError, ValueError) as e:
            raise Damaged(f"table {table.name}, row {count + 1}: {e}") from None
        for i in own:
            ahead = by_id is None or not isinstance(values[i], int) or values[i] > values[by_id]
            if values[i] is not None and ahead:
                later.append(([values[k] for k in keys], i, values[i]))
                values[i] = None
        chunk.append(values)
        count += 1
        if len(chunk) >= CHUNK:
            put(chunk)
            chunk = []
    if chunk:
        put(chunk)
    for key, i, value in later:
        where = " AND ".join(f'"{columns[k]}" = :k{n}' for n, k in enumerate(keys))
        conn.execute(
            text(f'UPDATE "{table.name}" SET "{columns[i]}" = :v WHERE {where}'),
            {"v": value, **{f"k{n}": k for n, k in enumerate(key)}},
        )
    return count


def _inserter(conn: Connection, table: Table, columns: list[str]) -> Callable[[list[Any]], None]:
    names = ", ".join(f'"{c}"' for c in columns)
    marks = ", ".join("?" for _ in columns)
    sql = f'INSERT INTO "{table.name}" ({names}) VALUES ({marks})'

    def put(chunk: list[list[Any]]) -> None:
        conn.exec_driver_sql(sql, [tuple(r) for r in chunk])

    return put


def _copier(conn: Connection, table: Table, columns: list[str]) -> Callable[[list[Any]], None]:
    from psycopg import errors, sql

    copy_sql = sql.SQL("COPY {} ({}) FROM STDIN").format(
        sql.Identifier(table.name), sql.SQL(", ").join(map(sql.Identifier, columns))
    )
    raw = conn.connection.driver_connection
    assert raw is not None

    def put(chunk: list[list[Any]]) -> None:
        try:
            with raw.cursor() as cursor, cursor.copy(copy_sql) as copy:
                for row in chunk:
                    copy.write_row(row)
        except (errors.IntegrityError, errors.DataError) as e:
            # the driver's own error, past SQLAlchemy: a row the schema refuses is the file's
            why = str(e).strip().splitlines()[0]
            raise Damaged(f"a row of the backup was refused: {why}") from None
        except errors.Error as e:  # the database failed: as SQLAlchemy would say it
            raise exc.OperationalError("COPY", None, e) from None

    return put


def _converter(column: Any, dialect: Any) -> Callable[[Any], Any]:
    """From the value in the file (JSON) to what the driver takes for this column, refusing a
    value of another kind: a file is restored as it was written or not at all."""
    kind = column.type
    if isinstance(kind, JSON):
        # SQL NULL stays NULL (a JSON column's None would otherwise become the text 'null')
        return lambda v: None if v is None else json.dumps(v, ensure_ascii=False)
    if isinstance(kind, DateTime):
        # SQLite keeps a time as text in SQLAlchemy's own layout; psycopg takes the datetime
        return _datetime(kind.bind_processor(dialect) if dialect.name == "sqlite" else None)
    if isinstance(kind, LargeBinary):
        return _binary
    if isinstance(kind, Boolean):
        return _checked(bool, "true or false")
    if isinstance(kind, Integer):
        return _checked(int, "a whole number")
    if isinstance(kind, String):
        return _checked(str, "text")
    return lambda v: v


def _checked(kind: type, what: str) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        if value is None or type(value) is kind:
            return value
        raise ValueError(f"{value!r} where {what} was expected")

    return convert


def _binary(value: Any) -> Any:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError("bytes were expected")
    try:
        return base64.b64decode(value, validate=True)
    except binascii.Error:
        raise ValueError("bytes were expected") from None


def _datetime(as_text: Callable[[Any], Any] | None) -> Callable[[Any], Any]:
    def convert(value: Any) -> Any:
        if value is None:
            return None
        if not isinstance(value, str):
            raise ValueError(f"{value!r} where a time was expected")
        at = datetime.fromisoformat(value)
        return as_text(at) if as_text else at

    return convert


def carry_sequences(conn: Connection, meta: MetaData, handed_out: dict[str, int]) -> None:
    """Ids go on from where the backed-up database had got to, or from the largest restored:
    a new row never takes an id the trail may name (a deleted line's)."""
    if conn.dialect.name == "postgresql":
        _pg_sequences(conn, meta, handed_out)
    else:
        _sqlite_sequences(conn, handed_out)


def _pg_sequences(conn: Connection, meta: MetaData, handed_out: dict[str, int]) -> None:
    keyed = []
    for table in meta.sorted_tables:
        keys = list(table.primary_key.columns)
        if len(keys) == 1 and isinstance(keys[0].type, Integer):
            keyed.append((table.name, keys[0].name))
    if not keyed:
        return
    # in two round trips whatever the number of tables: each one's sequence and largest id
    found = conn.exec_driver_sql(
        " UNION ALL ".join(
            f"SELECT '{t}', pg_get_serial_sequence('\"{t}\"', '{c}'), MAX(\"{c}\") FROM \"{t}\""
            for t, c in keyed
        )
    ).all()
    calls = []
    params: dict[str, Any] = {}
    for n, (name, seq, largest) in enumerate(found):
        if not seq:
            continue
        top = max(int(largest or 0), handed_out.get(str(name), 0))
        # is_called false: the next id is the value itself, 1 for a table never used
        calls.append(f"setval(:s{n}, :v{n}, :c{n})")
        params.update({f"s{n}": seq, f"v{n}": max(top, 1), f"c{n}": top > 0})
    if calls:
        conn.execute(text("SELECT " + ", ".join(calls)), params)


def _sqlite_sequences(conn: Connection, handed_out: dict[str, int]) -> None:
    """SQLite's AUTOINCREMENT tables keep theirs in sqlite_sequence; the others give the
    largest id + 1, which no one has named."""
    if not _sqlite_has(conn, "sqlite_sequence"):
        return
    counting = {
        str(name)
        for name, sql in conn.exec_driver_sql("SELECT name, sql FROM sqlite_master")
        if sql and "AUTOINCREMENT" in str(sql).upper()
    }
    for name in counting:
        top = handed_out.get(name, 0)
        stored = conn.execute(
            text("SELECT seq FROM sqlite_sequence WHERE name = :n"), {"n": name}
        ).scalar()
        if stored is None:
            conn.execute(
                text("INSERT INTO sqlite_sequence (name, seq) VALUES (:n, :s)"),
                {"n": name, "s": top},
            )
        elif top > stored:
            conn.execute(
                text("UPDATE sqlite_sequence SET seq = :s WHERE name = :n"), {"n": name, "s": top}
            )


def _sqlite_has(conn: Connection, name: str) -> bool:
    found = conn.exec_driver_sql(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)
    ).first()
    return found is not None


def foreign_key_faults(conn: Connection) -> list[Any]:
    """SQLite, whose restore runs with foreign keys off: the rows that name a missing row."""
    if conn.dialect.name != "sqlite":
        return []  # PostgreSQL checked every row as it went in
    return list(conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()[:5])
