"""Could this hand have happened? A line checked against the game so far (scoring.md 3.2)."""

# Problems, not crashes: every problem of a line is named, at the field that carries it, so the
# form shows them all at once. Checker runs the parts in the order a hand is played: the game's
# state, the auction (auction.py), the club agreements of 5.1 (club.py), a give-up, each part of
# what was played (cards.py), then whether one deal gives them all (deal.py).

from __future__ import annotations

from ..bounds import ADJUSTMENT_MAX, LINES_MAX, REASON_MAX, text_problem
from ..errors import N_, Problem
from ..hand import Adjustment, Hand, Line
from .auction import AuctionChecks
from .club import ClubChecks
from .deal import DealChecks

__all__ = ["Checker"]


class Checker(AuctionChecks, ClubChecks, DealChecks):
    """The problems of a line: the game's state, the auction, the club agreements (5.1), a
    give-up, then the cards."""

    def line(self, line: Line, number: int) -> list[Problem]:
        """The problems of `line` as line `number` of the sheet (empty: it can be scored)."""
        self.number, self.problems = number, []
        if number > LINES_MAX:
            # a real game is under 200 lines; this bounds a game's work (scoring.md 3.2)
            self.bad(
                "hand",
                N_("a game has at most {most} lines; this would be line {line}"),
                most=LINES_MAX,
                line=number,
            )
        elif self.table.ended_at is not None:
            self.bad(
                "hand",
                N_("the game ended with line {line}; nothing can be added after it"),
                line=self.table.ended_at,
            )
        elif isinstance(line, Adjustment):
            self.adjustment(line)
        else:
            self.hand(line)
        return self.problems

    def adjustment(self, line: Adjustment) -> None:
        if len(line.values) != self.table.seats:
            self.bad(
                "adjustment",
                N_("an adjustment needs one number per player ({seats}), got {got}"),
                seats=self.table.seats,
                got=len(line.values),
            )
        for seat, value in enumerate(line.values):
            # scoring.md 3.2 "Numbers": within +-10,000 per seat
            if not -ADJUSTMENT_MAX <= value <= ADJUSTMENT_MAX:
                self.bad(
                    "adjustment",
                    N_("an adjustment is from -{most} to {most} points, got {value} for {player}"),
                    seat,
                    most=ADJUSTMENT_MAX,
                    value=value,
                    player=self.who(seat),
                )
        wrong = text_problem(line.reason, REASON_MAX, lines=True)
        if wrong is not None:
            self.bad("reason", N_("the reason: {detail}"), detail=wrong)

    def hand(self, hand: Hand) -> None:
        n = self.table.seats
        dealer = hand.dealer
        if dealer is None:
            dealer = self.table.next_dealer
        elif not 0 <= dealer < n:
            self.bad(
                "dealer",
                N_("the dealer must be a seat from 0 to {last}, got {dealer}"),
                last=n - 1,
                dealer=dealer,
            )
            return
        playing = self.rules.participants(dealer)
        if self.o.auction:
            self.auction(hand, playing)
            if self.entry:
                self.forced(hand, dealer, playing)
        else:
            leave_out = {
                "declarer": N_("there is no auction in {variant}: leave out the declarer"),
                "bid": N_("there is no auction in {variant}: leave out the bid"),
                "contract": N_("there is no auction in {variant}: leave out the contract"),
            }
            for field, message in leave_out.items():
                if getattr(hand, field) is not None:
                    self.bad(field, message, variant=self.rules.key)
            if hand.give_up:
                self.bad(
                    "give_up",
                    N_("there is no auction in {variant}, so nobody gives up"),
                    variant=self.rules.key,
                )
        self.club(hand, dealer, playing)
        if hand.give_up:
            self.given_up(hand)
        else:
            before = len(self.problems)
            self.points(hand, playing)
            self.tricks(hand, playing)
            self.marriages(hand, playing)
            if self.entry and len(self.problems) == before:
                # each part is sound on its own: can one deal give them all?
                self.deal(hand, playing)
            elif self.entry:
                self.trick_points_alone(hand, playing)  # every problem, not the first part's
        self.trump(hand)
        self.musik(hand)
        if self.entry and not hand.give_up and not any(p.field == "musik" for p in self.problems):
            self.musik_marriage(hand)
