"""End of the game and settlement (scoring.md section 4); adjustments (section 3.5)."""

from .helpers import play, rules_of


def adj(*values):
    return {"adjustment": list(values), "reason": "carried over"}


def test_declarer_reaching_the_target_wins_even_below_a_defender():
    t = play(
        "pl-2",
        adj(980, 990),
        {"declarer": 0, "dealer": 1, "bid": 100, "points": [100, 20]},
        options={"stake": 1},
    )
    assert t.totals == (1080, 1010) and t.finished and t.winners == (0,)
    assert [(p.payer, p.payee, int(p.amount)) for p in t.settlement] == [(1, 0, 70)]


def test_a_seat_above_the_declarer_who_won_pays_0_and_is_listed():
    # section 4: every other player pays max(0, winner's total - own total) x stake
    t = play(
        "pl-3",
        adj(990, 900, 0),
        {"declarer": 1, "bid": 100, "points": [20, 100, 0]},
        options={"stake": 1, "lock": None},
    )
    assert t.totals == (1010, 1000, 0) and t.winners == (1,)
    assert [(p.payer, p.payee, int(p.amount)) for p in t.settlement] == [(0, 1, 0), (2, 1, 1000)]


def test_defender_past_the_target_wins_when_the_declarer_does_not():
    t = play("pl-2", adj(0, 990), {"declarer": 0, "dealer": 1, "bid": 100, "points": [100, 20]})
    assert t.winners == (1,)
    assert "game-won" in rules_of(t.lines[-1], 1)


def test_joint_winners_get_no_settlement():
    t = play("moscow", adj(950, 950), {"trump": "clubs", "points": [66, 66]}, options={"stake": 2})
    assert t.winners == (0, 1) and t.settlement == ()
    assert [n.params["why"] for n in t.lines[-1].notes if n.rule == "game-won"] == [
        "joint",
        "joint",
    ]


def test_settlement_everyone_pays_the_difference():
    t = play(
        "pl-3",
        adj(900, 500, 300),
        {"declarer": 0, "dealer": 2, "bid": 100, "points": [100, 10, 10]},
        options={"stake": "0.05"},
    )
    assert t.totals == (1000, 510, 310)
    assert [(p.payer, p.payee, str(p.amount)) for p in t.settlement] == [
        (1, 0, "24.50"),
        (2, 0, "34.50"),
    ]


def test_adjustment_never_ends_the_game_nor_moves_the_deal():
    t = play("pl-3", {"declarer": 1, "bid": 100, "points": [10, 100, 10]}, adj(2000, 0, 0))
    assert not t.finished and t.lines[1].dealer is None and t.next_dealer == 1
    assert t.lines[1].scores == (2000, 0, 0)
    t = play("pl-3", adj(2000, 0, 0), {"declarer": 1, "bid": 100, "points": [10, 100, 10]})
    assert t.finished and t.winners == (0,)


def test_target_option():
    t = play(
        "pl-3",
        {
            "declarer": 1,
            "bid": 300,
            "points": [0, 120, 0],
            "marriages": [{"seat": 1, "suit": "hearts"}, {"seat": 1, "suit": "diamonds"}],
        },
        options={"target": 300},
    )
    assert t.finished and t.winners == (1,)


def test_every_total_is_previous_plus_score():
    t = play(
        "pl-3",
        {"declarer": 1, "bid": 100, "points": [10, 100, 10]},
        adj(5, -5, 0),
        {"declarer": 2, "bid": 100, "points": [10, 100, 10]},
    )
    previous = (0, 0, 0)
    for line in t.lines:
        assert tuple(p + s for p, s in zip(previous, line.scores)) == line.totals
        previous = line.totals
