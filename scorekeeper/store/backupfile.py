"""The backup file: every table of an instance as gzip'ed JSON lines, written and read back."""

# One portable format for both databases (docs/operations.md, "Backups"): a header line with the
# schema's revision, then per table a line naming its columns, its rows as JSON arrays (a few
# hundred to a line) and a line with their count, then a last line with the totals and the ids
# handed out so far. Read
# and written one line at a time, so memory stays flat whatever the size of the instance; the
# counts and gzip's CRC make a cut or damaged file fail before anything of it is kept.

from __future__ import annotations

import base64
import gzip
import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import IO, Any

FORMAT = "thousand-scorekeeper-backup"
VERSION = 1
# The largest line is an import still queued with its upload (the request's 8 MB, a third more
# as base64); a line past it is damage, and reading it whole would be memory without a bound.
MAX_LINE = 16 * 1024 * 1024


class BackupError(Exception):
    """A file that cannot be restored: the message says why, for the operator."""


class NotABackup(BackupError):
    """Not a backup of this app at all (another kind of file)."""


class Damaged(BackupError):
    """A backup cut short or changed since it was written."""


@dataclass(frozen=True)
class Header:
    revision: str  # the schema's Alembic revision when it was taken
    taken_at: str  # UTC, ISO 8601
    engine: str  # "sqlite" or "postgresql": where it came from (for the operator)


@dataclass
class Footer:
    tables: int = 0
    rows: int = 0
    # per table, the largest id ever handed out (a deleted line's id is named by the trail and
    # must not be given again: docs/operations.md, "Other answers")
    sequences: dict[str, int] = field(default_factory=dict)


def _encode(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, (bytes, memoryview)):
        return base64.b64encode(value).decode()
    raise TypeError(f"a value of type {type(value).__name__} has no place in a backup")


# One encoder for every line (json.dumps with options builds one per call); compact separators
_JSON = json.JSONEncoder(ensure_ascii=False, default=_encode, separators=(",", ":"))
# Lines are handed to gzip a batch at a time: one write per line was half of a backup's time
BATCH_LINES, BATCH_CHARS = 1000, 1 << 20


class Writer:
    """Writes a backup to a binary stream, table after table."""

    def __init__(self, out: IO[bytes], header: Header) -> None:
        # level 3: a fifth of the time of level 6 for a file 8 % larger (a family's 2,000 games)
        self._gz = gzip.GzipFile(fileobj=out, mode="wb", compresslevel=3, mtime=0)
        self._pending: list[str] = []
        self._chars = 0
        self.footer = Footer()
        self._line({"format": FORMAT, "version": VERSION, **header.__dict__})

    def _line(self, value: Any) -> None:
        text = _JSON.encode(value)
        self._pending.append(text)
        self._chars += len(text)
        if len(self._pending) >= BATCH_LINES or self._chars >= BATCH_CHARS:
            self._flush()

    def _flush(self) -> None:
        if self._pending:
            self._gz.write(("\n".join(self._pending) + "\n").encode())
            self._pending.clear()
            self._chars = 0

    def table(
        self, name: str, columns: Sequence[str], rows: Iterable[Sequence[Any]], batch: int = 500
    ) -> int:
        """The table's rows, `batch` to a line (1 where a row may hold megabytes)."""
        self._line({"table": name, "columns": list(columns)})
        count = 0
        pending: list[list[Any]] = []
        for row in rows:
            pending.append(list(row))
            if len(pending) >= batch:
                self._line(pending)
                count += len(pending)
                pending = []
        if pending:
            self._line(pending)
            count += len(pending)
        self._line({"end": name, "rows": count})
        self.footer.tables += 1
        self.footer.rows += count
        return count

    def close(self, sequences: dict[str, int]) -> Footer:
        self.footer.sequences = dict(sequences)
        self._line({"end": FORMAT, **self.footer.__dict__})
        self._flush()
        self._gz.close()  # writes gzip's CRC and length: a file without them reads as cut
        return self.footer


