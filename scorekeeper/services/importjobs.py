"""Imports as jobs: an upload queued in the database, claimed under a lease, stored in chunks."""

# Stored in the request, a 2,500-game import ran past gunicorn's 30 s worker timeout (the user saw
# gunicorn's bare error with part of it stored) and 60 games of 2,000 lines took 309 MB. Here the
# request only checks the upload and queues it; a worker (services/importworker.py, or
# `scorekeeper import-worker`) claims the job under a lease and reads the file game by game. Each
# chunk of games is one transaction that also moves `done` on and renews the lease, under a guard
# that this worker still holds the job and that `done` is where it left it: a game is stored
# exactly once, whoever works the job, however often it is interrupted. A worker killed, or cut off
# from the database, leaves its lease to run out; the next claim goes on from the last commit.

from __future__ import annotations

import logging
import secrets
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from threading import Event
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.orm import undefer

from scorekeeper.gamefile import archive, decode
from scorekeeper.rules import InvalidHand
from scorekeeper.services import ratings, transfer, writing
from scorekeeper.services.summaries import summary_data
from scorekeeper.store import imports
from scorekeeper.store.db import db
from scorekeeper.store.imports import DONE, FAILED, FINISHED, QUEUED, REFUSED, WORKING, ImportJob
from scorekeeper.store.models import Game, now

LEASE = timedelta(seconds=60)  # a job whose worker gave no sign for this long is taken up again
CHUNK_GAMES = 100  # games per transaction at most
# and lines: 60 games of 2,000 lines are read one or two at a time, not all at once; 2,500 lines
# hold SQLite's write lock some 0.2 s here (5,000 held it 0.35 s, up to 0.7 s on a busy host)
CHUNK_LINES = 2_500
CHUNK_SECONDS = 2.0  # and seconds of reading: a slow host commits (and renews its lease) as often
SQLITE_PAUSE = 0.1  # seconds between two chunks on SQLite, for the other writers
TRIES = 5  # claims in a row that moved nothing on before the job is given up
REFUSALS_KEPT = 200  # refused games listed on the page (all are counted)
PROBLEMS_KEPT = 10  # problems listed per refused game (all are counted)
UNFINISHED_MAX = 3  # imports one account may have waiting or running
FINISHED_KEPT = 20  # finished imports kept per account, newest first

log = logging.getLogger(__name__)


class Busy(Exception):
    """The account has UNFINISHED_MAX imports waiting or running already."""


class Lost(Exception):
    """Another worker took the job (this one's lease ran out): this one stops, storing nothing
    more of it."""


@dataclass(frozen=True)
class Lease:
    """A job claimed by this worker: the token its commits must find on the row."""

    job_id: int
    owner_id: int
    token: str


def queue(owner_id: int, filename: str, data: bytes, games: int) -> int:
    """Queues a checked upload of `games` game files for the account; its job's id."""
    if imports.unfinished(owner_id) >= UNFINISHED_MAX:
        raise Busy()
    job = ImportJob(
        owner_id=owner_id, filename=archive.shown(filename), data=data, games=games, refusals=[]
    )
    db.session.add(job)
    db.session.flush()
    # the account's older reports go, past the newest FINISHED_KEPT (their files went already)
    old = (
        select(ImportJob.id)
        .where(ImportJob.owner_id == owner_id, ImportJob.state.in_(FINISHED))
        .order_by(ImportJob.id.desc())
        .offset(FINISHED_KEPT)
    )
    db.session.execute(delete(ImportJob).where(ImportJob.id.in_(old.scalar_subquery())))
    db.session.commit()
    return int(job.id)


def claim() -> Lease | None:
    """Takes the oldest job that waits, or whose lease ran out, for this worker; None if none.

    The UPDATE that takes it names the condition it was found by, so two workers never both
    take it: on PostgreSQL the second UPDATE waits for the first's row lock and then finds the
    row no longer matches; on SQLite writes take turns on the one write lock. The account is
    taken first, so that one account's jobs are worked one after another: each then recognises
    the games the one before stored."""
    at = now()
    for job_id, owner_id in imports.claimable(at):
        try:
            writing.lock_account(owner_id)
            if imports.leased_to_another(owner_id, job_id, at):
                db.session.rollback()
                continue
            token = secrets.token_hex(16)
            taken = _rows(
                db.session.execute(
                    update(ImportJob)
                    .where(ImportJob.id == job_id, imports.claimable_now(at))
                    .values(
                        state=WORKING,
                        lease_token=token,
                        lease_until=at + LEASE,
                        tries=ImportJob.tries + 1,
                        updated_at=at,
                    )
                    .execution_options(synchronize_session=False)
                )
            )
            db.session.commit()
        except BaseException:
            db.session.rollback()
            raise
        if taken:
            return Lease(job_id, owner_id, token)
    return None


