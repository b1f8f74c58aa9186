"""House rules applied after a hand's points (scoring.md section 5): barrel, bolts, dump."""

from __future__ import annotations

from collections.abc import Sequence

from .notes import Note
from .ruleset import Rules
from .table import Table


def barrel(
    rules: Rules,
    table: Table,
    declarer: int | None,
    contract: int,
    made: bool,
    given_up: bool,
    playing: Sequence[int],
    scores: list[int],
    notes: list[Note],
) -> None:
    """The barrel, in the order of section 5: seats already on it, then climbs, then knock-offs.
    It takes the scores as the rules before it left them: a blind bid's or a golden hand's
    multiplied score decides whether a made contract reaches the target (5.1)."""
    before = table.totals
    assert rules.options.barrel is not None
    at = rules.options.barrel.at
    if not any(table.on_barrel) and all(t + s < at for t, s in zip(before, scores)):
        return  # nobody on it and nobody reaching it: most hands of a game
    new = [before[s] + scores[s] for s in range(rules.seats)]
    was_on = tuple(table.on_barrel)
    fell = [False] * rules.seats
    for s in range(rules.seats):
        if was_on[s]:
            declares = s == declarer
            fell[s] = _on_the_barrel(
                rules, table, s, declares, contract, made, given_up, playing, new, scores, notes
            )
    climbed = _climbs(rules, table, was_on, declarer, new, notes)
    if climbed:
        _knock_offs(rules, table, was_on, fell, climbed[0], new, notes)
    for s in range(rules.seats):
        scores[s] = new[s] - before[s]


def _leave(table: Table, s: int) -> None:
    table.on_barrel[s] = False
    table.barrel_hands[s] = 0


def _on_the_barrel(
    rules: Rules,
    table: Table,
    s: int,
    declares: bool,
    contract: int,
    made: bool,
    given_up: bool,
    playing: Sequence[int],
    new: list[int],
    scores: list[int],
    notes: list[Note],
) -> bool:
    """A seat on the barrel before the hand: it stays, wins, leaves or uses a try; True if it
    fell off (its last try gone)."""
    b, target = rules.options.barrel, rules.options.target
    assert b is not None
    before = table.totals[s]
    if declares and not given_up and not made and b.on_fail == "try":
        # 5.2 on_fail "try": the failed contract scores 0, the seat stays, the hand is a try
        new[s] = before
        params = {"event": "fail-try", "at": b.at, "contract": contract, "total": before}
        notes.append(Note(s, "barrel", params))
    elif declares:
        if given_up or not made:
            # A failed or given-up contract scores as usual and takes the seat off.
            _leave(table, s)
            notes.append(Note(s, "barrel", {"event": "off", "at": b.at}))
            return False
        if rules.reached(before + scores[s]):
            _leave(table, s)  # a made contract that reaches the target wins
            return False
        # 5: it scores 0 and the total stays where it is: the barrel's own mark, or where an
        # adjustment put it (the note says which)
        new[s] = before
        notes.append(
            Note(
                s,
                "barrel",
                {
                    "event": "stay",
                    "at": b.at,
                    "contract": contract,
                    "target": target,
                    "total": before,
                },
            )
        )
    elif b.defender_finishes and s in playing and rules.reached(before + scores[s]):
        # 5.2: a defender (an opponent of a give-up, any seat with no auction) whose score
        # takes it to the target keeps it, and the game ends by section 4
        _leave(table, s)
        params = {"event": "finish", "at": b.at, "score": scores[s], "target": target}
        notes.append(Note(s, "barrel", params))
        return False
    else:
        # On the barrel, points as a defender, sitting-out dealer or opponent are lost.
        notes.append(Note(s, "barrel", {"event": "idle", "at": b.at, "lost": scores[s]}))
        new[s] = before
    table.barrel_hands[s] += 1
    if table.barrel_hands[s] < b.tries:
        notes.append(
            Note(
                s,
                "barrel",
                {"event": "try", "try": table.barrel_hands[s], "tries": b.tries, "at": b.at},
            )
        )
        return False
    new[s] = b.at - b.penalty
    _leave(table, s)
    fall = {"event": "fall", "at": b.at, "tries": b.tries, "penalty": b.penalty, "total": new[s]}
    notes.append(Note(s, "barrel", _fall(rules, table, s, new, fall)))
    return True


