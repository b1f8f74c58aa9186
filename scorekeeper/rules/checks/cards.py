"""What was played in a hand, each part on its own (scoring.md 3.2): points, tricks, cards."""

# The card points, the tricks, the marriages, the trump and the musik. CardChecks also holds what
# every part of the checks shares (the line's problems, a seat's name in them): the auction's,
# the deal's and the club agreements' checks extend it, and Checker joins them (__init__.py).

from __future__ import annotations

from collections.abc import Sequence

from ..cards import ACES, SUITS
from ..errors import N_, Problem, Term
from ..hand import Hand
from ..ruleset import Rules
from ..table import Table


class CardChecks:
    """Collects the problems of one line; checks its cards; `who` names seats in messages."""

    #: False while stored lines are replayed (Sheet.replay): the checks that a real deal
    #: gives these cards (forced opening, the deal, the musik's marriage) came after some
    #: games were logged, and a game accepted once keeps scoring. Every new line gets them.
    entry = True

    def __init__(self, rules: Rules, table: Table, names: Sequence[str] | None):
        self.rules, self.o, self.table, self.names = rules, rules.options, table, names
        self.reachable = rules.options.cards.reachable
        self.number = 0
        self.problems: list[Problem] = []

    def who(self, seat: int) -> str:
        names = self.names
        return names[seat] if names and 0 <= seat < len(names) else f"seat {seat}"

    def bad(self, field: str, message: str, seat: int | None = None, **params: object) -> None:
        """`message` is an N_() template whose `{name}` fields are `params` (errors.Problem)."""
        self.problems.append(Problem(self.number, field, message, seat, params))

    def per_seat(
        self, field: str, values: tuple[int | None, ...], playing: tuple[int, ...]
    ) -> bool:
        """Checks one value per seat, a number for each seat in the hand; False if unusable."""
        count, missing, sits_out = PER_SEAT[field]
        if len(values) != self.table.seats:
            self.bad(field, count, seats=self.table.seats, got=len(values))
            return False
        ok = True
        for seat, value in enumerate(values):
            if seat in playing:
                if value is None:
                    self.bad(field, missing, seat, player=self.who(seat))
                    ok = False
            elif value:
                self.bad(field, sits_out, seat, player=self.who(seat))
                ok = False
        return ok

    def points(self, hand: Hand, playing: tuple[int, ...]) -> None:
        if hand.points is None:
            self.bad("points", N_("give the card points each player took"))
            return
        if not self.per_seat("points", hand.points, playing):
            return
        deck = self.o.cards
        total = 0
        for seat in playing:
            p = hand.points[seat] or 0
            total += p
            if p not in self.reachable:  # every such seat is named, not only the first
                self.bad(
                    "points",
                    N_(
                        "{player}'s {points} card points cannot be made with this deck "
                        "(0 to {total}, never {never})"
                    ),
                    seat,
                    player=self.who(seat),
                    points=p,
                    total=deck.total,
                    never=self._unreachable(),
                )
        if self.o.all_cards_in_play:
            if total != deck.total:
                self.bad(
                    "points",
                    N_("card points must add up to {total}, got {got}"),
                    total=deck.total,
                    got=total,
                )
        elif not deck.total - 4 * deck.ace <= total <= deck.total:
            self.bad(
                "points",
                N_(
                    "card points must add up to between {least} and {total} "
                    "(cards out of play), got {got}"
                ),
                least=deck.total - 4 * deck.ace,
                total=deck.total,
                got=total,
            )

    def _unreachable(self) -> str:
        deck = self.o.cards
        missing = [str(p) for p in range(deck.total + 1) if p not in deck.reachable]
        return ", ".join(missing)

    def tricks(self, hand: Hand, playing: tuple[int, ...]) -> None:
        if hand.tricks is None:
            return
        if not self.per_seat("tricks", hand.tricks, playing):
            return
        negative = [s for s, t in enumerate(hand.tricks) if t is not None and t < 0]
        for seat in negative:  # the game file's reader refuses them too; a program might not
            self.bad(
                "tricks",
                N_("{player} cannot take {tricks} tricks"),
                seat,
                player=self.who(seat),
                tricks=hand.tricks[seat],
            )
        if negative:
            return
        total = sum(t or 0 for t in hand.tricks)
        if total != self.rules.tricks:
            self.bad(
                "tricks",
                N_("tricks must add up to {tricks}, got {got}"),
                tricks=self.rules.tricks,
                got=total,
            )
        if hand.points is not None and len(hand.points) == len(hand.tricks):
            for seat in playing:
                if not hand.tricks[seat] and hand.points[seat]:
                    self.bad(
                        "tricks",
                        N_("{player} took no trick but has {points} card points"),
                        seat,
                        player=self.who(seat),
                        points=hand.points[seat],
                    )

    def marriages(self, hand: Hand, playing: tuple[int, ...]) -> None:
        seen: set[str] = set()
        deck, in_tricks = self.o.cards, self.o.marriages == "in-tricks"
        for m in hand.marriages:
            if m.suit not in SUITS and m.suit != ACES:
                self.bad(
                    "marriages",
                    N_("a marriage is in spades, clubs, diamonds or hearts, got {suit!r}"),
                    suit=m.suit,
                )
                continue
            if m.suit == ACES and self.o.ace_marriage is None:
                self.bad("marriages", N_("the ace marriage (four aces) is not a rule of this game"))
                continue
            if m.suit in seen:
                self.bad(
                    "marriages",
                    N_("the {marriage} can only be there once in a hand"),
                    marriage=Term("marriage", m.suit),
                )
            seen.add(m.suit)
            if not 0 <= m.seat < self.table.seats:
                self.bad(
                    "marriages",
                    N_("a marriage's seat must be from 0 to {last}, got {got}"),
                    last=self.table.seats - 1,
                    got=m.seat,
                )
            elif m.seat not in playing:
                self.bad(
                    "marriages",
                    N_("{player} sits this hand out and cannot have a marriage"),
                    m.seat,
                    player=self.who(m.seat),
                )
            elif in_tricks and hand.points is not None and len(hand.points) > m.seat:
                need = deck.four_aces if m.suit == ACES else deck.king_queen
                got = hand.points[m.seat] or 0
                if got < need:
                    self.bad(
                        "marriages",
                        N_(
                            "{player} has the {marriage} in tricks but only {got} card points "
                            "(its cards alone are {need})"
                        ),
                        m.seat,
                        player=self.who(m.seat),
                        marriage=Term("marriage", m.suit),
                        got=got,
                        need=need,
                    )

    def trump(self, hand: Hand) -> None:
        if hand.trump is not None and hand.trump not in SUITS:
            self.bad(
                "trump",
                N_("the trump is spades, clubs, diamonds or hearts, got {suit!r}"),
                suit=hand.trump,
            )
        elif hand.trump is None and not hand.give_up and self.rules.needs_trump(hand):
            if self.o.marriages == "in-tricks":
                self.bad("trump", N_("a marriage was found in tricks: say which suit is trump"))
            else:
                self.bad("trump", N_("say which suit is trump in this hand"))

    def musik(self, hand: Hand) -> None:
        if hand.musik is None:
            return
        if self.o.musik_bonus is None or self.o.sitting_out is None:
            self.bad(
                "musik",
                N_("only a sitting-out dealer scores the musik, not in {variant}"),
                variant=self.rules.key,
            )
            return
        aces, marriage = hand.musik
        if not 0 <= aces <= 3:
            self.bad("musik", N_("the musik holds 3 cards: 0 to 3 aces, got {aces}"), aces=aces)
        if marriage is not None and marriage not in SUITS:
            self.bad(
                "musik", N_("a marriage in the musik is in a suit, got {suit!r}"), suit=marriage
            )
        elif marriage is not None and aces > 1:
            self.bad(
                "musik",
                N_("the musik holds 3 cards: a marriage and {aces} aces do not fit"),
                aces=aces,
            )


# per_seat's messages for each field: wrong count, a missing value, a value for a sitting-out seat
# (a given-up hand's points or tricks, where given, are one per seat too: auction.py)
PER_SEAT: dict[str, tuple[str, str, str]] = {
    "points": (
        N_("give card points for each of the {seats} players, got {got}"),
        N_("card points of {player} are missing"),
        N_("{player} sits this hand out and has no card points"),
    ),
    "tricks": (
        N_("give tricks for each of the {seats} players, got {got}"),
        N_("tricks of {player} are missing"),
        N_("{player} sits this hand out and has no tricks"),
    ),
}
