"""Seasons read: a season with its events, and those events with their rounds, tables and
their games' versions in a few queries (the ladder reads the standings of every one)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.store.eventmodels import EventRound, EventTable
from scorekeeper.store.models import Game
from scorekeeper.store.seasonmodels import Season, SeasonEvent


def load(season_id: int, owner_id: int | None = None) -> Season | None:
    """A season with its events' ids; with `owner_id`, only if that account owns it."""
    query = select(Season).where(Season.id == season_id).options(selectinload(Season.events))
    if owner_id is not None:
        query = query.where(Season.owner_id == owner_id)
    return db.session.execute(query).scalar_one_or_none()


def owned(owner_id: int) -> list[Season]:
    """The account's seasons, newest first, with their events' ids."""
    return list(
        db.session.execute(
            select(Season)
            .where(Season.owner_id == owner_id)
            .options(selectinload(Season.events))
            .order_by(Season.id.desc())
        ).scalars()
    )


def of_event(event_id: int) -> list[Season]:
    """The seasons that hold an event (its pages link to them)."""
    return list(
        db.session.execute(
            select(Season)
            .join(SeasonEvent, SeasonEvent.season_id == Season.id)
            .where(SeasonEvent.event_id == event_id)
            .order_by(Season.id.desc())
        ).scalars()
    )


def events(ids: list[int], owner_id: int) -> list[EventRow]:
    """The events of `ids` that `owner_id` directs, in the order they were made (the season's
    order), each with its players, rounds and tables: three queries for them all."""
    if not ids:
        return []
    query = (
        select(EventRow)
        .where(EventRow.id.in_(ids), EventRow.owner_id == owner_id)
        .options(
            selectinload(EventRow.players),
            selectinload(EventRow.rounds).selectinload(EventRound.tables),
        )
        .order_by(EventRow.created_at, EventRow.id)
    )
    return list(db.session.execute(query).scalars())


def versions(ids: list[int], owner_id: int) -> list[tuple[int, int, str, tuple[Any, ...]]]:
    """Each event of `ids` that `owner_id` directs, in the season's order: (id, version, name,
    its started tables' games and their versions), in two light queries: what the ladder is
    remembered by, read without loading the events' players, rounds and tables."""
    if not ids:
        return []
    heads = db.session.execute(
        select(EventRow.id, EventRow.version, EventRow.name)
        .where(EventRow.id.in_(ids), EventRow.owner_id == owner_id)
        .order_by(EventRow.created_at, EventRow.id)
    ).all()
    games = db.session.execute(
        select(EventRound.event_id, Game.id, Game.version)
        .join(EventTable, EventTable.round_id == EventRound.id)
        .join(Game, Game.id == EventTable.game_id)
        .where(EventRound.event_id.in_(ids), EventRound.started_at.is_not(None))
    ).all()
    found: dict[int, list[tuple[int, int]]] = {}
    for event_id, game_id, version in games:
        found.setdefault(event_id, []).append((game_id, version))
    return [(i, v, n, tuple(sorted(found.get(i, ())))) for i, v, n in heads]


def owned_events(owner_id: int) -> list[tuple[int, str]]:
    """The account's events (id, name), in the order they were made: a season picks from them."""
    rows = db.session.execute(
        select(EventRow.id, EventRow.name)
        .where(EventRow.owner_id == owner_id)
        .order_by(EventRow.created_at, EventRow.id)
    ).all()
    return [(event_id, name) for event_id, name in rows]
