"""A player's records kept fast: seat figures written with each game write, and remade by reads."""

# Every write of a line (and a new game) stores its seats' figures at the game's new version in
# its own transaction (`write`), so a player's page sums rows that exist. A game whose figures
# are missing or older (stored before the table; a rename, a link or an abandon bumps the
# version without changing a line) is replayed once by the read that finds it, and its rows
# kept on a connection of their own, as summaries.keep does: a cache never ends, nor rolls
# back, the caller's transaction.

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from scorekeeper.rules import Line, Tally
from scorekeeper.rules.career import Career
from scorekeeper.services.summaries import _writing_on_sqlite
from scorekeeper.services.writing import commit
from scorekeeper.store import careers as derive
from scorekeeper.store.db import db, wait_for_no_lock
from scorekeeper.store.eventmodels import EventConfirmation, EventTable
from scorekeeper.store.memo import memos
from scorekeeper.store.models import Game, Player, Seat, SeatFiguresRow
from scorekeeper.store.models import Line as LineRow


def write(game: Game, lines: Sequence[Line], tally: Tally) -> None:
    """Within a write of `game` (its lines as they now are, and their tally): the seats'
    figures at the version this write gives the game."""
    db.session.flush()  # the game row's UPDATE (or INSERT): `version` is the new one now
    rows = derive.figures(game, lines, tally)
    db.session.execute(delete(SeatFiguresRow).where(SeatFiguresRow.game_id == game.id))
    db.session.execute(
        insert(SeatFiguresRow), [{"game_id": game.id, "version": game.version, **r} for r in rows]
    )


def carry(game_ids: Sequence[int]) -> None:
    """Within a write that bumps these games' versions by one and changes no line (a rename,
    a merge): their current figures stay true one version on."""
    if not game_ids:
        return
    current = select(Game.version).where(Game.id == SeatFiguresRow.game_id).scalar_subquery()
    db.session.execute(
        update(SeatFiguresRow)
        .where(SeatFiguresRow.game_id.in_(list(game_ids)), SeatFiguresRow.version == current)
        .values(version=SeatFiguresRow.version + 1)
        .execution_options(synchronize_session=False)
    )


def keep(fresh: derive.Fresh) -> None:
    """Stores the figures a read made, each at its version (replacing older ones)."""
    if not fresh or _writing_on_sqlite():
        return
    rows = [{"game_id": gid, "version": v, **r} for gid, (v, made) in fresh.items() for r in made]
    try:
        with db.engine.begin() as connection:
            wait_for_no_lock(connection)  # a cache is no reason to hold up the page
            ids = list(fresh)
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                connection.execute(delete(SeatFiguresRow).where(SeatFiguresRow.game_id.in_(chunk)))
            connection.execute(insert(SeatFiguresRow), rows)
    except IntegrityError:
        pass  # another worker kept them at the same moment
    except OperationalError:
        pass  # the database is busy (SQLite during an import): a cache can wait for next time


def fill(player_id: int) -> bool:
    """Makes the player's missing or older figures and keeps them, so that the queries find
    every game; False when some could not be kept (a busy database): the page is then made
    again by the next read instead of being remembered short of a game."""
    found = derive.stale(player_id)
    if not found:
        return True
    keep(derive.remake(found))
    return not derive.stale(player_id)


def fill_every(chunk: int = 500) -> int:
    """Makes the figures of every game that lacks them (the games stored before the cache,
    after an upgrade: `scorekeeper upgrade` calls it, off the request path), a chunk of games
    per transaction; returns how many games it made."""
    done, seen = 0, set()
    while True:
        found = [gid for gid in derive.stale_games(chunk) if gid not in seen]
        if not found:
            return done
        seen.update(found)  # a game written meanwhile is left to the writes and the reads
        fresh = derive.remake(found)
        ids = list(fresh)
        if ids:
            db.session.execute(delete(SeatFiguresRow).where(SeatFiguresRow.game_id.in_(ids)))
            db.session.execute(
                insert(SeatFiguresRow),
                [{"game_id": g, "version": v, **r} for g, (v, made) in fresh.items() for r in made],
            )
        commit()
        done += len(ids)


