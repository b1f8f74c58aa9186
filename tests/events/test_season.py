"""A season's ladder (ratings.md section 4) on small seasons worked out by hand: the N best
results summed, fewer than N counted as they are, ties broken by the counted totals, then
shared; which results count and which are dropped."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events.season import EventResult, ladder, player_key
from tests.profiles import examples

# each event: {player: (points, totals)}; each expected row: (place, player, score, tie-break,
# the events that count, by index), in ladder order
CASES: list[tuple[str, int, list[dict[str, tuple[Any, int]]], list[tuple[Any, ...]]]] = [
    (
        "the two best of three: Ala's 1 is dropped, Bartek's 2 too",
        2,
        [
            {"Ala": (3, 900), "Bartek": (2, 800)},
            {"Ala": (5, 1000), "Bartek": (4, 700)},
            {"Ala": (1, 500), "Bartek": (4, 600)},
        ],
        # Ala 5 + 3 = 8 (1000 + 900); Bartek 4 + 4 = 8 (700 + 600): Ala first on totals
        [(1, "Ala", 8, 1900, {0, 1}), (2, "Bartek", 8, 1300, {1, 2})],
    ),
    (
        "fewer than N: every result counts",
        3,
        [{"Ala": (2, 400), "Celina": (6, 900)}, {"Ala": (2, 300)}],
        [(1, "Celina", 6, 900, {0}), (2, "Ala", 4, 700, {0, 1})],
    ),
    (
        "equal scores broken by the counted totals, the dropped result's totals not read",
        1,
        # Bartek's dropped 0 point night has 2,000 small points: they do not break the tie
        [{"Ala": (3, 800), "Bartek": (3, 700)}, {"Ala": (1, 100), "Bartek": (0, 2000)}],
        [(1, "Ala", 3, 800, {0}), (2, "Bartek", 3, 700, {0})],
    ),
    (
        "equal on both keys: a shared place, the next one after them, listed by name",
        2,
        [
            {"Darek": (2, 500), "Bartek": (2, 500), "Ala": (4, 900)},
            {"Darek": (1, 300), "Bartek": (1, 300), "Ala": (0, 0), "Ewa": (1, 100)},
        ],
        [
            (1, "Ala", 4, 900, {0, 1}),
            (2, "Bartek", 3, 800, {0, 1}),
            (2, "Darek", 3, 800, {0, 1}),
            (4, "Ewa", 1, 100, {1}),
        ],
    ),
    (
        "N larger than the events: everything counts",
        5,
        [{"Ala": (2, 100)}, {"Ala": (1, 50)}, {"Ala": (0, 20)}],
        [(1, "Ala", 3, 170, {0, 1, 2})],
    ),
    (
        "among equal points the better totals count; among equal both, the earlier event",
        2,
        [
            {"Ala": (2, 300), "Bartek": (1, 100)},
            {"Ala": (2, 500), "Bartek": (1, 100)},
            {"Ala": (2, 400), "Bartek": (1, 100)},
        ],
        [(1, "Ala", 4, 900, {1, 2}), (2, "Bartek", 2, 200, {0, 1})],
    ),
    (
        "match points in halves are summed exactly",
        2,
        [
            {"Ala": (Fraction(3, 2), 300), "Bartek": (Fraction(1, 2), 200)},
            {"Ala": (Fraction(1, 2), 100), "Bartek": (Fraction(3, 2), 200)},
        ],
        [(1, "Ala", 2, 400, {0, 1}), (1, "Bartek", 2, 400, {0, 1})],
    ),
    (
        "negative results: the best N are still the highest",
        1,
        [{"Ala": (-2, -50)}, {"Ala": (-1, -80)}],
        [(1, "Ala", -1, -80, {1})],
    ),
]


def _events(raw: list[dict[str, tuple[Any, int]]]) -> list[list[EventResult]]:
    return [[EventResult(p, Fraction(pts), tot) for p, (pts, tot) in e.items()] for e in raw]


@pytest.mark.parametrize(("why", "best", "events", "expected"), CASES, ids=[c[0] for c in CASES])
def test_ladders_worked_out_by_hand(
    why: str, best: int, events: list[dict[str, tuple[Any, int]]], expected: list[tuple[Any, ...]]
) -> None:
    got = ladder(_events(events), best)
    assert [
        (r.place, r.player, r.score, r.tiebreak, {x.event for x in r.results if x.counted})
        for r in got.rows
    ] == expected, why
    for row in got.rows:
        # every result of the player is listed, counted or dropped, in the season's order
        mine = [n for n, e in enumerate(events) if row.player in e]
        assert [x.event for x in row.results] == mine
        assert row.counted == min(best, len(mine)) and row.dropped == len(mine) - row.counted


def test_a_player_is_a_name_compared_casefolded_shown_as_the_latest_event_spells_it() -> None:
    events = _events([{"ala": (2, 100)}, {"ALA ": (1, 50)}, {"Ala  Nowak": (1, 10)}])
    got = ladder(events, 3)
    assert [(r.player, r.score) for r in got.rows] == [("ALA ", 3), ("Ala  Nowak", 1)]
    assert player_key("Ala  Nowak") == player_key(" ala nowak") == "ala nowak"


def test_a_season_counts_at_least_one_result() -> None:
    with pytest.raises(ValueError):
        ladder([], 0)
    assert ladder([], 1).rows == ()


RESULTS = st.lists(
    st.dictionaries(
        st.sampled_from(["Ala", "Bartek", "Celina", "Darek"]),
        st.tuples(st.integers(-3, 6), st.integers(-200, 1500)),
    ),
    max_size=6,
)


@settings(max_examples=examples(200))
@given(RESULTS, st.integers(1, 7))
def test_no_other_choice_of_n_results_scores_more(
    events: list[dict[str, tuple[int, int]]], best: int
) -> None:
    """Against a brute force: no choice of min(N, results) of a player's results has more
    points, nor as many points and more totals; places follow the two keys."""
    from itertools import combinations

    got = ladder(_events(events), best)
    for row in got.rows:
        mine = [(Fraction(p), t) for e in events for n, (p, t) in e.items() if n == row.player]
        choices = combinations(mine, min(best, len(mine)))
        top = max((sum(c[0] for c in pick), sum(c[1] for c in pick)) for pick in choices)
        assert (row.score, row.tiebreak) == top
    keys = [(r.score, r.tiebreak) for r in got.rows]
    assert keys == sorted(keys, reverse=True)
    for row in got.rows:
        assert row.place == 1 + sum(1 for k in keys if k > (row.score, row.tiebreak))
