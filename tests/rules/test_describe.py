"""What the rules tell the pages: the hand form's fields (formspec), the rules page (describe)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scorekeeper.rules import PlayerState, rules_for
from scorekeeper.rules.describe import describe
from scorekeeper.rules.formspec import Chips, chips, hand_form

from .helpers import play


def keys(rules) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Each section's sentence keys, in order."""
    return {s.key: [say.key for b in s.blocks for say in b.says] for s in describe(rules)}


def params(rules, key: str) -> list[dict]:  # type: ignore[no-untyped-def]
    return [
        dict(say.params)
        for s in describe(rules)
        for b in s.blocks
        for say in b.says
        if say.key == key
    ]


@pytest.mark.parametrize(
    "preset, auction, trump, with_marriage, turned_up, give_up",
    [
        ("pl-3", True, False, False, False, None),
        ("pl-4", True, False, False, False, None),
        ("pl-2", True, False, False, False, None),
        ("ru-2", True, True, True, False, (True, 60)),
        ("ru-4", True, True, True, False, (True, 60)),
        ("ru-3", True, False, False, False, (True, 60)),
        ("moscow", False, True, False, True, None),
    ],
)
def test_the_hand_form_asks_what_the_preset_plays(
    preset, auction, trump, with_marriage, turned_up, give_up
) -> None:  # type: ignore[no-untyped-def]
    spec = hand_form(rules_for(preset), 0)
    assert spec.auction is auction
    assert (spec.trump, spec.trump_with_marriage, spec.trump_turned_up) == (
        trump,
        with_marriage,
        turned_up,
    )
    given = (spec.give_up.declarer_minus, spec.give_up.opponents) if spec.give_up else None
    assert given == give_up
    assert spec.switches is (preset == "moscow")
    assert spec.in_tricks is (preset in ("ru-2", "ru-4"))


def test_the_sitting_out_dealer_and_the_musik_in_pl4() -> None:
    spec = hand_form(rules_for("pl-4"), 2)
    assert spec.playing == (0, 1, 3) and spec.sitting_out == 2 and spec.musik
    assert hand_form(rules_for("pl-3"), 2).sitting_out is None
    assert not hand_form(rules_for("pl-3"), 2).musik


def test_half_the_contract_a_limit_and_the_ace_marriage_as_house_rules() -> None:
    spec = hand_form(
        rules_for(
            "pl-3",
            {"give_up": {"declarer": "zero", "opponents": "half", "limit": 2}, "ace_marriage": 200},
        ),
        0,
    )
    assert spec.give_up is not None
    assert (spec.give_up.declarer_minus, spec.give_up.opponents, spec.give_up.limit) == (
        False,
        None,
        2,
    )
    assert spec.marriage_suits == ("spades", "clubs", "diamonds", "hearts", "aces")
    assert hand_form(rules_for("pl-3"), 0).marriage_suits == (
        "spades",
        "clubs",
        "diamonds",
        "hearts",
    )


def test_the_card_counter_follows_the_deck_and_the_remainder_only_with_every_card() -> None:
    moscow = hand_form(rules_for("moscow"), 0)
    assert moscow.deck_total == 132
    assert moscow.card_values == (("A", 11), ("10", 10), ("K", 5), ("Q", 4), ("J", 3), ("9", 0))
    assert hand_form(rules_for("pl-3"), 0).card_values == (
        ("A", 11),
        ("10", 10),
        ("K", 4),
        ("Q", 3),
        ("J", 2),
        ("9", 0),
    )
    assert hand_form(rules_for("pl-3"), 0).all_cards_in_play
    assert not hand_form(rules_for("pl-2"), 0).all_cards_in_play


def test_the_marks_beside_a_total() -> None:
    ru3 = rules_for("ru-3", {"lock": 900})
    state = PlayerState(0, 880, True, 2, 1, 0, None, False)
    assert chips(ru3, state).bolts == (1, 3) and chips(ru3, state).barrel_tries == 2
    assert chips(ru3, state).locked_at is None
    locked = PlayerState(0, 905, False, None, 0, 0, None, True)
    assert chips(ru3, locked).locked_at == 900 and chips(ru3, locked).bolts is None


def test_after_the_end_nothing_is_marked() -> None:
    """The winner is no longer "locked at 900", nobody is on the barrel (docs/table.md)."""
    ru3 = rules_for("ru-3", {"lock": 900})
    winner = PlayerState(0, 1005, False, None, 1, 0, None, True)
    assert chips(ru3, winner).locked_at == 900
    assert chips(ru3, winner, finished=True) == Chips(None, None, None)
    climber = PlayerState(1, 890, True, 2, 2, 0, None, False)
    assert chips(ru3, climber, finished=True) == Chips(None, None, None)


