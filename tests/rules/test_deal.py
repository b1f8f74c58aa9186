"""scoring.md 3.2 (revised): the forced opening, a real deal of the 24 cards, the pl-4 musik's
marriage; and the barrel after an adjustment, the Moscow trump switch (3.3, 5)."""

import pytest

from scorekeeper.rules import Hand, InvalidHand, replay, replay_entered, rules_for
from scorekeeper.rules.cards import MOSCOW, STANDARD
from scorekeeper.rules.deal import Pile, possible
from scorekeeper.rules.notes import text

from .helpers import last, params, play, problems, rules_of

H, S = "hearts", "spades"


# --- forced opening ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, points, opener, other, step",
    [
        ("pl-3", [40, 60, 20], 1, 2, 10),
        ("ru-3", [40, 60, 20], 1, 2, 5),
        ("pl-2", [40, 80], 1, 0, 10),
        # pl-4: Ala deals and sits out, so Bartek opens
        ("pl-4", [None, 60, 40, 20], 1, 2, 10),
    ],
)
def test_a_hand_won_at_the_lowest_bid_is_the_forced_openers(variant, points, opener, other, step):
    names = ["Ala", "Bartek", "Celina", "Darek"]
    assert last(variant, {"declarer": opener, "bid": 100, "points": points}).declarer == opener
    found = problems(variant, {"declarer": other, "bid": 100, "points": points})
    assert found == [
        f"hand 1: {names[opener]} opens at 100 without looking, so {names[other]} won the "
        f"auction with at least {100 + step}, not 100"
    ]
    # one step higher is anyone's bid
    assert last(variant, {"declarer": other, "bid": 100 + step, "points": points}).contract == (
        100 + step
    )


def test_the_forced_bid_is_at_the_field_that_says_it():
    def field(hand):
        with pytest.raises(InvalidHand) as e:
            play("pl-3", hand)
        return e.value.field

    assert field({"declarer": 2, "bid": 100, "contract": 120, "points": [20, 0, 100]}) == "bid"
    # only a contract: it is the bid too
    assert field({"declarer": 2, "contract": 100, "points": [20, 0, 100]}) == "contract"
    # neither: the contract is the lowest bid, the opener's
    assert field({"declarer": 2, "points": [20, 0, 100]}) == "bid"
    # a raised contract over a forced 100 is the opener's too
    line = last("pl-3", {"declarer": 1, "bid": 100, "contract": 120, "points": [0, 100, 20]})
    assert line.scores == (0, -120, 20)


def test_the_opener_follows_a_named_dealer_and_a_give_up():
    # Celina deals (a redeal moved the deal): Ala opens
    assert last("pl-3", {"dealer": 2, "declarer": 0, "bid": 100, "points": [100, 10, 10]})
    give_up = {"declarer": 2, "bid": 100, "give_up": True}
    assert problems("ru-3", give_up)[0].startswith("hand 1: Bartek opens at 100")
    assert last("ru-3", {**give_up, "declarer": 1}).scores == (60, -100, 60)


@pytest.mark.parametrize("variant", ["ru-2", "ru-4"])
def test_russian_two_and_four_have_no_forced_opening(variant):
    # seed 002: the first hand may pass; the other takes the prikup "without a bid"
    points = [80, 40] if variant == "ru-2" else [70, 20, 20, 10]
    assert last(variant, {"declarer": 0, "bid": 60, "points": points}).scores[0] == 60


def test_stored_lines_keep_scoring_but_an_entered_line_is_checked():
    # a game logged before the forced opening was a rule still scores; an edit is checked
    rules = rules_for("pl-3")
    old = Hand(declarer=0, bid=100, points=(100, 10, 10))
    assert replay(rules, [old], stored=True).totals == (100, 10, 10)
    with pytest.raises(InvalidHand):
        replay(rules, [old])
    with pytest.raises(InvalidHand) as e:
        replay_entered(rules, [old, old], 2)
    assert e.value.hand == 2 and e.value.field == "bid"
    fixed = Hand(declarer=2, bid=100, points=(10, 10, 100))
    assert replay_entered(rules, [old, fixed], 2).totals == (110, 20, 110)


