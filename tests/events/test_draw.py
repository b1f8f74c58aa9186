"""The draw of a round: sizes allowed, the fewest byes, byes to the fewest-byes lowest-placed,
and the fewest repeated meetings (against a brute force on small events)."""

from __future__ import annotations

import json
import random
from itertools import combinations, product
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events import loads
from scorekeeper.events.draw import Entrant, draw, next_round, table_sizes
from tests.profiles import examples

SIZES = st.sampled_from([[3], [4], [2], [4, 3], [3, 4], [3, 2], [4, 3, 2], [2, 4]])


def best_counts(players: int, sizes: list[int]) -> tuple[int, ...]:
    """By brute force: the fewest byes, then the most tables of each size in the order given."""
    ranges = [range(players // s + 1) for s in sizes]
    fits = [c for c in product(*ranges) if sum(n * s for n, s in zip(c, sizes)) <= players]
    fits = [c for c in fits if sum(c) <= 250]
    return min(
        fits, key=lambda c: (players - sum(n * s for n, s in zip(c, sizes)), [-n for n in c])
    )


@settings(max_examples=examples(200))
@given(st.integers(0, 60), SIZES)
def test_table_sizes_seat_the_most_with_the_first_size_first(
    players: int, sizes: list[int]
) -> None:
    got = table_sizes(players, sizes)
    assert set(got) <= set(sizes) and sum(got) <= players
    assert tuple(got.count(s) for s in sizes) == best_counts(players, sizes)
    assert list(got) == sorted(got, key=sizes.index)  # tables of the first size first


def test_at_most_250_tables() -> None:
    assert table_sizes(1001, [4]) == (4,) * 250  # one bye
    assert len(table_sizes(1000, [3, 4])) == 250


def history(rng: random.Random, players: int) -> dict[int, set[int]]:
    met: dict[int, set[int]] = {p: set() for p in range(players)}
    for a, b in combinations(range(players), 2):
        if rng.random() < 0.3:
            met[a].add(b)
            met[b].add(a)
    return met


def fewest_repeats(players: list[int], tables: list[int], met: dict[int, set[int]]) -> int:
    """Brute force: every split of `players` into tables of these sizes."""
    if not tables:
        return 0
    first, rest = players[0], players[1:]
    best = None
    for size in set(tables):
        left = list(tables)
        left.remove(size)
        for others in combinations(rest, size - 1):
            here = sum(1 for a, b in combinations((first, *others), 2) if b in met[a])
            remaining = [p for p in rest if p not in others]
            n = here + fewest_repeats(remaining, left, met)
            best = n if best is None else min(best, n)
    assert best is not None
    return best


@settings(max_examples=examples(120))
@given(st.integers(1, 9), SIZES, st.integers(0, 2**32), st.sampled_from(["random", "standings"]))
def test_a_draw(players: int, sizes: list[int], seed: int, method: str) -> None:
    rng = random.Random(seed)
    met = history(rng, players)
    places = sorted(rng.randint(1, players) for _ in range(players))
    entrants = [
        Entrant(p, places[i], rng.randint(0, 2))
        for i, p in enumerate(rng.sample(range(players), players))
    ]
    got = draw(entrants, sizes, method, seed, met)
    seated = [p for t in got.tables for p in t]
    # everyone once, at tables of the sizes allowed, with the fewest byes
    assert sorted(seated + list(got.byes)) == list(range(players))
    assert tuple(len(t) for t in got.tables) == table_sizes(players, sizes)
    # byes to the fewest byes so far, lowest in the standings first
    by = {e.player: e for e in entrants}
    for b in got.byes:
        for s in seated:
            assert (by[b].byes, -by[b].place) <= (by[s].byes, -by[s].place)
    repeats = sum(1 for t in got.tables for a, b in combinations(t, 2) if b in met[a])
    assert got.repeats == repeats
    if method == "random":
        assert repeats == fewest_repeats(seated, [len(t) for t in got.tables], met)
    else:  # the leaders together: the tables are the standings order cut in pieces
        order = [e.player for e in entrants if e.player not in got.byes]
        assert seated == order
    assert draw(entrants, sizes, method, seed, met) == got  # seeded: the same draw again


def test_a_large_random_draw_avoids_meetings_again() -> None:
    rng = random.Random(7)
    met: dict[int, set[int]] = {p: set() for p in range(1000)}
    for _ in range(3):  # three earlier rounds of tables of 4
        order = rng.sample(range(1000), 1000)
        for t in range(250):
            for a, b in combinations(order[4 * t : 4 * t + 4], 2):
                met[a].add(b)
                met[b].add(a)
    got = draw([Entrant(p) for p in range(1000)], [4], "random", 1, met)
    assert len(got.tables) == 250 and got.repeats == 0


def test_the_next_round_of_an_event() -> None:
    golden = Path(__file__).parent / "golden" / "points-ranking.json"
    event = loads(json.dumps(json.loads(golden.read_text())["event"]))
    got = next_round(event, method="standings")
    # 7 players at tables of 3: two tables and a bye; Gosia and Franek had one bye each, the
    # others none: Celina, last in the standings with no bye, gets it
    assert got.byes == (2,)
    assert got.tables == ((0, 3, 1), (4, 6, 5))  # Ala, Darek, Bartek; Ewa, Gosia, Franek
    random_draw = next_round(event, present=[0, 1, 2, 3, 4, 5], seed=3)
    assert random_draw.byes == () and len(random_draw.tables) == 2
