"""Reads never commit: deriving summaries leaves the caller's transaction as it was."""

from __future__ import annotations

import time

from sqlalchemy import select

from scorekeeper import services
from scorekeeper.gamefile import parse
from scorekeeper.services import summaries as kept
from scorekeeper.store import summaries
from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Player, Summary

GAME = {
    "format": "scorekeeper-game/1",
    "variant": "pl-3",
    "players": ["Ala", "Bartek", "Celina"],
    "hands": [{"declarer": 0, "bid": 100, "points": [100, 10, 10], "dealer": 2}],
}


def _games(owner: int, n: int) -> list[Game]:
    ids = [services.create_game(parse(GAME), owner).id for _ in range(n)]
    db.session.execute(db.delete(Summary))
    db.session.commit()
    db.session.expunge_all()
    return list(db.session.execute(select(Game).where(Game.id.in_(ids))).scalars())


def test_store_summaries_derive_without_writing(owner) -> None:  # type: ignore[no-untyped-def]
    games = _games(owner, 3)
    found, fresh = summaries.summaries(games)
    assert [found[g.id].totals for g in games] == [(100, 10, 10)] * 3
    assert set(fresh) == {g.id for g in games}  # made now: the caller may keep them
    assert db.session.execute(select(Summary)).first() is None  # nothing stored by the read


def test_a_read_keeps_the_summaries_it_made(owner) -> None:  # type: ignore[no-untyped-def]
    games = _games(owner, 2)
    assert [s.finished for s in kept.summaries(games).values()] == [False, False]
    db.session.rollback()  # whatever the caller does next
    stored = set(db.session.execute(select(Summary.game_id)).scalars())
    assert stored == {g.id for g in games}


def test_keeping_summaries_never_commits_the_callers_pending_work(owner) -> None:  # type: ignore[no-untyped-def]
    games = _games(owner, 2)
    db.session.add(Player(name="Half-typed", key="half-typed", account_id=owner))
    db.session.flush()  # pending in the caller's transaction
    start = time.monotonic()
    found = kept.summaries(games)
    assert time.monotonic() - start < 2  # no wait for the caller's own lock (SQLite)
    assert [found[g.id].finished for g in games] == [False, False]
    db.session.rollback()  # the caller changes its mind
    names = set(db.session.execute(select(Player.name)).scalars())
    assert "Half-typed" not in names  # keeping the summaries did not commit it
