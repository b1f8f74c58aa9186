"""`scorekeeper backup` and `scorekeeper restore`: a whole instance to a file and back."""

# Exit codes: 0 done; 1 the database or the disk failed (or a check found a difference);
# 2 the file was refused (not a backup, damaged, of a newer version); 3 the database was
# refused (not empty without --replace, not this app's, of a newer version). The operator's
# words are English, as `upgrade`'s are: the command speaks to whoever runs the server.

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import click

PREFIX, SUFFIX = "scorekeeper-", ".jsonl.gz"  # the names given in a folder (--keep counts them)


def _fail(code: int, message: str) -> None:
    click.echo(message, err=True)
    sys.exit(code)


def _app() -> Any:
    from flask import current_app

    return current_app._get_current_object()  # type: ignore[attr-defined]


def _url_and_options(app: Any) -> tuple[str, dict[str, Any]]:
    return str(app.config["SQLALCHEMY_DATABASE_URI"]), dict(app.config["SQLALCHEMY_ENGINE_OPTIONS"])


@contextlib.contextmanager
def _database_faults(command: str, where: str) -> Iterator[None]:
    """What the services raise, as a message and an exit code: never a traceback."""
    from sqlalchemy import exc

    from scorekeeper.services.backup import Damaged, NotABackup, Refused

    try:
        yield
    except (NotABackup, Damaged) as e:
        _fail(2, f"scorekeeper {command}: {e}; the database is unchanged")
    except Refused as e:
        _fail(3, f"scorekeeper {command}: {where}: {e}; nothing was changed")
    except (exc.DBAPIError, exc.TimeoutError) as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        _fail(1, f"scorekeeper {command}: {where} failed: {reason}; nothing was changed")


def _where(app: Any) -> str:
    """The database URL for a message, its password hidden."""
    from sqlalchemy.engine import make_url

    return make_url(app.config["SQLALCHEMY_DATABASE_URI"]).render_as_string(hide_password=True)


def _destination(dest: str) -> Path:
    """The file to write: DEST itself, or a new name by the time in the folder DEST."""
    path = Path(dest)
    if path.is_dir():
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        return path / f"{PREFIX}{stamp}{SUFFIX}"
    return path