@dataclass(frozen=True)
class Page:
    """What a player's page shows of their history."""

    career: Career
    in_progress: int
    by_variant: dict[str, tuple[int, int]]
    results: list[tuple[datetime, int, bool]]
    recent: list[derive.Played]
    listed: int  # games not deleted, abandoned ones included
    met: list[tuple[int, str]]  # the players they sat with, for head-to-head
    complete: bool = True  # False: some game's figures could not be kept (a busy database)


def _version_key(player: Player) -> tuple[object, ...]:
    """What changes when one of the player's games does: every write bumps a game's version,
    and a game deleted, made or merged in changes the count and the sum of ids."""
    return (player.id, player.name) + tuple(
        db.session.execute(
            select(
                func.count(),
                func.coalesce(func.sum(Game.version), 0),
                func.coalesce(func.sum(Game.id), 0),
                func.coalesce(func.max(Game.version * 65521 + Game.id), 0),
            )
            .join(Seat, Seat.game_id == Game.id)
            .where(Seat.player_id == player.id, Game.deleted_at.is_(None))
        ).one()
    )


def page_key(player: Player) -> tuple[object, ...]:
    """What the player's page depends on, in small aggregate queries: every write bumps a
    game's version; a closed event table counts from the moment it is closed, and a table of
    an event with `confirm` once its hands are confirmed, and neither bumps a game's version,
    so the key has the number of closed tables and of confirmations too."""
    return ("page",) + _version_key(player) + (_closed(player.id), _confirmed(player.id))


def page(player: Player, key: tuple[object, ...] | None = None) -> Page:
    """The player's records, results and latest games; remembered per worker under
    `page_key` until one of their games changes."""
    key = page_key(player) if key is None else key
    found: Page | None = memos().records.get(key)
    if found is None:
        complete = fill(player.id)
        found = dataclasses.replace(_page(player), complete=complete)
        if complete:
            memos().records.put(key, found)
    return found


def _closed(player_id: int) -> int:
    return int(
        db.session.execute(
            select(func.count())
            .select_from(EventTable)
            .join(Seat, Seat.game_id == EventTable.game_id)
            .where(Seat.player_id == player_id, EventTable.closed.is_(True))
        ).scalar_one()
    )


def _confirmed(player_id: int) -> int:
    # the confirmations of event tables only (an ordinary game's count for nothing here): by
    # way of the tables, not of every line of the player's games, which for 10,000 games was
    # 30 ms of a 50 ms view on SQLite
    return int(
        db.session.execute(
            select(func.count())
            .select_from(Seat)
            .join(EventTable, EventTable.game_id == Seat.game_id)
            .join(LineRow, LineRow.game_id == Seat.game_id)
            .join(EventConfirmation, EventConfirmation.line_id == LineRow.id)
            .where(Seat.player_id == player_id)
        ).scalar_one()
    )


def _page(player: Player) -> Page:
    recent, listed = derive.games(player.id)
    return Page(
        career=derive.career(player.id),
        in_progress=derive.in_progress(player.id),
        by_variant=derive.by_variant(player.id),
        results=list(derive.results(player.id)),
        recent=recent,
        listed=listed,
        met=derive.others_met(player.id),
    )


def _remembered(key: tuple[object, ...], make: Callable[[], Any], *players: Player) -> Any:
    """`make()` remembered under `key` (which holds the players' page keys) once every game of
    theirs has its figures kept."""
    found = memos().records.get(key)
    if found is None:
        complete = all([fill(p.id) for p in players])
        found = make()
        if complete:
            memos().records.put(key, found)
    return found


def games(
    player: Player, record: str | None, offset: int, limit: int
) -> tuple[list[derive.Played], int]:
    """A page of the player's games behind `record` (None: all of them), and their number;
    remembered as the page is."""
    key = ("games", page_key(player), record, offset, limit)
    made = _remembered(key, lambda: derive.games(player.id, record, offset, limit), player)
    return made  # type: ignore[no-any-return]


def head_to_head(
    player: Player, other: Player, key: tuple[object, ...] | None = None
) -> list[derive.Meeting]:
    """The counting games the two players sat at together, newest first; remembered until a
    game of either changes (`key`: the player's page key, if the caller has it)."""
    key = ("versus", key or page_key(player), page_key(other))
    made = _remembered(key, lambda: [derive.head_to_head(player.id, other.id)], player, other)
    return made[0]  # type: ignore[no-any-return]
