"""What was seen at the table: the input records of a hand and of an adjustment (game-file.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class Marriage(NamedTuple):
    """A marriage of `seat` in `suit`, in the order declared (or found in tricks)."""

    seat: int
    suit: str
    switch: bool = False  # Moscow: declaring it makes its suit trump (scoring.md 3.3 step 2)


class Musik(NamedTuple):
    """What the musik held, for the sitting-out dealer's bonus in pl-4."""

    aces: int = 0
    marriage: str | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """One dealt hand, as logged; `points` is None in a given-up hand."""

    declarer: int | None = None
    bid: int | None = None
    contract: int | None = None
    give_up: bool = False
    points: tuple[int | None, ...] | None = None
    marriages: tuple[Marriage, ...] = ()
    trump: str | None = None
    tricks: tuple[int | None, ...] | None = None
    musik: Musik | None = None
    dealer: int | None = None
    blind: bool = False  # the declarer bid before seeing the musik (scoring.md 5.1)

    @property
    def final_contract(self) -> int | None:
        """The contract: the bid when no contract is given (game-file.md)."""
        return self.contract if self.contract is not None else self.bid


@dataclass(frozen=True, slots=True)
class Adjustment:
    """A penalty or an agreed correction: added as it is, through no rule (scoring.md 3.5)."""

    values: tuple[int, ...]
    reason: str = ""


Line = Hand | Adjustment
