"""One moment of a whole database: a connection of its own, read in one transaction, table by
table, as the backup file holds it (backupfile.py)."""

# Consistency comes from the database, not from stopping the app: PostgreSQL reads every table
# in one REPEATABLE READ, READ ONLY transaction (pg_dump's own snapshot); SQLite in WAL mode
# reads them in one read transaction, which sees the file as it was at its first read while
# writers go on (they never wait for it). Every hand committed before that first read is in the
# copy; none committed after is, so no game is half in it.

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    LargeBinary,
    MetaData,
    create_engine,
    event,
    select,
    text,
)
from sqlalchemy.pool import NullPool

from scorekeeper.store.backupfile import Footer, Header, Writer

# Alembic's own table is carried as the header's revision, not as rows
VERSION_TABLE = "alembic_version"
# Not copied: who is signed in right now. A restore signs everybody out once, as the move to
# sessions on the server did, rather than bring back a session ended since the backup (the
# password changed because a phone was stolen).
NOT_COPIED = frozenset({VERSION_TABLE, "account_session"})
# rows per fetch from the server (a PostgreSQL cursor on the server, SQLite's own stepping)
BATCH = 2000


class NoSchema(LookupError):
    """The database holds no schema of this app: nothing to back up."""


def engine_for(url: str, options: dict[str, Any], write: bool = False) -> Engine:
    """An engine of one connection for a backup (write=False) or a restore (write=True).

    On SQLite, Python's driver starts no transaction before a SELECT (each would read its own
    moment) nor before DDL (a restore's schema would be kept though its rows failed), so here
    the transaction is begun by hand: BEGIN for a backup, BEGIN IMMEDIATE (the write lock at
    once) for a restore. A restore also turns foreign keys off before it begins, as the
    migrations do (env.py: a table copied by batch mode would cascade its drop), and checks
    them itself before it commits."""
    kept = {k: v for k, v in options.items() if k not in ("poolclass", "pool_size")}
    engine = create_engine(url, poolclass=NullPool, **kept)
    if engine.dialect.name != "sqlite":
        return engine

    @event.listens_for(engine, "connect")
    def _no_driver_transactions(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver leaves transactions to us
        if write:
            dbapi_connection.execute("PRAGMA foreign_keys=OFF")

    @event.listens_for(engine, "begin")
    def _begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def begin_snapshot(conn: Connection) -> None:
    """Starts the read transaction whose first read fixes the moment the backup copies."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
    else:
        conn.begin()


def revision_of(conn: Connection) -> str | None:
    """The schema's Alembic revision; None where there is no schema (or not one of ours)."""
    tables = set(conn.dialect.get_table_names(conn))
    if VERSION_TABLE not in tables:
        return None
    found = conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}")).scalars().all()
    return found[0] if len(found) == 1 else None


def tables_of(conn: Connection) -> MetaData:
    """Every table of the database as it is (not as this code's models say it should be)."""
    meta = MetaData()
    meta.reflect(conn)
    return meta


def write_backup(conn: Connection, out: Any) -> tuple[Header, Footer]:
    """The whole database read through `conn` (in its snapshot: begin_snapshot) into `out`."""
    revision = revision_of(conn)  # the first read: the moment of the copy
    if revision is None:
        raise NoSchema("no Thousand Scorekeeper schema in this database")
    header = Header(
        revision=revision,
        taken_at=datetime.now(UTC).isoformat(timespec="seconds"),
        engine=conn.dialect.name,
    )
    writer = Writer(out, header)
    meta = tables_of(conn)
    for table in meta.sorted_tables:  # parents before children: a restore inserts in order
        if table.name in NOT_COPIED:
            continue
        order = list(table.primary_key.columns) or list(table.columns)
        # a row with bytes (an import's upload, up to 8 MB) is fetched and written alone
        heavy = any(isinstance(c.type, LargeBinary) for c in table.columns)
        rows = _rows(conn, table, order, 1 if heavy else BATCH)
        writer.table(table.name, [c.name for c in table.columns], rows, 1 if heavy else 500)
    return header, writer.close(sequences(conn, meta))


def _rows(conn: Connection, table: Any, order: list[Any], batch: int) -> Iterator[tuple[Any, ...]]:
    streamed = conn.execution_options(stream_results=True, yield_per=batch)
    for row in streamed.execute(select(table).order_by(*order)):
        yield tuple(row)


def sequences(conn: Connection, meta: MetaData) -> dict[str, int]:
    """Per table, the largest id handed out so far, which may be past the largest there."""
    out: dict[str, int] = {}
    if conn.dialect.name == "sqlite":
        if "sqlite_sequence" in {r[0] for r in conn.exec_driver_sql(_SQLITE_TABLES)}:
            for name, seq in conn.exec_driver_sql("SELECT name, seq FROM sqlite_sequence"):
                out[str(name)] = int(seq or 0)
        return out
    for table, column in _serial_columns(meta):
        seq = conn.execute(
            text("SELECT pg_get_serial_sequence(:t, :c)"), {"t": table, "c": column}
        ).scalar()
        if seq:
            last, called = conn.execute(text(f"SELECT last_value, is_called FROM {seq}")).one()
            out[table] = int(last) if called else int(last) - 1
    return out


_SQLITE_TABLES = "SELECT name FROM sqlite_master WHERE type = 'table'"


def _serial_columns(meta: MetaData) -> Iterator[tuple[str, str]]:
    """(table, column) of every single-column integer primary key."""
    for table in meta.sorted_tables:
        keys = list(table.primary_key.columns)
        if len(keys) == 1 and keys[0].type.python_type is int:
            yield table.name, keys[0].name
