"""The draw of a round (events.md section 7): tables of the event's sizes with the fewest byes,
byes to the fewest-byes lowest-placed, and the players seated at random with the fewest pairs
meeting again, or in standings order, the leaders together."""

# Pure and seeded: the same entrants, history and seed give the same draw. Where section 7 is
# silent the choices are docs/events.md's ("The draw").

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import combinations

from .model import Event
from .reader import TABLES_MAX
from .standings import standings

METHODS = ("random", "standings")
#: a random draw tries every seating when there are at most this many (up to 9 or 10 players),
#: so it surely finds one with the fewest repeated meetings
EVERY_SEATING_MAX = 3_000
#: past that, it tries this many random seatings, each improved by swapping two players of
#: different tables while a swap lowers the repeated meetings, and keeps the best
TRIES = 24
#: swaps looked at for one player who meets someone again, in one pass
CANDIDATES = 60


@dataclass(frozen=True)
class Entrant:
    """A player to seat: `place` in the standings now (shared places equal), `byes` so far."""

    player: int
    place: int = 1
    byes: int = 0


@dataclass(frozen=True)
class Draw:
    """A round's seating: each table's players in seat order, and the players with a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    repeats: int  # pairs at a table who met in an earlier round


def table_sizes(players: int, sizes: Sequence[int], most: int = TABLES_MAX) -> tuple[int, ...]:
    """The tables of a round of `players`: the fewest byes, then as many tables of the first
    size as can be, then of the second, and so on (in the order of `sizes`)."""
    best: tuple[tuple[int, ...], list[int]] | None = None

    def walk(i: int, left: int, tables: int, counts: list[int]) -> None:
        nonlocal best
        if i == len(sizes) - 1:  # the last size: as many as fit, fewer would only add byes
            counts = [*counts, min(left // sizes[i], most - tables)]
            byes = left - counts[-1] * sizes[i]
            key = (byes, *(-c for c in counts))
            if best is None or key < best[0]:
                best = (key, counts)
            return
        for n in range(min(left // sizes[i], most - tables), -1, -1):
            walk(i + 1, left - n * sizes[i], tables + n, [*counts, n])

    walk(0, players, 0, [])
    assert best is not None
    return tuple(size for size, n in zip(sizes, best[1]) for _ in range(n))


def draw(
    entrants: Sequence[Entrant],
    sizes: Sequence[int],
    method: str = "random",
    seed: int | str = 0,
    met: Mapping[int, AbstractSet[int]] | None = None,
) -> Draw:
    """Seats `entrants` (in standings order) at tables of `sizes` (the event's, first first);
    `met`: each player's earlier tablemates."""
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}")
    rng = random.Random(seed)
    met = met or {}
    tables = table_sizes(len(entrants), sizes)
    # section 7: byes to the fewest byes so far, lowest in the standings first; players equal
    # in both are chosen by the seed
    ties = {e.player: rng.random() for e in entrants}
    by_bye = sorted(entrants, key=lambda e: (e.byes, -e.place, ties[e.player]))
    byes = {e.player for e in by_bye[: len(entrants) - sum(tables)]}
    seated = [e.player for e in entrants if e.player not in byes]
    if method == "standings":  # the leaders together, in standings order (a Swiss round)
        groups = _chunks(seated, tables)
    else:
        groups = _fewest_repeats(seated, tables, met, rng)
        for group in groups:
            rng.shuffle(group)
    return Draw(
        tuple(tuple(g) for g in groups),
        tuple(e.player for e in entrants if e.player in byes),
        sum(_repeats(g, met) for g in groups),
    )


def next_round(
    event: Event, present: Iterable[int] | None = None, method: str = "random", seed: int = 0
) -> Draw:
    """The draw of `event`'s next round for the players `present` (all by default), from its
    standings now and the rounds so far."""
    here = set(range(len(event.players)) if present is None else present)
    byes = dict.fromkeys(here, 0)
    met: dict[int, set[int]] = {p: set() for p in here}
    for round_ in event.rounds:
        seated = {p for table in round_.tables for p in table.seats}
        for player in here - seated:
            byes[player] += 1
        for table in round_.tables:
            for a, b in combinations(table.seats, 2):
                met.setdefault(a, set()).add(b)
                met.setdefault(b, set()).add(a)
    rows = standings(event).rows
    entrants = [Entrant(r.player, r.place, byes[r.player]) for r in rows if r.player in here]
    return draw(entrants, list(event.tables), method, seed, met)


