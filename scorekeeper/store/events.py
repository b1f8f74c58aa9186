"""Events read: an event's rows as the pure events.Event (one mapping, both ways with the event
file), remembered per version of the event and of each of its games."""

# The standings of 250 tables are derived from 250 games: their facts are read in two queries
# (facts.read_facts) for the games not remembered, each scored once per version (memo.py), and
# the whole Event remembered under the versions it was made from, so it cannot go stale.

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.events import Event, Outcome, Round, Standings, Table, to_dict
from scorekeeper.events import standings as rank
from scorekeeper.gamefile import GameFile
from scorekeeper.rules import Line as RuleLine
from scorekeeper.rules import Rules, find_variant, stored_sheet
from scorekeeper.store import memo
from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.store.eventmodels import EventConfirmation, EventRound, EventTable
from scorekeeper.store.facts import read_facts
from scorekeeper.store.models import Account, Game, Line


def load(event_id: int, owner_id: int | None = None) -> EventRow | None:
    """An event with its players, rounds and tables (three queries); with `owner_id`, only if
    that account directs it."""
    query = (
        select(EventRow)
        .where(EventRow.id == event_id)
        .options(
            selectinload(EventRow.players),
            selectinload(EventRow.rounds).selectinload(EventRound.tables),
        )
    )
    if owner_id is not None:
        query = query.where(EventRow.owner_id == owner_id)
    return db.session.execute(query).scalar_one_or_none()


def owned(owner_id: int) -> list[EventRow]:
    """The account's events, newest first."""
    return list(
        db.session.execute(
            select(EventRow).where(EventRow.owner_id == owner_id).order_by(EventRow.id.desc())
        ).scalars()
    )


def director(event: EventRow) -> Account | None:
    return db.session.get(Account, event.owner_id)


def table_of_game(game_id: int) -> tuple[EventTable, EventRound, EventRow] | None:
    """The event table whose game this is, with its round and event (a table link's scope)."""
    row = db.session.execute(
        select(EventTable, EventRound, EventRow)
        .join(EventRound, EventTable.round_id == EventRound.id)
        .join(EventRow, EventRound.event_id == EventRow.id)
        .where(EventTable.game_id == game_id)
    ).one_or_none()
    return (row[0], row[1], row[2]) if row is not None else None


def table_row(table_id: int) -> tuple[EventTable, EventRound, EventRow] | None:
    row = db.session.execute(
        select(EventTable, EventRound, EventRow)
        .join(EventRound, EventTable.round_id == EventRound.id)
        .join(EventRow, EventRound.event_id == EventRow.id)
        .where(EventTable.id == table_id)
    ).one_or_none()
    return (row[0], row[1], row[2]) if row is not None else None


def header(event: EventRow) -> dict[str, Any]:
    """The event file's header fields as stored (numbers as exact decimals)."""
    out: dict[str, Any] = {
        "name": event.name,
        "tables": {str(size): preset for size, preset in event.tables},
        "options": dict(event.options),
    }
    if event.points:
        out["points"] = {size: [_exact(p) for p in ps] for size, ps in event.points.items()}
    if event.bye is not None:
        out["bye"] = _exact(event.bye)
    if event.ranking is not None:
        out["ranking"] = event.ranking
    out["confirm"] = event.confirm
    return out


def _exact(text: str) -> int | float:
    value = Fraction(text)
    return int(value) if value.denominator == 1 else float(text)


def started(event: EventRow) -> list[EventRound]:
    """The rounds whose tables have their games: what the standings and the file hold."""
    return [r for r in event.rounds if r.started_at is not None]


def game_versions(event: EventRow) -> dict[int, int]:
    """Each table's game and its version now, in one query."""
    ids = [t.game_id for r in started(event) for t in r.tables if t.game_id is not None]
    if not ids:
        return {}
    rows = db.session.execute(select(Game.id, Game.version).where(Game.id.in_(ids))).all()
    return {game_id: version for game_id, version in rows}


