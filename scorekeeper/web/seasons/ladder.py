"""What the season's pages show, derived: the ladder's rows, a player's score explained, the
printable sheet's grid of every result."""

from __future__ import annotations

from typing import Any

from scorekeeper.events.numbers import written
from scorekeeper.events.season import Row, player_key
from scorekeeper.services import seasons
from scorekeeper.store.seasonmodels import Season


def _row(row: Row) -> dict[str, Any]:
    return {
        "place": row.place,
        "player": row.player,
        "score": written(row.score),
        "tiebreak": row.tiebreak,
        "counted": row.counted,
        "played": len(row.results),
    }


def _events(found: seasons.SeasonLadder) -> list[dict[str, Any]]:
    return [
        {
            "number": n,
            "id": e.id,
            "name": e.name,
            "day": e.created_at,
            "state": e.state,
            "players": e.players,
        }
        for n, e in enumerate(found.events, start=1)
    ]


def ladder(season: Season) -> dict[str, Any]:
    """The ladder page: a row a player, each opening the page that explains the score."""
    found = seasons.season_ladder(season)
    return {
        "season": season,
        "rows": [_row(r) for r in found.ladder.rows],
        "events": _events(found),
        "provisional": found.provisional,
    }


def sheet(season: Season) -> dict[str, Any]:
    """The printable sheet: the ladder with every result, a column an event, the dropped ones
    marked, so that each score can be checked on paper."""
    found = seasons.season_ladder(season)
    rows = []
    for r in found.ladder.rows:
        cells: list[dict[str, Any] | None] = [None] * len(found.events)
        for x in r.results:
            cells[x.event] = {"points": written(x.points), "totals": x.totals, "counted": x.counted}
        rows.append({**_row(r), "cells": cells})
    return {
        "season": season,
        "rows": rows,
        "events": _events(found),
        "provisional": found.provisional,
    }


def player(season: Season, name: str) -> dict[str, Any] | None:
    """A player's score explained: every event of the season, whether its result counted,
    was dropped or they did not play it. None: no such player in the ladder."""
    found = seasons.season_ladder(season)
    row = found.ladder.row(player_key(name))
    if row is None:
        return None
    results = {x.event: x for x in row.results}
    counted: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    absent: list[dict[str, Any]] = []
    for number, event in enumerate(found.events):
        x = results.get(number)
        entry = {
            "number": number + 1,
            "id": event.id,
            "name": event.name,
            "day": event.created_at,
            "state": event.state,
        }
        if x is None:
            absent.append(entry)
            continue
        entry.update(points=written(x.points), totals=x.totals)
        (counted if x.counted else dropped).append(entry)
    return {
        "season": season,
        **_row(row),
        "counted_events": counted,
        "dropped_events": dropped,
        "absent_events": absent,
        "provisional": found.provisional,
    }