def _chunks(players: list[int], tables: tuple[int, ...]) -> list[list[int]]:
    out, at = [], 0
    for size in tables:
        out.append(players[at : at + size])
        at += size
    return out


def _repeats(group: Sequence[int], met: Mapping[int, AbstractSet[int]]) -> int:
    return sum(1 for a, b in combinations(group, 2) if b in met.get(a, ()))


def _seatings(players: int, tables: tuple[int, ...]) -> int:
    """How many ways there are to split `players` into `tables` (tables of one size unordered)."""
    count = math.factorial(players)
    for size in set(tables):
        n = tables.count(size)
        count //= math.factorial(size) ** n * math.factorial(n)
    return count


def _fewest_repeats(
    players: list[int],
    tables: tuple[int, ...],
    met: Mapping[int, AbstractSet[int]],
    rng: random.Random,
) -> list[list[int]]:
    if not tables:
        return []
    if _seatings(len(players), tables) <= EVERY_SEATING_MAX:
        best = _every_seating(players, tables, met)
        return [list(g) for g in rng.choice(best)]
    found: list[list[int]] | None = None
    fewest = -1
    for _ in range(TRIES):
        order = players[:]
        rng.shuffle(order)
        groups = _improved(_chunks(order, tables), met, rng)
        repeats = sum(_repeats(g, met) for g in groups)
        if found is None or repeats < fewest:
            found, fewest = groups, repeats
        if fewest == 0:
            break
    assert found is not None
    return found


def _every_seating(
    players: list[int], tables: tuple[int, ...], met: Mapping[int, AbstractSet[int]]
) -> list[list[tuple[int, ...]]]:
    """Every seating with the fewest repeated meetings: the first player left joins a table of
    each size still to fill, with every choice of companions (each seating once)."""
    best: list[list[tuple[int, ...]]] = []
    fewest = math.inf

    def walk(left: list[int], sizes: dict[int, int], groups: list[tuple[int, ...]], n: int) -> None:
        nonlocal fewest
        if n > fewest:
            return
        if not left:
            if n < fewest:
                fewest, best[:] = n, []
            best.append(groups[:])
            return
        first, rest = left[0], left[1:]
        for size in [s for s, k in sizes.items() if k]:
            sizes[size] -= 1
            for others in combinations(rest, size - 1):
                group = (first, *others)
                taken = set(others)
                groups.append(group)
                walk([p for p in rest if p not in taken], sizes, groups, n + _repeats(group, met))
                groups.pop()
            sizes[size] += 1

    walk(players, {s: tables.count(s) for s in dict.fromkeys(tables)}, [], 0)
    # the tables in the order of `tables` (the first size first)
    return [sorted(g, key=lambda t: tables.index(len(t))) for g in best]


def _improved(
    groups: list[list[int]], met: Mapping[int, AbstractSet[int]], rng: random.Random
) -> list[list[int]]:
    """Swaps two players of different tables while a swap lowers the repeated meetings."""
    at = {p: i for i, g in enumerate(groups) for p in g}
    everyone = list(at)

    def cost(player: int, group: list[int], without: int) -> int:
        known = met.get(player, ())
        return sum(1 for q in group if q != player and q != without and q in known)

    improved = True
    while improved:
        improved = False
        meeting = [p for p in everyone if cost(p, groups[at[p]], p)]
        rng.shuffle(meeting)
        for a in meeting:
            ga = groups[at[a]]
            if not cost(a, ga, a):
                continue
            for b in rng.sample(everyone, min(CANDIDATES, len(everyone))):
                gb = groups[at[b]]
                if gb is ga:
                    continue
                now = cost(a, ga, a) + cost(b, gb, b)
                after = cost(a, gb, b) + cost(b, ga, a)
                if after < now:
                    ga[ga.index(a)], gb[gb.index(b)] = b, a
                    at[a], at[b] = at[b], at[a]
                    improved = True
                    break
    return groups
