"""Derived results remembered per version of a game: never stale, since every write bumps it."""

# Phones at a table ask for the same scoreboard again and again; between two hands nothing can
# change it, so its facts, its tally and its rendered sheet are kept, keyed by (game, version). A
# key is only stored when the version was still current after the facts were read.

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from flask import Flask, current_app


class Memo:
    """A small thread-safe LRU map, capped by the estimated bytes of what it holds (`weigh`):
    a count alone let a worker's memos grow with the length of its games (0.47 MB
    for each 200-hand game, ~0.6 GB for a thousand 1,000-hand ones)."""

    def __init__(self, budget: int, weigh: Callable[[Any], int]) -> None:
        self.budget, self.weigh = budget, weigh
        self.held = 0  # the estimated bytes held now
        self._data: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            if key not in self._data:
                return None
            self._data.move_to_end(key)
            return self._data[key][0]

    def put(self, key: Hashable, value: Any) -> None:
        weight = self.weigh(value)
        if weight > self.budget // 4:  # one huge entry would push out everything else
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.held -= old[1]
            self._data[key] = (value, weight)
            self.held += weight
            while self.held > self.budget:
                self.held -= self._data.popitem(last=False)[1][1]

    def get_or_make(self, key: Hashable, make: Callable[[], Any]) -> Any:
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._data

    def __len__(self) -> int:
        return len(self._data)


MB = 1 << 20
# Bytes per line as measured with tracemalloc on pl-3 games of 200 and 1,000 hands: a line's
# facts ~1.0 KB, its result in a tally (with the sheet's share) ~1.8 KB; a rendered row ~0.5 KB
# of text, held as up to 2 bytes a character (Cyrillic).
FACT_BYTES, RESULT_BYTES, STATE_BYTES = 1000, 1800, 600


def _lines(value: Any) -> int:
    lines = getattr(value, "lines", value)
    return len(lines) if hasattr(lines, "__len__") else 1


def _event_bytes(value: Any) -> int:
    """A table of an event weighs as its game's tally; standings a row and its entries a
    player."""
    game = getattr(value, "game", None)
    if game is not None:
        return 1000 + RESULT_BYTES * len(game.lines)
    return 2000 + 600 * len(getattr(value, "rows", ()))


def _record_bytes(value: Any) -> int:
    """A player's page weighs its results; a list of games (and their count) or a
    head-to-head (in a list of one) their rows."""
    rows = getattr(value, "results", None)
    return 6000 + 200 * len(rows if rows is not None else value[0])


class Memos:
    """One app's memos: keyed by game ids, which only mean something in one database. Their
    budgets add up to about 100 MB a worker, whatever the length of the games."""

    def __init__(self) -> None:
        self.facts = Memo(30 * MB, lambda v: 500 + FACT_BYTES * _lines(v))
        self.tallies = Memo(30 * MB, lambda v: 1000 + RESULT_BYTES * _lines(v))
        # score sheets, to add the next hand without a replay
        self.states = Memo(15 * MB, lambda v: 2000 + STATE_BYTES * _lines(v))
        self.sheets = Memo(10 * MB, lambda v: 200 + 2 * len(v))  # rendered lists of hands
        # game summaries as stored (summaries.py): small, and read by the thousand
        self.summaries = Memo(15 * MB, lambda v: 700)
        # a player's page, a record's games, head-to-head, until one of their games changes
        # (services/careers.py): a few rows, and a point of the chart or a game listed each
        self.records = Memo(10 * MB, _record_bytes)
        # events' tables as read and their standings (store/events.py)
        self.events = Memo(30 * MB, _event_bytes)
        # an account's ratings (store/ratings.py): a step per player per game, and the games'
        # matches; about 1 KB a game as measured (bench/ratings.py), 10,000 games in 10 MB
        self.ratings = Memo(48 * MB, lambda v: 4000 + 1000 * len(v.seen))


def init_app(app: Flask) -> None:
    app.extensions["scorekeeper.memos"] = Memos()


def memos() -> Memos:
    found: Memos = current_app.extensions["scorekeeper.memos"]
    return found
