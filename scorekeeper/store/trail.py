"""The trail as read: a game's revisions, its deleted lines, a line's history, its export."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import and_, or_, select

from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Line, Revision

#: what the trail records of a line (and a game file's trail holds)
LINE_ACTIONS = ("edit", "delete", "restore")


def marks(game: Game) -> tuple[list[Revision], set[int]]:
    """What the scoreboard marks, in one query: the deletes not yet undone (lines that can be
    restored), and the numbers of the current lines that were edited or restored (their
    history is there)."""
    deleted: list[Revision] = []
    changed: set[int] = set()
    for revision, position in db.session.execute(
        select(Revision, Line.position)
        .outerjoin(Line, Line.id == Revision.line_id)
        .where(
            Revision.game_id == game.id,
            or_(
                and_(Revision.action == "delete", Revision.restored_by.is_(None)),
                Revision.action.in_(("edit", "restore")),
            ),
        )
        .order_by(Revision.id)
    ):
        if revision.action == "delete":
            deleted.append(revision)
        elif position is not None:
            changed.add(position)
    return deleted, changed


def history(game: Game, number: int) -> list[Revision]:
    """The revisions of the line now at `number`, oldest first."""
    line_id = db.session.execute(
        select(Line.id).where(Line.game_id == game.id, Line.position == number)
    ).scalar()
    return list(
        db.session.execute(
            select(Revision).where(Revision.line_id == line_id).order_by(Revision.id)
        ).scalars()
    )


def did_just(
    game: Game, version: int | None, action: str, position: int, reason: str, who: str | None
) -> bool:
    """Whether the one write since `version` was this change by this account: the twin of a
    double tap, or of the same form sent from two tabs. Each write bumps
    the version by one, and each delete or restore leaves a revision, stamped with the
    game's `updated_at` of its write: an older revision is not the one write since (an
    appended hand, which leaves none, came after it)."""
    if version is None or version + 1 != game.version:
        return False
    rev = last(game)
    if rev is None:
        return False
    done = (rev.at, rev.action, rev.position, rev.reason, rev.who)
    return done == (game.updated_at, action, position, (reason or "").strip(), who)


def last(game: Game) -> Revision | None:
    """The game's latest revision, if any."""
    return db.session.execute(
        select(Revision).where(Revision.game_id == game.id).order_by(Revision.id.desc()).limit(1)
    ).scalar_one_or_none()


def export(game: Game) -> list[dict[str, Any]]:
    """The trail as it goes into the game's export."""
    return export_many([game.id])[game.id]


def export_many(game_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """The trails of many games, in one query (the account's archive)."""
    ids = list(game_ids)
    out: dict[int, list[dict[str, Any]]] = {gid: [] for gid in ids}
    # a line's revisions only: the game file's trail knows no delete or restore of the game
    # itself (services/lifecycle.py), which stays on this server
    rows = db.session.execute(
        select(Revision)
        .where(Revision.game_id.in_(ids), Revision.action.in_(LINE_ACTIONS))
        .order_by(Revision.id)
    ).scalars()
    for r in rows:
        out[r.game_id].append(
            {
                "action": r.action,
                "hand": r.position,
                "before": r.before,
                "after": r.after,
                "reason": r.reason,
                "who": r.who,
                "at": r.at.isoformat(timespec="seconds"),
            }
        )
    return out
