"""Builds games for the rules tests from game-file shaped dicts, so tests read like score sheets."""

from __future__ import annotations

from typing import Any

from scorekeeper.gamefile import parse
from scorekeeper.rules import InvalidHand, LineResult, Tally

NAMES = ["Ala", "Bartek", "Celina", "Darek"]
SEATS = {"pl-3": 3, "pl-4": 4, "pl-2": 2, "ru-2": 2, "ru-4": 4, "moscow": 2, "ru-3": 3}


def game(variant: str, hands: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "format": "scorekeeper-game/1",
        "variant": variant,
        "players": NAMES[: SEATS[variant]],
        "hands": hands,
        **extra,
    }


def play(
    variant: str,
    *hands: dict[str, Any],
    options: dict[str, Any] | None = None,
    first_dealer: int = 0,
) -> Tally:
    return parse(
        game(variant, list(hands), options=options or {}, first_dealer=first_dealer)
    ).score()


def last(variant: str, *hands: dict[str, Any], **kw: Any) -> LineResult:
    return play(variant, *hands, **kw).lines[-1]


def rules_of(line: LineResult, seat: int) -> list[str]:
    return [n.rule for n in line.notes if n.seat == seat]


def params(line: LineResult, seat: int, rule: str) -> dict[str, Any]:
    found = [dict(n.params) for n in line.notes if n.seat == seat and n.rule == rule]
    assert found, f"no {rule} note for seat {seat} in {line.notes}"
    return found[0]


def problems(variant: str, *hands: dict[str, Any], **kw: Any) -> list[str]:
    try:
        play(variant, *hands, **kw)
    except InvalidHand as e:
        return [str(p) for p in e.problems]
    raise AssertionError("the game was accepted")
