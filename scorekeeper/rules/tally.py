"""What the rules give back: per-line results, each player's state, and the tally of a game."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from .notes import Note


class LineResult(NamedTuple):
    """One line of the score sheet: a hand (kind "hand") or an adjustment."""

    number: int
    kind: str
    dealer: int | None
    declarer: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    notes: tuple[Note, ...]
    contract: int | None = None  # the contract played (the lowest bid when none was given)


class PlayerState(NamedTuple):
    """What a scoreboard shows of one seat after the last line."""

    seat: int
    total: int
    on_barrel: bool
    tries_left: int | None  # hands left on the barrel; None when not on it
    bolts: int  # bolts since the last bolt penalty
    give_ups: int
    give_ups_left: int | None  # None: no limit (or no giving up at all)
    locked: bool  # at or above the lock: scores only as declarer
    # the club agreements of scoring.md 5.1
    barrel_falls: int = 0  # falls from the barrel so far in the game (tries out, knocked off)
    give_ups_to_penalty: int | None = None  # give-ups until the next one costs the penalty
    silent: bool = False  # below silence's mark: may declare only as the forced opener


@dataclass(frozen=True)
class GoldenHand:
    """A hand of the golden deal (scoring.md 5.1): hand `hand` of `hands`, played by the forced
    opener `declarer` at exactly `contract`, every score × `multiplier`."""

    hand: int
    hands: int
    declarer: int
    contract: int
    multiplier: int


@dataclass(frozen=True)
class Bidding:
    """Who opens the next auction, and the variant's hints (musik "na setce", the 850 rule,
    the club agreements' silent seats and golden hand)."""

    opener: int | None  # None: no auction in this variant
    forced: bool  # the opener must bid `min_bid` and cannot pass
    min_bid: int | None
    may_skip: tuple[int, ...] = ()  # ru-2, 850 rule: these seats may stay out of the auction
    may_not_pass: tuple[int, ...] = ()  # ... and then these may not pass
    silent: tuple[int, ...] = ()  # 5.1: these may declare only as the opener at `min_bid`
    golden: GoldenHand | None = None  # 5.1: the next hand is golden (no auction: it is fixed)


@dataclass(frozen=True)
class Payment:
    """`payer` pays `payee` `amount` (scoring.md section 4)."""

    payer: int
    payee: int
    amount: Decimal


@dataclass(frozen=True)
class Tally:
    """The whole derived score sheet of a game, recomputed from its lines."""

    lines: tuple[LineResult, ...]
    totals: tuple[int, ...]
    players: tuple[PlayerState, ...]
    next_dealer: int
    sitting_out: int | None  # who sits out the next hand (pl-4: its dealer)
    bidding: Bidding
    finished: bool
    winners: tuple[int, ...]
    settlement: tuple[Payment, ...]
    hands: int = 0  # hands played (adjustments are not hands): the golden deal counts them
