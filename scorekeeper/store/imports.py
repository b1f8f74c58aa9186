"""An import queued as a job: its table, the reads of its page, and its refusals kept as data."""

# The upload waits in the database (services/importjobs.py works it off outside any request), so
# that any worker of any app server can take it up, and so can another one after a crash. What
# a refused game's problems say is kept as the rules' templates and values, not as words: the
# page puts them in the language of whoever reads it.

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, LargeBinary, String, func, or_, select
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.rules import Problem
from scorekeeper.rules.errors import Message, Term
from scorekeeper.store.accountmodels import now
from scorekeeper.store.db import db

QUEUED, WORKING, DONE, REFUSED, FAILED = "queued", "working", "done", "refused", "failed"
FINISHED = (DONE, REFUSED, FAILED)


class ImportJob(db.Model):  # type: ignore[name-defined,misc]
    """An upload of game files checked in the request and stored game by game by a job: its
    owner, where it is (`done` members of the file read, in the file's order, committed with
    the games they stored), what came of them, and who works it until when (the lease)."""

    __tablename__ = "import_job"
    id: Mapped[int] = mapped_column(primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("account.id", ondelete="CASCADE"), index=True)
    filename: Mapped[str] = mapped_column(String(200))
    # queued, working (under a lease), done, refused (the file as a whole), failed (given up)
    state: Mapped[str] = mapped_column(String(12), default=QUEUED, index=True)
    # the upload as sent (at most the request's 8 MB); dropped once the job is finished
    data: Mapped[bytes | None] = mapped_column(LargeBinary, deferred=True)
    games: Mapped[int]  # the game files in the upload
    lines: Mapped[int | None]  # their lines and trail entries in all; None: not counted yet
    done: Mapped[int] = mapped_column(default=0)
    stored: Mapped[int] = mapped_column(default=0)
    known: Mapped[int] = mapped_column(default=0)  # already in the account: not stored again
    refused: Mapped[int] = mapped_column(default=0)
    # the first refused games, each {"file", "why"} (why: kinds.what_it_is's, or "problems")
    refusals: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    # why the whole file was refused, or why the job was given up
    reason: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    lease_token: Mapped[str | None] = mapped_column(String(32))
    lease_until: Mapped[datetime | None]
    tries: Mapped[int] = mapped_column(default=0)  # claims since the job last moved on
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)
    finished_at: Mapped[datetime | None]

    @property
    def finished(self) -> bool:
        return self.state in FINISHED


def job_of(owner_id: int, job_id: int) -> ImportJob | None:
    """The job if the account owns it (its upload not loaded)."""
    return db.session.execute(
        select(ImportJob).where(ImportJob.id == job_id, ImportJob.owner_id == owner_id)
    ).scalar_one_or_none()


def jobs_of(owner_id: int, limit: int = 10) -> Sequence[ImportJob]:
    """The account's newest jobs, newest first."""
    return (
        db.session.execute(
            select(ImportJob)
            .where(ImportJob.owner_id == owner_id)
            .order_by(ImportJob.id.desc())
            .limit(limit)
        )
        .scalars()
        .all()
    )


def unfinished(owner_id: int) -> int:
    """How many of the account's jobs wait or run."""
    return int(
        db.session.execute(
            select(func.count(ImportJob.id)).where(
                ImportJob.owner_id == owner_id, ImportJob.state.in_((QUEUED, WORKING))
            )
        ).scalar_one()
    )


def claimable(at: datetime, limit: int = 5) -> list[tuple[int, int]]:
    """(job, owner) of the jobs a worker may take, oldest first: queued, or worked under a
    lease that ran out (its worker was killed, or lost the database)."""
    rows = db.session.execute(
        select(ImportJob.id, ImportJob.owner_id)
        .where(claimable_now(at))
        .order_by(ImportJob.id)
        .limit(limit)
    )
    return [(job_id, owner_id) for job_id, owner_id in rows]


def claimable_now(at: datetime) -> Any:
    """The condition of a job a worker may take at `at` (claimable; the claim's own UPDATE)."""
    return or_(
        ImportJob.state == QUEUED,
        (ImportJob.state == WORKING) & (ImportJob.lease_until < at),
    )


def leased_to_another(owner_id: int, job_id: int, at: datetime) -> bool:
    """Whether another job of the account is being worked under a lease still running."""
    return (
        db.session.execute(
            select(ImportJob.id).where(
                ImportJob.owner_id == owner_id,
                ImportJob.id != job_id,
                ImportJob.state == WORKING,
                ImportJob.lease_until >= at,
            )
        ).first()
        is not None
    )


# A problem as JSON: the template and its values; a value that is itself translated (a suit, an
# option's sentence) is marked, so the page translates it too.


def _value(value: object) -> Any:
    if isinstance(value, Term):
        return {"term": [value.kind, value.key]}
    if isinstance(value, Message):
        return {"message": value.template, "params": _values(value.params)}
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)  # PostgreSQL's JSON has no NaN nor Infinity
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _values(params: Mapping[str, object]) -> dict[str, Any]:
    return {k: _value(v) for k, v in params.items()}


def problem_data(problem: Problem) -> dict[str, Any]:
    return {
        "hand": problem.hand,
        "field": problem.field,
        "template": problem.template,
        "seat": problem.seat,
        "params": _values(problem.params),
    }


def _read_value(value: Any) -> object:
    if isinstance(value, dict) and "term" in value:
        kind, key = value["term"]
        return Term(str(kind), str(key))
    if isinstance(value, dict) and "message" in value:
        return Message(str(value["message"]), _read_values(value.get("params") or {}))
    return value


def _read_values(params: Mapping[str, Any]) -> dict[str, object]:
    return {k: _read_value(v) for k, v in params.items()}


def problem_of(data: Mapping[str, Any]) -> Problem:
    """The problem `problem_data` kept."""
    return Problem(
        data.get("hand"),
        str(data.get("field", "")),
        str(data.get("template", "")),
        data.get("seat"),
        _read_values(data.get("params") or {}),
    )
