"""House rules of scoring.md section 5 (ru-3 and overrides): barrel, bolts, dump, ace marriage."""

import pytest

from .helpers import last, params, play, problems, rules_of


def adj(*values):
    return {"adjustment": list(values), "reason": "start"}


def hand(declarer, bid, points, **kw):
    # a hand won at 100 is the forced opener's (scoring.md 3.2): the dealer sits before it
    if bid == 100 and "dealer" not in kw:
        kw["dealer"] = (declarer - 1) % len(points)
    return {"declarer": declarer, "bid": bid, "points": points, **kw}


def test_rounding_to_five():
    # remainder 1-2 down, 3-4 up: 17 -> 15, 18 -> 20
    line = last("ru-3", hand(0, 100, [85, 17, 18]))
    assert line.scores == (-100, 15, 20)


def test_bids_in_fives():
    assert last("ru-3", hand(0, 105, [85, 17, 18])).scores[0] == -105
    assert len(problems("ru-3", hand(0, 102, [85, 17, 18]))) == 1


def test_climb_on_the_barrel_then_three_tries_then_fall():
    t = play(
        "ru-3",
        adj(800, 0, 0),
        hand(0, 100, [100, 10, 10]),
        hand(1, 100, [40, 70, 10]),
        hand(1, 100, [40, 70, 10]),
        hand(1, 100, [40, 70, 10]),
    )
    climb, try1, try2, fall = t.lines[1:]
    assert climb.totals[0] == 880 and climb.scores[0] == 80
    assert params(climb, 0, "barrel") == {"event": "climb", "at": 880, "total": 900}
    assert try1.scores[0] == 0 and try2.scores[0] == 0
    assert [n.params["event"] for n in try1.notes if n.seat == 0 and n.rule == "barrel"] == [
        "idle",
        "try",
    ]
    assert fall.scores[0] == -120 and fall.totals[0] == 760
    assert params(fall, 0, "barrel")["event"] == "idle"
    assert [n.params["event"] for n in fall.notes if n.seat == 0 and n.rule == "barrel"] == [
        "idle",
        "fall",
    ]
    assert not t.players[0].on_barrel


def test_tries_left_on_the_scoreboard():
    t = play("ru-3", adj(800, 0, 0), hand(0, 100, [100, 10, 10]), hand(1, 100, [40, 70, 10]))
    assert t.players[0].on_barrel and t.players[0].tries_left == 2


def test_made_contract_on_the_barrel_reaching_1000_wins():
    t = play(
        "ru-3",
        adj(880, 0, 0),
        hand(1, 100, [10, 100, 10]),  # 880 is on the barrel now
        hand(0, 120, [120, 0, 0]),
    )
    # the adjustment put Ala at 880 but not on the barrel: the next hand climbs her on
    assert t.lines[1].totals[0] == 880 and "barrel" in rules_of(t.lines[1], 0)
    assert t.lines[2].totals[0] == 1000 and t.finished and t.winners == (0,)


def test_made_contract_short_of_1000_stays_on_the_barrel():
    t = play("ru-3", adj(800, 0, 0), hand(0, 100, [100, 10, 10]), hand(0, 100, [100, 10, 10]))
    assert t.lines[2].scores[0] == 0 and t.lines[2].totals[0] == 880
    assert params(t.lines[2], 0, "barrel")["event"] == "stay"
    assert t.players[0].on_barrel and t.players[0].tries_left == 2


def test_failed_contract_on_the_barrel_takes_the_seat_off():
    t = play("ru-3", adj(800, 0, 0), hand(0, 100, [100, 10, 10]), hand(0, 120, [100, 10, 10]))
    assert t.lines[2].totals[0] == 760 and not t.players[0].on_barrel


def test_give_up_on_the_barrel():
    t = play(
        "ru-3",
        adj(800, 0, 0),
        hand(0, 100, [100, 10, 10]),
        {"declarer": 0, "bid": 100, "give_up": True, "dealer": 2},
    )
    assert t.lines[2].scores == (-100, 60, 60) and not t.players[0].on_barrel


def test_opponent_of_a_give_up_on_the_barrel_scores_nothing():
    t = play(
        "ru-3",
        adj(800, 0, 0),
        hand(0, 100, [100, 10, 10]),
        {"declarer": 1, "bid": 100, "give_up": True},
    )
    assert t.lines[2].scores == (0, -100, 60)
    assert params(t.lines[2], 0, "barrel") == {"event": "idle", "at": 880, "lost": 60}


