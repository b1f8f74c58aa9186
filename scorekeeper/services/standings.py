"""Events read with their games' summaries: the tables a worker does not remember are made from
summary rows (kept here when a read had to make them) instead of from their lines."""

# A new worker's first standings of an open (1,000 tables, 65,000 lines) read and scored every
# line: ~4 s. A game's summary (store/summaries.py) is a cache row keyed by its version, so it
# cannot go stale, and holds what a table's result reads (totals, winners, end, hands): with
# them, that worker reads 1,000 small rows instead. A summary made by this read is kept for
# the next worker (services/summaries.keep, in a transaction of its own).

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.events import Event, Standings
from scorekeeper.services import summaries
from scorekeeper.store import events as stored
from scorekeeper.store.eventmodels import Event as EventRow


def _outcomes(event: EventRow, versions: dict[int, int]) -> Mapping[int, Mapping[str, Any]]:
    """The summaries of the games of the tables this worker does not remember, at their
    versions; a game that no longer replays (its summary says why) is read from its lines."""
    wanted = stored.unremembered(event, versions)
    if not wanted:
        return {}
    found = summaries.summary_data(wanted)
    return {gid: data for gid, data in found.items() if data.get("error") is None}


def standings(event: EventRow) -> tuple[Event, Standings]:
    """The pure event and its standings (store/events.standings), as the pages read them."""
    versions = stored.game_versions(event)
    return stored.standings(event, versions, _outcomes(event, versions))


def pure(event: EventRow) -> Event:
    """The pure event without the lines of its tables (the follow page, the draw)."""
    versions = stored.game_versions(event)
    return stored.pure(event, versions, outcomes=_outcomes(event, versions))
