"""Why a number is what it is: notes with a stable rule key and their numbers, and English text."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

Params = Mapping[str, Any]


class Note(NamedTuple):
    """One rule that shaped `seat`'s score in a line; `params` holds the numbers it used.

    The rule key and the parameter names are stable: the web app renders them in the reader's
    language. `text()` below is the English rendering used by the command line.
    """

    seat: int
    rule: str
    params: Params


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _marriage(p: Params) -> str:
    if p.get("in_tricks"):
        kind = "trump " if p["trump"] else ""
        return f"{kind}{p['suit']} marriage in tricks: {p['value']}"
    return f"{p['suit']} marriage: {p['value']}"


def _points(p: Params) -> str:
    if p["marriages"]:
        return f"{p['cards']} card points + {p['marriages']} for marriages = {p['raw']}"
    return f"{p['cards']} card points"


def _contract_made(p: Params) -> str:
    took = p["points"] if p.get("rounded") is None else f"{p['points']}, rounded to {p['rounded']}"
    return f"made the contract of {p['contract']} (took {took}): +{p['contract']}"


def _contract_failed(p: Params) -> str:
    took = p["points"] if p.get("rounded") is None else f"{p['points']}, rounded to {p['rounded']}"
    return (
        f"failed the contract of {p['contract']} (took {took}, {p['short']} short): "
        f"-{p['contract']}"
    )


def _musik(p: Params) -> str:
    parts = []
    if p["aces"]:
        parts.append(f"{p['aces']} ace{'s' if p['aces'] > 1 else ''} x {p['ace']}")
    if p["marriage"]:
        parts.append(f"{p['marriage']} marriage {p['marriage_value']}")
    return f"musik bonus for the dealer: {' + '.join(parts) or 'nothing'} = {p['bonus']}"


def _give_up(p: Params, seat: Callable[[int], str]) -> str:
    if p["role"] == "declarer":
        return f"gave up the contract of {p['contract']}: {_signed(p['score'])}"
    how = f"half of {p['contract']}, " if p.get("half") else ""
    return f"{seat(p['declarer'])} gave up: {how}{_signed(p['score'])}"


def _barrel(p: Params, seat: Callable[[int], str]) -> str:
    event = p["event"]
    if event == "climb":
        return f"{p['total']} reaches the barrel: climbs on it at {p['at']}"
    if event == "idle":
        lost = f" ({p['lost']} lost)" if p.get("lost") else ""
        return f"on the barrel: scores nothing{lost}"
    if event == "stay":
        return (
            f"on the barrel: a made {p['contract']} does not reach {p['target']}, "
            f"stays at {p['at']}"
        )
    if event == "try":
        return f"on the barrel: try {p['try']} of {p['tries']}"
    if event == "fall":
        return f"on the barrel for {p['tries']} hands: falls off to {p['total']} (-{p['penalty']})"
    if event == "knock-off":
        return f"knocked off the barrel by {seat(p['by'])}: falls to {p['total']}"
    if event == "off":
        return "off the barrel"
    return f"on the barrel: {event}"


def _bolt(p: Params) -> str:
    text = f"no points: bolt {p['bolt']} of {p['count']}"
    return f"{text}, -{p['penalty']}" if p["bolt"] == p["count"] else text


def _game_won(p: Params) -> str:
    if p["why"] == "declarer":
        return f"reached {p['target']} as declarer with {p['total']}: wins"
    if p["why"] == "joint":
        return f"shares the highest total, {p['total']}: wins jointly"
    return f"highest total, {p['total']}: wins"


_PLAIN: dict[str, Callable[[Params], str]] = {
    "points": _points,
    "marriage": _marriage,
    "trump-double": lambda p: (
        f"{p['suit']} marriage declared with {p['suit']} trump: {p['base']} doubled to {p['value']}"
    ),
    "marriage-no-trick": lambda p: (
        f"{p['suit']} marriage {p['value']} does not count: took no trick"
    ),
    "rounding": lambda p: f"{p['raw']} rounded to {p['rounded']}",
    "contract-made": _contract_made,
    "contract-failed": _contract_failed,
    "slam": lambda p: (
        f"all tricks for {p['contract']} with no marriage: the cards out of play "
        f"count, the contract is made with {p['points']} in hand"
    ),
    "musik-bonus": _musik,
    "lock": lambda p: (
        f"{p['total']} is at or above the lock at {p['lock']}: points count only "
        f"as declarer, {p['lost']} lost"
    ),
    "bolt": _bolt,
    "dump": lambda p: f"a total of exactly {p['total']} is dumped: back to 0",
    "adjustment": lambda p: (
        f"adjustment {_signed(p['value'])}" + (f": {p['reason']}" if p["reason"] else "")
    ),
    "game-won": _game_won,
}


def text(note: Note, names: Sequence[str] | None = None) -> str:
    """The note in English; `names` (seat order) replaces "seat N" where a note names a seat."""

    def seat(n: int) -> str:
        return names[n] if names and 0 <= n < len(names) else f"seat {n}"

    if note.rule == "give-up":
        return _give_up(note.params, seat)
    if note.rule == "barrel":
        return _barrel(note.params, seat)
    render = _PLAIN.get(note.rule)
    return render(note.params) if render else note.rule


RULE_KEYS: tuple[str, ...] = tuple(_PLAIN) + ("give-up", "barrel")
