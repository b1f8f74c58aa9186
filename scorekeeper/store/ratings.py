"""The account's ratings (docs/ratings.md), derived from its stored games and remembered per
worker under what they were made from: extended by one game when a game ends."""

# Store facts, derive every number: no rating is stored. One aggregate query over the
# account's games and events tells whether anything changed since the ratings were made (every
# write of a game bumps its version; a closed table or a confirmation bumps its event's). When
# something did, the games are listed again (id, version: a few milliseconds for 10,000), each
# game's match is reused while its version is the same, and only what is new is read (its
# summary, its seats, when it ended). The ratings are then rated on from the first game that
# differs: when a game ends it is the last one, and one match is added; an edited past game
# rates again from it (Ratings.rewound).

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, true

from scorekeeper.events.results import ranked
from scorekeeper.store import memo
from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import Event, EventConfirmation, EventRound, EventTable
from scorekeeper.store.models import Game, Line, Player, RatingCache, Seat
from scorekeeper.store.ratingstate import AccountRatings, Counted, TableState, decoded
from scorekeeper.store.summaries import Fresh, summary_data

#: a player is ranked after this many rated games (docs/ratings.md): before that the rating
#: mostly says how unsure it still is (sigma starts at 25/3, three times of which is the mu)
RANKED_AFTER = 5
#: the cache row is written again once this many games were rated since it was: a new worker
#: rates those few on from it, and a game that ends does not rewrite 10,000 games' row
KEEP_AFTER = 100


def state_key(account_id: int) -> str:
    """What the ratings depend on: the account's games (their count, versions and ids) and
    its events (a table closed or a hand confirmed bumps the event's version)."""
    return _state(account_id)[0]


def _state(account_id: int) -> tuple[str, bool]:
    """The state key, and whether the account has a cache row, in one query."""
    games = (
        select(
            func.count(),
            func.coalesce(func.sum(Game.version), 0),
            func.coalesce(func.sum(Game.id), 0),
            func.coalesce(func.max(Game.version * 65521 + Game.id), 0),
        )
        .where(Game.owner_id == account_id, Game.deleted_at.is_(None))
        .subquery()
    )
    events = (
        select(
            func.count().label("n"),
            func.coalesce(func.sum(Event.version), 0).label("versions"),
            func.coalesce(func.sum(Event.id), 0).label("ids"),
        )
        .where(Event.owner_id == account_id)
        .subquery()
    )
    row_kept = select(func.count()).where(RatingCache.account_id == account_id).scalar_subquery()
    # one row each: joined on nothing, they are one row
    *row, has_row = db.session.execute(
        select(games, events, row_kept).select_from(games.join(events, true()))
    ).one()
    return json.dumps([account_id, *(int(x) for x in row)]), bool(has_row)


def account_ratings(
    account_id: int, most: int | None = None, keep: bool = False
) -> tuple[AccountRatings, Fresh, AccountRatings | None]:
    """The account's ratings now; the game summaries made on the way; and the ratings to keep
    as the account's cache row when their games changed (the caller keeps both, as
    services/summaries.py keeps summaries). This worker's copy first, then the cache row a
    worker kept, then rated on from either. With `most`, no more than that many games are
    rated here: when more would be, the ratings as they were come back marked `pending`, for
    the caller to have them made off the request path. The ratings are to be kept when they
    were made from nothing, when KEEP_AFTER games were rated since they last were, or (`keep`)
    whenever they changed."""
    key, has_row = _state(account_id)
    memos = memo.memos().ratings
    before: AccountRatings | None = memos.get(("ratings", account_id))
    if before is None and has_row:
        before = kept(account_id)
    if before is not None and before.key == key:
        memos.put(("ratings", account_id), before)
        return before, {}, None
    start = before or AccountRatings("")
    made, fresh = _made(account_id, key, start, most)
    if made.pending:
        return made, fresh, None
    memos.put(("ratings", account_id), made)
    if made.games == start.games or not (keep or not start.key or made.unkept >= KEEP_AFTER):
        return made, fresh, None
    made.unkept = 0
    return made, fresh, made


def kept(account_id: int) -> AccountRatings | None:
    """The ratings of the account's cache row, as kept (their key may be out of date)."""
    row = db.session.execute(
        select(RatingCache.key, RatingCache.data).where(RatingCache.account_id == account_id)
    ).one_or_none()
    if row is None:
        return None
    try:
        return decoded(row[0], row[1])
    except (KeyError, TypeError, ValueError):
        return None  # a row of an older shape: made again


