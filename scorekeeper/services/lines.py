"""A game's lines written: add and update, one transaction each (delete, restore: removal.py)."""

# Every write checks the line against the rules first (InvalidHand, nothing stored), holds the
# game row (writing.writing), and remembers the new tally for the next read (derived.remember).
# An API write may carry an Idempotency-Key (writing.Key): under the game's lock, before the
# version is checked, a key already used finds what its first try did and nothing is written
# again (a retried delete must not take the next line).

from __future__ import annotations

from typing import Any

from sqlalchemy import delete

from scorekeeper.gamefile import line_to_dict
from scorekeeper.rules import Line as RuleLine
from scorekeeper.services import careers, trail
from scorekeeper.services.writing import (
    Abandoned,
    Conflict,
    Key,
    KeyReused,
    Outcome,
    body_digest,
    check_version,
    closed_round_reason,
    key_digest,
    line_with,
    request_with,
    touch,
    writing,
)
from scorekeeper.store.db import db
from scorekeeper.store.derived import remember, rule_lines, sheet_for, tally
from scorekeeper.store.eventmodels import EventConfirmation
from scorekeeper.store.facts import fill_line, new_line
from scorekeeper.store.models import Game, RequestKey
from scorekeeper.store.queries import line_row

__all__ = ["Abandoned", "Conflict", "Key", "KeyReused", "Outcome"]


def add_line(
    game: Game,
    line: RuleLine,
    version: int | None = None,
    token: str | None = None,
    body: Any = None,
) -> Outcome:
    """Appends a hand or adjustment; refused lines raise InvalidHand and store nothing.

    `token` comes from the form (or the API's Idempotency-Key): posting it again, after a double
    tap or a reload, finds the line it stored instead of adding another; posted again with
    another `body` (by default the line itself) it is refused with KeyReused. Without a
    `version`, concurrent appends are serialised and each is stored once. Without a `body`
    (the API), a key that a hand form stored its fields with is a retry when the line posted
    is the line stored: a phone sends the form's token again when the form's answer was lost.
    """
    key = key_digest(game.id, token) if token else None
    digest = body_digest(line_to_dict(line) if body is None else body)
    try:
        with writing(game):
            done = _repeat(game, key, digest, body is None)
            if done is not None:
                return done
            if game.abandoned_at is not None:  # read again under the lock
                raise Abandoned()
            check_version(game, version)
            lines = rule_lines(game)
            sheet = sheet_for(game).copy()
            sheet.add(line)  # raises InvalidHand for the new line; scores only this one
            result = sheet.tally()
            seats, position = len(game.seats), len(lines) + 1
            row = new_line(game.id, position, line, seats, token=key, token_body=digest)
            db.session.add(row)
            touch(game)
            careers.write(game, [*lines, line], result)
    except Conflict:
        # a backstop: the lock makes a twin request find the key above, not clash with it
        done = _repeat(game, key, digest, body is None)
        if done is None:
            raise
        return done
    remember(game, [*lines, line], result, sheet)
    return Outcome(row.position, result)


def _repeat(game: Game, key: str | None, digest: str, same_line: bool = False) -> Outcome | None:
    """The line stored with this key before (nothing new is stored), if any. `same_line`:
    `digest` is the line's own; a key stored with other words for that very line (a form's
    fields) finds it too."""
    done = line_with(key) if key else None
    if done is None:
        other = request_with(key) if key else None
        if other is not None:  # the key replaced or deleted a line
            raise KeyReused(other.number or 0)
        return None
    if done.token_body is not None and done.token_body != digest:
        lines = rule_lines(game) if same_line else []
        stored = lines[done.position - 1] if 0 < done.position <= len(lines) else None
        if stored is None or body_digest(line_to_dict(stored)) != digest:
            raise KeyReused(done.position)
    return Outcome(done.position, tally(game), repeated=True)


def keyed(game: Game, key: Key | None) -> Outcome | None:
    """What the write made with this key did, when it was made (nothing is written again):
    KeyReused if the key asked for something else, or appended a line."""
    if key is None:
        return None
    digest = key_digest(game.id, key.text)
    done = request_with(digest)
    if done is None:
        appended = line_with(digest)
        if appended is not None:
            raise KeyReused(appended.position)
        return None
    if done.request != key.request or done.number is None:
        raise KeyReused(done.number or 0)
    return Outcome(done.number, tally(game), repeated=True)


def keep(game: Game, key: Key | None, number: int) -> None:
    """Stores the key with the write that used it (the write's own transaction)."""
    if key is not None:
        db.session.add(
            RequestKey(
                account_id=key.account_id,
                digest=key_digest(game.id, key.text),
                request=key.request,
                game_id=game.id,
                number=number,
            )
        )


def lines_with(game: Game, number: int, version: int | None) -> list[RuleLine]:
    """The lines, for a write to line `number`: Conflict if stale or if there is no such line
    any more (the page asking for it was made before another write)."""
    check_version(game, version)
    lines = rule_lines(game)
    if not 1 <= number <= len(lines):
        raise Conflict()
    return lines


def update_line(
    game: Game,
    number: int,
    line: RuleLine,
    version: int | None = None,
    reason: str = "",
    who: str | None = None,
    key: Key | None = None,
) -> Outcome:
    """Replaces line `number`; every later total is derived again. Refused: nothing changes.
    The trail records the line before and after. With a `key` used before, what that write
    did (nothing changes)."""
    try:
        with writing(game):
            done = keyed(game, key)
            if done is not None:
                return done
            if _same_edit(game, number, line, version):
                keep(game, key, number)
                return Outcome(number, tally(game), repeated=True)
            closed_round_reason(game, number, reason)
            lines = lines_with(game, number, version)
            old = lines[number - 1]
            lines[number - 1] = line
            result = tally(game, lines, entered=number)
            row = line_row(game, number)
            fill_line(row, line, len(game.seats))
            touch(game)  # before the trail: its revision carries the write's instant
            careers.write(game, lines, result)
            if old != line:
                trail.record(game, "edit", number, row.id, old, line, reason, who)
                # an event's confirmation is of the hand as it was read: a changed hand is
                # confirmed again (docs/events.md, "confirm")
                db.session.execute(
                    delete(EventConfirmation).where(EventConfirmation.line_id == row.id)
                )
            keep(game, key, number)
    except Conflict:
        done = keyed(game, key)  # a backstop: the lock makes a twin find the key above
        if done is None:
            raise
        return done
    remember(game, lines, result)
    return Outcome(number, result)


def _same_edit(game: Game, number: int, line: RuleLine, version: int | None) -> bool:
    """A double tap of Save on an edit: one write since the form, and line `number` already
    says what the form says. Answered as done, not as a conflict: the first tap saved it."""
    if version is None or version + 1 != game.version:
        return False
    lines = rule_lines(game)
    return 1 <= number <= len(lines) and lines[number - 1] == line
