"""Every game's scoreboard derived afresh from its stored lines, to compare two databases (a
backup restored beside the database it was taken from)."""

# Derived by the rules from the facts, as every page does, but from no cache (summary rows,
# memos): a copy whose lines lost or changed anything shows a different board, even where the
# cache says otherwise.

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.rules import InvalidHand, stored_sheet
from scorekeeper.store.db import db
from scorekeeper.store.derived import rules_for
from scorekeeper.store.facts import read_facts
from scorekeeper.store.models import Game, Seat

BATCH = 200  # games read at once: two queries each, memory for 200 games' lines


@dataclass(frozen=True)
class Board:
    """What a game's page shows of it, as derived from its lines at `version`."""

    version: int
    variant: str
    players: tuple[str, ...]
    lines: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    abandoned: bool
    deleted: bool
    error: str | None = None  # the lines no longer replay: why


def boards() -> Iterator[tuple[int, Board]]:
    """Every game's board by game id, read BATCH games at a time."""
    ids = list(db.session.execute(select(Game.id).order_by(Game.id)).scalars())
    for start in range(0, len(ids), BATCH):
        chunk = ids[start : start + BATCH]
        for attempt in range(3):  # a game written between the two reads is read again
            torn = []
            for gid, board in _boards(chunk, last=attempt == 2):
                if board is None:
                    torn.append(gid)
                else:
                    yield gid, board
            if not torn:
                break
            chunk = torn
        db.session.expunge_all()  # the games read stay in no identity map: memory stays flat


def _boards(ids: list[int], last: bool) -> Iterator[tuple[int, Board | None]]:
    """The games' boards; None for one written between its two reads (unless `last`: then
    a board that says so)."""
    games = db.session.execute(
        select(Game)
        .where(Game.id.in_(ids))
        .options(selectinload(Game.seats).joinedload(Seat.player))
        .execution_options(populate_existing=True)
    ).scalars()
    by_id = {g.id: g for g in games}
    facts, versions = read_facts(list(by_id))
    for gid, game in by_id.items():
        names = tuple(seat.player.name for seat in game.seats)
        if versions.get(gid) != game.version:
            torn = "it changed each time it was read"
            yield gid, _board(game, names, 0, (), (), False, torn) if last else None
            continue
        lines = facts[gid]
        try:
            tally = stored_sheet(rules_for(game), lines, game.first_dealer, names).tally()
        except InvalidHand as e:
            yield gid, _board(game, names, len(lines), (), (), False, str(e))
            continue
        yield gid, _board(game, names, len(lines), tally.totals, tally.winners, tally.finished)


def _board(
    game: Game,
    names: tuple[str, ...],
    lines: int,
    totals: tuple[int, ...],
    winners: tuple[int, ...],
    finished: bool,
    error: str | None = None,
) -> Board:
    return Board(
        version=game.version,
        variant=game.variant,
        players=names,
        lines=lines,
        totals=tuple(totals),
        winners=tuple(winners),
        finished=finished,
        abandoned=game.abandoned_at is not None,
        deleted=game.deleted_at is not None,
        error=error,
    )
