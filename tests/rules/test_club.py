"""The club agreements of scoring.md 5.1, a table per agreement: each case is a sentence of 5.1
played out, with the scores and totals computed by hand from the spec (pl-3: rounding to 10,
the lock at 900; ru-3: rounding to 5, bids in 5s, barrel 880/3/120, bolts 3/120, dump 555)."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.rules import InvalidHand

from .helpers import play

ADJ = "adjustment"


def adj(*values: int) -> dict[str, Any]:
    return {ADJ: list(values), "reason": "carried over"}


def h(declarer: int, bid: int, points: list[int], **kw: Any) -> dict[str, Any]:
    """A hand won at `bid` (its contract too, unless the case gives one)."""
    return {"declarer": declarer, "bid": bid, "points": points, **kw}


HEARTS = [{"seat": 1, "suit": "hearts"}]

# (the sentence of 5.1, variant, options, lines, [(scores, totals, {(seat, rule), ...})])
# With first_dealer 0 the hands are dealt by 0, 1, 2, 0...: the forced opener (the first seat
# after the dealer) is 1, 2, 0, 1... and only it may win at the lowest bid.
SCORED: list[tuple[str, str, dict[str, Any], list[dict[str, Any]], list[Any]]] = [
    (
        "blind: step 4 gives the declarer +contract x multiplier (made)",
        "pl-3",
        {"blind": True},
        # Bartek 80 + hearts 100 = 180 >= 120: +120 x 2; Ala 30, Celina 10
        [h(1, 120, [30, 80, 10], blind=True, marriages=HEARTS)],
        [([30, 240, 10], [30, 240, 10], {(1, "contract-made"), (1, "blind")})],
    ),
    (
        "blind: step 4 gives the declarer -contract x multiplier (failed); defenders as usual",
        "pl-3",
        {"blind": True},
        # hand 2 (dealer 1): Celina 30 < 120: -240; Ala 50, Bartek 40
        [h(1, 100, [0, 100, 20]), h(2, 120, [50, 40, 30], blind=True)],
        [
            ([0, 100, 20], [0, 100, 20], {(1, "contract-made")}),
            ([50, 40, -240], [50, 140, -220], {(2, "contract-failed"), (2, "blind")}),
        ],
    ),
    (
        "blind: the multiplier and the lowest contract are the option's",
        "pl-3",
        {"blind": {"multiplier": 3, "min_contract": 110}},
        # Bartek bid 110 blind: 80 + 100 = 180 >= 110: +330; Ala 34 -> 30, Celina 6 -> 10
        [h(1, 110, [34, 80, 6], blind=True, marriages=HEARTS)],
        [([30, 330, 10], [30, 330, 10], {(1, "blind"), (0, "rounding")})],
    ),
    (
        "blind: nothing else changes: a defender at the lock still scores nothing",
        "pl-3",
        {"blind": True},
        # Ala at 900 loses her 40 (lock); Bartek +240; Celina 20
        [adj(900, 0, 0), h(1, 120, [40, 60, 20], blind=True, marriages=HEARTS)],
        [
            ([900, 0, 0], [900, 0, 0], {(0, ADJ)}),
            ([0, 240, 20], [900, 240, 20], {(0, "lock"), (1, "blind")}),
        ],
    ),
    (
        "blind: the barrel takes what step 4 gave: a blind 105 on the barrel reaches 1000",
        "ru-3",
        {"blind": {"min_contract": 100, "on_barrel": True}},
        [
            adj(880, 0, 0),
            # Ala 20 -> 900: climbs on at 880 (score 0); Bartek 100 made; Celina 0: bolt 1
            h(1, 100, [20, 100, 0]),
            # Ala on the barrel bids 105 blind: 110 made, 880 + 210 = 1090 >= 1000: wins
            # (without the blind bid 985 would stay at 880); Bartek 10; Celina bolt 2
            h(0, 105, [110, 10, 0], blind=True),
        ],
        [
            ([880, 0, 0], [880, 0, 0], {(0, ADJ)}),
            ([0, 100, 0], [880, 100, 0], {(0, "barrel"), (2, "bolt")}),
            ([210, 10, 0], [1090, 110, 0], {(0, "blind"), (0, "game-won"), (2, "bolt")}),
        ],
    ),
    (
        "golden: the forced opener plays 120; every score x 2; nobody made it: all back to 0",
        "pl-3",
        {"golden": True},
        [
            # golden 1 of 3 (dealer 0, Bartek): 90 < 120: -120; Ala 30; Celina 0 -> x 2
            h(1, 120, [30, 90, 0]),
            # golden 2 of 3 (dealer 1, Celina): 45 < 120: -120; Ala 40; Bartek 35 -> 40; x 2
            h(2, 120, [40, 35, 45]),
            # golden 3 of 3 (dealer 2, Ala): 50 < 120: -120; Bartek 44 -> 40; Celina 26 -> 30;
            # x 2 gives -100, -80, -180; nobody made a golden contract: all back to 0
            {"declarer": 0, "contract": 120, "points": [50, 44, 26]},
            # an ordinary hand again: Bartek opens at 100 and makes it
            h(1, 100, [20, 100, 0]),
        ],
        [
            ([60, -240, 0], [60, -240, 0], {(0, "golden"), (1, "golden")}),
            ([80, 80, -240], [140, -160, -240], {(0, "golden"), (1, "golden"), (2, "golden")}),
            (
                [-140, 160, 240],
                [0, 0, 0],
                {(0, "golden-reset"), (1, "golden-reset"), (2, "golden-reset"), (0, "golden")},
            ),
            ([20, 100, 0], [20, 100, 0], {(1, "contract-made")}),
        ],
    ),
    (
        "golden: hands and multiplier are the option's; a made contract keeps the totals",
        "pl-3",
        {"golden": {"hands": 2, "multiplier": 3}},
        [
            # Bartek 100 + hearts 100 made: +120; Ala 10, Celina 10; x 3
            h(1, 120, [10, 100, 10], marriages=HEARTS),
            # an adjustment is no golden hand
            adj(0, 0, 5),
            # golden 2 of 2 (dealer 1, Celina): 0 < 120: -120; Ala 60, Bartek 60; x 3; no reset
            h(2, 120, [60, 60, 0]),
        ],
        [
            ([30, 360, 30], [30, 360, 30], {(1, "golden"), (1, "contract-made")}),
            ([0, 0, 5], [30, 360, 35], {(2, ADJ)}),
            ([180, 180, -360], [210, 540, -325], {(2, "golden")}),
        ],
    ),
    (
        "golden: with neither bid nor contract, a golden hand is played at its fixed contract",
        "pl-3",
        {"golden": {"hands": 1, "reset_if_nobody": False}},
        # Bartek plays 120 (not the lowest bid, 100): 110 < 120: -120; Ala 10; x 2; no reset
        [{"declarer": 1, "points": [10, 110, 0]}],
        [([20, -240, 0], [20, -240, 0], {(1, "contract-failed"), (1, "golden")})],
    ),
    (
        "golden: the bolts come first, their penalty multiplied too",
        "ru-3",
        {"golden": {"hands": 1}, "bolts": {"count": 1}},
        # Bartek 100 + hearts 100 made: +120; Ala 0: a bolt, -120; Celina 20; x 2
        [h(1, 120, [0, 100, 20], marriages=HEARTS)],
        [([-240, 240, 40], [-240, 240, 40], {(0, "bolt"), (0, "golden")})],
    ),
    (
        "golden: then the barrel takes the multiplied total",
        "ru-3",
        {"golden": {"hands": 1}},
        [
            adj(800, 0, 0),
            # Ala 45 x 2 = 90: 890 climbs on at 880 (score 80); Bartek +120 x 2; Celina bolt
            h(1, 120, [45, 75, 0], marriages=HEARTS),
        ],
        [
            ([800, 0, 0], [800, 0, 0], {(0, ADJ)}),
            ([80, 240, 0], [880, 240, 0], {(0, "golden"), (0, "barrel"), (2, "bolt")}),
        ],
    ),
    (
        "golden: and the dump takes the multiplied total",
        "ru-3",
        {"golden": {"hands": 1}},
        [
            adj(475, 0, 0),
            # Ala 40 x 2 = 80: 555 is dumped to 0 (score -475); Bartek +240; Celina bolt
            h(1, 120, [40, 80, 0], marriages=HEARTS),
        ],
        [
            ([475, 0, 0], [475, 0, 0], {(0, ADJ)}),
            ([-475, 240, 0], [0, 240, 0], {(0, "golden"), (0, "dump")}),
        ],
    ),
    (
        "give-up limits: every 2nd give-up of a seat also costs the penalty",
        "ru-3",
        {"give_up": {"every": 2, "penalty": 120}},
        [
            {"declarer": 1, "bid": 100, "give_up": True},  # Bartek's 1st: -100, others 60
            {"declarer": 2, "bid": 100, "give_up": True},  # Celina's 1st
            {"declarer": 0, "bid": 100, "give_up": True},  # Ala's 1st
            {"declarer": 1, "bid": 100, "give_up": True},  # Bartek's 2nd: -100 - 120
        ],
        [
            ([60, -100, 60], [60, -100, 60], {(1, "give-up")}),
            ([60, 60, -100], [120, -40, -40], {(2, "give-up")}),
            ([-100, 60, 60], [20, 20, 20], {(0, "give-up")}),
            ([60, -220, 60], [80, -200, 80], {(1, "give-up"), (1, "give-up-penalty")}),
        ],
    ),
    (
        "give-up limits: on_barrel true (the default): a seat on the barrel gives up as usual",
        "ru-3",
        {"give_up": {"every": 3}},
        [
            adj(880, 0, 0),
            h(1, 100, [20, 100, 0]),  # Ala climbs on at 880 (score 0); Celina bolt 1
            # Ala on the barrel gives up 105: -105 and off the barrel; Bartek, Celina 60
            {"declarer": 0, "bid": 105, "give_up": True},
        ],
        [
            ([880, 0, 0], [880, 0, 0], {(0, ADJ)}),
            ([0, 100, 0], [880, 100, 0], {(0, "barrel")}),
            ([-105, 60, 60], [775, 160, 60], {(0, "give-up"), (0, "barrel")}),
        ],
    ),
    (
        "barrel falls: the falls_to_zero-th fall sets the total to 0",
        "ru-3",
        {"barrel": {"tries": 1, "falls_to_zero": 2}},
        [
            adj(870, 0, 0),
            # Ala 20: 890 climbs on at 880 (score 10); Bartek +100; Celina bolt 1
            h(1, 100, [20, 100, 0]),
            # Ala on the barrel scores nothing; her one try is used: fall 1, 880 - 120 = 760;
            # Celina +100; Bartek bolt 1
            h(2, 100, [20, 0, 100]),
            # Ala makes 120: 880 climbs on (score 120); Bartek bolt 2, Celina bolt 2
            h(0, 120, [120, 0, 0]),
            # Ala on the barrel again, her try used: fall 2 goes to 0 (score -880);
            # Bartek +100; Celina bolt 3: -120
            h(1, 100, [20, 100, 0]),
        ],
        [
            ([870, 0, 0], [870, 0, 0], {(0, ADJ)}),
            ([10, 100, 0], [880, 100, 0], {(0, "barrel"), (2, "bolt")}),
            ([-120, 0, 100], [760, 100, 100], {(0, "barrel"), (1, "bolt")}),
            ([120, 0, 0], [880, 100, 100], {(0, "barrel"), (1, "bolt"), (2, "bolt")}),
            ([-880, 100, -120], [0, 200, -20], {(0, "barrel"), (2, "bolt")}),
        ],
    ),
    (
        "barrel falls: a knock-off is a fall too",
        "ru-3",
        {"barrel": {"falls_to_zero": 1}},
        [
            adj(870, 700, 0),
            h(1, 100, [20, 100, 0]),  # Ala climbs on at 880 (10); Bartek 800; Celina bolt
            # Bartek 120 >= 105: 905 climbs on at 880 and knocks Ala off: her 1st fall, to 0
            h(1, 105, [0, 120, 0]),
        ],
        [
            ([870, 700, 0], [870, 700, 0], {(0, ADJ)}),
            ([10, 100, 0], [880, 800, 0], {(0, "barrel")}),
            ([-880, 80, 0], [0, 880, 0], {(0, "barrel"), (1, "barrel"), (2, "bolt")}),
        ],
    ),
    (
        "bolt variants: kind tricks: a trick worth nothing is no bolt, no trick is one",
        "ru-3",
        {"bolts": {"kind": "tricks", "count": 1}},
        # Ala took one trick of three nines (0 points): no bolt; Celina no trick: bolt, -120
        [h(1, 100, [0, 120, 0], tricks=[1, 7, 0])],
        [([0, 100, -120], [0, 100, -120], {(2, "bolt")})],
    ),
    (
        "bolt variants: kind points (the default): the same hand is a bolt for Ala",
        "ru-3",
        {"bolts": {"count": 1}},
        [h(1, 100, [0, 120, 0], tricks=[1, 7, 0])],
        [([-120, 100, -120], [-120, 100, -120], {(0, "bolt"), (2, "bolt")})],
    ),
    (
        "bolt variants: consecutive: a played hand that is no bolt starts the count again",
        "ru-3",
        {"bolts": {"consecutive": True, "count": 2}},
        [
            h(1, 100, [0, 100, 20]),  # Ala bolt 1 of 2 in a row
            h(2, 100, [20, 0, 100]),  # Ala 20: her run ends; Bartek bolt 1
            h(0, 100, [100, 0, 20]),  # Ala declares; Bartek bolt 2 in a row: -120
            h(1, 100, [0, 100, 20]),  # Ala bolt 1 again (bolt 2 without `consecutive`)
        ],
        [
            ([0, 100, 20], [0, 100, 20], {(0, "bolt")}),
            ([20, 0, 100], [20, 100, 120], {(0, "bolt-run"), (1, "bolt")}),
            ([100, -120, 20], [120, -20, 140], {(1, "bolt")}),
            ([0, 100, 20], [120, 80, 160], {(0, "bolt")}),
        ],
    ),
    (
        "bolt variants: consecutive: the declarer's hands neither count nor break the run",
        "ru-3",
        {"bolts": {"consecutive": True, "count": 2}},
        [
            h(1, 100, [0, 100, 20]),  # Ala bolt 1
            h(0, 105, [110, 0, 10]),  # Ala declares (no break); Bartek bolt 1
            h(2, 105, [0, 10, 110]),  # Ala bolt 2 in a row: -120
        ],
        [
            ([0, 100, 20], [0, 100, 20], {(0, "bolt")}),
            ([105, 0, 10], [105, 100, 30], {(1, "bolt")}),
            ([-120, 10, 105], [-15, 110, 135], {(0, "bolt")}),
        ],
    ),
    (
        "silence: below the mark, the forced opener at the lowest bid declares as usual",
        "pl-3",
        {"silence": True},
        [
            adj(-130, 0, 0),
            h(1, 100, [20, 100, 0]),
            h(2, 100, [20, 0, 100]),
            # hand 3 (dealer 2): Ala, at -90 after two hands, is not silent; at -130 she was
            h(0, 100, [100, 0, 20]),
        ],
        [
            ([-130, 0, 0], [-130, 0, 0], {(0, ADJ)}),
            ([20, 100, 0], [-110, 100, 0], {(1, "contract-made")}),
            ([20, 0, 100], [-90, 100, 100], {(2, "contract-made")}),
            ([100, 0, 20], [10, 100, 120], {(0, "contract-made")}),
        ],
    ),
]


@pytest.mark.parametrize(
    "variant, options, lines, expected",
    [case[1:] for case in SCORED],
    ids=[case[0] for case in SCORED],
)
def test_club_agreement(
    variant: str, options: dict[str, Any], lines: list[dict[str, Any]], expected: list[Any]
) -> None:
    tally = play(variant, *lines, options=options)
    assert len(tally.lines) == len(expected)
    for number, (line, (scores, totals, notes)) in enumerate(zip(tally.lines, expected), start=1):
        got = {(n.seat, n.rule) for n in line.notes}
        assert (list(line.scores), list(line.totals)) == (scores, totals), (number, line.notes)
        assert notes <= got, (number, notes - got)
        # every number a line writes is explained (scoring.md 6)
        assert all(s in {n.seat for n in line.notes} for s, v in enumerate(line.scores) if v)


# (the sentence of 5.1, variant, options, lines, [(line, field, seat), ...] of the refusal)
REFUSED: list[tuple[str, str, dict[str, Any], list[dict[str, Any]], list[Any]]] = [
    (
        "blind: refused where the option is off",
        "pl-3",
        {},
        [h(1, 120, [30, 80, 10], blind=True, marriages=HEARTS)],
        [(1, "blind", None)],
    ),
    (
        "blind: the contract is at least min_contract (the bid given alone)",
        "pl-3",
        {"blind": True},
        [h(1, 110, [30, 80, 10], blind=True, marriages=HEARTS)],
        [(1, "bid", 1)],
    ),
    (
        "blind: the contract is at least min_contract (the contract given)",
        "pl-3",
        {"blind": True},
        [h(1, 100, [30, 80, 10], contract=110, blind=True, marriages=HEARTS)],
        [(1, "contract", 1)],
    ),
    (
        "blind: with min_total, the declarer's total before the hand is at least it",
        "pl-3",
        {"blind": {"min_total": 0}},
        [adj(-50, 0, 0), h(0, 120, [100, 20, 0], blind=True, dealer=2)],
        [(2, "blind", 0)],
    ),
    (
        "blind: with on_barrel false (the default) a declarer on the barrel cannot bid blind",
        "ru-3",
        {"blind": True},
        [adj(880, 0, 0), h(1, 100, [20, 100, 0]), h(0, 120, [120, 0, 0], blind=True)],
        [(3, "blind", 0)],
    ),
    (
        "blind: a blind hand cannot be given up",
        "ru-3",
        {"blind": True},
        [{"declarer": 1, "bid": 120, "give_up": True, "blind": True}],
        [(1, "give_up", 1)],
    ),
    (
        "golden: the declarer is the forced opener",
        "pl-3",
        {"golden": True},
        [h(2, 120, [30, 10, 80])],
        [(1, "declarer", 2)],
    ),
    (
        "golden: the declarer is the forced opener, said once (a golden hand has no auction)",
        "pl-3",
        {"golden": True},
        [{"declarer": 2, "points": [30, 10, 80]}],
        [(1, "declarer", 2)],
    ),
    (
        "golden: the contract is exactly the golden contract",
        "pl-3",
        {"golden": True},
        [h(1, 100, [30, 80, 10]), {"declarer": 2, "contract": 130, "points": [30, 10, 80]}],
        [(1, "bid", 1), (2, "contract", 2)],
    ),
    (
        "golden: there is no give-up",
        "ru-3",
        {"golden": True},
        [{"declarer": 1, "bid": 120, "give_up": True}],
        [(1, "give_up", 1)],
    ),
    (
        "golden: there is no blind bid",
        "pl-3",
        {"golden": True, "blind": True},
        [h(1, 120, [30, 80, 10], blind=True, marriages=HEARTS)],
        [(1, "blind", 1)],
    ),
    (
        "give-up limits: with on_barrel false a seat on the barrel cannot give up",
        "ru-3",
        {"give_up": {"on_barrel": False}},
        [adj(880, 0, 0), h(1, 100, [20, 100, 0]), {"declarer": 0, "bid": 105, "give_up": True}],
        [(3, "give_up", 0)],
    ),
    (
        "silence: below the mark a seat may declare only as the forced opener",
        "pl-3",
        {"silence": True},
        [adj(-130, 0, 0), h(0, 110, [100, 20, 0])],
        [(2, "declarer", 0)],
    ),
    (
        "silence: ... and only at the lowest bid",
        "pl-3",
        {"silence": {"below": 0}},
        [adj(-10, 0, 0), h(1, 100, [0, 100, 20]), h(2, 100, [0, 20, 100]), h(0, 110, [110, 0, 10])],
        [(4, "bid", 0)],
    ),
]


@pytest.mark.parametrize(
    "variant, options, lines, expected",
    [case[1:] for case in REFUSED],
    ids=[case[0] for case in REFUSED],
)
def test_club_refusal(
    variant: str, options: dict[str, Any], lines: list[dict[str, Any]], expected: list[Any]
) -> None:
    with pytest.raises(InvalidHand) as e:
        play(variant, *lines, options=options)
    assert [(p.hand, p.field, p.seat) for p in e.value.problems] == expected, [
        str(p) for p in e.value.problems
    ]
