"""A game's lines removed and brought back: delete (or undo) and restore, one transaction each."""

# As in lines.py: checked by the rules first (InvalidHand, nothing stored), under the game's
# lock (writing.writing), a double tap or a key used before answered as done, the new tally
# remembered for the next read. The trail keeps a deleted line so that it can be restored.

from __future__ import annotations

from typing import Any

from sqlalchemy import update

from scorekeeper.gamefile import parse_line
from scorekeeper.services import careers, trail
from scorekeeper.services.lines import keep, keyed, lines_with
from scorekeeper.services.writing import (
    Conflict,
    Key,
    Outcome,
    check_version,
    closed_round_reason,
    touch,
    writing,
)
from scorekeeper.store import trail as store_trail
from scorekeeper.store.db import db
from scorekeeper.store.derived import remember, rule_lines, tally
from scorekeeper.store.facts import new_line
from scorekeeper.store.models import Game, Line, Revision
from scorekeeper.store.queries import line_row


def delete_line(
    game: Game,
    number: int | None,
    version: int | None = None,
    reason: str = "",
    who: str | None = None,
    key: Key | None = None,
) -> Outcome:
    """Removes line `number` (None: the last one, an undo); the lines after it move up.
    Refused if the rest would not fit. The trail keeps the line, so that it can be restored.
    A double tap (the one write since the form was this very delete) is answered as done, and
    so is a `key` used before (the line after it, now at `number`, stays)."""
    try:
        with writing(game):
            done = keyed(game, key)
            if done is not None:
                return done
            count = len(rule_lines(game))
            twin = count + 1 if number is None else number  # where the first tap's delete was
            if store_trail.did_just(game, version, "delete", twin, reason, who):
                keep(game, key, twin)
                return Outcome(twin, tally(game), repeated=True)
            number = count if number is None else number
            closed_round_reason(game, number, reason)
            lines = lines_with(game, number, version)
            old = lines.pop(number - 1)
            result = tally(game, lines, since=number)  # the lines after it are checked
            row = line_row(game, number)
            touch(game)  # before the trail: its revision carries the write's instant
            trail.record(game, "delete", number, row.id, old, None, reason, who)
            db.session.delete(row)
            db.session.flush()
            _shift(game, Line.position > number, -1)  # the later lines move up
            careers.write(game, lines, result)
            keep(game, key, number)
    except Conflict:
        done = keyed(game, key)  # a backstop: the lock makes a twin find the key above
        if done is None:
            raise
        return done
    remember(game, lines, result)
    return Outcome(number, result)


def restore_line(
    game: Game, revision_id: int, version: int | None = None, who: str | None = None
) -> Outcome:
    """Puts a deleted line back where it was (or last, if the game is shorter now).

    InvalidHand if it no longer fits the game (nothing changes); LookupError if there is no
    such deleted line.
    """
    with writing(game):
        # read under the game's lock: a double tap must not bring the line back twice (the
        # second tap finds it restored by the one write since its version: answered as done)
        rev = db.session.get(Revision, revision_id, populate_existing=True)
        if rev is None or rev.game_id != game.id or rev.action != "delete":
            raise LookupError(revision_id)
        last = store_trail.last(game)
        if last is not None and rev.restored_by == last.id:
            # restored by the one write since the form, by this account: a double tap
            if store_trail.did_just(game, version, "restore", last.position, "", who):
                return Outcome(last.position, tally(game), repeated=True)
        check_version(game, version)
        if rev.restored_by:
            raise LookupError(revision_id)
        line = parse_line(rev.position, rev.before)
        lines = rule_lines(game)
        at = min(rev.position, len(lines) + 1)
        lines.insert(at - 1, line)
        result = tally(game, lines, since=at)  # raises InvalidHand if it no longer fits
        _shift(game, Line.position >= at, +1)  # the lines from `at` on move down
        row = new_line(game.id, at, line, len(game.seats))
        db.session.add(row)
        db.session.flush()
        touch(game)  # before the trail: its revision carries the write's instant
        back = trail.record(game, "restore", at, row.id, None, line, who=who)
        db.session.flush()
        rev.restored_by = back.id
        careers.write(game, lines, result)
    remember(game, lines, result)
    return Outcome(at, result)


def _shift(game: Game, which: Any, by: int) -> None:
    """Moves the game's lines `which` by `by` positions. Through negative positions, so that
    (game, position) stays unique at every row of the update on every database."""
    db.session.execute(
        update(Line).where(Line.game_id == game.id, which).values(position=-(Line.position + by))
    )
    db.session.execute(
        update(Line)
        .where(Line.game_id == game.id, Line.position < 0)
        .values(position=-Line.position)
    )
