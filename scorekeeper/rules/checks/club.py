"""Validation of the club agreements of scoring.md 5.1 on one hand: problems, not crashes."""

# A blind bid, a golden hand, a silent seat and a give-up on the barrel. Each problem goes to
# the field that carries what is refused (the blind toggle, the declarer, the bid or contract,
# the give-up) and names the seat it is about.

from __future__ import annotations

from ..errors import N_
from ..hand import Hand
from ..tally import GoldenHand
from .cards import CardChecks


class ClubChecks(CardChecks):
    """The checks of 5.1, run on every hand, entered or stored (like a give-up's limit)."""

    def club(self, hand: Hand, dealer: int, playing: tuple[int, ...]) -> None:
        d = hand.declarer
        # a declarer the checks can ask about (else the auction's checks have said why)
        seat = d if d is not None and d in playing else None
        golden = self.rules.golden_hand(self.table.hands + 1, dealer)
        if hand.blind and golden is None:
            self.blind(hand, seat)
        if golden is not None:
            self.golden(hand, seat, golden)
        elif seat is not None and self.rules.silent(self.table.totals[seat]):
            # a golden hand has no auction, so nobody keeps silent in it
            self.silent(hand, seat, dealer)
        g = self.o.give_up
        if hand.give_up and seat is not None and g is not None and not g.on_barrel:
            if self.table.on_barrel[seat]:
                self.bad(
                    "give_up",
                    N_("{player} is on the barrel, where nobody gives up in this game"),
                    seat,
                    player=self.who(seat),
                )

    def blind(self, hand: Hand, seat: int | None) -> None:
        """5.1 blind bid: the option on, the contract high enough, the declarer's total and
        the barrel as the option says, and no give-up."""
        b = self.o.blind
        if b is None:
            self.bad("blind", N_("this game has no blind bids: its blind option is off"))
            return
        if hand.give_up:
            self.bad("give_up", N_("a blind bid cannot be given up"), seat)
        contract = hand.final_contract or self.o.min_bid
        if contract < b.min_contract:
            self.bad(
                "bid" if hand.contract is None and hand.bid is not None else "contract",
                N_("a blind bid needs a contract of at least {least}, got {contract}"),
                seat,
                least=b.min_contract,
                contract=contract,
            )
        if seat is None:
            return
        total = self.table.totals[seat]
        if b.min_total is not None and total < b.min_total:
            self.bad(
                "blind",
                N_("{player} has {total}: a blind bid needs a total of at least {least}"),
                seat,
                player=self.who(seat),
                total=total,
                least=b.min_total,
            )
        if not b.on_barrel and self.table.on_barrel[seat]:
            self.bad(
                "blind",
                N_("{player} is on the barrel, where nobody bids blind in this game"),
                seat,
                player=self.who(seat),
            )

    def golden(self, hand: Hand, seat: int | None, golden: GoldenHand) -> None:
        """5.1 golden deal: the forced opener plays exactly the golden contract, no give-up,
        no blind bid."""
        where = {"hand": golden.hand, "hands": golden.hands}
        if seat is not None and seat != golden.declarer:
            self.bad(
                "declarer",
                N_("golden hand {hand} of {hands} is played by {opener}, not {player}"),
                seat,
                opener=self.who(golden.declarer),
                player=self.who(seat),
                **where,
            )
        contract = hand.final_contract or golden.contract  # neither given: the fixed one
        if contract != golden.contract:
            self.bad(
                "bid" if hand.contract is None and hand.bid is not None else "contract",
                N_("golden hand {hand} of {hands} is played at exactly {contract}, got {got}"),
                seat,
                contract=golden.contract,
                got=contract,
                **where,
            )
        if hand.give_up:
            self.bad(
                "give_up", N_("golden hand {hand} of {hands} cannot be given up"), seat, **where
            )
        if hand.blind:
            self.bad("blind", N_("golden hand {hand} of {hands} has no blind bid"), seat, **where)

    def silent(self, hand: Hand, seat: int, dealer: int) -> None:
        """5.1 silence: a seat below the mark declares only as the first seat after the dealer,
        at the lowest bid (the bid, else the contract, else the lowest bid: 3.2)."""
        silence = self.o.silence
        assert silence is not None
        opener, least = self.rules.opener(dealer), self.o.min_bid
        params = {
            "player": self.who(seat),
            "total": self.table.totals[seat],
            "below": silence.below,
        }
        if seat != opener:
            self.bad(
                "declarer",
                N_(
                    "{player} has {total}, below {below}, so keeps silent: a silent player "
                    "declares only as the first player after the dealer ({opener}), at {least}"
                ),
                seat,
                opener=self.who(opener),
                least=least,
                **params,
            )
            return
        bid = hand.bid if hand.bid is not None else hand.contract
        if bid is not None and bid != least:
            self.bad(
                "contract" if hand.bid is None else "bid",
                N_(
                    "{player} has {total}, below {below}, so keeps silent: a silent player "
                    "declares only at the opening {least}, got {bid}"
                ),
                seat,
                least=least,
                bid=bid,
                **params,
            )
