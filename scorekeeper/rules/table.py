"""The running state of a game while its lines are replayed: totals and per-seat counters."""

from __future__ import annotations


class Table:
    """Mutable state folded over the lines; only the rules' replay touches it."""

    __slots__ = (
        "seats",
        "totals",
        "on_barrel",
        "barrel_hands",
        "bolts",
        "give_ups",
        "next_dealer",
        "ended_at",
        "winners",
    )

    def __init__(self, seats: int, first_dealer: int) -> None:
        self.seats = seats
        self.totals = [0] * seats
        self.on_barrel = [False] * seats
        self.barrel_hands = [0] * seats  # hands played on the barrel since climbing (tries used)
        self.bolts = [0] * seats  # bolts since the last bolt penalty
        self.give_ups = [0] * seats
        self.next_dealer = first_dealer
        self.ended_at: int | None = None  # line number of the hand that ended the game
        self.winners: tuple[int, ...] = ()

    def copy(self) -> Table:
        other = Table(self.seats, self.next_dealer)
        other.totals, other.on_barrel = list(self.totals), list(self.on_barrel)
        other.barrel_hands, other.bolts = list(self.barrel_hands), list(self.bolts)
        other.give_ups = list(self.give_ups)
        other.ended_at, other.winners = self.ended_at, self.winners
        return other
