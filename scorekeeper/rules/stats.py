"""A game's figures per seat, for looking back: contracts, marriages, falls, bolts, money."""

# Read off the tally's notes and the logged lines, so they count what the rules applied (a made
# contract is one the rules scored as made). The definitions are in docs/rules-decisions.md,
# "Statistics".

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .hand import Hand, Line
from .tally import LineResult, Tally


@dataclass
class SeatStats:
    """One seat's figures in one game, or (added up) one player's across games."""

    contracts: int = 0  # hands as declarer, given-up ones included
    made: int = 0  # contracts the rules scored as made
    made_sum: int = 0  # to average the contracts made
    made_max: int | None = None
    give_ups: int = 0
    barrel_falls: int = 0  # out of tries or knocked off (section 5): fell to at - penalty
    bolts: int = 0
    marriages: dict[str, int] = field(default_factory=dict)  # declared, by suit
    money_won: Decimal = Decimal(0)
    money_lost: Decimal = Decimal(0)
    blind: int = 0  # blind bids played (5.1)
    blind_made: int = 0  # ... and made

    def add(self, other: SeatStats) -> None:
        self.contracts += other.contracts
        self.made += other.made
        self.made_sum += other.made_sum
        if other.made_max is not None:
            self.made_max = max(self.made_max or 0, other.made_max)
        self.give_ups += other.give_ups
        self.barrel_falls += other.barrel_falls
        self.bolts += other.bolts
        for suit, n in other.marriages.items():
            self.marriages[suit] = self.marriages.get(suit, 0) + n
        self.money_won += other.money_won
        self.money_lost += other.money_lost
        self.blind += other.blind
        self.blind_made += other.blind_made

    def add_dict(self, data: Mapping[str, Any]) -> None:
        """`add(SeatStats.from_dict(data))` without the object in between: a player's page
        adds up one of these per game (10,000 for a family's years)."""
        self.contracts += data["contracts"]
        self.made += data["made"]
        self.made_sum += data["made_sum"]
        if data["made_max"] is not None:
            self.made_max = max(self.made_max or 0, data["made_max"])
        self.give_ups += data["give_ups"]
        self.barrel_falls += data["barrel_falls"]
        self.bolts += data["bolts"]
        for suit, n in data["marriages"].items():
            self.marriages[suit] = self.marriages.get(suit, 0) + n
        if data["money_won"] != "0":
            self.money_won += Decimal(data["money_won"])
        if data["money_lost"] != "0":
            self.money_lost += Decimal(data["money_lost"])
        self.blind += data.get("blind", 0)  # summaries kept from before blind bids have none
        self.blind_made += data.get("blind_made", 0)

    @property
    def made_rate(self) -> float | None:
        return self.made / self.contracts if self.contracts else None

    @property
    def blind_rate(self) -> float | None:
        """The share of blind bids made (5.1), None without one."""
        return self.blind_made / self.blind if self.blind else None

    @property
    def made_average(self) -> float | None:
        return self.made_sum / self.made if self.made else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "contracts": self.contracts,
            "made": self.made,
            "made_sum": self.made_sum,
            "made_max": self.made_max,
            "give_ups": self.give_ups,
            "barrel_falls": self.barrel_falls,
            "bolts": self.bolts,
            "marriages": dict(self.marriages),
            "money_won": str(self.money_won),
            "money_lost": str(self.money_lost),
            "blind": self.blind,
            "blind_made": self.blind_made,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SeatStats:
        return cls(
            contracts=int(data["contracts"]),
            made=int(data["made"]),
            made_sum=int(data["made_sum"]),
            made_max=None if data["made_max"] is None else int(data["made_max"]),
            give_ups=int(data["give_ups"]),
            barrel_falls=int(data["barrel_falls"]),
            bolts=int(data["bolts"]),
            marriages={str(k): int(v) for k, v in data["marriages"].items()},
            money_won=Decimal(data["money_won"]),
            money_lost=Decimal(data["money_lost"]),
            # summaries kept from before blind bids were played have none
            blind=int(data.get("blind", 0)),
            blind_made=int(data.get("blind_made", 0)),
        )


FALLS = ("fall", "knock-off", "fall-zero")  # the barrel's events in which a seat falls off


def contract_outcome(line: LineResult) -> str | None:
    """What became of the declarer's contract in a line: "made", "failed" or "given up", as
    the rules scored it; None for a line without a declarer."""
    for note in line.notes:
        if note.seat != line.declarer:
            continue
        if note.rule == "contract-made":
            return "made"
        if note.rule == "contract-failed":
            return "failed"
        if note.rule == "give-up" and note.params.get("role") == "declarer":
            return "given up"
    return None


def seat_stats(tally: Tally, lines: Sequence[Line]) -> tuple[SeatStats, ...]:
    """Every seat's figures in a replayed game (`lines` are the facts `tally` came from)."""
    seats = len(tally.totals)
    out = tuple(SeatStats() for _ in range(seats))
    for result, line in zip(tally.lines, lines):
        if result.kind != "hand" or not isinstance(line, Hand):
            continue
        if result.declarer is not None:
            d = out[result.declarer]
            d.contracts += 1
            outcome = contract_outcome(result)
            if outcome == "made":
                contract = result.contract or 0
                d.made += 1
                d.made_sum += contract
                d.made_max = max(d.made_max or 0, contract)
            elif outcome == "given up":
                d.give_ups += 1
            if line.blind:
                d.blind += 1
                d.blind_made += outcome == "made"
        for m in line.marriages:  # the aces of the variants that score them count as a suit
            got = out[m.seat].marriages
            got[m.suit] = got.get(m.suit, 0) + 1
        for note in result.notes:
            if note.rule == "barrel" and note.params.get("event") in FALLS:
                # out of tries, or knocked off by another's climb: both fall to at - penalty,
                # or to 0 at the fall that goes to 0 (5.1)
                out[note.seat].barrel_falls += 1
            elif note.rule == "bolt":
                out[note.seat].bolts += 1
    for payment in tally.settlement:
        out[payment.payer].money_lost += payment.amount
        out[payment.payee].money_won += payment.amount
    return out
