"""The running state of a game while its lines are replayed: totals and per-seat counters."""

from __future__ import annotations


class Table:
    """Mutable state folded over the lines; only the rules' replay touches it."""

    __slots__ = (
        "seats",
        "totals",
        "on_barrel",
        "barrel_hands",
        "barrel_falls",
        "bolts",
        "give_ups",
        "next_dealer",
        "hands",
        "golden_made",
        "ended_at",
        "winners",
    )

    def __init__(self, seats: int, first_dealer: int) -> None:
        self.seats = seats
        self.totals = [0] * seats
        self.on_barrel = [False] * seats
        self.barrel_hands = [0] * seats  # hands played on the barrel since climbing (tries used)
        self.barrel_falls = [0] * seats  # falls from the barrel in the game (5.1 falls_to_zero)
        self.bolts = [0] * seats  # bolts since the last bolt penalty (or the run's break)
        self.give_ups = [0] * seats
        self.next_dealer = first_dealer
        self.hands = 0  # hands dealt so far, adjustments apart (the golden deal counts them)
        self.golden_made = False  # a declarer made its contract in a golden hand (5.1)
        self.ended_at: int | None = None  # line number of the hand that ended the game
        self.winners: tuple[int, ...] = ()

    def copy(self) -> Table:
        other = Table(self.seats, self.next_dealer)
        other.totals, other.on_barrel = list(self.totals), list(self.on_barrel)
        other.barrel_hands, other.bolts = list(self.barrel_hands), list(self.bolts)
        other.barrel_falls, other.give_ups = list(self.barrel_falls), list(self.give_ups)
        other.hands, other.golden_made = self.hands, self.golden_made
        other.ended_at, other.winners = self.ended_at, self.winners
        return other
