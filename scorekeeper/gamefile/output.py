"""The scored game as `scorekeeper score` prints it (game-file.md): totals, notes in English."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from scorekeeper.gamefile import GameFile
from scorekeeper.rules import Tally, text


def amount(value: Decimal) -> int | float:
    """Money as a JSON number: whole amounts as integers."""
    return int(value) if value == value.to_integral_value() else float(value)


def score_output(game: GameFile, tally: Tally) -> dict[str, Any]:
    names = game.players
    return {
        "variant": game.variant,
        "players": list(names),
        "hands": [
            {
                "number": line.number,
                "dealer": line.dealer,
                "declarer": line.declarer,
                "scores": list(line.scores),
                "totals": list(line.totals),
                "notes": [
                    {"seat": n.seat, "rule": n.rule, "text": text(n, names)} for n in line.notes
                ],
            }
            for line in tally.lines
        ],
        "totals": list(tally.totals),
        "finished": tally.finished,
        "winners": list(tally.winners),
        "settlement": [
            {"from": p.payer, "to": p.payee, "amount": amount(p.amount)} for p in tally.settlement
        ],
    }
