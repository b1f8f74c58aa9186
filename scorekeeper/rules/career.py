"""A player's records (ratings.md section 3): one seat's figures in a game, and their sum."""

# A seat's figures are read off the tally's notes and the logged lines, so they count what the
# rules applied; each is a whole number, so that a player's sum over thousands of games is a
# SUM in SQL (store/careers.py keeps one row per seat and game version). The definitions, in
# the project's words, are in docs/records.md.

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from typing import Protocol

from .cards import MARRIAGE_SUITS
from .hand import Hand, Line
from .stats import FALLS, contract_outcome
from .tally import Tally

#: the records a player's page links to the games behind: each is "the games where this
#: figure of the seat is above 0" ("played" is every counting game)
RECORDS: tuple[str, ...] = (
    "played",
    "won",
    "declared",
    "made",
    "blind",
    "blind_made",
    "give_ups",
    *MARRIAGE_SUITS,
    "climbs",
    "barrel_wins",
    "bolts",
)


@dataclass(frozen=True)
class SeatFigures:
    """One seat's figures in one game. `ended`: the game ended by the rules (scoring.md 4);
    a closed event table counts without it (the caller knows)."""

    ended: int = 0
    won: int = 0  # among the winners of an ended game
    total: int = 0  # final total
    hands: int = 0  # the game's hands (adjustments apart), as the lists count a game
    declared: int = 0  # hands as declarer, given-up and golden ones included
    made: int = 0  # ... scored as made by the rules
    contract_sum: int = 0  # the contracts of the hands declared, to average them
    bid_over_sum: int = 0  # each declared hand's bid minus the variant's min_bid
    blind: int = 0  # blind bids (scoring.md 5.1)
    blind_made: int = 0
    give_ups: int = 0
    spades: int = 0  # marriages of the seat, by suit
    clubs: int = 0
    diamonds: int = 0
    hearts: int = 0
    aces: int = 0
    climbs: int = 0  # climbs on the barrel (scoring.md 5)
    barrel_wins: int = 0  # 1: the seat won the game from the barrel
    bolts: int = 0  # bolts received, as the variant's bolt rule counts them
    staked: int = 0  # 1: played for money (a stake, scoring.md 4)
    money_won: int = 0  # the settlement received, in ten-thousandths (a stake has 4 decimals)
    money_lost: int = 0  # ... and paid

    def as_row(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


FIGURES: tuple[str, ...] = tuple(f.name for f in fields(SeatFigures))

MONEY_UNIT = 10_000  # money is kept in ten-thousandths: a stake has at most 4 decimals (3.2)

_LEAVES = frozenset(("off", *FALLS))  # barrel events after which a seat is off it


def _bid(line: Hand, min_bid: int) -> int:
    """The winning bid as scoring.md 3.2 reads a hand: a bid alone or a contract alone is
    both; with neither, the lowest bid."""
    if line.bid is not None:
        return line.bid
    return line.contract if line.contract is not None else min_bid


def seat_figures(
    tally: Tally, lines: Sequence[Line], min_bid: int, staked: bool = False
) -> tuple[SeatFigures, ...]:
    """Every seat's figures in a replayed game (`lines` are the facts `tally` came from,
    `min_bid` the variant's lowest bid, `staked`: the game has a stake)."""
    seats = len(tally.totals)
    count: list[dict[str, int]] = [dict.fromkeys(FIGURES, 0) for _ in range(seats)]
    on_barrel = [False] * seats
    on_before_last = [False] * seats  # who began the game's last hand on the barrel
    hands = 0
    for result, line in zip(tally.lines, lines):
        if result.kind != "hand" or not isinstance(line, Hand):
            continue  # an adjustment moves nobody on or off the barrel (section 5)
        hands += 1
        on_before_last = list(on_barrel)
        if result.declarer is not None:
            d = count[result.declarer]
            d["declared"] += 1
            d["contract_sum"] += result.contract or 0
            d["bid_over_sum"] += _bid(line, min_bid) - min_bid
            outcome = contract_outcome(result)
            d["made"] += outcome == "made"
            d["give_ups"] += outcome == "given up"
            if line.blind:
                d["blind"] += 1
                d["blind_made"] += outcome == "made"
        for m in line.marriages:
            count[m.seat][m.suit] += 1
        for note in result.notes:
            if note.rule == "bolt":
                count[note.seat]["bolts"] += 1
            elif note.rule == "barrel":
                event = note.params.get("event")
                if event == "climb":
                    count[note.seat]["climbs"] += 1
                    on_barrel[note.seat] = True
                elif event in _LEAVES:
                    on_barrel[note.seat] = False
    for payment in tally.settlement:
        count[payment.payer]["money_lost"] += int(payment.amount * MONEY_UNIT)
        count[payment.payee]["money_won"] += int(payment.amount * MONEY_UNIT)
    for s in range(seats):
        c = count[s]
        c["staked"] = int(staked)
        c["ended"] = int(tally.finished)
        c["won"] = int(tally.finished and s in tally.winners)
        c["total"] = tally.totals[s]
        c["hands"] = hands
        # won from the barrel: the seat began the game's last hand on the barrel and is
        # among the winners (a made contract from the barrel reaching the target, section 5)
        c["barrel_wins"] = int(bool(c["won"]) and on_before_last[s])
    return tuple(SeatFigures(**c) for c in count)


@dataclass(frozen=True)
class Career:
    """A player's figures summed over the counting games (ratings.md section 3)."""

    sums: SeatFigures = SeatFigures()
    played: int = 0  # counting games

    @classmethod
    def of(cls, games: Iterable[SeatFigures]) -> Career:
        """The sum of one seat's figures per counting game (the pure twin of the SQL sums)."""
        totals = dict.fromkeys(FIGURES, 0)
        played = 0
        for g in games:
            played += 1
            for name in FIGURES:
                totals[name] += getattr(g, name)
        return cls(SeatFigures(**totals), played)

    def rate(self, part: int, whole: int) -> float | None:
        return part / whole if whole else None

    @property
    def made_rate(self) -> float | None:
        return self.rate(self.sums.made, self.sums.declared)

    @property
    def win_rate(self) -> float | None:
        return self.rate(self.sums.won, self.played)

    @property
    def average_contract(self) -> float | None:
        return self.rate(self.sums.contract_sum, self.sums.declared)

    @property
    def average_bid_over(self) -> float | None:
        """How boldly the player bids: the mean of bid − min_bid over the hands declared."""
        return self.rate(self.sums.bid_over_sum, self.sums.declared)

    @property
    def blind_rate(self) -> float | None:
        return self.rate(self.sums.blind_made, self.sums.blind)

    @property
    def money(self) -> tuple[Decimal, Decimal]:
        """The money won and lost (scoring.md 4), as decimals."""
        return (
            Decimal(self.sums.money_won) / MONEY_UNIT,
            Decimal(self.sums.money_lost) / MONEY_UNIT,
        )

    @property
    def marriages(self) -> dict[str, int]:
        """Marriages by suit, the suits never declared left out."""
        found = {suit: getattr(self.sums, suit) for suit in MARRIAGE_SUITS}
        return {suit: n for suit, n in found.items() if n}


def placed_higher(won: bool, total: int, other_won: bool, other_total: int) -> int:
    """1 if a seat placed higher than another at a counting game, -1 lower, 0 the same place
    (events.md section 2: only the winners have the first place, the rest follow by final
    total; a closed table that did not end has no winners, so totals alone decide)."""
    if won != other_won:
        return 1 if won else -1
    return (total > other_total) - (total < other_total)


@dataclass(frozen=True)
class Versus:
    """Head-to-head over the counting games two players sat at: how often each placed higher,
    and the points (final totals) each scored in them."""

    games: int = 0
    higher: int = 0
    lower: int = 0
    same: int = 0
    points: int = 0
    other_points: int = 0

    @classmethod
    def of(cls, meetings: Iterable[Meeting]) -> Versus:
        games = higher = lower = same = points = other_points = 0
        for m in meetings:
            games += 1
            higher += m.place > 0
            lower += m.place < 0
            same += m.place == 0
            points += m.total
            other_points += m.other_total
        return cls(games, higher, lower, same, points, other_points)


class Meeting(Protocol):
    """A game two players sat at, as Versus reads it."""

    @property
    def total(self) -> int: ...

    @property
    def other_total(self) -> int: ...

    @property
    def place(self) -> int: ...
