"""ru-2 and ru-4 (seeds 002, 003): in-trick marriages, named trump, giving up, slam, 850 rule."""

import pytest

from .helpers import last, params, play, problems, rules_of


def test_in_trick_marriages_80_trump_40_other():
    line = last(
        "ru-2",
        {
            "declarer": 0,
            "bid": 100,
            "trump": "hearts",
            "points": [70, 40],
            "marriages": [{"seat": 0, "suit": "hearts"}, {"seat": 1, "suit": "spades"}],
        },
    )
    # declarer 70 + 80 = 150 >= 100; the defender 40 + 40 = 80
    assert line.scores == (100, 80)
    assert params(line, 0, "marriage") == {
        "suit": "hearts",
        "value": 80,
        "in_tricks": True,
        "trump": True,
    }


def test_defender_rounds_to_ten_five_up():
    # seeds 002/003: "round to 10", and a 5 rounds up as in seed 001
    line = last("ru-2", {"declarer": 0, "bid": 60, "trump": "clubs", "points": [70, 45]})
    assert line.scores == (60, 50)


def test_contract_is_the_bid():
    assert problems(
        "ru-2", {"declarer": 0, "bid": 60, "contract": 70, "trump": "clubs", "points": [80, 40]}
    ) == ["hand 1: in ru-2 the contract is the bid (60), got 70"]


@pytest.mark.parametrize("bid", [50, 130, 65])
def test_bids_from_60_to_120_in_tens(bid):
    assert (
        len(problems("ru-2", {"declarer": 0, "bid": bid, "trump": "clubs", "points": [80, 40]}))
        == 1
    )


def test_first_player_passes_the_other_plays_60_without_a_bid():
    line = last("ru-2", {"declarer": 1, "trump": "clubs", "points": [40, 70]})
    assert line.scores == (40, 60)


def test_trump_is_required_only_with_a_marriage_in_tricks():
    # scoring.md 3.2: the trump decides 80 or 40, so a hand with no marriage needs none
    assert last("ru-2", {"declarer": 0, "bid": 60, "points": [80, 40]}).scores == (60, 40)
    married = {
        "declarer": 0,
        "bid": 60,
        "points": [80, 40],
        "marriages": [{"seat": 0, "suit": "hearts"}],
    }
    assert problems("ru-2", married) == [
        "hand 1: a marriage was found in tricks: say which suit is trump"
    ]
    assert last("ru-2", {**married, "trump": "hearts"}).scores == (60, 40)
    # the ace marriage is never trump: it needs none either
    aces = {**married, "marriages": [{"seat": 0, "suit": "aces"}]}
    assert last("ru-2", aces, options={"ace_marriage": 200}).scores == (60, 40)


def test_in_trick_marriage_needs_its_cards_in_points():
    assert problems(
        "ru-2",
        {
            "declarer": 0,
            "bid": 60,
            "trump": "clubs",
            "points": [114, 6],
            "marriages": [{"seat": 1, "suit": "clubs"}],
        },
    ) == [
        "hand 1: Bartek has the clubs marriage in tricks but only 6 card points "
        "(its cards alone are 7)"
    ]


def test_give_up_declarer_minus_opponent_60():
    line = last("ru-2", {"declarer": 0, "bid": 100, "give_up": True})
    assert line.scores == (-100, 60)
    assert rules_of(line, 0) == ["give-up"] and rules_of(line, 1) == ["give-up"]


def test_give_up_hand_has_no_points():
    assert problems("ru-2", {"declarer": 0, "bid": 100, "give_up": True, "points": [80, 40]}) == [
        "hand 1: a hand given up is not played: it has no card points"
    ]


@pytest.mark.parametrize(
    "give_up, contract, scores",
    [
        ({"declarer": "zero", "opponents": 60}, 100, (0, 60)),
        ({"declarer": "minus", "opponents": "half"}, 110, (-110, 60)),  # 55 rounds up to 60
        ({"declarer": "minus", "opponents": "half"}, 100, (-100, 50)),
        ({"declarer": "minus", "opponents": 40}, 80, (-80, 40)),
    ],
)
def test_give_up_options(give_up, contract, scores):
    line = last(
        "ru-2", {"declarer": 0, "bid": contract, "give_up": True}, options={"give_up": give_up}
    )
    assert line.scores == scores


def test_give_up_limit():
    hand = {"declarer": 0, "bid": 100, "give_up": True}
    options = {"give_up": {"declarer": "minus", "opponents": 60, "limit": 1}}
    assert problems("ru-2", hand, hand, options=options) == [
        "hand 2: Ala has given up 1 times already, the limit is 1"
    ]
    t = play("ru-2", hand, options=options)
    assert t.players[0].give_ups == 1 and t.players[0].give_ups_left == 0
    assert t.players[1].give_ups_left == 1


def test_slam_counts_the_cards_out_of_play():
    # 120 with no marriage, the opponent took no trick: the 4 prikup cards count (seed 002)
    line = last("ru-2", {"declarer": 0, "bid": 120, "trump": "clubs", "points": [100, 0]})
    assert line.scores == (120, 0)
    assert "slam" in rules_of(line, 0) and "contract-made" in rules_of(line, 0)


@pytest.mark.parametrize(
    "hand",
    [
        # the opponent took a trick
        {"declarer": 0, "bid": 120, "trump": "clubs", "points": [100, 10]},
        # the declarer had a marriage
        {
            "declarer": 0,
            "bid": 120,
            "trump": "clubs",
            "points": [76, 0],
            "marriages": [{"seat": 0, "suit": "spades"}],
        },
    ],
)
def test_no_slam(hand):
    assert last("ru-2", hand).scores[0] < 0


def test_slam_is_an_option():
    line = last(
        "ru-2",
        {"declarer": 0, "bid": 120, "trump": "clubs", "points": [100, 0]},
        options={"slam_counts_all": False},
    )
    assert line.scores == (-120, 0)


def test_cards_out_of_play_range():
    assert problems("ru-2", {"declarer": 0, "bid": 60, "trump": "clubs", "points": [50, 20]}) == [
        "hand 1: card points must add up to between 76 and 120 (cards out of play), got 70"
    ]


def test_850_rule_hints():
    t = play("ru-2", {"adjustment": [850, 0], "reason": ""})
    assert t.bidding.may_skip == (0,) and t.bidding.may_not_pass == (1,)
    assert not t.bidding.forced and t.bidding.opener == 1


def test_ru4_four_players_all_cards_in_play():
    line = last(
        "ru-4",
        {
            "declarer": 2,
            "bid": 80,
            "trump": "diamonds",
            "points": [15, 20, 60, 25],
            "marriages": [{"seat": 2, "suit": "diamonds"}],
        },
    )
    assert line.scores == (20, 20, 80, 30)
    assert problems(
        "ru-4", {"declarer": 2, "bid": 80, "trump": "diamonds", "points": [15, 20, 50, 25]}
    ) == ["hand 1: card points must add up to 120, got 110"]


def test_ru4_give_up_pays_every_opponent():
    assert last("ru-4", {"declarer": 3, "bid": 70, "give_up": True}).scores == (60, 60, 60, -70)