def _fall(
    rules: Rules, table: Table, s: int, new: list[int], params: dict[str, object]
) -> dict[str, object]:
    """A fall from the barrel (out of tries or knocked off): counted, and at the seat's
    `falls_to_zero`-th fall its total becomes 0 instead (5.1); the note's parameters."""
    b = rules.options.barrel
    assert b is not None
    table.barrel_falls[s] += 1
    falls = table.barrel_falls[s]
    # 5.1: every falls_to_zero-th fall (the 3rd, the 6th, ... with 3), as the bolts count
    if b.falls_to_zero is None or falls % b.falls_to_zero:
        return params
    new[s] = 0
    tries = params.get("tries")
    return {
        "event": "fall-zero",
        "at": b.at,
        "falls": falls,
        "total": 0,
        "tries": tries,
        "by": params.get("by"),
    }


def _climbs(
    rules: Rules,
    table: Table,
    was_on: Sequence[bool],
    declarer: int | None,
    new: list[int],
    notes: list[Note],
) -> list[int]:
    """The seats whose new total is between the barrel and the target climb on; in order.
    5.2 `together`: when several reach it in one hand, only the declarer among them climbs
    ("declarer"), or none does ("none"); the others go to `at − penalty`, which is no fall."""
    b, target = rules.options.barrel, rules.options.target
    assert b is not None
    reaching = [s for s in range(rules.seats) if not was_on[s] and b.at <= new[s] < target]
    if len(reaching) > 1 and b.together != "all":
        kept = [declarer] if b.together == "declarer" and declarer in reaching else []
        if b.together == "none" or kept:
            for s in reaching:
                if s not in kept:
                    params = {
                        "event": "together",
                        "at": b.at,
                        "reached": new[s],
                        "penalty": b.penalty,
                        "total": b.at - b.penalty,
                        "declarer": kept[0] if kept else None,
                    }
                    notes.append(Note(s, "barrel", params))
                    new[s] = b.at - b.penalty
            reaching = [s for s in reaching if s in kept]
    climbed = []
    for s in reaching:
        notes.append(Note(s, "barrel", {"event": "climb", "at": b.at, "total": new[s]}))
        new[s] = b.at
        table.on_barrel[s] = True
        table.barrel_hands[s] = 0
        climbed.append(s)
    return climbed


def _knock_offs(
    rules: Rules,
    table: Table,
    was_on: Sequence[bool],
    fell: Sequence[bool],
    by: int,
    new: list[int],
    notes: list[Note],
) -> None:
    """With knock-offs, a climb throws off whoever was on the barrel and still is."""
    b = rules.options.barrel
    assert b is not None
    if not b.knock_off:
        return
    for s in range(rules.seats):
        if was_on[s] and table.on_barrel[s] and not fell[s]:
            new[s] = b.at - b.penalty
            _leave(table, s)
            knock = {
                "event": "knock-off",
                "by": by,
                "at": b.at,
                "penalty": b.penalty,
                "total": new[s],
            }
            notes.append(Note(s, "barrel", _fall(rules, table, s, new, knock)))


def bolts(
    rules: Rules,
    table: Table,
    declarer: int | None,
    playing: Sequence[int],
    took: Sequence[bool],
    raw: Sequence[int | None],
    on_barrel: Sequence[bool],
    scores: list[int],
    notes: list[Note],
) -> None:
    """A seat in a played hand, not the declarer nor on the barrel, with no points (or, with
    `kind` "tricks", no trick: 5.1) gets a bolt. With `consecutive`, its other played hands
    break the run and the count starts again."""
    b = rules.options.bolts
    assert b is not None
    for s in playing:
        if s == declarer or on_barrel[s]:
            continue  # neither counts nor breaks a run (5.1)
        if (not took[s]) if b.kind == "tricks" else raw[s] == 0:
            table.bolts[s] += 1
            count = table.bolts[s]
            if count >= b.count:
                scores[s] -= b.penalty
                table.bolts[s] = 0  # the count starts again
            params = {"bolt": count, "count": b.count, "penalty": b.penalty}
            if b.kind == "tricks":
                params["tricks"] = True
            if b.consecutive:
                params["in_a_row"] = True
            notes.append(Note(s, "bolt", params))
        elif b.consecutive and table.bolts[s]:
            notes.append(Note(s, "bolt-run", {"run": table.bolts[s], "count": b.count}))
            table.bolts[s] = 0


def dump(rules: Rules, table: Table, scores: list[int], notes: list[Note]) -> None:
    """A total ending the hand at exactly the dump (or minus it) goes back to 0."""
    d = rules.options.dump
    assert d is not None
    for s in range(rules.seats):
        total = table.totals[s] + scores[s]
        if total == d.at or (d.negative and total == -d.at):
            notes.append(Note(s, "dump", {"total": total, "at": d.at}))
            scores[s] = -table.totals[s]
