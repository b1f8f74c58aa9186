"""What the director's pages show, derived: each table's totals and hands, links, standings."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from scorekeeper.events.numbers import written
from scorekeeper.events.results import counts, table_result, waiting
from scorekeeper.services import events as running
from scorekeeper.services import standings as reading
from scorekeeper.store import events as stored
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.store.eventmodels import EventRound, EventTable
from scorekeeper.store.models import now
from scorekeeper.web import addresses
from scorekeeper.web.events import links, room
from scorekeeper.web.events.forms import DrawForm
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.sharing.live import qr_svg
from scorekeeper.web.words import VARIANT_NAMES


def _names(event: EventRow) -> list[str]:
    return [p.name for p in event.players]


def _byes(event: EventRow, round_: EventRound) -> list[str]:
    seated = {p for t in round_.tables for p in t.seats}
    return [p.name for p in event.players if p.position not in seated]


#: minutes without a write after which the director's page says since when a table is silent
SILENT_MIN = 10


def _silent(at: datetime | None) -> int | None:
    """Whole minutes since `at` (a UTC time as stored), if SILENT_MIN or more."""
    if at is None:
        return None
    minutes = int((now() - at).total_seconds() // 60)
    return minutes if minutes >= SILENT_MIN else None


def context(event: EventRow) -> dict[str, Any]:
    """The director's page: the round to play next or being played, every table's state."""
    names = _names(event)
    pure = reading.pure(event)
    rounds = stored.started(event)
    tables: list[dict[str, Any]] = []
    current = running.running(event) or (rounds[-1] if rounds else None)
    if current is not None:
        read = pure.rounds[rounds.index(current)].tables
        written = stored.last_writes([t.game_id for t in current.tables if t.game_id])
        playing = running.running(event) is current
        for table, result in zip(current.tables, read):
            tally = result.tally
            tables.append(
                {
                    "id": table.id,
                    "number": table.number,
                    "game_id": table.game_id,
                    "seats": [(names[s], total) for s, total in zip(table.seats, tally.totals)],
                    "hands": tally.hands,
                    "ended": tally.finished,
                    "closed": table.closed,
                    "counts": counts(pure, result),
                    # with `confirm`, the hands no seat has confirmed yet (pure() reads such an
                    # event's tables whole)
                    "waiting": waiting(result) if event.confirm else 0,
                    # a table playing on whose game nothing came for SILENT_MIN minutes: it
                    # may be scoring with no connection (its phone sends when it is back)
                    "silent": _silent(written.get(table.game_id or 0))
                    if playing and not (result.tally.finished or table.closed)
                    else None,
                }
            )
    drawn = running.drawn(event)
    return {
        "event": event,
        "names": names,
        "drawn": drawn,
        "drawn_tables": [(t.number, [names[s] for s in t.seats]) for t in drawn.tables]
        if drawn
        else [],
        "drawn_byes": _byes(event, drawn) if drawn else [],
        "current": current,
        "playing": running.running(event) is not None,
        "tables": tables,
        "confirm": event.confirm,
        # the round's timer (web/events/room.py): its end for the countdown, its form
        "ends": (at := room.ends(current)),
        "minutes": room.minutes_left(at),
        "timer_form": ConfirmForm(),
        "byes": _byes(event, current) if current is not None else [],
        "draw": DrawForm(),
        # by the name players give the variant: its title's "3 players" is the size said again
        "presets": [
            (int(size), VARIANT_NAMES.get(preset, preset)) for size, preset in event.tables
        ],
    }


def slip(event: EventRow, table: EventTable) -> addresses.Link | None:
    token = links.token(table)
    if token is None:
        return None
    return addresses.link("tables.open", table_id=table.id, token=token)


def plan(event: EventRow) -> dict[str, Any]:
    """The seating plan of the round being played (or the last one): a slip per table."""
    names = _names(event)
    rounds = stored.started(event)
    current = running.running(event) or (rounds[-1] if rounds else None)
    slips = []
    for table in current.tables if current is not None else []:
        link = slip(event, table)
        slips.append(
            {
                "id": table.id,
                "number": table.number,
                "players": [names[s] for s in table.seats],
                "url": link.url if link else None,
                "qr": qr_svg(link.url) if link else None,
            }
        )
    first = next((s["url"] for s in slips if s["url"]), None)
    return {
        "event": event,
        "round": current,
        "slips": slips,
        "byes": _byes(event, current) if current is not None else [],
        "address": slip(event, current.tables[0]) if current and current.tables else None,
        "first": first,
    }


def standings(event: EventRow) -> dict[str, Any]:
    """The standings, a row a player: each row opens that player's own page (player()), which
    explains it. An open of 1,000 players explained on one page was 1.2 MB of HTML and took
    2.4 s to render (bench/events.py); a row is ~0.2 KB."""
    pure, table = reading.standings(event)
    rounds = stored.started(event)
    games = {
        (number, t.number): t.game_id for number, r in enumerate(rounds, start=1) for t in r.tables
    }
    names = pure.players
    return {
        "event": event,
        "rows": [
            {
                "place": row.place,
                "player": names[row.player],
                "number": row.player + 1,
                "points": written(row.points),
                "totals": row.totals,
                "margin": written(row.margin),
                "won": row.won,
                "played": row.played,
            }
            for row in table.rows
        ],
        "ranking": pure.ranked_by,
        "pending": [
            {"round": r, "table": t, "game_id": games.get((r, t))} for r, t in table.pending
        ],
        "provisional": running.running(event) is not None or bool(table.pending),
        "rounds": len(rounds),
        "bye": written(pure.bye_points),
    }


def player(event: EventRow, number: int) -> dict[str, Any] | None:
    """A player's row of the standings explained (`number` from 1, in the order of the event's
    players): each round's table, who sat there with what total and place, and the points
    each place gave; a bye and its points. None: no such player."""
    pure, table = reading.standings(event)
    found = next((row for row in table.rows if row.player == number - 1), None)
    if found is None:
        return None
    games = {
        (n, t.number): t.game_id
        for n, r in enumerate(stored.started(event), start=1)
        for t in r.tables
    }
    names = pure.players
    entries: list[dict[str, Any]] = []
    for e in found.entries:
        company = []
        if e.table is not None:
            read = pure.rounds[e.round - 1].tables[e.table - 1]
            company = [
                {"player": names[s.player], "place": s.place, "total": s.total}
                for s in table_result(pure, read)
            ]
        entries.append(
            {
                "round": e.round,
                "table": e.table,
                "place": e.place,
                "points": written(e.points),
                "total": e.total,
                "margin": written(e.margin),
                "game_id": games.get((e.round, e.table or 0)),
                "company": company,
            }
        )
    # the tables of theirs that do not count yet (a game not over, hands not confirmed): shown
    # with their totals so far, where they would come in the round's order
    for r, t in table.pending:
        read = pure.rounds[r - 1].tables[t - 1]
        if found.player not in read.seats:
            continue
        entries.append(
            {
                "round": r,
                "table": t,
                "pending": True,
                "total": read.tally.totals[read.seats.index(found.player)],
                "game_id": games.get((r, t)),
                "company": [
                    {"player": names[p], "total": total, "place": None}
                    for p, total in zip(read.seats, read.tally.totals)
                ],
            }
        )
    entries.sort(key=lambda e: e["round"])
    return {
        "event": event,
        "player": names[found.player],
        "place": found.place,
        "points": written(found.points),
        "totals": found.totals,
        "margin": written(found.margin),
        "won": found.won,
        "played": found.played,
        "entries": entries,
        "ranking": pure.ranked_by,
        "provisional": running.running(event) is not None or bool(table.pending),
    }