def work_next(stop: Event | None = None) -> bool:
    """Claims a job and works it to its end (or until `stop` is set); whether there was one."""
    lease = claim()
    if lease is None:
        return False
    work_leased(lease, stop)
    return True


def work_leased(lease: Lease, stop: Event | None = None) -> None:
    """Works the job this worker claimed, from where it stands, to its end; nothing more if
    another worker took it over meanwhile. A database error is raised, after a rollback: the
    caller may try the same lease again (its lease kept it for this worker), or let it run out."""
    try:
        work(lease, stop)
    except Lost:
        db.session.rollback()
        log.info("import %s: another worker took it over", lease.job_id)
    except BaseException:
        db.session.rollback()
        raise


def work_all() -> int:
    """Works off every job there is, one after another, here and now (tests, the command);
    how many were worked."""
    count = 0
    while work_next():
        count += 1
    return count


def work(lease: Lease, stop: Event | None = None) -> None:
    """Works the claimed job from where it stands to its end, a chunk per transaction."""
    job = db.session.execute(
        select(ImportJob)
        .where(ImportJob.id == lease.job_id)
        .options(undefer(ImportJob.data))
        .execution_options(populate_existing=True)
    ).scalar_one()
    if job.tries > TRIES or job.data is None:
        # the job stopped its worker every time (or lost its file): say where it stands
        _finish(lease, job.done, FAILED, {"kind": "stuck", "tries": job.tries - 1})
        return
    files = _Files(job.filename, job.data)
    if job.lines is None:
        lines = _count(files, lease, stop)
        if lines is None:  # refused as a whole, or asked to stop
            return
        _advance(lease, 0, {"lines": lines})
        db.session.commit()
    known = _fingerprints(lease.owner_id)
    db.session.commit()  # ends the read: the chunks are read from the file outside any transaction
    refusals: list[dict[str, Any]] = list(job.refusals or [])
    counts = {"stored": job.stored, "known": job.known, "refused": job.refused}
    position = job.done
    sqlite = db.session.get_bind().dialect.name == "sqlite"
    while position < len(files):
        if stop is not None and stop.is_set():
            release(lease)
            return
        if sqlite and position > job.done:
            # A writer waiting for SQLite's lock polls it every 100 ms (its busy handler): the
            # next chunk would take the lock again before it looks, chunk after chunk, until its
            # busy_timeout ran out. A pause as long as that poll lets it in.
            time.sleep(SQLITE_PAUSE)
        chunk: list[transfer.Checked] = []
        end, lines, started = position, 0, time.monotonic()
        while end < len(files) and len(chunk) < CHUNK_GAMES and lines < CHUNK_LINES:
            found = files.check(end)
            end += 1
            if isinstance(found, dict):
                counts["refused"] += 1
                if len(refusals) < REFUSALS_KEPT:
                    refusals.append(found)
            elif found.summary.fingerprint in known:
                counts["known"] += 1
            else:
                known.add(found.summary.fingerprint)
                chunk.append(found)
                lines += len(found.file.lines) + len(found.file.trail)
            if time.monotonic() - started >= CHUNK_SECONDS:
                break
        counts["stored"] += len(chunk)
        _advance(lease, position, {"done": end, "refusals": refusals, "tries": 0, **counts})
        if chunk:
            transfer.store_chunk(chunk, lease.owner_id)
        db.session.commit()
        position = end
    _finish(lease, position, DONE)
    # the account's ratings rated again here, off the request path (10,000 games take seconds):
    # its next page reads them from their cache row (docs/ratings.md)
    ratings.rate_now(lease.owner_id)


