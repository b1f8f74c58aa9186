"""Whether some deal of the 24 cards gives a hand's card points, tricks and marriages (3.2)."""

# The cards of one rank are interchangeable for points, so a deal is how many of each rank every
# pile holds: a seat's tricks, and the cards out of play in two-hand games. A pile with a marriage
# found in its tricks holds a king and a queen per marriage (the suits differ, so any kings will
# do), and all four aces for the ace marriage.

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

COPIES = 4  # cards of each rank: 6 ranks x 4 suits = 24


class Pile(NamedTuple):
    """What one pile must hold: `points`, and `cards` exactly (or a multiple of `step`)."""

    points: int
    cards: int | None = None  # exact count (tricks given, or the 4 cards out of play)
    step: int = 1  # without a count: whole tricks, so a multiple of the seats in the hand
    kings: int = 0  # at least this many kings and queens (marriages found in tricks)
    aces: int = 0  # at least this many aces (the ace marriage: 4)


def sums_of(values: tuple[int, ...], cards: int) -> frozenset[int]:
    """Every point sum that exactly `cards` cards of the deck (4 of each value) can make."""
    return _sums(values, cards)


@lru_cache(maxsize=64)
def _sums(values: tuple[int, ...], cards: int) -> frozenset[int]:
    # by[c] is the set of sums of c cards from the ranks seen so far
    by: list[set[int]] = [{0}] + [set() for _ in range(cards)]
    for value in values:
        nxt = [set(s) for s in by]
        for c in range(cards + 1):
            for k in range(1, COPIES + 1):
                if c + k > cards:
                    break
                nxt[c + k] |= {s + k * value for s in by[c]}
        by = nxt
    return frozenset(by[cards])


def possible(values: tuple[int, ...], piles: tuple[Pile, ...]) -> bool:
    """True if the deck's cards (A 10 K Q J 9 values, 4 each) split into `piles` exactly."""
    # the answer does not depend on the piles' order: one cache entry for every order
    return _possible(values, tuple(sorted(piles, key=_key)))


def _key(pile: Pile) -> tuple[int, int, int, int, int]:
    # the richest piles first (measured: prunes a little better than the seat order)
    cards = -1 if pile.cards is None else pile.cards
    return (-pile.points, cards, pile.step, pile.kings, pile.aces)


_STATES: dict[tuple[object, ...], dict[tuple[int, tuple[int, ...], tuple[int, ...]], bool]] = {}


@lru_cache(maxsize=16384)
def _possible(values: tuple[int, ...], piles: tuple[Pile, ...]) -> bool:
    # highest ranks first, so the bounds below cut early; the nines (0) come last
    ranks = sorted(range(len(values)), key=lambda r: -values[r])
    order = tuple(values[r] for r in ranks)
    # position of the king, queen and ace in `order` (values are A, 10, K, Q, J, 9)
    king, queen, ace = ranks.index(2), ranks.index(3), ranks.index(0)
    if sum(p.points for p in piles) != COPIES * sum(values):
        return False
    if sum(p.cards for p in piles if p.cards is not None) > COPIES * len(values):
        return False
    # What is left to place decides the answer, not where it came from: the states are
    # shared by every hand with piles of the same kinds (a game's hands meet the same ones).
    sig = (values, tuple((p.cards, p.step, p.kings, p.aces) for p in piles))
    memo = _STATES.get(sig)
    if memo is None:
        if len(_STATES) > 256 or sum(len(m) for m in _STATES.values()) > 400_000:
            _STATES.clear()  # a bound on memory; the next hands fill it again
        memo = _STATES[sig] = {}
    lows, highs = _bounds(order)
    floor = [
        [p.kings if r in (king, queen) else p.aces if r == ace else 0 for r in range(len(order))]
        for p in piles
    ]
    tails = [COPIES * sum(order[r:]) for r in range(len(order) + 1)]

    def fits(rem: int, left: int | None, r: int) -> bool:
        # `rem` points still to find among ranks r.. with `left` cards (None: any number)
        if rem < 0:
            return False
        if left is None:
            return rem <= tails[r]
        if left < 0 or left > COPIES * (len(order) - r):
            return False
        return lows[r][left] <= rem <= highs[r][left]

    def go(r: int, rem: tuple[int, ...], used: tuple[int, ...]) -> bool:
        if r == len(order):
            return all(x == 0 for x in rem) and all(
                (p.cards is None and u % p.step == 0) or u == p.cards for p, u in zip(piles, used)
            )
        key = (r, rem, used)
        if key in memo:
            return memo[key]
        value, n = order[r], len(piles)
        nrem, nused = list(rem), list(used)

        def place(i: int, copies: int) -> bool:
            # hands the rank's remaining `copies` to piles i.., pruning pile by pile
            if i == n:
                return copies == 0 and go(r + 1, tuple(nrem), tuple(nused))
            p = piles[i]
            low = floor[i][r]
            # the last pile takes what is left of the rank
            for k in (copies,) if i == n - 1 else range(low, copies + 1):
                if k < low:
                    break
                x, u = rem[i] - k * value, used[i] + k
                if not fits(x, None if p.cards is None else p.cards - u, r + 1):
                    continue
                nrem[i] = x
                # without an exact count only the count modulo `step` matters: fewer states
                nused[i] = u if p.cards is not None else u % p.step
                if place(i + 1, copies - k):
                    return True
            return False

        found = place(0, COPIES)
        memo[key] = found
        return found

    return go(0, tuple(p.points for p in piles), tuple(0 for _ in piles))


@lru_cache(maxsize=8)
def _bounds(order: tuple[int, ...]) -> tuple[list[list[int]], list[list[int]]]:
    """For ranks r.. of `order`: the fewest and the most points that c of their cards make."""
    lows, highs = [], []
    for r in range(len(order) + 1):
        tail = order[r:]
        top = COPIES * len(tail)
        lows.append([_greedy(sorted(tail), c) for c in range(top + 1)])
        highs.append([_greedy(sorted(tail, reverse=True), c) for c in range(top + 1)])
    return lows, highs


def _greedy(values: list[int], cards: int) -> int:
    """The sum of the first `cards` cards when each value in `values` has 4 copies."""
    total = 0
    for value in values:
        take = min(COPIES, cards)
        total += take * value
        cards -= take
        if cards == 0:
            break
    return total
