"""The one bridge between the database and the rules: every write is one transaction here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import selectinload
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.gamefile import GameFile, line_to_dict
from scorekeeper.rules import Line as RuleLine
from scorekeeper.rules import Tally
from scorekeeper.services import trail
from scorekeeper.services import writing as writes
from scorekeeper.services.writing import (
    Abandoned,
    Conflict,
    KeyReused,
    check_version,
    fill_line,
    touch,
)
from scorekeeper.store.db import db
from scorekeeper.store.derived import _remember, names, rule_lines, rules_for, sheet_for, tally
from scorekeeper.store.models import Game, Line, Player, Seat

# the views read a game's derived state through this module too
__all__ = [
    "Abandoned",
    "Conflict",
    "KeyReused",
    "Outcome",
    "add_line",
    "create_game",
    "delete_line",
    "load_game",
    "names",
    "player",
    "rule_lines",
    "rules_for",
    "sheet_for",
    "tally",
    "update_line",
]


def load_game(game_id: int) -> Game | None:
    """A game with its seats and players; its lines are read as facts (`rule_lines`). A deleted
    game is no game (lifecycle.py): its pages, links, invites and API answer 404."""
    return db.session.execute(
        select(Game)
        .where(Game.id == game_id, Game.deleted_at.is_(None))
        .options(selectinload(Game.seats))
    ).scalar_one_or_none()


def _row(game: Game, number: int) -> Line:
    return db.session.execute(
        select(Line).where(Line.game_id == game.id, Line.position == number)
    ).scalar_one()


@dataclass
class Outcome:
    """What a write did: the number of the line it touched and the new tally."""

    number: int
    tally: Tally
    repeated: bool = False  # the same form was posted again: nothing new was stored


def player(name: str, account_id: int | None) -> Player:
    """The account's player of that name, created on first use (names are reused across the
    games of an account, never across accounts)."""
    name = " ".join(name.split())
    found = db.session.execute(
        select(Player).where(Player.key == Player.key_of(name), Player.account_id == account_id)
    ).scalar_one_or_none()
    if found is None:
        found = Player(name=name, key=Player.key_of(name), account_id=account_id)
        db.session.add(found)
    return found


def create_game(file: GameFile, owner_id: int | None, commit_now: bool = True) -> Game:
    """Stores a validated game file as a new game of `owner_id`; InvalidHand (nothing stored)
    if it is not valid. `commit_now=False` leaves the commit to the caller (bench/history.py
    stores many games in one transaction; an import stores its own batches, bulk.py)."""
    file.score()  # refuses an invalid file before anything is written
    writes.lock_account(owner_id)  # issue 11: two new games at once share no new player
    game = Game(
        variant=file.variant,
        options=dict(file.options),
        first_dealer=file.first_dealer,
        owner_id=owner_id,
    )
    seats = len(file.players)
    for position, name in enumerate(file.players):
        game.seats.append(Seat(position=position, player=player(name, owner_id)))
    for position, line in enumerate(file.lines, start=1):
        row = Line(position=position)
        game.lines.append(row)
        fill_line(row, line, seats)
    db.session.add(game)
    db.session.flush()
    trail.load(game, file.trail)
    if commit_now:
        commit()
    return game


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
    `version`, concurrent appends are serialised and each is stored once.
    """
    key = writes.key_digest(game.id, token) if token else None
    digest = writes.body_digest(line_to_dict(line) if body is None else body)
    try:
        with writes.writing(game):
            done = _repeat(game, key, digest)
            if done is not None:
                return done
            if game.abandoned_at is not None:  # read again under the lock
                raise Abandoned()
            check_version(game, version)
            lines = rule_lines(game)
            sheet = sheet_for(game).copy()
            sheet.add(line)  # raises InvalidHand for the new line; scores only this one
            result = sheet.tally()
            row = Line(game_id=game.id, position=len(lines) + 1, token=key, token_body=digest)
            db.session.add(row)
            fill_line(row, line, len(game.seats))
            touch(game)
    except Conflict:
        # a backstop: the lock makes a twin request find the key above, not clash with it
        done = _repeat(game, key, digest)
        if done is None:
            raise
        return done
    _remember(game, [*lines, line], result, sheet)
    return Outcome(row.position, result)


def _repeat(game: Game, key: str | None, digest: str) -> Outcome | None:
    """The line stored with this key before (nothing new is stored), if any."""
    done = writes.line_with(key) if key else None
    if done is None:
        return None
    if done.token_body is not None and done.token_body != digest:
        raise KeyReused(done.position)
    return Outcome(done.position, tally(game), repeated=True)


def _lines_with(game: Game, number: int, version: int | None) -> list[RuleLine]:
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
) -> Outcome:
    """Replaces line `number`; every later total is derived again. Refused: nothing changes.
    The trail records the line before and after."""
    with writes.writing(game):
        if _same_edit(game, number, line, version):
            return Outcome(number, tally(game), repeated=True)
        lines = _lines_with(game, number, version)
        old = lines[number - 1]
        lines[number - 1] = line
        result = tally(game, lines, entered=number)
        row = _row(game, number)
        fill_line(row, line, len(game.seats))
        touch(game)  # before the trail: its revision carries the write's instant
        if old != line:
            trail.record(game, "edit", number, row.id, old, line, reason, who)
    _remember(game, lines, result)
    return Outcome(number, result)


def _same_edit(game: Game, number: int, line: RuleLine, version: int | None) -> bool:
    """A double tap of Save on an edit: one write since the form, and line `number` already
    says what the form says. Answered as done, not as a conflict (issue 11, point 1)."""
    if version is None or version + 1 != game.version:
        return False
    lines = rule_lines(game)
    return 1 <= number <= len(lines) and lines[number - 1] == line


def delete_line(
    game: Game,
    number: int | None,
    version: int | None = None,
    reason: str = "",
    who: str | None = None,
) -> Outcome:
    """Removes line `number` (None: the last one, an undo); the lines after it move up.
    Refused if the rest would not fit. The trail keeps the line, so that it can be restored.
    A double tap (the one write since the form was this very delete) is answered as done."""
    with writes.writing(game):
        count = len(rule_lines(game))
        twin = count + 1 if number is None else number  # where the first tap's delete was
        if trail.did_just(game, version, "delete", twin, reason, who):
            return Outcome(twin, tally(game), repeated=True)
        number = count if number is None else number
        lines = _lines_with(game, number, version)
        old = lines.pop(number - 1)
        result = tally(game, lines)
        row = _row(game, number)
        touch(game)  # before the trail: its revision carries the write's instant
        trail.record(game, "delete", number, row.id, old, None, reason, who)
        db.session.delete(row)
        db.session.flush()
        # The later lines move up. Through negative positions, so that (game, position) stays
        # unique at every row of the update on every database.
        later = (Line.game_id == game.id, Line.position > number)
        db.session.execute(update(Line).where(*later).values(position=-(Line.position - 1)))
        db.session.execute(
            update(Line)
            .where(Line.game_id == game.id, Line.position < 0)
            .values(position=-Line.position)
        )
    _remember(game, lines, result)
    return Outcome(number, result)


def commit() -> None:
    """Ends a write: Conflict if another phone's write got in first; rolled back on error."""
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        raise Conflict() from None
    except Exception:
        db.session.rollback()
        raise
