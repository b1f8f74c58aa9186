"""Validation of one line against the game so far (scoring.md 3.2): problems, not crashes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import ACES, SUITS
from .errors import Problem
from .hand import Adjustment, Hand, Line
from .table import Table

if TYPE_CHECKING:
    from .base import Rules


class Checker:
    """Collects the problems of one line; `who` names seats in messages."""

    def __init__(self, rules: Rules, table: Table, names: Sequence[str] | None):
        self.rules, self.o, self.table, self.names = rules, rules.options, table, names
        self.reachable = rules.options.cards.reachable
        self.number = 0
        self.problems: list[Problem] = []

    def who(self, seat: int) -> str:
        names = self.names
        return names[seat] if names and 0 <= seat < len(names) else f"seat {seat}"

    def bad(self, field: str, message: str, seat: int | None = None) -> None:
        self.problems.append(Problem(self.number, field, message, seat))

    def line(self, line: Line, number: int) -> list[Problem]:
        """The problems of `line` as line `number` of the sheet (empty: it can be scored)."""
        self.number, self.problems = number, []
        if self.table.ended_at is not None:
            self.bad(
                "hand",
                f"the game ended with line {self.table.ended_at}; nothing can be added after it",
            )
        elif isinstance(line, Adjustment):
            if len(line.values) != self.table.seats:
                self.bad(
                    "adjustment",
                    f"an adjustment needs one number per player "
                    f"({self.table.seats}), got {len(line.values)}",
                )
        else:
            self.hand(line)
        return self.problems

    def hand(self, hand: Hand) -> None:
        n = self.table.seats
        dealer = hand.dealer
        if dealer is None:
            dealer = self.table.next_dealer
        elif not 0 <= dealer < n:
            self.bad("dealer", f"the dealer must be a seat from 0 to {n - 1}, got {dealer}")
            return
        playing = self.rules.participants(dealer)
        if self.o.auction:
            self.auction(hand, playing)
        else:
            for field in ("declarer", "bid", "contract"):
                if getattr(hand, field) is not None:
                    self.bad(field, f"there is no auction in {self.rules.key}: leave out {field}")
            if hand.give_up:
                self.bad("give_up", f"there is no auction in {self.rules.key}, so nobody gives up")
        if hand.give_up:
            self.given_up(hand)
        else:
            self.points(hand, playing)
            self.tricks(hand, playing)
            self.marriages(hand, playing)
        self.trump(hand)
        self.musik(hand)

    def auction(self, hand: Hand, playing: tuple[int, ...]) -> None:
        o, d = self.o, hand.declarer
        if d is None:
            self.bad("declarer", "say who won the auction (the declarer)")
        elif not 0 <= d < self.table.seats:
            self.bad("declarer", f"the declarer must be a seat from 0 to {self.table.seats - 1}")
        elif d not in playing:
            self.bad(
                "declarer", f"{self.who(d)} deals and sits this hand out, so cannot be the declarer"
            )
        for field in ("bid", "contract"):
            value = getattr(hand, field)
            if value is None:
                continue
            if value % o.bid_step:
                self.bad(field, f"the {field} must be a multiple of {o.bid_step}, got {value}")
            elif value < o.min_bid:
                self.bad(field, f"the {field} must be at least {o.min_bid}, got {value}")
            elif value > o.max_contract:
                self.bad(field, f"the {field} can be at most {o.max_contract}, got {value}")
        if hand.bid is not None and hand.contract is not None:
            if not o.contract_raise and hand.contract != hand.bid:
                self.bad(
                    "contract",
                    f"in {self.rules.key} the contract is the bid "
                    f"({hand.bid}), got {hand.contract}",
                )
            elif hand.contract < hand.bid:
                self.bad(
                    "contract",
                    f"the contract ({hand.contract}) cannot be below the winning bid ({hand.bid})",
                )

    def given_up(self, hand: Hand) -> None:
        give_up, d = self.o.give_up, hand.declarer
        if give_up is None:
            self.bad("give_up", f"{self.rules.key} does not allow giving up")
        elif give_up.limit is not None and d is not None and 0 <= d < self.table.seats:
            if self.table.give_ups[d] >= give_up.limit:
                self.bad(
                    "give_up",
                    f"{self.who(d)} has given up {self.table.give_ups[d]} "
                    f"times already, the limit is {give_up.limit}",
                )
        if hand.points is not None and any(p for p in hand.points):
            self.bad("points", "a hand given up is not played: it has no card points")
        if hand.marriages:
            self.bad("marriages", "a hand given up is not played: it has no marriages")
        if hand.tricks is not None and any(t for t in hand.tricks):
            self.bad("tricks", "a hand given up is not played: it has no tricks")

    def per_seat(
        self, field: str, values: tuple[int | None, ...], playing: tuple[int, ...], what: str
    ) -> bool:
        """Checks one value per seat, a number for each seat in the hand; False if unusable."""
        if len(values) != self.table.seats:
            self.bad(
                field, f"give {what} for each of the {self.table.seats} players, got {len(values)}"
            )
            return False
        ok = True
        for seat, value in enumerate(values):
            if seat in playing:
                if value is None:
                    self.bad(field, f"{what} of {self.who(seat)} are missing", seat)
                    ok = False
            elif value:
                self.bad(field, f"{self.who(seat)} sits this hand out and has no {what}", seat)
                ok = False
        return ok

    def points(self, hand: Hand, playing: tuple[int, ...]) -> None:
        if hand.points is None:
            self.bad("points", "give the card points each player took")
            return
        if not self.per_seat("points", hand.points, playing, "card points"):
            return
        deck = self.o.cards
        total = 0
        for seat in playing:
            p = hand.points[seat] or 0
            total += p
            if p not in self.reachable:
                self.bad(
                    "points",
                    f"{self.who(seat)}'s {p} card points cannot be made with "
                    f"this deck (0 to {deck.total}, never {self._unreachable()})",
                    seat,
                )
                return
        if self.o.all_cards_in_play:
            if total != deck.total:
                self.bad("points", f"card points must add up to {deck.total}, got {total}")
        elif not deck.total - 4 * deck.ace <= total <= deck.total:
            self.bad(
                "points",
                f"card points must add up to between {deck.total - 4 * deck.ace} "
                f"and {deck.total} (cards out of play), got {total}",
            )

    def _unreachable(self) -> str:
        deck = self.o.cards
        missing = [str(p) for p in range(deck.total + 1) if p not in deck.reachable]
        return ", ".join(missing[:-1]) + " or " + missing[-1]

    def tricks(self, hand: Hand, playing: tuple[int, ...]) -> None:
        if hand.tricks is None:
            return
        if not self.per_seat("tricks", hand.tricks, playing, "tricks"):
            return
        total = sum(t or 0 for t in hand.tricks)
        if total != self.rules.tricks:
            self.bad("tricks", f"tricks must add up to {self.rules.tricks}, got {total}")
        if hand.points is not None and len(hand.points) == len(hand.tricks):
            for seat in playing:
                if not hand.tricks[seat] and hand.points[seat]:
                    self.bad(
                        "tricks",
                        f"{self.who(seat)} took no trick but has {hand.points[seat]} card points",
                        seat,
                    )

    def marriages(self, hand: Hand, playing: tuple[int, ...]) -> None:
        seen: set[str] = set()
        deck, in_tricks = self.o.cards, self.o.marriages == "in-tricks"
        for m in hand.marriages:
            if m.suit not in SUITS and m.suit != ACES:
                self.bad(
                    "marriages",
                    f"a marriage is in spades, clubs, diamonds or hearts, got {m.suit!r}",
                )
                continue
            if m.suit == ACES and self.o.ace_marriage is None:
                self.bad("marriages", "the ace marriage (four aces) is not a rule of this game")
                continue
            if m.suit in seen:
                self.bad("marriages", f"the {m.suit} marriage can only be there once in a hand")
            seen.add(m.suit)
            if not 0 <= m.seat < self.table.seats:
                self.bad(
                    "marriages",
                    f"a marriage's seat must be from 0 to {self.table.seats - 1}, got {m.seat}",
                )
            elif m.seat not in playing:
                self.bad(
                    "marriages",
                    f"{self.who(m.seat)} sits this hand out and cannot have a marriage",
                    m.seat,
                )
            elif in_tricks and hand.points is not None and len(hand.points) > m.seat:
                need = deck.four_aces if m.suit == ACES else deck.king_queen
                got = hand.points[m.seat] or 0
                if got < need:
                    self.bad(
                        "marriages",
                        f"{self.who(m.seat)} has the {m.suit} marriage in "
                        f"tricks but only {got} card points (its cards alone are {need})",
                        m.seat,
                    )

    def trump(self, hand: Hand) -> None:
        if hand.trump is not None and hand.trump not in SUITS:
            self.bad("trump", f"the trump is spades, clubs, diamonds or hearts, got {hand.trump!r}")
        elif hand.trump is None and not hand.give_up and self.rules.needs_trump():
            self.bad("trump", "say which suit is trump in this hand")

    def musik(self, hand: Hand) -> None:
        if hand.musik is None:
            return
        if self.o.musik_bonus is None or self.o.sitting_out is None:
            self.bad(
                "musik", f"only a sitting-out dealer scores the musik, not in {self.rules.key}"
            )
            return
        aces, marriage = hand.musik
        if not 0 <= aces <= 3:
            self.bad("musik", f"the musik holds 3 cards: 0 to 3 aces, got {aces}")
        if marriage is not None and marriage not in SUITS:
            self.bad("musik", f"a marriage in the musik is in a suit, got {marriage!r}")
        elif marriage is not None and aces > 1:
            self.bad("musik", f"the musik holds 3 cards: a marriage and {aces} aces do not fit")
