"""Every write, one call = one transaction: the only layer that commits."""

# `scorekeeper.services` offers the writes most callers need (a game's lines, a new game); the
# accounts, players, games as a whole, links, the trail, summaries and imports are modules.

from __future__ import annotations

from scorekeeper.services.games import create_game, create_game_once
from scorekeeper.services.lines import add_line, update_line
from scorekeeper.services.removal import delete_line, restore_line
from scorekeeper.services.writing import Abandoned, Conflict, Key, KeyReused, Outcome

__all__ = [
    "Abandoned",
    "Conflict",
    "Key",
    "KeyReused",
    "Outcome",
    "add_line",
    "create_game",
    "create_game_once",
    "delete_line",
    "restore_line",
    "update_line",
]
