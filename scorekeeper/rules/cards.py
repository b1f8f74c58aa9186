"""The cards of Thousand: suits, card values of each deck, and the card points a deck can make."""

from __future__ import annotations

from dataclasses import dataclass

SUITS: tuple[str, ...] = ("spades", "clubs", "diamonds", "hearts")
#: "aces" is the ace marriage of the house rules (scoring.md section 5), never a trump.
ACES = "aces"
MARRIAGE_SUITS: tuple[str, ...] = SUITS + (ACES,)
RANKS: tuple[str, ...] = ("A", "10", "K", "Q", "J", "9")


def _reachable(values: tuple[int, ...]) -> frozenset[int]:
    """Every sum that some set of the deck's 24 cards can make (4 cards of each value)."""
    sums = {0}
    for value in values:
        for _ in range(4):
            sums |= {s + value for s in sums}
    return frozenset(sums)


@dataclass(frozen=True)
class Deck:
    """One deck's card values (scoring.md section 2, option `cards`)."""

    key: str
    ace: int
    ten: int
    king: int
    queen: int
    jack: int
    nine: int

    @property
    def values(self) -> tuple[int, ...]:
        return (self.ace, self.ten, self.king, self.queen, self.jack, self.nine)

    @property
    def total(self) -> int:
        return 4 * sum(self.values)

    @property
    def king_queen(self) -> int:
        """Card points of a marriage's two cards: a seat credited with one holds at least this."""
        return self.king + self.queen

    @property
    def four_aces(self) -> int:
        return 4 * self.ace

    @property
    def reachable(self) -> frozenset[int]:
        return _REACHABLE[self.key]

    def __str__(self) -> str:
        return self.key


# Seed 000 gives the jack 1 point, but then a deck could not hold 120; every other source says 2
# (scoring.md section 1, first decision).
STANDARD = Deck("standard", ace=11, ten=10, king=4, queen=3, jack=2, nine=0)
# Seed 004: Moscow rules value the king 5, the queen 4 and the jack 3: a deck of 132.
MOSCOW = Deck("moscow", ace=11, ten=10, king=5, queen=4, jack=3, nine=0)
DECKS: dict[str, Deck] = {STANDARD.key: STANDARD, MOSCOW.key: MOSCOW}
_REACHABLE: dict[str, frozenset[int]] = {d.key: _reachable(d.values) for d in DECKS.values()}