def test_knock_off():
    t = play("ru-3", adj(800, 850, 0), hand(0, 100, [100, 10, 10]), hand(2, 100, [20, 40, 60]))
    knock = t.lines[2]
    # Bartek 850 + 40 = 890 climbs to 880; Ala, on the barrel before, falls to 760
    assert knock.totals == (760, 880, -90)
    assert params(knock, 0, "barrel") == {"event": "idle", "at": 880, "lost": 20}
    assert [n.params["event"] for n in knock.notes if n.seat == 0 and n.rule == "barrel"] == [
        "idle",
        "try",
        "knock-off",
    ]
    assert t.players[1].on_barrel and not t.players[0].on_barrel


def test_no_knock_off_option():
    t = play(
        "ru-3",
        adj(800, 850, 0),
        hand(0, 100, [100, 10, 10]),
        hand(2, 100, [20, 40, 60]),
        options={"barrel": {"at": 880, "tries": 3, "penalty": 120, "knock_off": False}},
    )
    assert t.lines[2].totals == (880, 880, -90)


def test_a_seat_falls_once_per_hand():
    t = play(
        "ru-3",
        adj(800, 0, 0),
        hand(0, 100, [100, 10, 10]),
        hand(2, 100, [20, 40, 60]),
        hand(2, 100, [20, 40, 60]),
        adj(0, 810, 0),
        hand(2, 100, [20, 40, 60]),
    )
    last_line = t.lines[-1]
    # third try: Ala falls; Bartek climbs in the same hand: no second fall for Ala
    assert last_line.totals[:2] == (760, 880)
    assert [n.params["event"] for n in last_line.notes if n.seat == 0 and n.rule == "barrel"] == [
        "idle",
        "fall",
    ]


def test_two_seats_climb_together_and_knock_nobody():
    t = play("ru-3", adj(850, 850, 0), hand(2, 100, [40, 40, 40]))
    assert t.lines[1].totals == (880, 880, -100)


def test_bolts_third_costs_120():
    nothing = hand(0, 100, [100, 20, 0])
    t = play("ru-3", nothing, nothing, nothing)
    assert [line.scores[2] for line in t.lines] == [0, 0, -120]
    assert params(t.lines[2], 2, "bolt") == {"bolt": 3, "count": 3, "penalty": 120}
    assert t.players[2].bolts == 0
    t = play("ru-3", nothing, nothing)
    assert t.players[2].bolts == 2


def test_no_bolt_for_the_declarer_nor_with_a_marriage():
    line = last(
        "ru-3",
        hand(0, 100, [120, 0, 0], marriages=[{"seat": 1, "suit": "hearts"}]),
        options={"bolts": {"count": 1, "penalty": 50}},
    )
    # Bartek's marriage needs a trick, so his raw points are 0 and he gets a bolt; Celina too
    assert line.scores == (100, -50, -50)
    line = last(
        "ru-3",
        hand(0, 100, [120, 0, 0], marriages=[{"seat": 1, "suit": "hearts"}]),
        options={"bolts": {"count": 1, "penalty": 50}, "marriage_needs_trick": False},
    )
    assert line.scores == (100, 100, -50)


def test_no_bolt_on_the_barrel():
    t = play(
        "ru-3",
        adj(800, 0, 0),
        hand(0, 100, [100, 20, 0]),
        hand(1, 100, [0, 100, 20]),
        options={"bolts": {"count": 1, "penalty": 50}},
    )
    assert t.lines[2].scores[0] == 0 and "bolt" not in rules_of(t.lines[2], 0)


@pytest.mark.parametrize("negative, total", [(False, -555), (True, 0)])
def test_dump(negative, total):
    line = last("ru-3", adj(455, 0, 0), hand(0, 100, [100, 10, 10]))
    assert line.totals[0] == 0 and params(line, 0, "dump") == {"total": 555, "at": 555}
    line = last(
        "ru-3",
        adj(-455, 0, 0),
        hand(0, 100, [60, 30, 30]),
        options={"dump": {"at": 555, "negative": negative}},
    )
    assert line.totals[0] == total


def test_ace_marriage():
    line = last(
        "pl-3",
        hand(0, 100, [50, 40, 30], marriages=[{"seat": 1, "suit": "aces"}]),
        options={"ace_marriage": 200},
    )
    assert line.scores == (-100, 240, 30)
    assert problems(
        "pl-3", hand(0, 100, [50, 40, 30], marriages=[{"seat": 1, "suit": "aces"}])
    ) == ["hand 1: the ace marriage (four aces) is not a rule of this game"]


def test_round_declarer():
    h = hand(0, 120, [115, 5, 0])
    assert last("pl-3", h).scores[0] == -120
    line = last("pl-3", h, options={"round_declarer": True})
    assert line.scores[0] == 120
    assert params(line, 0, "contract-made") == {"contract": 120, "points": 115, "rounded": 120}