def last_writes(games: list[int]) -> dict[int, Any]:
    """Each game's last write (UTC), in one query: a table silent for long may be scoring
    with no connection (the director's page says since when)."""
    if not games:
        return {}
    rows = db.session.execute(select(Game.id, Game.updated_at).where(Game.id.in_(games))).all()
    return {game_id: at for game_id, at in rows}


def pure(
    event: EventRow,
    versions: dict[int, int] | None = None,
    whole: bool = False,
    outcomes: Mapping[int, Mapping[str, Any]] | None = None,
) -> Event:
    """The event as scorekeeper.events reads it: every started round, each table's game read
    as its pages read it (as accepted: stored_sheet), each table remembered per version of
    its game (memo.py), so that after a hand one table is scored again, not 250.

    A table is remembered without its lines, as an Outcome: the standings, the draw and the
    director's pages read only its seats, totals, winners, end and count of hands, and 1,000
    tables of ~65 lines with their line results weigh ~120 MB, four times the memo, which
    then forgot every table before it was asked again. `outcomes`: game id -> its summary at
    its version now (store/summaries.py, kept as rows), from which a table this worker does
    not remember is made without reading its lines: a new worker's first standings of 1,000
    tables read 65,000 lines and scored them in ~4 s (bench/events.py). `whole`: every table
    with its lines, as the event file writes them."""
    versions = game_versions(event) if versions is None else versions
    players = tuple(p.name for p in event.players)
    presets = {int(size): preset for size, preset in event.tables}
    keys = _keys(event, versions)
    # confirmations are no part of a game's version: an event with them is read whole
    known: dict[int, Table | None] = {
        tid: None if event.confirm or whole else memo.memos().events.get(key)
        for tid, key in keys.items()
    }
    summed = {} if event.confirm or whole else dict(outcomes or {})
    for round_ in started(event):
        for table in round_.tables:
            data = summed.get(table.game_id or 0)
            if known[table.id] is None and data is not None:
                known[table.id] = _from_summary(event, table, players, presets, data)
                memo.memos().events.put(keys[table.id], known[table.id])
    missing = {t.game_id for r in started(event) for t in r.tables if known[t.id] is None}
    facts = _facts({g: versions[g] for g in missing if g is not None and g in versions})
    confirmed = _confirmations(event, versions) if event.confirm else {}
    rules = {size: Rules(find_variant(p), event.options) for size, p in presets.items()}
    rounds = []
    for round_ in started(event):
        tables = []
        for table in round_.tables:
            found = known[table.id]
            if found is None:
                found = _table(event, table, players, presets, rules, facts, confirmed)
                if table.game_id in versions:
                    memo.memos().events.put(keys[table.id], _without_lines(found))
            tables.append(found)
        rounds.append(Round(tuple(tables)))
    return Event(
        name=event.name,
        tables=presets,
        players=players,
        rounds=tuple(rounds),
        options=dict(event.options),
        points={int(s): tuple(Fraction(p) for p in ps) for s, ps in (event.points or {}).items()},
        bye=Fraction(event.bye) if event.bye is not None else None,
        ranking=event.ranking,
        confirm=event.confirm,
    )


def _keys(event: EventRow, versions: dict[int, int]) -> dict[int, tuple[Any, ...]]:
    """Each table's key in the memo: its game at its version, its seats, closed or not."""
    return {
        t.id: ("event-table", t.game_id, versions.get(t.game_id or 0), tuple(t.seats), t.closed)
        for r in started(event)
        for t in r.tables
    }


def unremembered(event: EventRow, versions: dict[int, int]) -> dict[int, int]:
    """The games (id -> version) of the tables this worker does not remember: those whose
    summaries pure() may be given. None for an event read whole (with `confirm`)."""
    if event.confirm:
        return {}
    keys = _keys(event, versions)
    return {
        t.game_id: versions[t.game_id]
        for r in started(event)
        for t in r.tables
        if t.game_id in versions and memo.memos().events.get(keys[t.id]) is None
    }


