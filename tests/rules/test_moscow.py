"""Moscow rules (seed 004): no auction, deck of 132, trump marriages doubled."""

from scorekeeper.rules.notes import text

from .helpers import last, params, play, problems, rules_of


def test_clubs_marriage_with_clubs_trump_is_120():
    # seed 004: "if clubs are trump ... not 60 but 120"
    line = last(
        "moscow",
        {"trump": "clubs", "points": [70, 62], "marriages": [{"seat": 0, "suit": "clubs"}]},
    )
    assert line.scores == (190, 62)  # no rounding in Moscow
    assert params(line, 0, "trump-double") == {"suit": "clubs", "base": 60, "value": 120}


def test_switch_order():
    line = last(
        "moscow",
        {
            "trump": "clubs",
            "points": [70, 62],
            "marriages": [
                {"seat": 0, "suit": "spades", "switch": True},
                {"seat": 1, "suit": "clubs"},
            ],
        },
    )
    # spades declared with clubs trump: 40, then trump is spades: clubs is no longer doubled
    assert line.scores == (110, 122)
    line = last(
        "moscow",
        {
            "trump": "clubs",
            "points": [70, 62],
            "marriages": [
                {"seat": 1, "suit": "clubs"},
                {"seat": 0, "suit": "spades", "switch": True},
                {"seat": 0, "suit": "hearts"},
            ],
        },
    )
    assert line.scores == (70 + 40 + 100, 62 + 120)


def test_double_on_switch_option():
    line = last(
        "moscow",
        {
            "trump": "clubs",
            "points": [70, 62],
            "marriages": [{"seat": 0, "suit": "spades", "switch": True}],
        },
        options={"double_on_switch": True},
    )
    assert line.scores == (150, 62)
    # the note says why it doubled: its own switch, clubs being trump when it was declared
    assert params(line, 0, "trump-double") == {
        "suit": "spades",
        "base": 40,
        "value": 80,
        "switch": True,
    }
    said = [text(n) for n in line.notes if n.seat == 0]
    assert "spades marriage switches trump to spades: 40 doubled to 80" in said
    assert not any("declared with spades trump" in t for t in said)


def test_points_add_up_to_132():
    assert problems("moscow", {"trump": "clubs", "points": [70, 60]}) == [
        "hand 1: card points must add up to 132, got 130"
    ]
    assert problems("moscow", {"trump": "clubs", "points": [131, 1]})[0].startswith(
        "hand 1: Ala's 131 card points cannot be made"
    )


def test_no_declarer_no_bid():
    assert problems("moscow", {"declarer": 0, "trump": "clubs", "points": [70, 62]}) == [
        "hand 1: there is no auction in moscow: leave out the declarer"
    ]
    assert problems("moscow", {"points": [70, 62]}) == [
        "hand 1: say which suit is trump in this hand"
    ]


def test_marriage_counts_without_a_trick_and_highest_total_wins():
    t = play(
        "moscow",
        {"trump": "hearts", "points": [132, 0], "marriages": [{"seat": 1, "suit": "diamonds"}]},
        {"adjustment": [800, 0], "reason": "carried over"},
        {"trump": "spades", "points": [80, 52]},
        options={"stake": "0.5"},
    )
    assert t.lines[0].scores == (132, 80)
    assert t.finished and t.winners == (0,)
    assert t.totals == (1012, 132)
    assert [(p.payer, p.payee, float(p.amount)) for p in t.settlement] == [(1, 0, 440.0)]
    assert "game-won" in rules_of(t.lines[-1], 0)


def test_a_lock_needs_an_auction():
    # scoring.md 3.2: with no declarer a locked seat could never score again
    assert problems("moscow", {"trump": "clubs", "points": [70, 62]}, options={"lock": 100}) == [
        "game: option lock: the lock needs an auction: with no declarer a locked player "
        "could never finish"
    ]