class _Files:
    """The game files of the upload, read one at a time: the file itself, or the .json members
    of the archive in its order (the request checked the archive: it reads within bounds)."""

    def __init__(self, filename: str, data: bytes) -> None:
        self.filename, self.data = filename, data
        self.zip: zipfile.ZipFile | None = None
        self.members: list[zipfile.ZipInfo] = []
        if archive.is_zip(data):
            self.zip = archive.open_zip(filename, data)
            self.members = archive.game_members(filename, self.zip)

    def __len__(self) -> int:
        return len(self.members) if self.zip is not None else 1

    def name(self, i: int) -> str:
        return archive.shown(self.members[i].filename) if self.zip is not None else self.filename

    def read(self, i: int) -> bytes:
        if self.zip is None:
            return self.data
        return archive.unpack(self.filename, self.zip, self.members[i], archive.MAX_UNPACKED)

    def check(self, i: int) -> transfer.Checked | dict[str, Any]:
        """The i-th game file read and scored, or why it is refused."""
        name = self.name(i)
        try:
            return transfer.check(name, self.read(i), PROBLEMS_KEPT)
        except archive.Fault as fault:
            return {"file": name, "why": {"kind": "fault", "code": fault.code, **fault.params}}
        except Exception:  # a fault of the app's own: that game is refused, not the import
            log.exception("import: reading %s failed", name)
            return {"file": name, "why": {"kind": "error"}}

    def decoded(self) -> Iterator[tuple[str, Any]]:
        """Each game file's name and JSON, or None where it is no JSON."""
        for i in range(len(self)):
            try:
                raw: Any = decode(self.read(i))
            except (InvalidHand, archive.Fault):
                raw = None
            yield self.name(i), raw


def _count(files: _Files, lease: Lease, stop: Event | None) -> int | None:
    """The lines and trail entries of the game files, counted before any game is stored; the
    whole file is refused past MAX_LINES, naming the game file where the count passed it.
    None if the job stopped here (asked to stop, or refused)."""
    total, renewed = 0, time.monotonic()
    for name, raw in files.decoded():
        lines, trail = archive.counted_lines(raw)
        if lines <= archive.MAX_GAME_LINES:  # a longer game is refused on its own, unread
            total += lines + trail
        if total > archive.MAX_LINES:
            reason = {"kind": "lines-in-all", "file": name, "count": archive.MAX_LINES}
            _finish(lease, 0, REFUSED, reason)
            return None
        if time.monotonic() - renewed >= CHUNK_SECONDS:
            if stop is not None and stop.is_set():
                release(lease)
                return None
            _advance(lease, 0, {})  # the lease renewed: a slow host counts as long as it needs
            db.session.commit()
            renewed = time.monotonic()
    return total


def _fingerprints(owner_id: int) -> set[str]:
    """The account's games as fingerprints: a game already there is recognised, not stored."""
    versions = dict(
        db.session.execute(select(Game.id, Game.version).where(Game.owner_id == owner_id)).all()
    )
    return {data["fingerprint"] for data in summary_data(versions).values()}


def _advance(lease: Lease, done: int, values: dict[str, Any]) -> None:
    """In the chunk's transaction, first: the account taken (as a new game takes it), then the
    job's row moved on and its lease renewed, only if this worker still holds it and nobody
    moved it since; Lost otherwise, and nothing of the chunk is stored."""
    writing.lock_account(lease.owner_id)
    at = now()
    moved = _rows(
        db.session.execute(
            update(ImportJob)
            .where(
                ImportJob.id == lease.job_id,
                ImportJob.lease_token == lease.token,
                ImportJob.state == WORKING,
                ImportJob.done == done,
            )
            .values({"lease_until": at + LEASE, "updated_at": at, **values})
            .execution_options(synchronize_session=False)
        )
    )
    if moved != 1:
        db.session.rollback()
        raise Lost()


def _rows(result: Any) -> int:
    """The rows an UPDATE matched (a CursorResult's rowcount: both drivers give it)."""
    return int(getattr(result, "rowcount", 0))


def _finish(lease: Lease, done: int, state: str, reason: dict[str, Any] | None = None) -> None:
    """The job ends: its file dropped, its report kept."""
    _advance(
        lease,
        done,
        {
            "state": state,
            "reason": reason,
            "data": None,
            "lease_token": None,
            "lease_until": None,
            "finished_at": now(),
        },
    )
    db.session.commit()


def release(lease: Lease) -> None:
    """The worker stops (its process is going): the job waits for the next one at once, and
    this claim does not count as a try."""
    db.session.execute(
        update(ImportJob)
        .where(ImportJob.id == lease.job_id, ImportJob.lease_token == lease.token)
        .values(state=QUEUED, lease_token=None, lease_until=None, tries=ImportJob.tries - 1)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
