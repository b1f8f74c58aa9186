"""A real deal (scoring.md 3.2): the points, tricks and marriages some split of the deck gives."""

# A hand's card points, tricks and marriages found in tricks must be what some split of the 24 cards
# gives; each seat's problem is named, then the whole.

from __future__ import annotations

from ..cards import ACES, SUITS
from ..deal import Pile, possible, sums_of
from ..errors import N_, Term
from ..hand import Hand
from .cards import CardChecks

CARDS = 24  # 6 ranks x 4 suits


class DealChecks(CardChecks):
    """The deal check, run once a hand's points, tricks and marriages pass on their own."""

    def deal(self, hand: Hand, playing: tuple[int, ...]) -> None:
        points, deck, n = hand.points, self.o.cards, len(playing)
        assert points is not None
        tricks = hand.tricks
        in_play = self.rules.tricks * n
        sized = self._sized(in_play)
        kings = {s: 0 for s in playing}
        aces = {s: 0 for s in playing}
        if self.o.marriages == "in-tricks":
            for m in hand.marriages:
                if m.seat in kings:
                    if m.suit == ACES:
                        aces[m.seat] = 4
                    else:
                        kings[m.seat] += 1
        piles: list[Pile] = []
        problems = len(self.problems)
        for seat in playing:
            p = points[seat] or 0
            count = tricks[seat] if tricks is not None and sized else None
            if count is not None:
                self._trick_points(seat, p, count, n)
                piles.append(Pile(p, count * n, kings=kings[seat], aces=aces[seat]))
            else:
                piles.append(Pile(p, step=n, kings=kings[seat], aces=aces[seat]))
            if kings[seat] > 1:
                need = kings[seat] * deck.king_queen + (deck.four_aces if aces[seat] else 0)
                if p < need:
                    self.bad(
                        "marriages",
                        N_(
                            "{player} has {count} marriages in tricks but only {got} card "
                            "points (their cards alone are {need})"
                        ),
                        seat,
                        player=self.who(seat),
                        count=kings[seat],
                        got=p,
                        need=need,
                    )
        if not self.o.all_cards_in_play:
            out = deck.total - sum(points[s] or 0 for s in playing)
            size = CARDS - in_play if sized else None
            if size is not None and out not in sums_of(deck.values, size):
                self.bad(
                    "points",
                    N_(
                        "the card points add up to {got}, so the {cards} cards out of play "
                        "would hold {out}: {cards} cards never make {out}"
                    ),
                    got=deck.total - out,
                    cards=size,
                    out=out,
                )
            piles.append(Pile(out, size))
        if len(self.problems) > problems:
            return
        if n == 3 and tricks is None and self.o.all_cards_in_play and not any(kings.values()):
            # Three piles of whole tricks with no card named: every split of the deck total
            # into sums that the deck can make is dealt by some deal (tests/rules/test_deal.py
            # tries them all, for both decks), so the search is not needed.
            return
        if not possible(deck.values, tuple(piles)):
            if tricks is not None and any(kings.values()):
                message = N_(
                    "no deal of the 24 cards gives these card points, tricks and marriages "
                    "in tricks together"
                )
            elif tricks is not None:
                message = N_("no deal of the 24 cards gives these card points and tricks together")
            elif any(kings.values()) or any(aces.values()):
                message = N_(
                    "no deal of the 24 cards gives these card points and marriages in tricks "
                    "together"
                )
            else:
                message = N_("no deal of the 24 cards gives these card points together")
            self.bad("points", message)

    def musik_marriage(self, hand: Hand) -> None:
        """3.2, pl-4: the declarer takes the musik and passes one card to each other seat, so
        nobody else can hold both the king and queen of a marriage that was in it."""
        musik = hand.musik
        if musik is None or musik.marriage not in SUITS or self.o.musik_bonus is None:
            return
        for m in hand.marriages:
            if m.suit == musik.marriage and m.seat != hand.declarer:
                self.bad(
                    "marriages",
                    N_(
                        "{player} cannot declare the {marriage}: its king and queen were "
                        "both in the musik, which only the declarer takes"
                    ),
                    m.seat,
                    player=self.who(m.seat),
                    marriage=Term("marriage", m.suit),
                )

    def _sized(self, in_play: int) -> bool:
        """Whether trick counts fix the piles' sizes: where the option says fewer cards are in
        play than the tricks hold (an odd override), they cannot, and only points are checked."""
        return in_play == CARDS if self.o.all_cards_in_play else in_play < CARDS

    def trick_points_alone(self, hand: Hand, playing: tuple[int, ...]) -> None:
        """Each seat's points against its own tricks, when other problems of the hand keep the
        deal check from running: 3.2, "a hand with several problems gets all of them". A seat
        whose points or tricks are already refused on their own is left to that message."""
        points, tricks, n = hand.points, hand.tricks, len(playing)
        seats = self.table.seats
        if points is None or tricks is None or len(points) != seats or len(tricks) != seats:
            return
        if not self._sized(self.rules.tricks * n):
            return  # trick counts do not size the piles
        said = {p.seat for p in self.problems if p.field == "points"}
        for seat in playing:
            p, count = points[seat], tricks[seat]
            if p is None or count is None or seat in said or p not in self.reachable:
                continue
            if 0 < count <= self.rules.tricks:
                self._trick_points(seat, p, count, n)

    def _trick_points(self, seat: int, points: int, count: int, n: int) -> None:
        """One seat's points against what `count` tricks of `n` cards can hold."""
        made = sums_of(self.o.cards.values, count * n)
        if points in made or not count:
            return  # no trick and some points: CardChecks.tricks has said so
        one = count == 1
        params = {"player": self.who(seat), "points": points, "tricks": count, "cards": n}
        if points > max(made):
            message = (
                N_("{player}: one trick holds at most {most} points, got {points}")
                if one
                else N_("{player}: {tricks} tricks hold at most {most} points, got {points}")
            )
            params["most"] = max(made)
        elif points < min(made):
            message = N_("{player}: {tricks} tricks hold at least {least} points, got {points}")
            params["least"] = min(made)
        else:
            message = (
                N_("{player}: one trick of {cards} cards cannot make exactly {points} points")
                if one
                else N_(
                    "{player}: {tricks} tricks of {cards} cards cannot make exactly {points} points"
                )
            )
        self.bad("points", message, seat, **params)