def _made(
    account_id: int, key: str, before: AccountRatings, most: int | None = None
) -> tuple[AccountRatings, Fresh]:
    rows = db.session.execute(
        select(Game.id, Game.version, Game.abandoned_at).where(
            Game.owner_id == account_id, Game.deleted_at.is_(None)
        )
    ).all()
    tables = _tables(account_id)
    seen: dict[int, tuple[int, TableState | None, Counted | None]] = {}
    new: dict[int, int] = {}
    for game_id, version, _abandoned in rows:
        known = before.seen.get(game_id)
        # a table of an event may have been closed or confirmed since: its game's version
        # says nothing of it, its state does
        if known is not None and known[:2] == (version, tables.get(game_id)):
            seen[game_id] = known
        else:
            new[game_id] = version
    fresh: Fresh = {}
    if new:
        abandoned = {gid for gid, _v, at in rows if at is not None}
        found, fresh = summary_data(new)
        counting = {
            gid: s for gid, s in found.items() if _counts(gid, s, tables.get(gid), gid in abandoned)
        }
        ends = _ends(counting, tables)
        seats = _seats(counting)
        for gid, version in new.items():
            s = counting.get(gid)
            table = tables.get(gid)
            if s is None:
                seen[gid] = (version, table, None)
                continue
            winners = s["winners"] if s["finished"] else ()
            places = ranked(s["totals"], winners)
            seen[gid] = (version, table, Counted(gid, version, ends[gid], seats[gid], places))
    games = sorted(
        (c for _v, _t, c in seen.values() if c is not None), key=lambda c: (c.ended, c.game_id)
    )
    same = 0
    for old, now in zip(before.games, games):
        if old != now:
            break
        same += 1
    if most is not None and len(games) - same > most:
        return dataclasses.replace(before, pending=True), fresh
    start = before.ratings if same == len(before.games) else before.ratings.rewound(same)
    ratings = start.extended(c.match() for c in games[same:])
    rated = before.unkept + len(games) - same
    return AccountRatings(key, tuple(games), ratings, seen, unkept=rated), fresh


def _tables(account_id: int) -> dict[int, TableState]:
    """The games of the account's events' tables, each as its table says (events.md
    section 2)."""
    rows = db.session.execute(
        select(EventTable.game_id, EventTable.closed, EventRound.closed_at, Event.confirm)
        .join(EventRound, EventTable.round_id == EventRound.id)
        .join(Event, EventRound.event_id == Event.id)
        .where(Event.owner_id == account_id, EventTable.game_id.is_not(None))
    ).all()
    confirming = [gid for gid, _c, _at, confirm in rows if confirm]
    confirmed: dict[int, int] = {}
    if confirming:
        confirmed = dict(
            db.session.execute(
                select(Line.game_id, func.count())
                .join(EventConfirmation, EventConfirmation.line_id == Line.id)
                .where(Line.game_id.in_(confirming))
                .group_by(Line.game_id)
            ).all()
        )
    return {
        gid: TableState(closed, at, confirm, confirmed.get(gid, 0))
        for gid, closed, at, confirm in rows
        if gid is not None
    }


def _counts(game_id: int, s: dict[str, Any], table: TableState | None, abandoned: bool) -> bool:
    """ratings.md section 1: a game counts when it ended by the rules (scoring.md section 4),
    not abandoned; an event's table when the table counts (events.md section 2: ended or
    closed, and with `confirm` every hand confirmed). A game that no longer replays does not."""
    if s.get("error"):
        return False
    if table is None:
        return bool(s["finished"]) and not abandoned
    if not (s["finished"] or table.closed):
        return False
    # only hands are confirmed (never an adjustment): every hand is when the counts match
    return not table.confirm or table.confirmed >= s["hands"]


def _ends(
    counting: dict[int, dict[str, Any]], tables: dict[int, TableState]
) -> dict[int, datetime]:
    """When each game ended: when its last line was first written (an edit of a past hand
    does not move it). An event's table, once its round is closed, ends with its round: the
    round's tables then follow one another table by table (their games' ids), as
    `scorekeeper ratings` reads them from the event file."""
    ids = [gid for gid in counting if gid not in tables or tables[gid].closed_at is None]
    last: dict[int, datetime] = {}
    for chunk in _chunks(ids, 5000):
        last.update(
            db.session.execute(
                select(Line.game_id, func.max(Line.created_at))
                .where(Line.game_id.in_(chunk))
                .group_by(Line.game_id)
            ).all()
        )
    made: dict[int, datetime] = {}
    if len(last) < len(ids):  # a game with no line at all (a table closed at once)
        empty = [g for g in ids if g not in last]
        made = dict(
            db.session.execute(select(Game.id, Game.created_at).where(Game.id.in_(empty))).all()
        )
    out = {}
    for gid in counting:
        at = tables[gid].closed_at if gid in tables else None
        out[gid] = at or last.get(gid) or made[gid]
    return out


def _seats(counting: dict[int, dict[str, Any]]) -> dict[int, tuple[int, ...]]:
    """Each game's players (ids), in seat order."""
    out: dict[int, list[int]] = {gid: [] for gid in counting}
    for chunk in _chunks(list(counting), 5000):
        for gid, player in db.session.execute(
            select(Seat.game_id, Seat.player_id)
            .where(Seat.game_id.in_(chunk))
            .order_by(Seat.game_id, Seat.position)
        ):
            out[gid].append(player)
    return {gid: tuple(players) for gid, players in out.items()}


def _chunks(items: list[int], size: int) -> Iterable[list[int]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def names(account_id: int) -> dict[int, str]:
    """The account's players: id -> name."""
    return dict(
        db.session.execute(
            select(Player.id, Player.name).where(Player.account_id == account_id)
        ).all()
    )
