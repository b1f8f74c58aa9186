"""Players as people across games: rename and merge two entries (their records: careers.py)."""

from __future__ import annotations

from sqlalchemy import delete, select, update

from scorekeeper.rules import N_, Message
from scorekeeper.rules.bounds import name_problem, normal_name
from scorekeeper.services import careers
from scorekeeper.services.writing import commit
from scorekeeper.store import push
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Player, Seat


class Refused(Exception):
    """A rename or merge that cannot be done: `message` says why, for the field (its caller
    puts it in the reader's language: a rules Message, or a gettext message with `params`)."""

    def __init__(self, message: str | Message, **params: object) -> None:
        super().__init__(message)
        self.message, self.params = message, params


def _bump(game_ids: list[int]) -> None:
    """The games' names changed: a new version, so that remembered pages and the live view's
    ETag change too ("last played" stays: only a written line moves it)."""
    if game_ids:
        careers.carry(game_ids)  # no line changed: the records stay true one version on
        db.session.execute(
            update(Game).where(Game.id.in_(game_ids)).values(version=Game.version + 1)
        )
        # the live views of those games show the new name (an UPDATE the ORM does not see)
        bumped = db.session.execute(select(Game.id, Game.version).where(Game.id.in_(game_ids)))
        push.changed(db.session(), {push.key("g", i): v for i, v in bumped})


def _games_of(player_id: int) -> list[int]:
    return list(
        db.session.execute(select(Seat.game_id).where(Seat.player_id == player_id)).scalars()
    )


def rename(player: Player, name: str) -> None:
    """Renames the player in every game; Refused (nothing changed) for no name, a bad one, or
    the name of another player of the account."""
    try:
        _rename(player, name)
    except Refused:
        db.session.rollback()
        raise
    commit()


def _rename(player: Player, name: str) -> None:
    typed, name = name, normal_name(name)
    if not name:
        raise Refused(N_("A player needs a name."))
    wrong = name_problem(typed)  # what a new game's names are held to (rules.bounds)
    if wrong is not None:
        raise Refused(wrong)
    other = db.session.execute(
        select(Player).where(
            Player.account_id == player.account_id,
            Player.key == Player.key_of(name),
            Player.id != player.id,
        )
    ).scalar_one_or_none()
    if other is not None:
        raise Refused(
            N_("There is already a player %(name)s: merge the two instead."), name=other.name
        )
    player.name, player.key = name, Player.key_of(name)
    _bump(_games_of(player.id))


def merge(source: Player, target: Player) -> None:
    """`source` and `target` are the same person: every seat of `source` becomes `target`'s,
    and `source` goes. Refused (nothing changed) if both sat in one game (one person, one
    seat)."""
    try:
        _merge(source, target)
    except Refused:
        db.session.rollback()
        raise
    commit()


def _merge(source: Player, target: Player) -> None:
    if source.id == target.id or source.account_id != target.account_id:
        raise Refused(N_("Choose another player of yours."))
    theirs = set(_games_of(source.id))
    shared = theirs & set(_games_of(target.id))
    if shared:
        raise Refused(
            N_(
                "%(source)s and %(target)s sat at the same table (game %(game)d): "
                "they are two people."
            ),
            source=source.name,
            target=target.name,
            game=min(shared),
        )
    db.session.execute(update(Seat).where(Seat.player_id == source.id).values(player_id=target.id))
    _bump(sorted(theirs))
    db.session.execute(delete(Player).where(Player.id == source.id))
