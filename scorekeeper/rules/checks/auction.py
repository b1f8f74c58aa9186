"""The auction of a hand and a give-up (scoring.md 3.2): declarer, bid, contract, forced opening."""

from __future__ import annotations

from ..errors import N_
from ..hand import Hand
from .cards import PER_SEAT, CardChecks

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


class AuctionChecks(CardChecks):
    """Who won the auction and at what; what a give-up allows and leaves unplayed."""

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
                # one per seat (0 or null) where given, as in a played hand
                self.bad(field, PER_SEAT[field][0], seats=self.table.seats, got=len(values))
        if hand.points is not None and any(p for p in hand.points):
            self.bad("points", N_("a hand given up is not played: it has no card points"))
        if hand.marriages:
            self.bad("marriages", N_("a hand given up is not played: it has no marriages"))
        if hand.tricks is not None and any(t for t in hand.tricks):
            self.bad("tricks", N_("a hand given up is not played: it has no tricks"))
