"""The template of a line: a hand scored in the fixed order of scoring.md 3.3, then 5, then 4.

Variants never override these; they override the hooks of `Rules` that these call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import house
from .hand import Adjustment, Hand
from .notes import Note
from .table import Table
from .tally import LineResult

if TYPE_CHECKING:
    from .base import Rules


def adjust(rules: Rules, line: Adjustment, table: Table, number: int) -> LineResult:
    """Section 3.5: an adjustment line."""
    # 3.5: added as it is, through no rule; the deal does not move; the game never ends here.
    totals = table.totals = [t + v for t, v in zip(table.totals, line.values)]
    notes = tuple(
        Note(s, "adjustment", {"value": v, "reason": line.reason})
        for s, v in enumerate(line.values)
        if v
    )
    return LineResult(number, "adjustment", None, None, line.values, tuple(totals), notes)


def play(rules: Rules, hand: Hand, table: Table, number: int) -> LineResult:
    """A hand in the fixed order of section 3.3 (and 3.4), then section 5, then section 4."""
    o, n = rules.options, rules.seats
    dealer = rules._dealer(hand, table)
    playing = rules.participants(dealer)
    declarer = hand.declarer if o.auction else None
    contract = hand.final_contract or o.min_bid  # no bid at all: the lowest (seed 002)
    before = table.totals
    scores = [0] * n
    raw: list[int | None] = [None] * n
    notes: list[Note] = []
    made = False
    if hand.give_up:
        assert declarer is not None and o.give_up is not None
        # 3.4: the declarer -contract (or 0); every other seat in the hand the opponents' due.
        scores[declarer] = -contract if o.give_up.declarer == "minus" else 0
        notes.append(
            Note(
                declarer,
                "give-up",
                {"role": "declarer", "contract": contract, "score": scores[declarer]},
            )
        )
        value = rules.give_up_points(contract)
        for s in playing:
            if s != declarer:
                scores[s] = value
                notes.append(
                    Note(
                        s,
                        "give-up",
                        {
                            "role": "opponent",
                            "declarer": declarer,
                            "contract": contract,
                            "score": value,
                            "half": o.give_up.opponents == "half",
                        },
                    )
                )
        table.give_ups[declarer] += 1
    else:
        assert hand.points is not None
        took = rules.took_tricks(hand)
        marriages = rules.marriage_points(hand, took, notes)
        for s in playing:
            cards = hand.points[s] or 0
            points = raw[s] = cards + marriages[s]
            if s == declarer:
                scores[s] = rules.declarer_score(hand, contract, points, took, notes)
                made = scores[s] > 0
                continue
            # 3.3 steps 5 and 6: a defender (or every seat with no auction) banks its
            # points, rounded.
            if points:
                notes.append(
                    Note(s, "points", {"cards": cards, "marriages": marriages[s], "raw": points})
                )
            scores[s] = rounded = rules.round(points) if points else 0
            if rounded != points:
                notes.append(
                    Note(s, "rounding", {"raw": points, "rounded": scores[s], "step": o.rounding})
                )
        if len(playing) < n:
            for s in range(n):
                if s not in playing:
                    scores[s] = rules.musik_bonus(hand, s, notes)
    if o.lock is not None and o.auction:
        # 3.3 step 8: at or above the lock, only a declarer's result counts. It takes the points
        # of steps 5 and 7 (defenders, the sitting-out dealer); with no auction every seat banks
        # its points by step 6, which the lock does not name, so it has nothing to take.
        for s in range(n):
            if s != declarer and before[s] >= o.lock and scores[s]:
                notes.append(
                    Note(s, "lock", {"total": before[s], "lock": o.lock, "lost": scores[s]})
                )
                scores[s] = 0
    on_barrel_before = tuple(table.on_barrel)
    if o.barrel is not None:
        house.barrel(rules, table, declarer, contract, made, hand.give_up, scores, notes)
    if o.bolts is not None and not hand.give_up:
        house.bolts(rules, table, declarer, playing, raw, on_barrel_before, scores, notes)
    if o.dump is not None:
        house.dump(rules, table, scores, notes)
    totals = table.totals = [t + s for t, s in zip(before, scores)]
    table.next_dealer = (dealer + 1) % n
    if max(totals) >= o.target:
        end(rules, table, declarer, number, notes)
    return LineResult(
        number,
        "hand",
        dealer,
        declarer,
        tuple(scores),
        tuple(totals),
        tuple(notes),
        contract if declarer is not None else None,
    )


def end(rules: Rules, table: Table, declarer: int | None, number: int, notes: list[Note]) -> None:
    # Section 4: the declarer wins if it reached the target, else the highest total(s).
    totals, target = table.totals, rules.options.target
    if declarer is not None and totals[declarer] >= target:
        winners: tuple[int, ...] = (declarer,)
        why = "declarer"
    else:
        best = max(totals)
        winners = tuple(s for s in range(rules.seats) if totals[s] == best)
        why = "highest" if len(winners) == 1 else "joint"
    table.ended_at, table.winners = number, winners
    for s in winners:
        notes.append(Note(s, "game-won", {"total": totals[s], "target": target, "why": why}))
