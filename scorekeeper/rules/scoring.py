"""A line scored in the fixed order of scoring.md: a hand by 3.3 (3.4), then 5, then 4."""

# The order is the same for every preset; where the variants differ, a step asks a hook of
# Rules (ruleset.py) or reads an option.

from __future__ import annotations

from collections.abc import Sequence

from . import club
from .hand import Adjustment, Hand
from .notes import Note
from .ruleset import Rules
from .table import Table
from .tally import LineResult


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


def dealer_of(rules: Rules, hand: Hand, table: Table) -> int:
    """Who deals `hand`: the seat written on it, else the next by turn (3.1)."""
    d = hand.dealer
    return d if d is not None and 0 <= d < rules.seats else table.next_dealer


def play(rules: Rules, hand: Hand, table: Table, number: int) -> LineResult:
    """A hand in the fixed order of section 3.3 (and 3.4), then section 5, then section 4."""
    o, n = rules.options, rules.seats
    dealer = dealer_of(rules, hand, table)
    playing = rules.participants(dealer)
    declarer = hand.declarer if o.auction else None
    before = table.totals
    table.hands += 1
    golden = rules.golden_hand(table.hands, dealer)  # 5.1: None in an ordinary hand
    # no bid at all: the lowest (seed 002), or in a golden hand its fixed contract (5.1)
    contract = hand.final_contract or (golden.contract if golden else o.min_bid)
    scores = [0] * n
    raw: list[int | None] = [None] * n
    notes: list[Note] = []
    made = False
    took = [] if hand.give_up else rules.took_tricks(hand)  # step 1
    if hand.give_up:
        assert declarer is not None
        given_up(rules, table, declarer, contract, playing, scores, notes)
    else:
        made = played(rules, hand, declarer, contract, playing, took, scores, raw, notes)
    lock(rules, declarer, before, scores, notes)
    club.house_rules(
        rules,
        table,
        golden,
        declarer,
        contract,
        made,
        hand.give_up,
        playing,
        took,
        raw,
        scores,
        notes,
    )
    totals = table.totals = [t + s for t, s in zip(before, scores)]
    table.next_dealer = (dealer + 1) % n
    # section 4: a total at the target (5.2 `exact`: on it), or with `deals` the last hand
    if any(map(rules.reached, totals)) or (o.deals is not None and table.hands >= o.deals):
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


def given_up(
    rules: Rules,
    table: Table,
    declarer: int,
    contract: int,
    playing: Sequence[int],
    scores: list[int],
    notes: list[Note],
) -> None:
    """3.4: the declarer -contract (or 0); every other seat in the hand the opponents' due."""
    give_up = rules.options.give_up
    assert give_up is not None
    table.give_ups[declarer] += 1
    count = table.give_ups[declarer]
    # 5.2 `free`: a seat's first give-ups in the game cost it nothing (they still count)
    free = count <= give_up.free
    scores[declarer] = -contract if give_up.declarer == "minus" and not free else 0
    mine: dict[str, object] = {"role": "declarer", "contract": contract, "score": scores[declarer]}
    if free:
        mine |= {"free": count, "frees": give_up.free}
    notes.append(Note(declarer, "give-up", mine))
    value = rules.give_up_points(contract)
    half = give_up.opponents == "half"
    theirs: dict[str, object] = {
        "role": "opponent",
        "declarer": declarer,
        "contract": contract,
        "score": value,
        "half": half,
    }
    if half and value > rules.give_up_half(contract):
        theirs["least"] = value  # 5.2 opponents_min: half of it was less
    for s in playing:
        if s != declarer:
            scores[s] = value
            notes.append(Note(s, "give-up", dict(theirs)))
    if give_up.every is not None:
        club.give_up_penalty(rules, table, declarer, scores, notes)


def played(
    rules: Rules,
    hand: Hand,
    declarer: int | None,
    contract: int,
    playing: Sequence[int],
    took: Sequence[bool],
    scores: list[int],
    raw: list[int | None],
    notes: list[Note],
) -> bool:
    """3.3 steps 2-7 of a played hand (`took`: step 1); whether the declarer made the contract."""
    assert hand.points is not None
    marriages = rules.marriage_points(hand, took, notes)  # step 2
    made = False
    for s in playing:
        cards = hand.points[s] or 0
        points = raw[s] = cards + marriages[s]  # step 3
        if s == declarer:
            scores[s] = rules.declarer_score(hand, contract, points, took, notes)  # step 4
            made = scores[s] > 0
            continue
        # steps 5 and 6: a defender (or every seat with no auction) banks its points, rounded
        if points:
            notes.append(
                Note(s, "points", {"cards": cards, "marriages": marriages[s], "raw": points})
            )
        scores[s] = rounded = rules.round(points) if points else 0
        if rounded != points:
            notes.append(
                Note(
                    s,
                    "rounding",
                    {"raw": points, "rounded": rounded, "step": rules.options.rounding},
                )
            )
    for s in range(rules.seats):  # step 7: the sitting-out dealer's musik
        if s not in playing:
            scores[s] = rules.musik_bonus(hand, s, notes)
    return made


def lock(
    rules: Rules,
    declarer: int | None,
    before: Sequence[int],
    scores: list[int],
    notes: list[Note],
) -> None:
    """3.3 step 8: at or above the lock, only a declarer's result counts. It takes the points
    of steps 5 and 7 (defenders, the sitting-out dealer); with no auction every seat banks its
    points by step 6, which the lock does not name, so it has nothing to take."""
    at = rules.options.lock
    if at is None or not rules.options.auction:
        return
    for s in range(rules.seats):
        if s != declarer and before[s] >= at and scores[s]:
            notes.append(Note(s, "lock", {"total": before[s], "lock": at, "lost": scores[s]}))
            scores[s] = 0


def end(rules: Rules, table: Table, declarer: int | None, number: int, notes: list[Note]) -> None:
    """Section 4: the declarer wins if it reached the target, else the highest total(s). A game
    that ends after its `deals` with no total at the target says so first ("deals")."""
    totals, target = table.totals, rules.options.target
    reached = tuple(s for s in range(rules.seats) if rules.reached(totals[s]))
    if declarer is not None and declarer in reached:
        winners: tuple[int, ...] = (declarer,)
        why = "declarer"
    elif reached and rules.options.finish == "exact":
        # 5.2: the seats exactly on the target win, whoever has more
        winners = reached
        why = "exact" if len(winners) == 1 else "exact-joint"
    else:
        best = max(totals)
        winners = tuple(s for s in range(rules.seats) if totals[s] == best)
        why = "highest" if len(winners) == 1 else "joint"
    table.ended_at, table.winners = number, winners
    # the target wins over the deals: a total that reached it in the last hand ends it as usual
    by_deals = not reached
    for s in winners:
        if by_deals:
            notes.append(Note(s, "deals", {"deals": rules.options.deals}))
        notes.append(Note(s, "game-won", {"total": totals[s], "target": target, "why": why}))
