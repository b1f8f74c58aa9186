"""Plain-random realistic games for the benchmarks: a shuffled 24-card deck dealt into tricks."""

from __future__ import annotations

import copy
import random
from typing import Any

SUITS = ("spades", "clubs", "diamonds", "hearts")
STANDARD = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
MOSCOW = {"A": 11, "10": 10, "K": 5, "Q": 4, "J": 3, "9": 0}
SEATS = {"pl-3": 3, "pl-4": 4, "pl-2": 2, "ru-2": 2, "ru-4": 4, "moscow": 2, "ru-3": 3}
# cards each seat in the hand plays, and cards out of play (scoring.md 3.2; the seeds)
SHAPE = {
    "pl-3": (8, 0),
    "pl-4": (8, 0),
    "ru-3": (8, 0),
    "pl-2": (10, 4),
    "ru-2": (10, 4),
    "ru-4": (6, 0),
    "moscow": (12, 0),
}
DECK = [(rank, suit) for suit in SUITS for rank in STANDARD]
# forced opening (scoring.md 3.2): a hand won at min_bid is the first seat's after the dealer
FORCED = {"pl-3", "pl-4", "pl-2", "ru-3"}


def hand(rng: random.Random, preset: str, dealer: int) -> dict[str, Any]:
    """One hand: cards shuffled into tricks, each trick won by a random seat."""
    n = SEATS[preset]
    playing = [s for s in range(n) if not (preset == "pl-4" and s == dealer)]
    tricks, out = SHAPE[preset]
    cards = DECK[:]
    rng.shuffle(cards)
    values = MOSCOW if preset == "moscow" else STANDARD
    held = {s: cards[i * tricks : (i + 1) * tricks] for i, s in enumerate(playing)}
    musik = cards[len(playing) * tricks :] if preset == "pl-4" else []
    declarer = None if preset == "moscow" else rng.choice(playing)
    won: dict[int, list[tuple[str, str]]] = {s: [] for s in playing}
    counts = {s: 0 for s in playing}
    for t in range(tricks):
        winner = declarer if declarer is not None and rng.random() < 0.45 else rng.choice(playing)
        counts[winner] += 1
        won[winner].extend(held[s][t] for s in playing)
    points: list[int | None] = [None] * n
    for s in playing:
        points[s] = sum(values[r] for r, _ in won[s])
    out_h: dict[str, Any] = {"points": points}
    marriages = []
    trump = rng.choice(SUITS)
    if preset in ("ru-2", "ru-4"):
        for s in playing:
            for suit in SUITS:
                if ("K", suit) in won[s] and ("Q", suit) in won[s]:
                    marriages.append({"seat": s, "suit": suit})
        out_h["trump"] = trump
    else:
        for s in playing:
            for suit in SUITS:
                if ("K", suit) in held[s] and ("Q", suit) in held[s] and rng.random() < 0.8:
                    marriages.append({"seat": s, "suit": suit})
        rng.shuffle(marriages)
        if preset == "moscow":
            out_h["trump"] = trump
    if marriages:
        out_h["marriages"] = marriages
    if rng.random() < 0.5:
        out_h["tricks"] = [counts.get(s) for s in range(n)]
    if preset == "pl-4":
        aces = sum(1 for r, _ in musik if r == "A")
        pair = [s for s in SUITS if ("K", s) in musik and ("Q", s) in musik]
        out_h["musik"] = {"aces": aces, "marriage": pair[0] if pair else None}
    if declarer is not None:
        low, step, top = {"ru-2": (60, 10, 120), "ru-4": (60, 10, 120), "ru-3": (100, 5, 400)}.get(
            preset, (100, 10, 400)
        )
        if preset in FORCED and declarer != (dealer + 1) % n:
            low += step  # the seat after the dealer opens at min_bid: others bid higher
        bid = min(top, max(low, low + step * rng.randrange(0, 6)))
        out_h.update(declarer=declarer, bid=bid)
        if preset in ("ru-2", "ru-4", "ru-3") and rng.random() < 0.05:
            return {"declarer": declarer, "bid": bid, "give_up": True}
    return out_h


def game(preset: str, hands: int, seed: int = 1) -> dict[str, Any]:
    """A game of `hands` lines that never ends: when a total nears 1000, an agreed correction
    (an adjustment line) takes the totals back, so the lock and the barrel keep applying."""
    from scorekeeper.gamefile import parse
    from scorekeeper.rules import Sheet

    rng = random.Random(seed)
    n = SEATS[preset]
    data: dict[str, Any] = {
        "format": "scorekeeper-game/1",
        "variant": preset,
        "options": {},
        "players": [f"P{s}" for s in range(n)],
        "hands": [],
    }
    sheet = Sheet(parse(data).rules())
    lines: list[dict[str, Any]] = data["hands"]
    dealer = 0
    while len(lines) < hands:
        line = hand(rng, preset, dealer)
        parsed = parse({**data, "hands": [line]}).lines[0]
        trial = copy.copy(sheet)
        trial.table, trial.lines = copy.deepcopy(sheet.table), []
        if trial.add(parsed) and trial.table.ended_at is not None:
            totals = sheet.table.totals
            line = {
                "adjustment": [rng.randrange(0, 500, 10) - t for t in totals],
                "reason": "agreed correction",
            }
            parsed = parse({**data, "hands": [line]}).lines[0]
        else:
            dealer = (dealer + 1) % n
        lines.append(line)
        sheet.add(parsed)
    return data
