"""Validation of one line against the game so far (scoring.md 3.2): problems, not crashes."""

from __future__ import annotations

from .bounds import ADJUSTMENT_MAX, LINES_MAX, REASON_MAX, text_problem
from .clubchecks import ClubChecks
from .errors import N_, Problem
from .hand import Adjustment, Hand, Line

#: the bounds of a bid and a contract, and what each says when it is not met (built once: a
#: stored game of 2,000 lines is checked again on every replay)
_LIMITS = (
    (
        "bid",
        (
            N_("the bid must be a multiple of {step}, got {value}"),
            N_("the bid must be at least {least}, got {value}"),
            N_("the bid can be at most {most}, got {value}"),
        ),
    ),
    (
        "contract",
        (
            N_("the contract must be a multiple of {step}, got {value}"),
            N_("the contract must be at least {least}, got {value}"),
            N_("the contract can be at most {most}, got {value}"),
        ),
    ),
)


class Checker(ClubChecks):
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

    def auction(self, hand: Hand, playing: tuple[int, ...]) -> None:
        o, d = self.o, hand.declarer
        if d is None:
            self.bad("declarer", N_("say who won the auction (the declarer)"))
        elif not 0 <= d < self.table.seats:
            self.bad(
                "declarer",
                N_("the declarer must be a seat from 0 to {last}"),
                last=self.table.seats - 1,
            )
        elif d not in playing:
            self.bad(
                "declarer",
                N_("{player} deals and sits this hand out, so cannot be the declarer"),
                player=self.who(d),
            )
        for field, (step, least, most) in _LIMITS:
            value = getattr(hand, field)
            if value is None:
                continue
            if value % o.bid_step:
                self.bad(field, step, step=o.bid_step, value=value)
            elif value < o.min_bid:
                self.bad(field, least, least=o.min_bid, value=value)
            elif value > o.max_contract:
                self.bad(field, most, most=o.max_contract, value=value)
        if hand.bid is not None and hand.contract is not None:
            if not o.contract_raise and hand.contract != hand.bid:
                self.bad(
                    "contract",
                    N_("in {variant} the contract is the bid ({bid}), got {contract}"),
                    variant=self.rules.key,
                    bid=hand.bid,
                    contract=hand.contract,
                )
            elif hand.contract < hand.bid:
                self.bad(
                    "contract",
                    N_("the contract ({contract}) cannot be below the winning bid ({bid})"),
                    contract=hand.contract,
                    bid=hand.bid,
                )

    def forced(self, hand: Hand, dealer: int, playing: tuple[int, ...]) -> None:
        """3.2, forced opening: the first seat after the dealer that takes part opens at
        `min_bid` without looking, and every later bid is higher; so a hand won at `min_bid`
        is that seat's (seed 000 "na musiku", seed 001 "na setce")."""
        o, d = self.o, hand.declarer
        if not self.rules.forced_opening or d is None or d not in playing:
            return
        if self.rules.golden_hand(self.table.hands + 1, dealer) is not None:
            return  # a golden hand has no auction: its declarer is checked as such (5.1)
        n = self.table.seats
        opener = next(s for s in ((dealer + i) % n for i in range(1, n + 1)) if s in playing)
        bid = hand.bid if hand.bid is not None else hand.contract
        if d == opener or (bid if bid is not None else o.min_bid) != o.min_bid:
            return
        self.bad(
            "contract" if hand.bid is None and hand.contract is not None else "bid",
            N_(
                "{opener} opens at {least} without looking, so {player} won the auction with "
                "at least {more}, not {least}"
            ),
            opener=self.who(opener),
            player=self.who(d),
            least=o.min_bid,
            more=o.min_bid + o.bid_step,
        )

    def given_up(self, hand: Hand) -> None:
        give_up, d = self.o.give_up, hand.declarer
        if give_up is None:
            self.bad("give_up", N_("{variant} does not allow giving up"), variant=self.rules.key)
        elif give_up.limit is not None and d is not None and 0 <= d < self.table.seats:
            if self.table.give_ups[d] >= give_up.limit:
                self.bad(
                    "give_up",
                    N_("{player} has given up {times} times already, the limit is {limit}"),
                    player=self.who(d),
                    times=self.table.give_ups[d],
                    limit=give_up.limit,
                )
        for field, values in (("points", hand.points), ("tricks", hand.tricks)):
            if values is not None and len(values) != self.table.seats:
                count = _COUNTS[field]
                self.bad(field, count, seats=self.table.seats, got=len(values))
        if hand.points is not None and any(p for p in hand.points):
            self.bad("points", N_("a hand given up is not played: it has no card points"))
        if hand.marriages:
            self.bad("marriages", N_("a hand given up is not played: it has no marriages"))
        if hand.tricks is not None and any(t for t in hand.tricks):
            self.bad("tricks", N_("a hand given up is not played: it has no tricks"))


# a given-up hand's points or tricks, where given, are still one per seat (0 or null)
_COUNTS = {
    "points": N_("give card points for each of the {seats} players, got {got}"),
    "tricks": N_("give tricks for each of the {seats} players, got {got}"),
}
