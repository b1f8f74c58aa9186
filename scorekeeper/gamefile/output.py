"""The scored game as `scorekeeper score` prints it, and as the browser's engine gives it."""

# `score_output` is game-file.md's output. `engine_output` is what the JavaScript twin of the
# rules (engineOutput of static/gamefile/output.js, docs/engine.md) must give for the same
# decoded file, key for key: the score output with each line's kind, contract, outcome (made,
# failed, given up) and note parameters, each seat's state and marks, the next hand's bidding
# hints and form, or the file's problems. The conformance test (tests/rules/test_js_twin.py)
# compares the two on every game it can find or deal.

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from decimal import Decimal
from typing import Any

from scorekeeper.gamefile.file import GameFile, parse
from scorekeeper.rules import (
    ENGLISH,
    InvalidHand,
    Message,
    Problem,
    Sheet,
    Tally,
    Term,
    Translator,
    contract_outcome,
    replay_entered,
    text,
)
from scorekeeper.rules.formspec import chips, hand_form


def amount(value: Decimal) -> int | float:
    """Money as a JSON number: whole amounts as integers."""
    return int(value) if value == value.to_integral_value() else float(value)


def score_output(game: GameFile, tally: Tally, tr: Translator = ENGLISH) -> dict[str, Any]:
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
                    {"seat": n.seat, "rule": n.rule, "text": text(n, names, tr)} for n in line.notes
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


def plain(value: Any) -> Any:
    """A note's or problem's parameter as JSON: a translated word or sentence as its key."""
    if isinstance(value, Term):
        return {"term": value.kind, "key": value.key}
    if isinstance(value, Message):
        return {"message": value.template, "params": plain(value.params)}
    if isinstance(value, Decimal):
        return amount(value)
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def problem_output(p: Problem, tr: Translator = ENGLISH) -> dict[str, Any]:
    return {
        "hand": p.hand,
        "field": p.field,
        "seat": p.seat,
        "template": p.template,
        "params": plain(p.params),
        "text": p.text(tr),
    }


def engine_output(
    data: Any, entered: int | None = None, stored: bool = False, tr: Translator = ENGLISH
) -> dict[str, Any]:
    """The engine's answer for decoded game-file JSON `data`: every line scored (`stored`: the
    lines were accepted when logged; `entered`: line `entered` is new and gets every check, the
    others are stored), or {"problems": [...]} with every problem found, in the language of `tr`."""
    try:
        game = parse(data)
        rules = game.rules()
        if entered is not None:
            tally = replay_entered(rules, game.lines, entered, game.first_dealer, game.players)
        else:
            tally = Sheet(rules, game.first_dealer, game.players).replay(game.lines, stored)
    except InvalidHand as e:
        return {"problems": [problem_output(p, tr) for p in e.problems]}
    out = score_output(game, tally, tr)
    for hand, line in zip(out["hands"], tally.lines, strict=True):
        hand["kind"] = line.kind
        hand["contract"] = line.contract
        hand["outcome"] = contract_outcome(line)  # the sheets' ✓ and ✗
        for note, n in zip(hand["notes"], line.notes, strict=True):
            note["params"] = plain(n.params)
    out["states"] = [p._asdict() for p in tally.players]
    out["chips"] = [plain(asdict(chips(rules, p, tally.finished))) for p in tally.players]
    out["next_dealer"] = tally.next_dealer
    out["sitting_out"] = tally.sitting_out
    out["bidding"] = plain(asdict(tally.bidding))
    out["form"] = plain(asdict(hand_form(rules, tally.next_dealer, tally.hands)))
    return out
