"""The trail as written: every edit, delete and restore of a line recorded with its write."""

# A dispute weeks later is settled by the trail: who changed hand 7, when, what it said before and
# after, and why. Only facts are recorded (game-file shaped lines); scores stay derived. The trail
# is read in store/trail.py; a deleted line is restored by lines.restore_line.

from __future__ import annotations

from typing import Any

from scorekeeper.gamefile import line_to_dict
from scorekeeper.rules import Line as RuleLine
from scorekeeper.store.bulk import stored_time
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Revision


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
    time is the game's `updated_at`, which the write has set (writing.touch) just before."""
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