def test_a_give_up_limit_is_marked_from_its_last_give_up_on() -> None:
    """give_up limit 2: nothing before the first give-up, "one left" after it, "none" after
    the second; every other seat, which has not given up, is not marked."""
    options = {"give_up": {"declarer": "minus", "opponents": 60, "limit": 2}}
    rules = rules_for("ru-2", options)
    gave_up = {"declarer": 0, "bid": 100, "give_up": True}
    marks = []
    for n in range(3):
        tally = play("ru-2", *[gave_up] * n, options=options)
        marks.append([chips(rules, p).give_ups_left for p in tally.players])
    assert marks == [[None, None], [1, None], [0, None]]
    limit_3 = rules_for("ru-2", {"give_up": {"limit": 3}})
    assert chips(limit_3, PlayerState(0, 0, False, None, 0, 1, 2, False)).give_ups_left is None
    assert chips(limit_3, PlayerState(0, 0, False, None, 0, 2, 1, False)).give_ups_left == 1


@pytest.mark.parametrize(
    ("every", "given_up", "mark"),
    [
        (3, 0, None),  # the count has not begun
        (3, 1, 2),  # the one after next costs it
        (3, 2, 1),  # the next costs it
        (3, 3, None),  # just paid: the count begins again
        (4, 1, None),  # three away
        (4, 2, 2),
        (2, 0, None),
        (2, 1, 1),
        (1, 0, None),  # every give-up costs it: nothing to count
        (1, 5, None),
    ],
)
def test_a_give_up_penalty_is_marked_when_the_next_or_the_one_after_costs_it(
    every: int, given_up: int, mark: int | None
) -> None:
    rules = rules_for("ru-3", {"give_up": {"every": every}})
    state = PlayerState(0, 0, False, None, 0, given_up, None, False, 0, every - given_up % every)
    assert chips(rules, state).give_ups_to_penalty == mark


@pytest.mark.parametrize(
    "preset, present, absent",
    [
        ("pl-3", {"lock", "rounding"}, {"barrel", "bolts", "dump", "give_up", "musik"}),
        ("pl-4", {"lock", "musik"}, {"barrel", "give_up"}),
        ("ru-3", {"barrel", "bolts", "dump", "give_up", "rounding"}, {"lock", "musik"}),
        ("ru-2", {"give_up", "rounding"}, {"lock", "barrel"}),
        ("moscow", {"end", "decisions"}, {"rounding", "lock", "give_up"}),
    ],
)
def test_the_rules_page_has_the_sections_the_game_plays(preset, present, absent) -> None:  # type: ignore[no-untyped-def]
    sections = set(keys(rules_for(preset)))
    assert present <= sections and not absent & sections


def test_no_auction_changes_what_the_sections_are_called_and_say() -> None:
    moscow = {s.key: s.title for s in describe(rules_for("moscow"))}
    assert moscow["auction"] == "no-auction" and moscow["scoring"] == "all-score"
    said = keys(rules_for("moscow"))
    assert said["auction"] == ["no-auction"] and said["scoring"] == ["each-as-is"]
    assert "moscow-marriages" in said["decisions"] and "no-bid" not in said["decisions"]


def test_the_numbers_a_page_quotes() -> None:
    ru3 = rules_for("ru-3")
    # rounding to 5: 17 goes down to 15, 18 up to 20 (seed 003)
    assert params(ru3, "becomes") == [{"raw": 17, "rounded": 15}, {"raw": 18, "rounded": 20}]
    assert params(ru3, "barrel-tries") == [{"num": 3, "fall": 760, "at": 880, "penalty": 120}]
    pl3 = rules_for("pl-3", {"stake": "0.5"})
    assert params(pl3, "stake-example") == [
        {"winner": 1020, "loser": 600, "amount": Decimal("210.0")}
    ]
    half = rules_for("ru-3", {"give_up": {"opponents": "half"}})
    assert params(half, "give-up-example") == [
        {"contract": 105, "points": 55},
        {"contract": 110, "points": 55},
        {"contract": 115, "points": 60},
    ]


def test_which_decisions_a_game_carries() -> None:
    assert "five-up" in keys(rules_for("ru-2"))["decisions"]
    assert "five-up" not in keys(rules_for("ru-2", {"rounding": 5}))["decisions"]
    assert "no-850" in keys(rules_for("ru-4"))["decisions"]
    ru2 = keys(rules_for("ru-2"))
    assert "no-bid" in ru2["decisions"] and "first-may-pass" in ru2["auction"]
    assert (
        "skip-bidding" in ru2["auction"]
        and "skip-bidding" not in keys(rules_for("ru-4"))["auction"]
    )
    pl3 = keys(rules_for("pl-3"))
    assert "no-bid-forced" in pl3["decisions"] and "forced-opening" in pl3["auction"]
