"""House rules applied after a hand's points (scoring.md section 5): barrel, bolts, dump."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .notes import Note
from .table import Table

if TYPE_CHECKING:
    from .base import Rules


def barrel(
    rules: Rules,
    table: Table,
    declarer: int | None,
    contract: int,
    made: bool,
    given_up: bool,
    scores: list[int],
    notes: list[Note],
) -> None:
    """The barrel, in the order of section 5: seats already on it, then climbs, then knock-offs."""
    b = rules.options.barrel
    assert b is not None
    target, n = rules.options.target, rules.seats
    before = table.totals
    new = [before[s] + scores[s] for s in range(n)]
    was_on = tuple(table.on_barrel)
    fell = [False] * n

    def leave(s: int) -> None:
        table.on_barrel[s] = False
        table.barrel_hands[s] = 0

    for s in range(n):
        if not was_on[s]:
            continue
        if s == declarer:
            if given_up or not made:
                # A failed or given-up contract scores as usual and takes the seat off.
                leave(s)
                notes.append(Note(s, "barrel", {"event": "off", "at": b.at}))
                continue
            if before[s] + contract >= target:
                leave(s)  # a made contract that reaches the target wins
                continue
            # 5: it scores 0 and the total stays where it is: the barrel's own mark, or
            # where an adjustment put it (the note says which)
            new[s] = before[s]
            notes.append(
                Note(
                    s,
                    "barrel",
                    {
                        "event": "stay",
                        "at": b.at,
                        "contract": contract,
                        "target": target,
                        "total": before[s],
                    },
                )
            )
        else:
            # On the barrel, points as a defender, sitting-out dealer or opponent are lost.
            notes.append(Note(s, "barrel", {"event": "idle", "at": b.at, "lost": scores[s]}))
            new[s] = before[s]
        table.barrel_hands[s] += 1
        if table.barrel_hands[s] >= b.tries:
            new[s] = b.at - b.penalty
            leave(s)
            fell[s] = True
            notes.append(
                Note(
                    s,
                    "barrel",
                    {
                        "event": "fall",
                        "at": b.at,
                        "tries": b.tries,
                        "penalty": b.penalty,
                        "total": new[s],
                    },
                )
            )
        else:
            notes.append(
                Note(
                    s,
                    "barrel",
                    {"event": "try", "try": table.barrel_hands[s], "tries": b.tries, "at": b.at},
                )
            )
    climbed = []
    for s in range(n):
        if not was_on[s] and b.at <= new[s] < target:
            notes.append(Note(s, "barrel", {"event": "climb", "at": b.at, "total": new[s]}))
            new[s] = b.at
            table.on_barrel[s] = True
            table.barrel_hands[s] = 0
            climbed.append(s)
    if b.knock_off and climbed:
        for s in range(n):
            if was_on[s] and table.on_barrel[s] and not fell[s]:
                new[s] = b.at - b.penalty
                leave(s)
                notes.append(
                    Note(
                        s,
                        "barrel",
                        {
                            "event": "knock-off",
                            "by": climbed[0],
                            "at": b.at,
                            "penalty": b.penalty,
                            "total": new[s],
                        },
                    )
                )
    for s in range(n):
        scores[s] = new[s] - before[s]


def bolts(
    rules: Rules,
    table: Table,
    declarer: int | None,
    playing: Sequence[int],
    raw: Sequence[int | None],
    on_barrel: Sequence[bool],
    scores: list[int],
    notes: list[Note],
) -> None:
    """A seat in a played hand, not the declarer nor on the barrel, with no points gets a bolt."""
    b = rules.options.bolts
    assert b is not None
    for s in playing:
        if s == declarer or on_barrel[s] or raw[s] != 0:
            continue
        table.bolts[s] += 1
        count = table.bolts[s]
        if count >= b.count:
            scores[s] -= b.penalty
            table.bolts[s] = 0  # the count starts again
        notes.append(Note(s, "bolt", {"bolt": count, "count": b.count, "penalty": b.penalty}))


def dump(rules: Rules, table: Table, scores: list[int], notes: list[Note]) -> None:
    """A total ending the hand at exactly the dump (or minus it) goes back to 0."""
    d = rules.options.dump
    assert d is not None
    for s in range(rules.seats):
        total = table.totals[s] + scores[s]
        if total == d.at or (d.negative and total == -d.at):
            notes.append(Note(s, "dump", {"total": total, "at": d.at}))
            scores[s] = -table.totals[s]