class Reader:
    """Reads a backup from a binary stream: the header at once, then `tables()` one by one
    (each table's rows must be read before the next table), then `footer`. Every fault is a
    BackupError naming the line, never a traceback."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._gz = gzip.GzipFile(fileobj=stream, mode="rb")
        self._number = 0
        first = self._next(first=True)
        if not isinstance(first, dict) or first.get("format") != FORMAT:
            raise NotABackup("not a Thousand Scorekeeper backup")
        if first.get("version") != VERSION:
            raise NotABackup(
                f"a backup in format {first.get('version')!r}, which this version cannot read"
            )
        try:
            self.header = Header(
                str(first["revision"]), str(first["taken_at"]), str(first["engine"])
            )
        except KeyError as e:
            raise Damaged(f"line 1: no {e.args[0]!r}") from None
        self.footer: Footer | None = None

    def _next(self, first: bool = False) -> Any:
        """The next line as JSON; None at the end of the file."""
        try:
            raw = self._gz.readline(MAX_LINE + 1)
        except gzip.BadGzipFile as e:
            if str(e).startswith("Not a gzipped file") and self._number == 0:
                raise NotABackup("not a Thousand Scorekeeper backup (not a gzip file)") from None
            raise Damaged(f"damaged after line {self._number} ({e})") from None
        except (EOFError, zlib.error, OSError) as e:
            raise Damaged(f"cut short or damaged after line {self._number} ({e})") from None
        if not raw:
            return None
        self._number += 1
        if len(raw) > MAX_LINE or not raw.endswith(b"\n"):
            if first:
                raise NotABackup("not a Thousand Scorekeeper backup")
            raise Damaged(f"line {self._number} is cut short or too long")
        try:
            return json.loads(raw)
        except ValueError:  # not JSON, or not UTF-8
            if first:
                raise NotABackup("not a Thousand Scorekeeper backup") from None
            raise Damaged(f"line {self._number} is not JSON") from None

    def tables(self) -> Iterator[tuple[str, list[str], Iterator[list[Any]]]]:
        """Each table in the order written: its name, its columns and its rows."""
        seen = Footer()
        while True:
            start = self._next()
            if start is None:
                raise Damaged(f"cut short after line {self._number}: no end")
            if isinstance(start, dict) and start.get("end") == FORMAT:
                break
            if not (
                isinstance(start, dict)
                and isinstance(start.get("table"), str)
                and isinstance(start.get("columns"), list)
                and all(isinstance(c, str) for c in start["columns"])
            ):
                raise Damaged(f"line {self._number}: a table was expected")
            name, columns = start["table"], start["columns"]
            rows = self._rows(name, len(columns), seen)
            yield name, columns, rows
            for _ in rows:  # the caller stopped early: the file is still read to its end
                pass
        self._finish(start, seen)

    def _rows(self, name: str, width: int, seen: Footer) -> Iterator[list[Any]]:
        count = 0
        while True:
            batch = self._next()
            if isinstance(batch, list):
                for row in batch:
                    if not isinstance(row, list) or len(row) != width:
                        raise Damaged(f"line {self._number}: a row that is not {width} values")
                    count += 1
                    yield row
                continue
            if batch is None:
                raise Damaged(f"cut short in table {name} after line {self._number}")
            if not isinstance(batch, dict) or batch.get("end") != name:
                raise Damaged(f"line {self._number}: the end of table {name} was expected")
            if batch.get("rows") != count:
                raise Damaged(f"table {name}: {count} rows where the file says {batch.get('rows')}")
            seen.tables += 1
            seen.rows += count
            return

    def _finish(self, end: dict[str, Any], seen: Footer) -> None:
        if (end.get("tables"), end.get("rows")) != (seen.tables, seen.rows):
            raise Damaged(
                f"{seen.tables} tables and {seen.rows} rows where the file says "
                f"{end.get('tables')} and {end.get('rows')}"
            )
        sequences = end.get("sequences")
        if not isinstance(sequences, dict) or not all(
            isinstance(k, str) and type(v) is int for k, v in sequences.items()
        ):
            raise Damaged(f"line {self._number}: the ids handed out are unreadable")
        if self._next() is not None:
            raise Damaged(f"more after the end (line {self._number})")
        seen.sequences = sequences
        self.footer = seen
