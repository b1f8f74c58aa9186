"""A game of a fixed number of deals (the option `deals`, scoring.md sections 2 and 4)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.gamefile import parse
from scorekeeper.rules import InvalidHand, Sheet, rules_for, text

from .helpers import game, play, rules_of

# pl-3 from the first dealer 0, each hand with the forced opener as declarer at 100: the opener
# of the hand dealt by seat d is seat d + 1. Each hand's scores, worked out by hand, are beside it.
H1 = {"declarer": 1, "bid": 100, "points": [20, 100, 0]}  # +20, +100, 0
H2 = {"declarer": 2, "bid": 100, "points": [0, 20, 100]}  # 0, +20, +100
H3 = {"declarer": 0, "bid": 100, "points": [100, 0, 20]}  # +100, 0, +20
H4 = {"declarer": 1, "bid": 100, "points": [40, 60, 20]}  # +40, -100, +20


def adj(*values: int) -> dict[str, Any]:
    return {"adjustment": list(values), "reason": "carried over"}


@pytest.mark.parametrize(
    ("deals", "lines", "totals", "winners"),
    [
        (1, [H1], (20, 100, 0), (1,)),
        (2, [H1, H2], (20, 120, 100), (1,)),
        (3, [H1, H2, H3], (120, 120, 120), (0, 1, 2)),
        (4, [H1, H2, H3, H4], (160, 20, 140), (0,)),
    ],
)
def test_the_game_ends_after_its_last_deal_with_the_highest_total(
    deals: int, lines: list[dict[str, Any]], totals: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    t = play("pl-3", *lines, options={"deals": deals})
    assert t.totals == totals and t.finished and t.winners == winners
    assert t.hands == deals
    for seat in winners:  # the end says why: the deals, then the winner
        assert rules_of(t.lines[-1], seat)[-2:] == ["deals", "game-won"]
    assert not any(n.rule == "deals" for line in t.lines[:-1] for n in line.notes)
    before = play("pl-3", *lines[:-1], options={"deals": deals})
    assert not before.finished and before.winners == ()


def test_the_note_says_the_number_of_deals() -> None:
    t = play("pl-3", H1, H2, options={"deals": 2})
    said = [text(n) for n in t.lines[-1].notes if n.seat == 1]
    assert said[-2:] == ["the game ended after 2 deals", "highest total, 120: wins"]
    one = play("pl-3", H1, options={"deals": 1})
    assert "the game ended after 1 deal" in [text(n) for n in one.lines[-1].notes]


def test_adjustments_are_not_deals() -> None:
    # 2 deals: after H1, an adjustment and H2 the game ends at line 3, not at line 2
    t = play("pl-3", H1, adj(0, 0, 50), H2, options={"deals": 2})
    assert t.finished and len(t.lines) == 3 and t.hands == 2
    assert t.totals == (20, 120, 150) and t.winners == (2,)
    t = play("pl-3", H1, adj(0, 0, 50), options={"deals": 2})
    assert not t.finished


def test_a_total_at_the_target_ends_the_game_before_its_deals() -> None:
    # target 110: Bartek's 100 + 20 in the second hand reaches it (defender: the highest wins)
    t = play("pl-3", H1, H2, options={"deals": 5, "target": 110})
    assert t.finished and t.hands == 2 and t.winners == (1,)
    assert "deals" not in rules_of(t.lines[-1], 1)
    with pytest.raises(InvalidHand, match="the game ended with line 2"):
        play("pl-3", H1, H2, H3, options={"deals": 5, "target": 110})


def test_the_target_reached_in_the_last_deal_ends_it_by_the_target() -> None:
    # target 120 in 2 deals: Celina, declarer, reaches 100 + 20 = 120 while Bartek has 120 too:
    # by section 4 the declarer who reached the target wins alone, and no deals note is written
    h2 = {"declarer": 2, "bid": 100, "points": [0, 20, 100]}
    h1 = {"declarer": 1, "bid": 100, "points": [0, 100, 20]}
    t = play("pl-3", h1, h2, options={"deals": 2, "target": 120})
    assert t.totals == (0, 120, 120) and t.winners == (2,)
    assert [n.params["why"] for n in t.lines[-1].notes if n.rule == "game-won"] == ["declarer"]
    assert not any(n.rule == "deals" for n in t.lines[-1].notes)


def test_joint_winners_after_the_deals_get_no_settlement_and_one_winner_does() -> None:
    t = play("pl-3", H1, H2, H3, options={"deals": 3, "stake": 1})
    assert t.winners == (0, 1, 2) and t.settlement == ()
    assert {n.params["why"] for n in t.lines[-1].notes if n.rule == "game-won"} == {"joint"}
    t = play("pl-3", H1, H2, options={"deals": 2, "stake": 1})
    assert [(p.payer, p.payee, int(p.amount)) for p in t.settlement] == [(0, 1, 100), (2, 1, 20)]


@pytest.mark.parametrize("after", [H3, adj(0, 0, 5)])
def test_no_line_follows_the_end(after: dict[str, Any]) -> None:
    with pytest.raises(InvalidHand) as refused:
        play("pl-3", H1, H2, after, options={"deals": 2})
    assert [(p.hand, p.params) for p in refused.value.problems] == [(3, {"line": 2})]
    sheet = Sheet(rules_for("pl-3", {"deals": 2}))
    for line in (H1, H2):
        sheet.add(parse(game("pl-3", [line])).lines[0])
    with pytest.raises(InvalidHand, match="nothing can be added after it"):
        sheet.add(parse(game("pl-3", [after])).lines[0])


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (0, "option deals: must be between 1 and 2000, got 0"),
        (2001, "option deals: must be between 1 and 2000, got 2001"),
        ("24", "option deals: must be a whole number, got '24'"),
    ],
)
def test_a_number_of_deals_the_rules_cannot_take(value: Any, says: str) -> None:
    with pytest.raises(InvalidHand, match=says):
        rules_for("pl-3", {"deals": value})


def test_none_is_to_the_target_and_a_game_all_golden_deal_is_refused() -> None:
    assert rules_for("pl-3", {"deals": None}).options.deals is None
    # the golden deal of pl-3 is 3 hands (one per player): 3 deals would leave no other hand
    with pytest.raises(InvalidHand, match="a game of 3 deals would be all golden deal"):
        rules_for("pl-3", {"deals": 3, "golden": True})
    assert rules_for("pl-3", {"deals": 4, "golden": True}).options.deals == 4
