"""Games as a whole, written: a new game and its players, its live and invite links, co-scorers."""

# A link is not a change of the score, so it is written without bumping the game's version: a
# hand form open on another phone stays valid, and a hand saved at the same moment is no clash
# (renewing a link while a hand was saved was once a StaleDataError, a 500).

from __future__ import annotations

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper.gamefile import GameFile
from scorekeeper.services import careers, trail
from scorekeeper.services.writing import (
    Conflict,
    Key,
    KeyReused,
    account_key_digest,
    commit,
    lock_account,
    request_with,
)
from scorekeeper.store.db import db
from scorekeeper.store.facts import fill_line
from scorekeeper.store.models import Game, Line, Player, RequestKey, Scorer, Seat


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
    scored = file.score()  # refuses an invalid file before anything is written
    lock_account(owner_id)  # two new games at once do not both add one new name
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
    careers.write(game, file.lines, scored)
    if commit_now:
        commit()
    return game


def create_game_once(file: GameFile, key: Key) -> tuple[Game, bool]:
    """create_game for the API's Idempotency-Key, the game owned by the key's account: the
    game that key made before, if any (True: nothing new is stored); KeyReused if it was made
    from another file. Two tries at the same moment make one game: the second waits for the
    account (lock_account) and then finds the key."""
    digest = account_key_digest(key.account_id, key.text)
    found = _made_with(digest, key)  # a retry needs no scoring of its file
    if found is not None:
        return found, True
    try:
        lock_account(key.account_id)
        found = _made_with(digest, key)
        if found is not None:
            db.session.rollback()  # frees the account
            return found, True
        game = create_game(file, key.account_id, commit_now=False)
        db.session.add(
            RequestKey(
                account_id=key.account_id, digest=digest, request=key.request, game_id=game.id
            )
        )
        commit()
    except IntegrityError:
        db.session.rollback()
        found = _made_with(digest, key)  # a backstop: the lock makes a twin find the key above
        if found is None:
            raise Conflict() from None
        return found, True
    except BaseException:
        db.session.rollback()
        raise
    return game, False


def _made_with(digest: str, key: Key) -> Game | None:
    """The game a new-game key made, or None; KeyReused if it was made from another file."""
    done = request_with(digest)
    if done is None:
        return None
    if done.request != key.request or done.number is not None:
        raise KeyReused(done.game_id)
    return db.session.get(Game, done.game_id)


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
