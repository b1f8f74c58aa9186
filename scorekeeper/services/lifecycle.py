"""A game as a whole, written: abandoned and resumed, deleted and restored, rematched."""

# Abandoning is a fact on the game (`abandoned_at`): no line may be added until the owner resumes
# it, and it counts as not played in the players' records. Deleting is soft, like the delete of a
# line: the game is hidden everywhere (`deleted_at`), the trail records who deleted it and when, and
# the owner brings it back whole from the account page. Neither is part of the game file: an
# exported game is its lines, whatever became of it.

from __future__ import annotations

from sqlalchemy import select

from scorekeeper.services import writing
from scorekeeper.store.db import db
from scorekeeper.store.derived import rule_lines, tally
from scorekeeper.store.models import Game, Revision, Scorer, Seat, now


class Refused(Exception):
    """A change of the game as a whole that does not apply to it (nothing changes)."""


def abandon(game: Game) -> None:
    """Stops the game before its end; a finished game cannot be. Twice is once."""
    with writing.writing(game):
        if game.abandoned_at is not None:
            return
        if tally(game).finished:
            raise Refused(game.id)
        game.abandoned_at = now()  # an UPDATE of the game row: a new version, as for a line


def resume(game: Game) -> None:
    """Takes an abandoned game up again: lines may be added once more."""
    with writing.writing(game):
        game.abandoned_at = None


def ask_confirmations(game: Game, on: bool) -> None:
    """The owner's choice: every hand of the game confirmed by a seat that took part (a family
    that argues), or not. Hands logged before are asked for too."""
    with writing.writing(game):
        game.confirm = on


def _revision(game: Game, action: str, who: str | None, reason: str = "") -> Revision:
    # `position`: the number of lines the game had, so that the trail says what went or came
    rev = Revision(
        game_id=game.id,
        action=action,
        position=len(rule_lines(game)),
        line_id=None,
        before=None,
        after=None,
        reason=reason.strip(),
        who=who,
        at=now(),
    )
    db.session.add(rev)
    return rev


def delete(game: Game, who: str | None, reason: str = "") -> bool:
    """Hides the game everywhere, kept whole for a restore; False if it already was (a
    double tap of Delete)."""
    with writing.writing(game):
        if game.deleted_at is not None:
            return False
        game.deleted_at = now()
        _revision(game, "delete-game", who, reason)
    return True


def restore(game: Game, who: str | None) -> None:
    """Brings a deleted game back as it was: its lines, trail, links and co-scorers."""
    with writing.writing(game):
        if game.deleted_at is None:
            return
        game.deleted_at = None
        back = _revision(game, "restore-game", who)
        db.session.flush()
        for rev in db.session.execute(
            select(Revision).where(
                Revision.game_id == game.id,
                Revision.action == "delete-game",
                Revision.restored_by.is_(None),
            )
        ).scalars():
            rev.restored_by = back.id


def rematch(game: Game, token: str) -> tuple[Game, bool]:
    """A new game with the same players, variant and options, owned by the same account and
    with the same co-scorers; the deal moves on one seat, as the deal passes to the left from
    game to game at the table: its first dealer sits after this game's first dealer. With the
    same form `token` again (a double tap) it is the game made the first time (True)."""
    key = writing.key_digest(game.id, f"rematch:{token}")
    try:
        with writing.writing(game):  # the game row is held: a twin tap waits, then finds `key`
            found = _rematch_with(key)
            if found is not None:
                return found, True
            seats = sorted(game.seats, key=lambda s: s.position)
            new = Game(
                variant=game.variant,
                options=dict(game.options),
                first_dealer=(game.first_dealer + 1) % len(seats),
                owner_id=game.owner_id,
                rematch_of=game.id,
                rematch_token=key,
            )
            new.seats.extend(Seat(position=s.position, player_id=s.player_id) for s in seats)
            db.session.add(new)
            db.session.flush()
            scorers = select(Scorer.account_id).where(Scorer.game_id == game.id)
            for account_id in db.session.execute(scorers).scalars().all():
                db.session.add(Scorer(game_id=new.id, account_id=account_id))
    except writing.Conflict:
        found = _rematch_with(key)  # a backstop: the lock makes a twin find the key above
        if found is None:
            raise
        return found, True
    return new, False


def _rematch_with(key: str) -> Game | None:
    return db.session.execute(select(Game).where(Game.rematch_token == key)).scalar_one_or_none()