# --- a real deal -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, hand, field, message",
    [
        # one trick of three cards holds at most three aces
        (
            "pl-3",
            {"declarer": 1, "bid": 100, "points": [40, 70, 10], "tricks": [1, 6, 1]},
            "points",
            "Ala: one trick holds at most 33 points, got 40",
        ),
        # two tricks of three: six cards, four nines at most, so at least 2 + 2
        (
            "pl-3",
            {"declarer": 1, "bid": 100, "points": [0, 100, 20], "tricks": [2, 5, 1]},
            "points",
            "Ala: 2 tricks hold at least 4 points, got 0",
        ),
        # three cards never make 29 (11 + 11 + 7, 11 + 10 + 8, 10 + 10 + 9: no such cards)
        (
            "pl-3",
            {"declarer": 1, "bid": 100, "points": [29, 81, 10], "tricks": [1, 6, 1]},
            "points",
            "Ala: one trick of 3 cards cannot make exactly 29 points",
        ),
        # two-hand games: the 4 cards out of play are never worth 1, 38 or 39
        (
            "pl-2",
            {"declarer": 1, "bid": 100, "points": [19, 100]},
            "points",
            "the card points add up to 119, so the 4 cards out of play would hold 1",
        ),
        (
            "pl-2",
            {"declarer": 1, "bid": 100, "points": [12, 70]},
            "points",
            "the card points add up to 82, so the 4 cards out of play would hold 38",
        ),
        (
            "ru-2",
            {"declarer": 0, "bid": 60, "points": [61, 20]},
            "points",
            "the card points add up to 81, so the 4 cards out of play would hold 39",
        ),
        # two marriages found in tricks: two kings and two queens, 14 at least
        (
            "ru-2",
            {
                "declarer": 0,
                "bid": 60,
                "trump": H,
                "points": [13, 107],
                "marriages": [{"seat": 0, "suit": H}, {"seat": 0, "suit": S}],
            },
            "marriages",
            "Ala has 2 marriages in tricks but only 13 card points (their cards alone are 14)",
        ),
        # each fine alone, not together: 20 in three cards takes two tens, 30 takes three
        (
            "pl-3",
            {"declarer": 2, "bid": 110, "points": [20, 30, 70], "tricks": [1, 1, 6]},
            "points",
            "no deal of the 24 cards gives these card points and tricks together",
        ),
        # a marriage in one trick of two cards leaves no room for the 20 more points
        (
            "ru-2",
            {
                "declarer": 1,
                "bid": 60,
                "trump": H,
                "points": [27, 93],
                "tricks": [1, 9],
                "marriages": [{"seat": 0, "suit": H}],
            },
            "points",
            "Ala: one trick holds at most 22 points, got 27",
        ),
    ],
)
def test_what_no_deal_gives_is_refused(variant, hand, field, message):
    with pytest.raises(InvalidHand) as e:
        play(variant, hand)
    assert [p.field for p in e.value.problems] == [field]
    assert message in e.value.problems[0].message, e.value.problems[0].message


@pytest.mark.parametrize(
    "variant, hand",
    [
        ("pl-3", {"declarer": 1, "bid": 100, "points": [33, 77, 10], "tricks": [1, 6, 1]}),
        ("pl-3", {"declarer": 1, "bid": 100, "points": [4, 94, 22], "tricks": [2, 5, 1]}),
        # three nines are a trick worth nothing
        ("pl-3", {"declarer": 1, "bid": 100, "points": [0, 120, 0], "tricks": [1, 7, 0]}),
        ("pl-2", {"declarer": 1, "bid": 100, "points": [20, 98]}),  # 2 out: a jack and nines
        ("pl-2", {"declarer": 1, "bid": 100, "points": [0, 76]}),  # 44 out: four aces
        (
            "ru-2",
            {
                "declarer": 0,
                "bid": 60,
                "trump": H,
                "points": [14, 106],
                "marriages": [{"seat": 0, "suit": H}, {"seat": 0, "suit": S}],
            },
        ),
        ("moscow", {"trump": H, "points": [22, 110], "tricks": [1, 11]}),
        ("ru-4", {"declarer": 0, "bid": 60, "points": [44, 0, 76, 0], "tricks": [1, 0, 5, 0]}),
    ],
)
def test_what_a_deal_can_give_is_accepted(variant, hand):
    assert last(variant, hand).number == 1


def test_every_impossible_value_is_named():
    assert problems("pl-3", {"declarer": 1, "bid": 100, "points": [119, 1, 0]}) == [
        "hand 1: Ala's 119 card points cannot be made with this deck (0 to 120, never 1, 119)",
        "hand 1: Bartek's 1 card points cannot be made with this deck (0 to 120, never 1, 119)",
    ]


