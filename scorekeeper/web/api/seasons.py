"""The API of seasons (docs/seasons.md): a season's ladder as JSON, each score with the results
that count and those dropped."""

from __future__ import annotations

from flask import abort, jsonify

from scorekeeper.events.numbers import written
from scorekeeper.services import seasons
from scorekeeper.store import seasons as kept
from scorekeeper.web import access
from scorekeeper.web.api.answers import Answer
from scorekeeper.web.api.views import bp


@bp.route("/seasons/<int:season_id>")
def season(season_id: int) -> Answer:
    """The ladder in order; numbers as the event standings write them (at most 2 decimals);
    `event` in a result counts the season's events from 1, in the order of `events`."""
    found = kept.load(season_id, access.me().id)
    if found is None:
        abort(404)
    read = seasons.season_ladder(found)
    return jsonify(
        {
            "name": found.name,
            "best": found.best,
            "provisional": read.provisional,
            "events": [{"id": e.id, "name": e.name, "state": e.state} for e in read.events],
            "ladder": [
                {
                    "place": r.place,
                    "player": r.player,
                    "score": written(r.score),
                    "tiebreak": r.tiebreak,
                    "results": [
                        {
                            "event": x.event + 1,
                            "points": written(x.points),
                            "totals": x.totals,
                            "counted": x.counted,
                        }
                        for x in r.results
                    ],
                }
                for r in read.ladder.rows
            ],
        }
    ), 200
