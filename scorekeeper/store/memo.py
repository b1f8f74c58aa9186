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
    """A small thread-safe LRU map."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self._lock:
            if key not in self._data:
                return None
            self._data.move_to_end(key)
            return self._data[key]

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def get_or_make(self, key: Hashable, make: Callable[[], Any]) -> Any:
        found = self.get(key)
        if found is None:
            found = make()
            self.put(key, found)
        return found

    def __contains__(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._data


class Memos:
    """One app's memos: keyed by game ids, which only mean something in one database."""

    def __init__(self) -> None:
        self.facts = Memo(256)
        self.tallies = Memo(256)
        self.states = Memo(64)  # score sheets, to add the next hand without a replay
        self.sheets = Memo(128)
        # game summaries as stored (summaries.py): small, and read by the thousand
        self.summaries = Memo(20000)


def init_app(app: Flask) -> None:
    app.extensions["scorekeeper.memos"] = Memos()


def memos() -> Memos:
    found: Memos = current_app.extensions["scorekeeper.memos"]
    return found
