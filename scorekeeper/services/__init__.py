"""Every write, one call = one transaction (the only layer that commits).

`scorekeeper.services` itself offers the lines of a game (services/lines.py), which most callers
need; accounts, players, games as a whole, the trail and imports are modules of their own.
"""

from __future__ import annotations

from scorekeeper.services.lines import (
    Abandoned,
    Conflict,
    KeyReused,
    Outcome,
    add_line,
    commit,
    create_game,
    delete_line,
    load_game,
    names,
    player,
    rule_lines,
    rules_for,
    sheet_for,
    tally,
    update_line,
)

__all__ = [
    "Abandoned",
    "Conflict",
    "KeyReused",
    "Outcome",
    "add_line",
    "commit",
    "create_game",
    "delete_line",
    "load_game",
    "names",
    "player",
    "rule_lines",
    "rules_for",
    "sheet_for",
    "tally",
    "update_line",
]
