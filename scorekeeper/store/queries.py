"""Shared reads: games an account may see, its players, its history page, a game's company."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import and_, exists, func, or_, select
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.sql import Select

from scorekeeper.store.db import db
from scorekeeper.store.models import Account, Game, Line, Player, Scorer, Seat


def load_game(game_id: int) -> Game | None:
    """A game with its seats, players and rematches, in one query (a game page's first read);
    its lines are read as facts (derived.rule_lines). A deleted game is no game
    (services/lifecycle.py): its pages, links, invites and API are 404."""
    return (
        db.session.execute(
            select(Game)
            .where(Game.id == game_id, Game.deleted_at.is_(None))
            .options(joinedload(Game.seats), joinedload(Game.rematches))
        )
        .unique()
        .scalar_one_or_none()
    )


def line_row(game: Game, number: int) -> Line:
    """The row of line `number` of `game` (it must exist)."""
    return db.session.execute(
        select(Line).where(Line.game_id == game.id, Line.position == number)
    ).scalar_one()


def account(account_id: int | None) -> Account | None:
    return db.session.get(Account, account_id) if account_id is not None else None


def is_scorer(game: Game, account_id: int) -> bool:
    """Whether the account owns the game or co-scores it."""
    if game.owner_id == account_id:
        return True
    return bool(
        db.session.execute(
            select(exists().where(Scorer.game_id == game.id, Scorer.account_id == account_id))
        ).scalar()
    )


def visible(account_id: int) -> Any:
    """The games an account may see, as a query condition: its own and those it co-scores,
    none deleted (a deleted game is in no list)."""
    return and_(
        Game.deleted_at.is_(None),
        or_(
            Game.owner_id == account_id,
            Game.id.in_(select(Scorer.game_id).where(Scorer.account_id == account_id)),
        ),
    )


def recent_games(account_id: int, limit: int = 30) -> list[Game]:
    """The games an account owns or co-scores, last played first, their seats loaded."""
    return list(
        db.session.execute(
            select(Game)
            .where(visible(account_id))
            .order_by(Game.updated_at.desc(), Game.id.desc())
            .limit(limit)
            .options(selectinload(Game.seats))
        ).scalars()
    )


def own_games(account_id: int) -> list[Game]:
    """The games the account owns (not deleted), oldest first: its archive."""
    return list(
        db.session.execute(
            select(Game)
            .where(Game.owner_id == account_id, Game.deleted_at.is_(None))
            .order_by(Game.created_at, Game.id)
            .options(selectinload(Game.seats))
        ).scalars()
    )


def deleted_game(game_id: int, owner_id: int) -> Game | None:
    """The owner's game, deleted or not (a restore, or the twin of a delete's tap)."""
    game = db.session.get(Game, game_id)
    return game if game is not None and game.owner_id == owner_id else None


def deleted_games(owner_id: int) -> list[Game]:
    """The account's deleted games, the latest deleted first: what its account page restores."""
    return list(
        db.session.execute(
            select(Game)
            .where(Game.owner_id == owner_id, Game.deleted_at.is_not(None))
            .order_by(Game.deleted_at.desc(), Game.id.desc())
            .options(selectinload(Game.seats))  # the page names each game's players
        ).scalars()
    )


def scorers(game: Game) -> list[Scorer]:
    """The game's co-scorers, the first to join first."""
    return list(
        db.session.execute(
            select(Scorer).where(Scorer.game_id == game.id).order_by(Scorer.joined_at)
        ).scalars()
    )


def player_of(account_id: int, player_id: int | None) -> Player | None:
    """One of the account's players, or None for anyone else's (or no id)."""
    player = db.session.get(Player, player_id) if player_id is not None else None
    return player if player is not None and player.account_id == account_id else None


def player_names(account_id: int) -> list[str]:
    """The names of the account's players, for a new game's suggestions."""
    return list(
        db.session.execute(
            select(Player.name).where(Player.account_id == account_id).order_by(Player.name)
        ).scalars()
    )


def players(account_id: int, besides: int | None = None) -> list[tuple[int, str]]:
    """The account's players (id, name) by name, without `besides`."""
    query = select(Player.id, Player.name).where(Player.account_id == account_id)
    if besides is not None:
        query = query.where(Player.id != besides)
    rows = db.session.execute(query.order_by(func.lower(Player.name)))
    return [(pid, name) for pid, name in rows]


def players_with_games(account_id: int) -> list[tuple[int, str, int]]:
    """The account's players with the games each played, counted as the player's record counts
    them: none deleted or abandoned."""
    counted = select(Game.id).where(Game.deleted_at.is_(None), Game.abandoned_at.is_(None))
    rows = db.session.execute(
        select(Player.id, Player.name, func.count(Seat.id))
        .outerjoin(Seat, and_(Seat.player_id == Player.id, Seat.game_id.in_(counted)))
        .where(Player.account_id == account_id)
        .group_by(Player.id, Player.name)
        .order_by(func.lower(Player.name))
    ).all()
    return [(pid, name, count) for pid, name, count in rows]


@dataclass(frozen=True)
class HistoryFilter:
    """Which of an account's games the history lists (None: any)."""

    player: int | None = None
    variant: str | None = None
    since: date | None = None
    until: date | None = None

    def apply(self, query: Select[Any]) -> Select[Any]:
        if self.player is not None:
            query = query.where(
                Game.id.in_(select(Seat.game_id).where(Seat.player_id == self.player))
            )
        if self.variant:
            query = query.where(Game.variant == self.variant)
        if self.since:
            query = query.where(
                Game.created_at >= datetime.combine(self.since, datetime.min.time())
            )
        if self.until:
            end = datetime.combine(self.until + timedelta(days=1), datetime.min.time())
            query = query.where(Game.created_at < end)
        return query


def history_count(account_id: int, where: HistoryFilter) -> int:
    """How many of the account's games the filter lists."""
    games = where.apply(select(Game.id).where(visible(account_id)))
    return int(db.session.execute(select(func.count()).select_from(games.subquery())).scalar_one())


def history_page(account_id: int, where: HistoryFilter, page: int, size: int) -> list[Game]:
    """One page of the account's games the filter lists, newest first, seats loaded."""
    return list(
        db.session.execute(
            where.apply(select(Game).where(visible(account_id)))
            .order_by(Game.created_at.desc(), Game.id.desc())
            .offset((page - 1) * size)
            .limit(size)
            .options(selectinload(Game.seats))
        ).scalars()
    )