def _write_atomically(path: Path, write: Any) -> int:
    """Writes through `write(stream)` into a file beside `path`, renamed to `path` once whole
    and on disk: a backup cut short never takes the place of the previous one. Its size."""
    fd, draft = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".partial")
    try:
        with os.fdopen(fd, "wb") as out:
            write(out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(draft, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(draft)
        raise
    with contextlib.suppress(OSError):  # the rename itself on disk too
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    return path.stat().st_size


def _rotate(folder: Path, keep: int) -> list[Path]:
    """Removes all but the newest `keep` backups named by `_destination` in `folder`."""
    found = sorted(p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if p.is_file())
    old = found[: max(len(found) - keep, 0)]
    for path in old:
        path.unlink()
    return old


def backup_command() -> click.Command:
    from flask.cli import with_appcontext

    @click.command("backup")
    @click.argument("dest", type=click.Path(allow_dash=True))
    @click.option(
        "--keep",
        type=click.IntRange(min=1),
        help="With DEST a folder: keep this many backups there, removing older ones.",
    )
    @click.option(
        "--check",
        is_flag=True,
        help="Then restore it into a scratch database and compare every game.",
    )
    @with_appcontext
    def backup(dest: str, keep: int | None, check: bool) -> None:
        """Write a backup of the whole database to DEST (a file, a folder, or - for standard
        output) while the app serves: every table as it was at one moment."""
        from scorekeeper.services import backup as service

        app = _app()
        url, options = _url_and_options(app)
        started = time.monotonic()
        if dest == "-":
            if keep or check:
                _fail(2, "scorekeeper backup: --keep and --check need a file or a folder")
            with _database_faults("backup", _where(app)):
                header, footer = service.take(url, options, sys.stdout.buffer)
            sys.stdout.flush()
            _report_taken(header, footer, "standard output", None, started, err=True)
            return
        if keep and not Path(dest).is_dir():
            _fail(2, f"scorekeeper backup: --keep needs DEST to be a folder; {dest} is not")
        path = _destination(dest)
        taken: list[Any] = []
        with _database_faults("backup", _where(app)):
            try:
                size = _write_atomically(
                    path, lambda out: taken.extend(service.take(url, options, out))
                )
            except OSError as e:
                _fail(1, f"scorekeeper backup: cannot write {path}: {e.strerror or e}")
        _report_taken(taken[0], taken[1], str(path), size, started)
        if check:  # before the rotation: a backup that fails its check removes no older one
            _check(app, path)
        if keep:
            for old in _rotate(path.parent, keep):
                click.echo(f"scorekeeper backup: removed {old}")

    return backup


def _report_taken(
    header: Any, footer: Any, where: str, size: int | None, started: float, err: bool = False
) -> None:
    weight = ""
    if size is not None:
        weight = f" ({size / 1e6:.1f} MB)" if size >= 100_000 else f" ({size / 1e3:.0f} kB)"
    click.echo(
        f"scorekeeper backup: {footer.rows:,} rows of {footer.tables} tables (schema "
        f"{header.revision}) written to {where}{weight} in {time.monotonic() - started:.1f} s",
        err=err,
    )


def restore_command() -> click.Command:
    from flask.cli import with_appcontext

    @click.command("restore")
    @click.argument("file", type=click.Path(allow_dash=True))
    @click.option(
        "--replace",
        is_flag=True,
        help="Replace everything the database holds (in one transaction; stop the app first).",
    )
    @click.option(
        "--check",
        is_flag=True,
        help="Restore into a scratch database instead and compare every game with this one.",
    )
    @with_appcontext
    def restore(file: str, replace: bool, check: bool) -> None:
        """Restore the backup FILE (- for standard input) into the database, which must be
        empty (or --replace). A backup of an older version is upgraded as it is restored."""
        app = _app()
        if check and replace:
            _fail(2, "scorekeeper restore: --check restores into a scratch database; no --replace")
        if check:
            _check(app, Path(file))
            return
        started = time.monotonic()
        with _opened(file, "restore") as source:
            url, options = _url_and_options(app)
            with _database_faults("restore", _where(app)):
                from scorekeeper.services import backup as service

                done = service.restore(url, options, source, replace)
        upgraded = f", upgraded to {done.upgraded_to}" if done.upgraded_to else ""
        click.echo(
            f"scorekeeper restore: {done.rows:,} rows of the backup taken {done.header.taken_at} "
            f"(schema {done.header.revision}{upgraded}) restored into {_where(app)} in "
            f"{time.monotonic() - started:.1f} s"
        )
        if done.replaced:
            from scorekeeper.services.backup import held

            click.echo(
                f"scorekeeper restore: replaced what it held ({held(done.replaced)}); restart "
                "the app: its workers remember scores by game and version"
            )

    return restore


@contextlib.contextmanager
def _opened(file: str, command: str) -> Iterator[IO[bytes]]:
    if file == "-":
        yield sys.stdin.buffer
        return
    try:
        stream = open(file, "rb")  # noqa: SIM115 - closed below, whatever the restore does
    except OSError as e:
        _fail(2, f"scorekeeper {command}: cannot read {file}: {e.strerror or e}")
    with stream:
        yield stream


def _check(app: Any, path: Path) -> None:
    """Restores the backup at `path` into a scratch SQLite database and compares every game
    with the database's: those at the same version must show the same board. Exit 1 if not."""
    from scorekeeper import create_app
    from scorekeeper.services import backup as service
    from scorekeeper.store.db import db
    from scorekeeper.store.scoreboards import boards

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-check-") as scratch:
        url = f"sqlite:///{Path(scratch) / 'check.sqlite'}"
        with _opened(str(path), "restore --check") as source:
            with _database_faults("restore --check", "the scratch database"):
                done = service.restore(url, {}, source)
        copy = create_app(
            {"SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": False, "SECRET_KEY": "-"}
        )
        with copy.app_context():
            restored = dict(boards())
            db.session.remove()
            db.engine.dispose()
    with _database_faults("restore --check", _where(app)):
        result = service.compare(restored.items(), boards())
    click.echo(
        f"scorekeeper check: {path} ({done.header.taken_at}): {len(restored):,} games restored "
        f"and replayed in {time.monotonic() - started:.1f} s; {result.same:,} the same as in "
        f"{_where(app)}, {result.changed:,} changed there since, {result.added:,} made since, "
        f"{result.gone:,} no longer there"
    )
    if not result.good:
        shown = ", ".join(str(g) for g in result.differ[:20])
        more = f" and {len(result.differ) - 20:,} more" if len(result.differ) > 20 else ""
        _fail(1, f"scorekeeper check: games that differ at the same version: {shown}{more}")
