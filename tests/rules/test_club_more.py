"""The club agreements of scoring.md 5.2 and the changed sentence of 5.1, a table per agreement:
each case is a sentence played out, with the scores and totals computed by hand from the spec
(ru-3: rounding to 5, bids in 5s from 100, barrel 880/3/120 with knock-offs, bolts 3/120, dump
555, give-up minus/60; pl-3: rounding to 10, bids in 10s, the lock at 900; pl-4 as pl-3, the
dealer sits out and scores the musik)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import InvalidHand

from .helpers import play

ADJ = "adjustment"


def adj(*values: int) -> dict[str, Any]:
    return {ADJ: list(values), "reason": "carried over"}


def h(declarer: int, bid: int, points: list[int | None], **kw: Any) -> dict[str, Any]:
    """A hand won at `bid` (its contract too)."""
    return {"declarer": declarer, "bid": bid, "points": points, **kw}


def gave_up(declarer: int, bid: int) -> dict[str, Any]:
    return {"declarer": declarer, "bid": bid, "give_up": True}


def m(*pairs: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "suit": suit} for seat, suit in pairs]


# With first_dealer 0 the hands are dealt by 0, 1, 2, 0...: the forced opener (the first seat
# after the dealer) is 1, 2, 0, 1... and only it may win at the lowest bid. Ala (seat 0) is
# put at 870 by an adjustment and climbs the barrel with 15 points in the first hand.
CLIMB = [adj(870, 0, 0), h(1, 100, [15, 100, 5])]
CLIMBED = [
    ([870, 0, 0], [870, 0, 0], {(0, ADJ)}),
    ([10, 100, 5], [880, 100, 5], {(0, "barrel", "climb")}),
]

# (the sentence, variant, options, lines, [(scores, totals, {(seat, rule[, event]), ...})],
#  winners at the end or None). An event is a barrel note's `event` or a game-won note's `why`.
Case = tuple[str, str, dict[str, Any], list[dict[str, Any]], list[Any], tuple[int, ...] | None]
SCORED: list[Case] = [
    (
        "5.1 falls_to_zero: every falls_to_zero-th fall, not only the first (1: every fall)",
        "ru-3",
        {"barrel": {"tries": 1, "falls_to_zero": 1}},
        [
            *CLIMB,
            # Ala on the barrel loses her 15, her one try is gone: fall 1 goes to 0 (-880)
            h(2, 100, [15, 5, 100]),
            adj(870, 0, 0),
            # Ala makes 100: 970 climbs on at 880 (+10)
            h(0, 100, [110, 5, 5]),
            # her second fall goes to 0 too (the first version zeroed only the first)
            h(1, 100, [15, 100, 5]),
        ],
        [
            *CLIMBED,
            ([-880, 5, 100], [0, 105, 105], {(0, "barrel", "fall-zero")}),
            ([870, 0, 0], [870, 105, 105], {(0, ADJ)}),
            ([10, 5, 5], [880, 110, 110], {(0, "barrel", "climb")}),
            ([-880, 100, 5], [0, 210, 115], {(0, "barrel", "fall-zero")}),
        ],
        None,
    ),
    (
        "5.2 on_fail try: a failed declarer on the barrel scores 0, stays, and uses a try; "
        "it falls after the tries-th as usual",
        "ru-3",
        {"barrel": {"on_fail": "try"}},
        [
            *CLIMB,
            # Ala bids 120 with 100: failed, but 0 and still at 880 (try 1 of 3)
            h(0, 120, [100, 15, 5]),
            # Ala makes 100: 980 does not reach 1000, 0 (try 2 of 3)
            h(0, 100, [100, 15, 5]),
            # Ala fails 120 again: her third try, she falls off to 760
            h(0, 120, [100, 15, 5]),
        ],
        [
            *CLIMBED,
            ([0, 15, 5], [880, 115, 10], {(0, "contract-failed"), (0, "barrel", "fail-try")}),
            ([0, 15, 5], [880, 130, 15], {(0, "barrel", "stay"), (0, "barrel", "try")}),
            ([-120, 15, 5], [760, 145, 20], {(0, "barrel", "fail-try"), (0, "barrel", "fall")}),
        ],
        None,
    ),
    (
        "5.2 on_fail try: a given-up contract on the barrel is unchanged (minus, off the barrel)",
        "ru-3",
        {"barrel": {"on_fail": "try"}},
        [*CLIMB, gave_up(0, 105)],
        [
            *CLIMBED,
            ([-105, 60, 60], [775, 160, 65], {(0, "give-up"), (0, "barrel", "off")}),
        ],
        None,
    ),
    (
        "5.2 defender_finishes: a defender on the barrel scores 0 as usual, unless its score "
        "takes it to the target; then it scores that and the game ends",
        "ru-3",
        {"barrel": {"defender_finishes": True}},
        [
            *CLIMB,
            # Ala's 15 as a defender: 895 is below 1000, lost as usual (try 1)
            h(2, 100, [15, 5, 100]),
            # Bartek bids 105 and fails; Ala's 80 + hearts 100 = 180: 1060, she finishes
            h(1, 105, [80, 10, 30], marriages=m((0, "hearts"))),
        ],
        [
            *CLIMBED,
            ([0, 5, 100], [880, 105, 105], {(0, "barrel", "idle"), (0, "barrel", "try")}),
            (
                [180, -105, 30],
                [1060, 0, 135],
                {(0, "barrel", "finish"), (0, "game-won", "highest")},
            ),
        ],
        (0,),
    ),
    (
        "5.2 defender_finishes: the declarer that also reached the target still wins",
        "ru-3",
        {"barrel": {"defender_finishes": True}},
        [
            adj(870, 870, 0),
            # Celina makes 105; Ala 10: 880 climbs on; Bartek 875 stays below the barrel
            h(2, 105, [10, 5, 105]),
            # Bartek makes 150 (60 + hearts 100): 1025; Ala 40 + diamonds 80 = 120: 1000
            h(1, 150, [40, 60, 20], marriages=m((1, "hearts"), (0, "diamonds"))),
        ],
        [
            ([870, 870, 0], [870, 870, 0], {(0, ADJ)}),
            ([10, 5, 105], [880, 875, 105], {(0, "barrel", "climb")}),
            (
                [120, 150, 20],
                [1000, 1025, 125],
                {(0, "barrel", "finish"), (1, "game-won", "declarer")},
            ),
        ],
        (1,),
    ),
    (
        "5.2 defender_finishes: an opponent of a give-up on the barrel may finish too",
        "ru-3",
        {"barrel": {"defender_finishes": True}, "give_up": {"opponents": "half"}},
        # Bartek gives up 300: -300; half of it, 150, takes Ala from 880 to 1030
        [*CLIMB, gave_up(1, 300)],
        [*CLIMBED, ([150, -300, 150], [1030, -200, 155], {(0, "barrel", "finish")})],
        (0,),
    ),
    (
        "5.2 defender_finishes: the sitting-out dealer is no defender, its musik stays lost "
        "(docs/rules-decisions.md)",
        "pl-4",
        {"barrel": {"tries": 5, "defender_finishes": True}, "lock": None},
        [
            adj(870, 0, 0, 0),
            # Ala sits out: an ace in the musik, +50: 920 climbs on at 880 (+10)
            h(1, 100, [None, 100, 10, 10], musik={"aces": 1, "marriage": None}),
            h(2, 100, [10, None, 100, 10], musik={"aces": 0, "marriage": None}),  # try 1
            h(3, 100, [10, 10, None, 100], musik={"aces": 0, "marriage": None}),  # try 2
            # Ala makes 100: 980, 0 on the barrel (try 3)
            h(0, 100, [100, 10, 10, None], musik={"aces": 0, "marriage": None}),
            # Ala sits out with an ace and hearts in the musik: 150 would take her to 1030,
            # but a sitting-out dealer on the barrel scores nothing (try 4)
            h(1, 100, [None, 100, 10, 10], musik={"aces": 1, "marriage": "hearts"}),
        ],
        [
            ([870, 0, 0, 0], [870, 0, 0, 0], {(0, ADJ)}),
            ([10, 100, 10, 10], [880, 100, 10, 10], {(0, "musik-bonus"), (0, "barrel", "climb")}),
            ([0, 0, 100, 10], [880, 100, 110, 20], {(0, "barrel", "try")}),
            ([0, 10, 0, 100], [880, 110, 110, 120], {(0, "barrel", "try")}),
            ([0, 10, 10, 0], [880, 120, 120, 120], {(0, "barrel", "stay")}),
            ([0, 100, 10, 10], [880, 220, 130, 130], {(0, "barrel", "idle")}),
        ],
        None,
    ),
    (
        "5.2 together declarer: of two seats that climb in one hand only the declarer does; "
        "the other goes to at - penalty, which is no fall",
        "ru-3",
        # falls_to_zero 1: were it a fall, Ala would go to 0
        {"barrel": {"together": "declarer", "falls_to_zero": 1}},
        # Bartek makes 100: 960; Ala 15: 885; both reach the barrel, Bartek climbs
        [adj(870, 860, 0), h(1, 100, [15, 100, 5])],
        [
            ([870, 860, 0], [870, 860, 0], {(0, ADJ)}),
            ([-110, 20, 5], [760, 880, 5], {(0, "barrel", "together"), (1, "barrel", "climb")}),
        ],
        None,
    ),
    (
        "5.2 together declarer: when the declarer is not among them, all climb",
        "ru-3",
        {"barrel": {"together": "declarer"}},
        # Celina fails 105; Ala and Bartek, 15 each, both reach 885: both climb
        [adj(870, 870, 0), h(2, 105, [15, 15, 90])],
        [
            ([870, 870, 0], [870, 870, 0], {(0, ADJ)}),
            (
                [10, 10, -105],
                [880, 880, -105],
                {(0, "barrel", "climb"), (1, "barrel", "climb")},
            ),
        ],
        None,
    ),
    (
        "5.2 together none: two seats that climb in one hand both go to at - penalty, and the "
        "knock-offs apply only when someone climbs",
        "ru-3",
        {"barrel": {"together": "none"}},
        [
            adj(860, 760, 870),
            # Celina's 15: 885 climbs on at 880 (+10); Ala 865, Bartek 860 stay below
            h(1, 100, [5, 100, 15]),
            # Ala makes 105 (80 + hearts 100): 970; Bartek 20: 880; both reach the barrel,
            # nobody climbs: both 760. Celina is not knocked off (try 1 of 3)
            h(0, 105, [80, 20, 20], marriages=m((0, "hearts"))),
        ],
        [
            ([860, 760, 870], [860, 760, 870], {(0, ADJ)}),
            ([5, 100, 10], [865, 860, 880], {(2, "barrel", "climb")}),
            (
                [-105, -100, 0],
                [760, 760, 880],
                {(0, "barrel", "together"), (1, "barrel", "together"), (2, "barrel", "try")},
            ),
        ],
        None,
    ),
    (
        "5.2 opponents_min: with half, each opponent scores at least opponents_min",
        "ru-3",
        {"give_up": {"opponents": "half", "opponents_min": 60}},
        # 100: half is 50, so 60; 150: half is 75
        [gave_up(1, 100), gave_up(2, 150)],
        [
            ([60, -100, 60], [60, -100, 60], {(0, "give-up"), (2, "give-up")}),
            ([75, 75, -150], [135, -25, -90], {(0, "give-up"), (1, "give-up")}),
        ],
        None,
    ),
    (
        "5.2 free: a seat's first free give-ups score 0; they count toward every, whose "
        "penalty still applies",
        "ru-3",
        {"give_up": {"free": 2, "every": 2, "penalty": 120}},
        [
            gave_up(1, 100),  # free 1 of 2: 0
            gave_up(1, 105),  # free 2 of 2: 0, but the 2nd give-up: -120
            gave_up(1, 105),  # the 3rd: -105 as usual
        ],
        [
            ([60, 0, 60], [60, 0, 60], {(1, "give-up")}),
            ([60, -120, 60], [120, -120, 120], {(1, "give-up"), (1, "give-up-penalty")}),
            ([60, -105, 60], [180, -225, 180], {(1, "give-up")}),
        ],
        None,
    ),
    (
        "5.2 finish exact: a score that would pass the target is not counted; the game ends "
        "on a total exactly at the target",
        "pl-3",
        {"finish": "exact", "lock": None},
        [
            adj(950, 900, 0),
            # Bartek makes 120 (110 + hearts 100): 1020 would pass 1000, 0; Ala 10: 960
            h(1, 120, [10, 110, 0], marriages=m((1, "hearts"))),
            # Celina makes 100 (80 + diamonds 80); Ala's 40: exactly 1000, she wins
            h(2, 100, [40, 0, 80], marriages=m((2, "diamonds"))),
        ],
        [
            ([950, 900, 0], [950, 900, 0], {(0, ADJ)}),
            ([10, 0, 0], [960, 900, 0], {(1, "finish")}),
            ([40, 0, 100], [1000, 900, 100], {(0, "game-won", "exact")}),
        ],
        (0,),
    ),
    (
        "5.2 finish exact: of the seats exactly at the target, the declarer alone wins",
        "pl-3",
        {"finish": "exact", "lock": None},
        # Bartek makes 100 (40 + hearts 100): 1000; Ala and Celina 40 each: 1000 too
        [adj(960, 900, 960), h(1, 100, [40, 40, 40], marriages=m((1, "hearts")))],
        [
            ([960, 900, 960], [960, 900, 960], {(0, ADJ)}),
            ([40, 100, 40], [1000, 1000, 1000], {(1, "game-won", "declarer")}),
        ],
        (1,),
    ),
    (
        "5.2 finish exact: the winners are the seats exactly at the target",
        "pl-3",
        {"finish": "exact", "lock": None},
        [adj(960, 0, 960), h(1, 100, [40, 40, 40], marriages=m((1, "hearts")))],
        [
            ([960, 0, 960], [960, 0, 960], {(0, ADJ)}),
            (
                [40, 100, 40],
                [1000, 100, 1000],
                {(0, "game-won", "exact-joint"), (2, "game-won", "exact-joint")},
            ),
        ],
        (0, 2),
    ),
    (
        "5.2 finish exact: an adjustment above the target ends nothing, and the seat's gains "
        "no longer count (docs/rules-decisions.md)",
        "pl-3",
        {"finish": "exact", "lock": None},
        [adj(1010, 0, 0), h(1, 100, [10, 100, 10])],
        [
            ([1010, 0, 0], [1010, 0, 0], {(0, ADJ)}),
            ([0, 100, 10], [1010, 100, 10], {(0, "finish")}),
        ],
        None,
    ),
    (
        "5.2 finish exact: before the barrel: a made contract on it that would pass scores 0 "
        "and uses a try; one that lands exactly wins",
        "ru-3",
        {"finish": "exact"},
        [
            *CLIMB,
            # Ala makes 150 (80 + hearts 100): 1030 would pass, 0; on the barrel: try 1
            h(0, 150, [80, 20, 20], marriages=m((0, "hearts"))),
            # Ala makes 120 (60 + hearts 100): exactly 1000, she wins
            h(0, 120, [60, 40, 20], marriages=m((0, "hearts"))),
        ],
        [
            *CLIMBED,
            ([0, 20, 20], [880, 120, 25], {(0, "finish"), (0, "barrel", "stay")}),
            ([120, 40, 20], [1000, 160, 45], {(0, "game-won", "declarer")}),
        ],
        (0,),
    ),
]


def _seen(note: Any) -> set[tuple[Any, ...]]:
    event = note.params.get("event", note.params.get("why"))
    return {(note.seat, note.rule), (note.seat, note.rule, event)}


@pytest.mark.parametrize(
    "variant, options, lines, expected, winners",
    [case[1:] for case in SCORED],
    ids=[case[0] for case in SCORED],
)
def test_club_agreement(
    variant: str,
    options: dict[str, Any],
    lines: list[dict[str, Any]],
    expected: list[Any],
    winners: tuple[int, ...] | None,
) -> None:
    tally = play(variant, *lines, options=options)
    assert len(tally.lines) == len(expected)
    for number, (line, (scores, totals, notes)) in enumerate(zip(tally.lines, expected), start=1):
        got = set().union(*(_seen(n) for n in line.notes))
        assert (list(line.scores), list(line.totals)) == (scores, totals), (number, line.notes)
        assert notes <= got, (number, notes - got)
        # every number a line writes is explained (scoring.md 6)
        assert all(s in {n.seat for n in line.notes} for s, v in enumerate(line.scores) if v)
    assert tally.winners == (winners or ()), tally.winners


# (the sentence, variant, options, the option's problem)
REFUSED_OPTIONS = [
    (
        "opponents_min needs opponents half",
        "ru-3",
        {"give_up": {"opponents": 60, "opponents_min": 60}},
        "option give_up: opponents_min needs opponents half, got 60",
    ),
    ("finish takes reach or exact", "pl-3", {"finish": "over"}, "option finish: must be one of"),
    (
        "together takes all, declarer or none",
        "ru-3",
        {"barrel": {"together": "both"}},
        "option barrel: together must be one of all, declarer, none",
    ),
    (
        "free is a count",
        "ru-3",
        {"give_up": {"free": -1}},
        "option give_up: free must be between 0",
    ),
]


@pytest.mark.parametrize(
    "variant, options, message",
    [case[1:] for case in REFUSED_OPTIONS],
    ids=[case[0] for case in REFUSED_OPTIONS],
)
def test_agreement_refused_where_it_makes_no_sense(
    variant: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidHand) as e:
        play(variant, options=options)
    assert any(message in str(p) for p in e.value.problems), [str(p) for p in e.value.problems]


MOSCOW = [adj(870, 860), {"points": [20, 112], "trump": "hearts"}]


@pytest.mark.parametrize(
    "variant, lines, options, usual",
    [
        (
            "ru-3",
            [gave_up(1, 100), gave_up(1, 105)],
            {"give_up": {"declarer": "zero", "free": 1}},
            {"give_up": {"declarer": "zero"}},
        ),
        # both climb (890 and 972): with no declarer, `together: declarer` is all
        (
            "moscow",
            MOSCOW,
            {"barrel": {"on_fail": "try", "together": "declarer"}},
            {"barrel": True},
        ),
    ],
)
def test_an_agreement_left_idle_by_the_other_options_is_accepted(
    variant: str, lines: list[dict[str, Any]], options: dict[str, Any], usual: dict[str, Any]
) -> None:
    """docs/rules-decisions.md: free give-ups where a give-up costs nothing already, a failed
    contract or a declarer climbing with no auction change no number, and are accepted, as an
    idle agreement of 5.1 is."""
    idle, plain = play(variant, *lines, options=options), play(variant, *lines, options=usual)
    assert [line.totals for line in idle.lines] == [line.totals for line in plain.lines]
    if variant == "moscow":
        assert idle.lines[-1].totals == (880, 880)


def test_free_give_ups_count_toward_the_limit() -> None:
    """5.2: a free give-up still counts toward `limit`."""
    with pytest.raises(InvalidHand) as e:
        play("ru-3", gave_up(1, 100), gave_up(1, 105), options={"give_up": {"free": 1, "limit": 1}})
    assert [(p.hand, p.field, p.seat) for p in e.value.problems] == [(2, "give_up", None)]


def test_with_no_auction_a_seat_on_the_barrel_may_finish() -> None:
    """5.2: any seat of a hand with no auction is a defender that may finish (Moscow with a
    barrel at 880: Ala at 870 banks 20, climbs; then her 128 takes her to 1008)."""
    t = play(
        "moscow",
        adj(870, 0),
        {"points": [20, 112], "trump": "hearts"},
        {"points": [128, 4], "trump": "hearts"},
        options={"barrel": {"defender_finishes": True}},
    )
    assert [list(line.totals) for line in t.lines] == [[870, 0], [880, 112], [1008, 116]]
    assert t.winners == (0,)


def _decided(variant: str, options: dict[str, Any]) -> set[str]:
    from scorekeeper.rules import rules_for
    from scorekeeper.rules.describedecisions import decisions

    return {say.key for block in decisions(rules_for(variant, options)) for say in block.says}


def test_the_rules_page_says_the_decisions_of_52() -> None:
    """docs/rules-decisions.md: the sitting-out dealer is no defender; finishing exactly with
    an adjustment past the target, and the bolts before the barrel; with `together: none`
    nobody climbs together, so the page does not say what happens when several do."""
    said = _decided(
        "pl-4", {"barrel": {"defender_finishes": True}, "finish": "exact", "bolts": True}
    )
    assert {"barrel-sitting-out-finish", "exact-adjustment", "exact-bolts"} <= said
    assert "barrel-together" in _decided("ru-3", {})
    assert "barrel-together" not in _decided("ru-3", {"barrel": {"together": "none"}})
    assert not {"exact-adjustment", "barrel-sitting-out-finish"} & _decided("ru-3", {})


def test_finishing_exactly_a_game_of_deals_ends_with_the_highest_total() -> None:
    """docs/rules-decisions.md: with `deals`, when nobody is exactly on the target after the
    last deal, the highest total wins, as in section 4 (here one an adjustment put past it)."""
    t = play(
        "pl-3",
        adj(1010, 0, 0),
        h(1, 100, [10, 100, 10]),
        h(2, 100, [10, 10, 100]),
        options={"finish": "exact", "lock": None, "deals": 2},
    )
    assert [list(line.totals) for line in t.lines] == [
        [1010, 0, 0],
        [1010, 100, 10],
        [1010, 110, 110],
    ]
    assert t.finished and t.winners == (0,)
    assert {n.rule for n in t.lines[-1].notes if n.seat == 0} >= {"finish", "deals", "game-won"}
