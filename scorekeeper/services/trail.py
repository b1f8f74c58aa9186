"""The trail of corrections: every edit and delete of a line recorded, and deleted lines restored.

A dispute weeks later is settled by the trail: who changed hand 7, when, what it said before
and after, and why. Only facts are recorded (game-file shaped lines); scores stay derived.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import select, update

from scorekeeper import services
from scorekeeper.gamefile import line_to_dict, parse_line
from scorekeeper.rules import Line as RuleLine
from scorekeeper.services import writing as writes
from scorekeeper.store.bulk import stored_time
from scorekeeper.store.db import db
from scorekeeper.store.derived import _remember, rule_lines, tally
from scorekeeper.store.models import Game, Line, Revision

#: what the trail records of a line (and a game file's trail holds)
LINE_ACTIONS = ("edit", "delete", "restore")


def record(
    game: Game,
    action: str,
    position: int,
    line_id: int | None,
    before: RuleLine | None,
    after: RuleLine | None,
    reason: str = "",
    who: str | None = None,
) -> Revision:
    """Adds a revision to the session; the caller's write commits it with the change. Its
    time is the game's `updated_at`, which the write has set (writes.touch) just before."""
    rev = Revision(
        at=game.updated_at,
        game_id=game.id,
        action=action,
        position=position,
        line_id=line_id,
        before=line_to_dict(before) if before is not None else None,
        after=line_to_dict(after) if after is not None else None,
        reason=(reason or "").strip(),
        who=who,
    )
    db.session.add(rev)
    return rev


def of_game(game: Game) -> list[Revision]:
    """The whole trail, oldest first."""
    return list(
        db.session.execute(
            select(Revision).where(Revision.game_id == game.id).order_by(Revision.id)
        ).scalars()
    )


def deleted(game: Game) -> list[Revision]:
    """Deletes not yet undone: lines that can be restored."""
    return [r for r in of_game(game) if r.action == "delete" and r.restored_by is None]


def changed_positions(game: Game) -> set[int]:
    """Numbers of the current lines that were edited or restored (their history is there)."""
    return set(
        db.session.execute(
            select(Line.position)
            .join(Revision, Revision.line_id == Line.id)
            .where(Line.game_id == game.id, Revision.action.in_(("edit", "restore")))
        ).scalars()
    )


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
    double tap, or of the same form sent from two tabs (issue 11, point 1). Each write bumps
    the version by one, and each delete or restore leaves a revision, stamped with the
    game's `updated_at` of its write: an older revision is not the one write since (an
    appended hand, which leaves none, came after it)."""
    if version is None or version + 1 != game.version:
        return False
    last = _last(game)
    if last is None:
        return False
    done = (last.at, last.action, last.position, last.reason, last.who)
    return done == (game.updated_at, action, position, (reason or "").strip(), who)


def _last(game: Game) -> Revision | None:
    """The game's latest revision, if any."""
    return db.session.execute(
        select(Revision).where(Revision.game_id == game.id).order_by(Revision.id.desc()).limit(1)
    ).scalar_one_or_none()


def restore(
    game: Game, revision_id: int, version: int | None = None, who: str | None = None
) -> services.Outcome:
    """Puts a deleted line back where it was (or last, if the game is shorter now).

    InvalidHand if it no longer fits the game (nothing changes); LookupError if there is no
    such deleted line.
    """
    with writes.writing(game):
        # read under the game's lock: a double tap must not bring the line back twice (the
        # second tap finds it restored by the one write since its version: answered as done)
        rev = db.session.get(Revision, revision_id, populate_existing=True)
        if rev is None or rev.game_id != game.id or rev.action != "delete":
            raise LookupError(revision_id)
        last = _last(game)
        if last is not None and rev.restored_by == last.id:
            # restored by the one write since the form, by this account: a double tap
            if did_just(game, version, "restore", last.position, "", who):
                return services.Outcome(last.position, tally(game), repeated=True)
        writes.check_version(game, version)
        if rev.restored_by:
            raise LookupError(revision_id)
        line = parse_line(rev.position, rev.before)
        lines = rule_lines(game)
        at = min(rev.position, len(lines) + 1)
        lines.insert(at - 1, line)
        result = tally(game, lines)  # raises InvalidHand if it no longer fits
        # the lines from `at` on move down, through negative positions (unique at every row)
        db.session.execute(
            update(Line)
            .where(Line.game_id == game.id, Line.position >= at)
            .values(position=-(Line.position + 1))
        )
        db.session.execute(
            update(Line)
            .where(Line.game_id == game.id, Line.position < 0)
            .values(position=-Line.position)
        )
        row = Line(game_id=game.id, position=at)
        db.session.add(row)
        writes.fill_line(row, line, len(game.seats))
        db.session.flush()
        writes.touch(game)  # before the trail: its revision carries the write's instant
        back = record(game, "restore", at, row.id, None, line, who=who)
        db.session.flush()
        rev.restored_by = back.id
    _remember(game, lines, result)
    return services.Outcome(at, result)


def export(game: Game) -> list[dict[str, Any]]:
    """The trail as it goes into the game's export."""
    return export_many([game.id])[game.id]


def export_many(game_ids: Iterable[int]) -> dict[int, list[dict[str, Any]]]:
    """The trails of many games, in one query (the account's archive)."""
    ids = list(game_ids)
    out: dict[int, list[dict[str, Any]]] = {gid: [] for gid in ids}
    # a line's revisions only: the game file's trail knows no delete or restore of the game
    # itself (lifecycle.py), which stays on this server
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


def load(game: Game, items: Any) -> None:
    """Stores an imported trail. Its revisions keep their numbers, but not their link to a line
    row (the rows are new), so a line's own history starts again after an import."""
    open_deletes: list[Revision] = []
    for item in items:
        at = stored_time(item.get("at"))  # naive UTC, as every stored time; None: not one
        rev = Revision(
            game_id=game.id,
            action=item["action"],
            position=item["hand"],
            line_id=None,
            before=item.get("before"),
            after=item.get("after"),
            reason=item.get("reason") or "",
            who=item.get("who"),
        )
        if at is not None:
            rev.at = at
        db.session.add(rev)
        db.session.flush()
        if rev.action == "delete":
            open_deletes.append(rev)
        elif rev.action == "restore":
            # the latest delete of the same line is the one it restored
            for deleted_rev in reversed(open_deletes):
                if deleted_rev.before == rev.after:
                    deleted_rev.restored_by = rev.id
                    open_deletes.remove(deleted_rev)
                    break