@pytest.mark.parametrize(
    "hand, found",
    [
        # the sum is wrong, and one trick cannot hold Ala's 40 either: both are said
        (
            {"declarer": 1, "bid": 100, "points": [40, 40, 30], "tricks": [1, 3, 4]},
            [
                "hand 1: card points must add up to 120, got 110",
                "hand 1: Ala: one trick holds at most 33 points, got 40",
            ],
        ),
        # Ala's 1 point is no deck's, and Bartek's 59 are more than one trick holds
        (
            {"declarer": 1, "bid": 100, "points": [1, 59, 60], "tricks": [3, 1, 4]},
            [
                "hand 1: Ala's 1 card points cannot be made with this deck (0 to 120, never 1, "
                "119)",
                "hand 1: Bartek: one trick holds at most 33 points, got 59",
            ],
        ),
        # the tricks add up to 7, and Ala's one trick cannot hold 40
        (
            {"declarer": 1, "bid": 100, "points": [40, 40, 40], "tricks": [1, 3, 3]},
            [
                "hand 1: tricks must add up to 8, got 7",
                "hand 1: Ala: one trick holds at most 33 points, got 40",
            ],
        ),
    ],
)
def test_a_hand_with_several_problems_gets_all_of_them(hand, found):
    # scoring.md 3.2: the seat's trick limit is said even when the sums fail (the joint
    # search of a whole deal is not: it needs sums that stand)
    assert problems("pl-3", hand) == found


def test_a_stored_line_with_a_wrong_sum_is_not_also_held_to_a_real_deal():
    rules = rules_for("pl-3")
    wrong = Hand(declarer=1, bid=100, points=(40, 40, 30), tricks=(1, 3, 4))
    with pytest.raises(InvalidHand) as e:
        replay(rules, [wrong], stored=True)
    assert [p.field for p in e.value.problems] == ["points"]  # the sum alone


# --- pl-4: the musik's marriage --------------------------------------------------------------


def test_a_marriage_from_the_musik_is_the_declarers_only():
    hand = {
        "declarer": 1,
        "bid": 100,
        "points": [None, 60, 40, 20],
        "musik": {"aces": 0, "marriage": H},
        "marriages": [{"seat": 2, "suit": H}],
    }
    assert problems("pl-4", hand) == [
        "hand 1: Celina cannot declare the hearts marriage: its king and queen were both in "
        "the musik, which only the declarer takes"
    ]
    line = last("pl-4", {**hand, "marriages": [{"seat": 1, "suit": H}]})
    assert line.scores == (100, 100, 40, 20)  # the dealer's musik bonus, the declarer's 160


# --- the barrel after an adjustment; the Moscow switch -------------------------------------


def test_a_made_contract_on_the_barrel_short_of_the_target_leaves_the_total_where_it_is():
    t = play(
        "ru-3",
        {"adjustment": [880, 0, 0], "reason": ""},
        {"dealer": 2, "declarer": 0, "bid": 100, "points": [100, 10, 10]},  # climbs at 880
        {"adjustment": [-30, 0, 0], "reason": "exposed a card"},
        {"dealer": 1, "declarer": 2, "bid": 100, "points": [10, 10, 100]},
        {"dealer": 2, "declarer": 0, "bid": 100, "points": [100, 10, 10]},
    )
    last_line = t.lines[-1]
    assert t.lines[2].totals[0] == 850 and last_line.scores[0] == 0
    assert last_line.totals[0] == 850
    note = params(last_line, 0, "barrel")
    assert note == {"event": "stay", "at": 880, "contract": 100, "target": 1000, "total": 850}
    stay = next(n for n in last_line.notes if n.seat == 0 and n.rule == "barrel")
    assert "scores 0 and stays at 850" in text(stay)


def test_a_moscow_marriage_that_switches_trump_says_so():
    line = last(
        "moscow",
        {
            "trump": "clubs",
            "points": [70, 62],
            "marriages": [
                {"seat": 0, "suit": H, "switch": True},
                {"seat": 1, "suit": "diamonds"},
            ],
        },
    )
    assert "trump-switch" in rules_of(line, 0)
    assert params(line, 0, "trump-switch") == {"suit": H}


@pytest.mark.parametrize("deck", [STANDARD, MOSCOW], ids=["standard", "moscow"])
def test_three_piles_of_whole_tricks_take_any_split_the_deck_can_make(deck):
    # why DealChecks.deal skips the search for three seats with no tricks nor marriages in
    # them: every split of the deck total into three sums the deck can make has a deal
    made = sorted(deck.reachable)
    for a in made:
        for b in made:
            c = deck.total - a - b
            if c in deck.reachable and a <= b <= c:
                piles = (Pile(a, step=3), Pile(b, step=3), Pile(c, step=3))
                assert possible(deck.values, piles), (a, b, c)