def _from_summary(
    event: EventRow,
    table: EventTable,
    players: tuple[str, ...],
    presets: dict[int, str],
    data: Mapping[str, Any],
) -> Table:
    """A table as remembered (without lines) made from its game's summary."""
    names = tuple(players[s] for s in table.seats)
    size = len(table.seats)
    return Table(
        tuple(table.seats),
        GameFile(presets[size], names, dict(event.options), table.first_dealer, ()),
        Outcome(
            tuple(data["totals"]), tuple(data["winners"]), bool(data["finished"]), data["hands"]
        ),
        (),
        table.closed,
    )


def _table(
    event: EventRow,
    table: EventTable,
    players: tuple[str, ...],
    presets: dict[int, str],
    rules: dict[int, Rules],
    facts: dict[int, Sequence[RuleLine]],
    confirmed: dict[int, dict[int, int]],
) -> Table:
    lines = tuple(facts.get(table.game_id, ())) if table.game_id is not None else ()
    names = tuple(players[s] for s in table.seats)
    size = len(table.seats)
    game = GameFile(presets[size], names, dict(event.options), table.first_dealer, lines)
    tally = stored_sheet(rules[size], lines, table.first_dealer, names).tally()
    by = confirmed.get(table.game_id or 0, {})
    return Table(
        tuple(table.seats),
        game,
        tally,
        tuple(by.get(n) for n in range(1, len(lines) + 1)),
        table.closed,
    )


def _without_lines(table: Table) -> Table:
    """The table as remembered: its game's lines left out, its tally as an Outcome (pure())."""
    t = table.tally
    return dataclasses.replace(
        table,
        game=dataclasses.replace(table.game, lines=()),
        tally=Outcome(t.totals, t.winners, t.finished, t.hands),
    )


def standings(
    event: EventRow,
    versions: dict[int, int] | None = None,
    outcomes: Mapping[int, Mapping[str, Any]] | None = None,
) -> tuple[Event, Standings]:
    """The pure event and its standings, the standings remembered per version of the event
    and of its games: the director's pages and the API ask again and again between hands."""
    versions = game_versions(event) if versions is None else versions
    pure_event = pure(event, versions, outcomes=outcomes)
    key = ("standings", event.id, event.version, tuple(sorted(versions.items())))
    found: Standings | None = memo.memos().events.get(key)
    if found is None:
        found = rank(pure_event)
        memo.memos().events.put(key, found)
    return pure_event, found


def _facts(versions: dict[int, int]) -> dict[int, Sequence[RuleLine]]:
    """Each game's lines: remembered ones from the memo, the rest in two queries."""
    out: dict[int, Sequence[RuleLine]] = {}
    missing = []
    for game_id, version in versions.items():
        known = memo.memos().facts.get((game_id, version))
        if known is None:
            missing.append(game_id)
        else:
            out[game_id] = known
    if missing:
        read, read_versions = read_facts(missing)
        for game_id, lines in read.items():
            out[game_id] = tuple(lines)
            if read_versions.get(game_id) == versions.get(game_id):
                memo.memos().facts.put((game_id, versions[game_id]), tuple(lines))
    return out


def _confirmations(event: EventRow, versions: dict[int, int]) -> dict[int, dict[int, int]]:
    """game -> line number -> the seat that confirmed it."""
    if not versions:
        return {}
    rows = db.session.execute(
        select(Line.game_id, Line.position, EventConfirmation.seat)
        .join(EventConfirmation, EventConfirmation.line_id == Line.id)
        .where(Line.game_id.in_(list(versions)))
    ).all()
    out: dict[int, dict[int, int]] = {}
    for game_id, position, seat in rows:
        out.setdefault(game_id, {})[position] = seat
    return out


def event_file(event: EventRow) -> dict[str, Any]:
    """The event file of everything played so far (the rounds started): read again, it gives
    the same standings."""
    return to_dict(pure(event, whole=True))
