"""Events (docs/events.md): many tables over rounds, their results, standings and the draw."""

# Pure, beside the game file: it knows the rules, the game file and JSON, never Flask nor the
# database. An event's standings are derived from its tables' games as a game's totals are
# from its hands.

from __future__ import annotations

from .model import FORMAT, RANKINGS, Event, Outcome, Round, Score, Table, to_dict
from .problems import EventProblem, InvalidEvent
from .reader import loads, parse
from .reader import loads as loads_event
from .results import SeatResult, counts, table_result
from .standings import Standings, standings, standings_output

__all__ = [
    "FORMAT",
    "RANKINGS",
    "Event",
    "EventProblem",
    "InvalidEvent",
    "Outcome",
    "Round",
    "Score",
    "SeatResult",
    "Standings",
    "Table",
    "counts",
    "loads",
    "loads_event",
    "parse",
    "standings",
    "standings_output",
    "table_result",
    "to_dict",
]
