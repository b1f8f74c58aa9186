"""Polish presets (pl-3, pl-4, pl-2): seeds 000 and 001 and the decisions of scoring.md s. 1."""

import pytest

from .helpers import last, params, play, problems, rules_of

H = "hearts"


@pytest.mark.parametrize(
    "variant, points, declarer, contract, scores",
    [
        # seed 001: a defender's 44 is written as 40, and 45 as 50
        ("pl-2", [106, 14], 0, 100, [100, 10]),
        ("pl-2", [70, 44], 1, 100, [70, -100]),
        ("pl-2", [75, 45], 0, 100, [-100, 50]),
        # seed 001: "if he plays 120 and takes 119 ... 120 is taken off": 118+0 fails 120 by 2
        ("pl-2", [118, 0], 0, 120, [-120, 0]),
        # pl-3 defenders round too (scoring.md s. 1: Polish practice)
        ("pl-3", [35, 70, 15], 1, 100, [40, -100, 20]),
        ("pl-3", [64, 34, 22], 0, 100, [-100, 30, 20]),
        # the declarer scores the contract, never its points (seed 000)
        ("pl-3", [100, 10, 10], 0, 100, [100, 10, 10]),
    ],
)
def test_played_hand(variant, points, declarer, contract, scores):
    # a hand won at 100 is the forced opener's (scoring.md 3.2): the dealer sits before it
    dealer = (declarer - 1) % len(points) if contract == 100 else 0
    line = last(
        variant, {"dealer": dealer, "declarer": declarer, "bid": contract, "points": points}
    )
    assert list(line.scores) == scores


def test_119_fails_120_with_the_numbers_in_the_note():
    # seed 001: 120 played, 119 taken (cards 79 + marriage 40 in pl-2) -> -120
    line = last(
        "pl-2",
        {
            "declarer": 0,
            "bid": 120,
            "points": [79, 41],
            "marriages": [{"seat": 0, "suit": "spades"}],
        },
    )
    assert line.scores == (-120, 40)
    assert params(line, 0, "contract-failed") == {
        "contract": 120,
        "points": 119,
        "rounded": None,
        "short": 1,
    }


def test_contract_raised_after_the_musik():
    line = last(
        "pl-3",
        {
            "declarer": 1,
            "bid": 110,
            "contract": 120,
            "points": [35, 70, 15],
            "marriages": [{"seat": 1, "suit": H}],
        },
    )
    assert line.scores == (40, 120, 20)
    assert rules_of(line, 0) == ["points", "rounding"]
    assert params(line, 0, "rounding") == {"raw": 35, "rounded": 40, "step": 10}


@pytest.mark.parametrize(
    "suit, value", [("hearts", 100), ("diamonds", 80), ("clubs", 60), ("spades", 40)]
)
def test_marriage_values(suit, value):
    line = last(
        "pl-3",
        {
            "dealer": 2,
            "declarer": 0,
            "bid": 100,
            "points": [20, 60, 40],
            "marriages": [{"seat": 1, "suit": suit}],
        },
    )
    assert line.scores[1] == 60 + value


def test_marriage_needs_a_trick():
    # seed 001: "to score 100 with a hearts marriage you must take at least one trick"
    line = last(
        "pl-3",
        {
            "dealer": 2,
            "declarer": 0,
            "bid": 100,
            "points": [100, 20, 0],
            "marriages": [{"seat": 2, "suit": H}],
        },
    )
    assert line.scores == (100, 20, 0)
    assert params(line, 2, "marriage-no-trick") == {"suit": H, "value": 100}


def test_trick_count_decides_who_took_a_trick():
    # three nines make a trick worth 0: the marriage counts with tricks given
    line = last(
        "pl-3",
        {
            "dealer": 2,
            "declarer": 0,
            "bid": 100,
            "points": [100, 20, 0],
            "tricks": [6, 1, 1],
            "marriages": [{"seat": 2, "suit": H}],
        },
    )
    assert line.scores == (100, 20, 100)


def test_lock_at_900_defender_loses_points_declarer_still_scores():
    lines = play(
        "pl-3",
        {"adjustment": [900, 890, 0], "reason": "carried over"},
        {"dealer": 1, "declarer": 2, "bid": 100, "points": [40, 30, 50]},
        {"declarer": 0, "bid": 100, "points": [100, 10, 10]},
    ).lines
    assert lines[1].scores == (0, 30, -100)
    assert params(lines[1], 0, "lock") == {"total": 900, "lock": 900, "lost": 40}
    # Bartek is now at 920 and locked too; Ala's result as declarer counts and wins
    assert lines[2].scores == (100, 0, 10)
    assert lines[2].totals == (1000, 920, -90)
    assert "game-won" in rules_of(lines[2], 0)


