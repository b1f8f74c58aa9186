"""Club nights as event files whose figures are worked out by hand, for the seasons' tests:
each table of 3 is closed after one adjustment, so its places are by those totals alone
(events.md section 2) and its match points the default 2, 1, 0."""

from __future__ import annotations

from typing import Any


def night(name: str, *tables: dict[str, int], pending: bool = False) -> dict[str, Any]:
    """An event of one round: each table's players with their final totals, in seat order.
    `pending`: its tables are not closed (they do not count yet: the round is being played)."""
    players: list[str] = []
    for table in tables:
        players += [p for p in table if p not in players]
    return {
        "format": "scorekeeper-event/1",
        "name": name,
        "tables": {"3": "pl-3"},
        "players": players,
        "rounds": [
            {
                "tables": [
                    {
                        "seats": [players.index(p) for p in table],
                        "hands": [{"adjustment": list(table.values()), "reason": "time called"}],
                        "closed": not pending,
                    }
                    for table in tables
                ]
            }
        ],
    }


# Three nights of the same three players; "ala" is Ala (a name compared casefolded). By hand,
# with N = 2: Ala 2 (100) + 1 (60) = 3, 160, her 0 (10) dropped; Bartek 2 (90) + 1 (50) = 3,
# 140, his 0 (30) dropped; Celina 2 (120) + 1 (80) = 3, 200, her 0 (0) dropped. Equal scores:
# Celina, Ala, Bartek by the counted totals.
NIGHTS = [
    night("Night 1", {"Ala": 100, "Bartek": 50, "Celina": 0}),
    night("Night 2", {"Celina": 120, "Ala": 60, "Bartek": 30}),
    night("Night 3", {"Bartek": 90, "Celina": 80, "ala": 10}),
]
