"""Sharing a game, as writes: its live and invite links and its co-scorers (a service: commits).

A link is not a change of the score, so it is written without bumping the game's version:
a hand form open on another phone stays valid, and a hand saved at the same moment is no
clash (issue 11: renewing a link while a hand was saved was a StaleDataError, a 500).
"""

from __future__ import annotations

from sqlalchemy import delete, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.services import commit
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Scorer

LINKS = ("share_token", "invite_token")


def set_link(game: Game, kind: str, token: str | None) -> None:
    """Gives the game a new `kind` link (the old one stops working), or none."""
    if kind not in LINKS:
        raise ValueError(kind)
    table = Game.__table__
    # Core, not the ORM: the ORM would bump and check the version of the game row
    db.session.execute(update(table).where(table.c.id == game.id).values({kind: token}))
    commit()
    set_committed_value(game, kind, token)


def add_scorer(game: Game, account_id: int) -> None:
    """Makes the account a co-scorer; joining twice at once is joining once."""
    db.session.add(Scorer(game_id=game.id, account_id=account_id))
    try:
        commit()
    except IntegrityError:
        pass  # rolled back by commit(): the other request made it a co-scorer


def remove_scorer(game: Game, scorer_id: int) -> None:
    """Ends a co-scorer's access to the game (nothing if it is not one of the game's)."""
    db.session.execute(delete(Scorer).where(Scorer.id == scorer_id, Scorer.game_id == game.id))
    commit()
