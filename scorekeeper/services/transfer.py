"""Importing: checked game files stored as new games of an account, in bulk, a chunk at a time."""

# One ORM object per row made a 2,000-game import take 39 s on SQLite and 54 s on PostgreSQL; here
# the rows of a chunk of games go in in bulk (store/bulk.py: COPY on PostgreSQL). The caller
# (services/importjobs.py) makes each chunk its own short transaction, which also records how far
# through the upload it got, and on SQLite pauses after each commit to let other writers in.

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select

from scorekeeper.gamefile import GameFile, decode, parse
from scorekeeper.gamefile.archive import MAX_GAME_LINES, counted_lines
from scorekeeper.gamefile.kinds import game_shaped, what_it_is
from scorekeeper.rules import InvalidHand, Problem
from scorekeeper.rules.career import SeatFigures, seat_figures
from scorekeeper.services import writing
from scorekeeper.store import bulk
from scorekeeper.store.db import db
from scorekeeper.store.facts import entry_fields, marriage_fields
from scorekeeper.store.imports import problem_data
from scorekeeper.store.models import (
    Entry,
    Game,
    Line,
    MarriageRow,
    Player,
    Seat,
    SeatFiguresRow,
    Summary,
    now,
)
from scorekeeper.store.summaries import GameSummary, summary_of


@dataclass(frozen=True)
class Checked:
    """A game file read and scored, with its summary (stored with it: no replay later)."""

    name: str
    file: GameFile
    summary: GameSummary
    figures: tuple[SeatFigures, ...] = ()  # each seat's records (rules/career.py)


def check(name: str, data: bytes, problems: int) -> Checked | dict[str, Any]:
    """One game file read and scored, every hand checked by the rules; or, if it cannot be
    stored, why: {"file": name, "why": ...}, with at most `problems` of its problems."""
    try:
        raw: Any = decode(data)
    except InvalidHand as e:
        # what the file is instead (a CSV, not text, a mistake at a line and column)
        return _refusal(name, what_it_is(name, data) or _problems(e.problems, problems))
    if not game_shaped(raw):  # JSON of another kind: one sentence, not a problem per key
        return _refusal(name, what_it_is(name, data) or {"kind": "other-json"})
    # counted before the lines are read (a trail is held to its bound by the reader itself)
    lines, _trail = counted_lines(raw)
    if lines > MAX_GAME_LINES:
        return _refusal(name, {"kind": "long", "count": lines, "max": MAX_GAME_LINES})
    try:
        game = parse(raw)
        tally = game.score()  # every hand is checked by the rules
    except InvalidHand as e:
        return _refusal(name, _problems(e.problems, problems))
    options = game.rules().options
    figures = seat_figures(tally, game.lines, options.min_bid, options.stake is not None)
    return Checked(name, game, summary_of(game, tally), figures)


def _refusal(name: str, why: dict[str, Any]) -> dict[str, Any]:
    return {"file": name, "why": why}


def _problems(found: Sequence[Problem], kept: int) -> dict[str, Any]:
    return {
        "kind": "problems",
        "problems": [problem_data(p) for p in found[:kept]],
        "more": max(0, len(found) - kept),
    }


def _players(names: Iterable[str], owner_id: int) -> dict[str, int]:
    """Each name's player of the account, created on first use (as services.player): key -> id."""
    wanted = {Player.key_of(n): " ".join(n.split()) for n in names}
    found: dict[str, int] = {
        key: pid
        for key, pid in db.session.execute(
            select(Player.key, Player.id).where(
                Player.account_id == owner_id, Player.key.in_(wanted)
            )
        )
    }
    missing = [k for k in wanted if k not in found]
    if missing:
        rows = [{"name": wanted[k], "key": k, "account_id": owner_id} for k in missing]
        ids = db.session.execute(
            insert(Player).returning(Player.id, sort_by_parameter_order=True), rows
        ).scalars()
        found.update(zip(missing, ids, strict=True))
    return found


def store_chunk(chunk: Sequence[Checked], owner_id: int) -> None:
    """Adds the games of `chunk` to the account, in bulk; the caller commits."""
    # the account first, as services.create_game takes it: two imports (or an import and a
    # new game) at once would both add the same new player, and one of them would fail
    writing.lock_account(owner_id)
    players = _players((n for c in chunk for n in c.file.players), owner_id)
    at = now()
    games = bulk.insert_ids(
        Game.__table__,
        [
            {
                "variant": c.file.variant,
                "options": dict(c.file.options),
                "first_dealer": c.file.first_dealer,
                "owner_id": owner_id,
                "created_at": at,
                "updated_at": at,
                "version": 1,
            }
            for c in chunk
        ],
    )
    seats, lines, summaries, figures = [], [], [], []
    for game_id, c in zip(games, chunk, strict=True):
        seats += [
            {"game_id": game_id, "position": i, "player_id": players[Player.key_of(n)]}
            for i, n in enumerate(c.file.players)
        ]
        lines += [bulk.line_row(game_id, i, line) for i, line in enumerate(c.file.lines, start=1)]
        # its fingerprint compares names by their key, so the account's spelling of a player
        # ("Ala" for the file's "ALA ") gives the one the file gave (summaries.fingerprint)
        summaries.append({"game_id": game_id, "version": 1, "data": c.summary.to_dict()})
        figures += [
            {"game_id": game_id, "version": 1, "seat": seat, **f.as_row()}
            for seat, f in enumerate(c.figures)
        ]
    bulk.insert_rows(seats, Seat.__table__)
    line_ids = bulk.insert_ids(Line.__table__, lines)
    entries, marriages = [], []
    rows = iter(line_ids)
    for c in chunk:
        width = len(c.file.players)
        for line, line_id in zip(c.file.lines, rows, strict=False):
            entries += [{"line_id": line_id, **e} for e in entry_fields(line, width)]
            marriages += [{"line_id": line_id, **m} for m in marriage_fields(line)]
    bulk.insert_rows(entries, Entry.__table__)
    bulk.insert_rows(marriages, MarriageRow.__table__)
    for game_id, c in zip(games, chunk, strict=True):
        if c.file.trail:
            bulk.trail_rows(game_id, c.file.trail)
    bulk.insert_rows(summaries, Summary.__table__)
    bulk.insert_rows(figures, SeatFiguresRow.__table__)