def test_lock_option_override():
    line = last(
        "pl-3",
        {"adjustment": [800, 0, 0], "reason": ""},
        {"declarer": 1, "bid": 100, "points": [40, 60, 20]},
        options={"lock": 800},
    )
    assert line.scores == (0, -100, 20)


def test_no_lock_in_pl2():
    line = last(
        "pl-2",
        {"adjustment": [950, 0], "reason": ""},
        {"declarer": 1, "bid": 100, "points": [30, 90]},
    )
    assert line.scores == (30, -100)
    line = last(
        "pl-2",
        {"adjustment": [950, 0], "reason": ""},
        {"declarer": 1, "bid": 100, "points": [20, 100]},
    )
    assert line.scores == (20, 100)


def test_pl4_dealer_sits_out_and_scores_the_musik():
    t = play(
        "pl-4",
        {
            "declarer": 1,
            "bid": 100,
            "points": [None, 60, 40, 20],
            "musik": {"aces": 1, "marriage": "hearts"},
        },
        {
            "declarer": 2,
            "bid": 100,
            "points": [30, None, 70, 20],
            "musik": {"aces": 2, "marriage": None},
        },
    )
    first, second = t.lines
    assert (first.dealer, second.dealer) == (0, 1)
    assert first.scores == (150, -100, 40, 20)
    assert params(first, 0, "musik-bonus")["bonus"] == 150
    assert second.scores == (30, 100, -100, 20)
    assert t.next_dealer == 2 and t.sitting_out == 2
    assert t.bidding.opener == 3 and t.bidding.forced and t.bidding.min_bid == 100


def test_pl4_locked_dealer_loses_the_musik():
    line = last(
        "pl-4",
        {"adjustment": [950, 0, 0, 0], "reason": ""},
        {
            "declarer": 1,
            "bid": 100,
            "points": [None, 60, 40, 20],
            "musik": {"aces": 2, "marriage": None},
        },
    )
    assert line.scores == (0, -100, 40, 20)
    assert rules_of(line, 0) == ["musik-bonus", "lock"]


@pytest.mark.parametrize(
    "hand, message",
    [
        (
            {"declarer": 0, "bid": 100, "points": [None, 60, 40, 20]},
            "hand 1: Ala deals and sits this hand out, so cannot be the declarer",
        ),
        (
            {"declarer": 1, "bid": 100, "points": [10, 50, 40, 20]},
            "hand 1: Ala sits this hand out and has no card points",
        ),
        (
            {
                "declarer": 1,
                "bid": 100,
                "points": [None, 60, 40, 20],
                "marriages": [{"seat": 0, "suit": H}],
            },
            "hand 1: Ala sits this hand out and cannot have a marriage",
        ),
        (
            {
                "declarer": 1,
                "bid": 100,
                "points": [None, 60, 40, 20],
                "musik": {"aces": 2, "marriage": "hearts"},
            },
            "hand 1: the musik holds 3 cards: a marriage and 2 aces do not fit",
        ),
    ],
)
def test_pl4_sitting_out_is_checked(hand, message):
    assert problems("pl-4", hand) == [message]


def test_forced_bidder_is_after_the_dealer():
    t = play("pl-3", {"declarer": 0, "bid": 100, "points": [60, 40, 20]}, first_dealer=2)
    assert t.lines[0].dealer == 2
    assert t.next_dealer == 0 and t.bidding.opener == 1 and t.bidding.forced


def test_explicit_dealer_moves_the_rotation():
    t = play(
        "pl-3",
        {"declarer": 1, "bid": 100, "points": [40, 60, 20]},
        {"dealer": 0, "declarer": 1, "bid": 100, "points": [40, 60, 20]},
        {"declarer": 2, "bid": 100, "points": [40, 20, 60]},
    )
    assert [line.dealer for line in t.lines] == [0, 0, 1]


def test_no_bid_given_is_the_lowest_contract():
    line = last("pl-3", {"declarer": 1, "points": [40, 60, 20]})
    assert line.scores == (40, -100, 20)


def test_giving_up_is_not_a_polish_rule_unless_the_option_says_so():
    assert problems("pl-3", {"declarer": 1, "bid": 100, "give_up": True}) == [
        "hand 1: pl-3 does not allow giving up"
    ]
    line = last(
        "pl-3",
        {"declarer": 1, "bid": 120, "give_up": True},
        options={"give_up": {"declarer": "minus", "opponents": "half"}},
    )
    assert line.scores == (60, -120, 60)
