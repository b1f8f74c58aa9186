"""The club agreements of scoring.md 5.1 and 5.2 in a hand: the golden deal, the give-up
penalty, finishing exactly."""

# A blind bid is step 4's (Rules.declarer_score); the checks of 5.1 are checks/club.py's.

from __future__ import annotations

from collections.abc import Sequence

from . import house
from .notes import Note
from .ruleset import Rules
from .table import Table
from .tally import GoldenHand


def house_rules(
    rules: Rules,
    table: Table,
    golden: GoldenHand | None,
    declarer: int | None,
    contract: int,
    made: bool,
    given_up: bool,
    playing: Sequence[int],
    took: Sequence[bool],
    raw: Sequence[int | None],
    scores: list[int],
    notes: list[Note],
) -> None:
    """3.3 step 9: the barrel, the bolts, the dump. In a golden hand (5.1) the bolts come first,
    then every score is multiplied, then the barrel and the dump take the multiplied totals."""
    o = rules.options
    on_barrel_before = tuple(table.on_barrel)
    bolts = o.bolts is not None and not given_up
    exact = o.finish == "exact"
    # 5.2 `exact` looks at the whole score with a bolt's penalty, before the barrel: the bolts
    # come first then, as in a golden hand
    bolts_first = golden is not None or exact
    if bolts and bolts_first:
        house.bolts(rules, table, declarer, playing, took, raw, on_barrel_before, scores, notes)
    if golden is not None:
        multiply(golden, scores, notes)
        table.golden_made = table.golden_made or made
    if exact:
        finish(rules, table, scores, notes)
    if o.barrel is not None:
        house.barrel(rules, table, declarer, contract, made, given_up, playing, scores, notes)
    if not bolts_first and bolts:
        house.bolts(rules, table, declarer, playing, took, raw, on_barrel_before, scores, notes)
    if o.dump is not None:
        house.dump(rules, table, scores, notes)
    g = o.golden
    if golden is not None and g is not None and golden.hand == golden.hands:
        if g.reset_if_nobody and not table.golden_made:
            reset(table, scores, notes)


def finish(rules: Rules, table: Table, scores: list[int], notes: list[Note]) -> None:
    """5.2 `finish` "exact": a score that would take a seat's total above the target is not
    counted for it in this hand. Only a gain passes the target: a seat put above it by an
    adjustment still loses what it loses (docs/rules-decisions.md)."""
    target = rules.options.target
    for s, score in enumerate(scores):
        total = table.totals[s] + score
        if score > 0 and total > target:
            notes.append(Note(s, "finish", {"target": target, "total": total, "lost": score}))
            scores[s] = 0


def multiply(golden: GoldenHand, scores: list[int], notes: list[Note]) -> None:
    """5.1: every score of every seat in a golden hand, after 3.3 and the bolts, × multiplier."""
    for s, score in enumerate(scores):
        if score:
            times = score * golden.multiplier
            params = {
                "hand": golden.hand,
                "hands": golden.hands,
                "multiplier": golden.multiplier,
                "score": score,
                "golden": times,
            }
            notes.append(Note(s, "golden", params))
            scores[s] = times


def reset(table: Table, scores: list[int], notes: list[Note]) -> None:
    """5.1 reset_if_nobody: after the last golden hand with no contract made, every total is 0.
    A total of 0 is no barrel's: whoever was on it is off (docs/rules-decisions.md)."""
    for s in range(table.seats):
        total = table.totals[s] + scores[s]
        if total:
            notes.append(Note(s, "golden-reset", {"total": total}))
        scores[s] = -table.totals[s]
        table.on_barrel[s] = False
        table.barrel_hands[s] = 0


def give_up_penalty(
    rules: Rules, table: Table, declarer: int, scores: list[int], notes: list[Note]
) -> None:
    """5.1: at every `every`-th give-up of a seat in the game it also scores -`penalty`."""
    g = rules.options.give_up
    assert g is not None
    count = table.give_ups[declarer]
    if g.every is not None and count % g.every == 0:
        scores[declarer] -= g.penalty
        params = {"count": count, "every": g.every, "penalty": g.penalty}
        notes.append(Note(declarer, "give-up-penalty", params))
