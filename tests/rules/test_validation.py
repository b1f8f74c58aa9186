"""Validation of scoring.md section 3.2: each refused input names its hand, field and reason."""

import pytest

from scorekeeper.rules import Adjustment, Hand, InvalidHand, Sheet, replay, rules_for

from .helpers import play, problems

OK = {"declarer": 0, "bid": 110, "points": [100, 10, 10]}


@pytest.mark.parametrize(
    "hand, field, message",
    [
        ({"bid": 100, "points": [100, 10, 10]}, "declarer", "say who won the auction"),
        ({**OK, "declarer": 3}, "declarer", "the declarer must be a seat from 0 to 2"),
        ({**OK, "bid": 105}, "bid", "the bid must be a multiple of 10, got 105"),
        ({**OK, "bid": 90}, "bid", "the bid must be at least 100, got 90"),
        ({**OK, "bid": 410}, "bid", "the bid can be at most 400, got 410"),
        (
            {**OK, "bid": 120, "contract": 110},
            "contract",
            "the contract (110) cannot be below the winning bid (120)",
        ),
        ({**OK, "points": [100, 10, 8]}, "points", "card points must add up to 120, got 118"),
        ({**OK, "points": [119, 1, 0]}, "points", "Ala's 119 card points cannot be made"),
        (
            {**OK, "points": [100, 20]},
            "points",
            "give card points for each of the 3 players, got 2",
        ),
        ({**OK, "points": [100, None, 20]}, "points", "card points of Bartek are missing"),
        ({"declarer": 0, "bid": 110}, "points", "give the card points each player took"),
        (
            {**OK, "marriages": [{"seat": 0, "suit": "hearts"}, {"seat": 1, "suit": "hearts"}]},
            "marriages",
            "the hearts marriage can only be there once in a hand",
        ),
        (
            {**OK, "marriages": [{"seat": 5, "suit": "hearts"}]},
            "marriages",
            "a marriage's seat must be from 0 to 2, got 5",
        ),
        ({**OK, "tricks": [6, 1, 0]}, "tricks", "tricks must add up to 8, got 7"),
        ({**OK, "tricks": [7, 1, 0]}, "tricks", "Celina took no trick but has 10 card points"),
        ({**OK, "musik": {"aces": 1}}, "musik", "only a sitting-out dealer scores the musik"),
        ({**OK, "dealer": 4}, "dealer", "the dealer must be a seat from 0 to 2, got 4"),
        ({**OK, "trump": "aces"}, "trump", "trump must be one of"),
    ],
)
def test_refused_with_field_and_sentence(hand, field, message):
    with pytest.raises(InvalidHand) as e:
        play("pl-3", hand)
    assert e.value.hand == 1 and e.value.field == field
    assert message in str(e.value), str(e.value)


def test_every_problem_of_every_hand_is_reported():
    found = problems(
        "pl-3", OK, {**OK, "points": [100, 10, 8]}, OK, {**OK, "bid": 95, "points": [119, 1, 0]}
    )
    # hand 4: the bid, and both impossible values (119 and 1), not only the first
    assert [p.split(":")[0] for p in found] == ["hand 2", "hand 4", "hand 4", "hand 4"]


def test_nothing_after_the_end_of_the_game():
    found = problems(
        "pl-3",
        {"adjustment": [950, 0, 0], "reason": ""},
        {"declarer": 0, "dealer": 2, "bid": 100, "points": [100, 10, 10]},
        OK,
        {"adjustment": [1, 0, 0], "reason": ""},
    )
    # one message for the whole tail
    assert found == ["hand 3: the game ended with line 2; nothing can be added after it"]


def test_adjustment_needs_a_number_per_player():
    assert problems("pl-3", {"adjustment": [1, 2], "reason": "x"}) == [
        "hand 1: an adjustment needs one number per player (3), got 2"
    ]


def test_rules_api_refuses_bad_objects_with_the_same_error():
    rules = rules_for("pl-3")
    with pytest.raises(InvalidHand):
        replay(rules, [Hand(declarer=0, bid=100, points=(100, 10, 10))], first_dealer=7)
    with pytest.raises(InvalidHand):
        replay(rules, [Adjustment((1, 2, 3, 4))])


def test_error_carries_hand_field_message():
    with pytest.raises(InvalidHand) as e:
        play("pl-3", OK, OK, OK, {**OK, "points": [100, 10, 8]})
    err = e.value
    assert (err.hand, err.field) == (4, "points")
    assert str(err) == "hand 4: card points must add up to 120, got 118"


def test_a_refused_line_leaves_the_sheet_as_it_was():
    sheet = Sheet(rules_for("pl-3"), names=["Ala", "Bartek", "Celina"])
    sheet.add(Hand(declarer=1, bid=100, points=(10, 100, 10)))
    before = sheet.tally()
    with pytest.raises(InvalidHand) as e:
        sheet.add(Hand(declarer=2, bid=100, points=(100, 10, 8)))
    assert e.value.hand == 2
    assert sheet.tally() == before
    assert sheet.add(Hand(declarer=2, bid=100, points=(10, 10, 100))).number == 2


def test_a_copied_sheet_is_independent():
    sheet = Sheet(rules_for("pl-3"))
    sheet.add(Hand(declarer=1, bid=100, points=(10, 100, 10)))
    copy = sheet.copy()
    copy.add(Hand(declarer=2, bid=100, points=(10, 10, 100)))
    assert sheet.tally().totals == (10, 100, 10) and len(sheet.tally().lines) == 1
    assert copy.tally().totals == (20, 110, 110) and len(copy.tally().lines) == 2
