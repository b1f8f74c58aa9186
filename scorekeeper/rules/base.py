"""The rules of Thousand as one base class: hooks with defaults, and the fixed order of a hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from . import marriages, scoring
from .cards import ACES
from .errors import N_, InvalidHand
from .hand import Adjustment, Hand, Line
from .notes import Note
from .options import Options
from .sheet import Sheet
from .table import Table
from .tally import Bidding, LineResult, Tally


def round_to(points: int, step: int) -> int:
    """Rounds to `step` (scoring.md section 2): 10 takes 44 to 40 and 45 to 50 (seed 001);
    5 takes a remainder of 1-2 down and 3-4 up (17 to 15, 18 to 20); 0 leaves it."""
    if step == 0:
        return points
    return (points + step // 2) // step * step


class Rules:
    """One preset of the game (scoring.md section 1) with its options.

    Subclasses set the class variables and override hooks where their variant differs; the
    scoring order of a hand (section 3.3) lives in `_play` and is never overridden.
    """

    key: ClassVar[str]
    seats: ClassVar[int]
    tricks: ClassVar[int]  # tricks in one hand (scoring.md 3.2)
    summary: ClassVar[str]
    preset: ClassVar[Mapping[str, Any]]
    #: The player after the dealer must open at the lowest bid ("na musiku", "na setce").
    forced_opening: ClassVar[bool] = True
    #: ru-2 (seed 002): at this total a player may stay out of the auction, and then the
    #: opponent may not pass. None: no such rule.
    skip_bidding_at: ClassVar[int | None] = None

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = Options.build(self.preset, options)
        if self.options.sitting_out and self.seats < 3:
            raise InvalidHand.one(
                None,
                "options.sitting_out",
                N_("option sitting_out: the dealer can sit out only with three players or more"),
            )
        # computed once: asked for in every check and every hand
        self._participants = [self._seats_in_hand(d) for d in range(self.seats)]

    @classmethod
    def preset_options(cls) -> Options:
        return Options.build(cls.preset)

    # --- hooks --------------------------------------------------------------------------

    def participants(self, dealer: int) -> tuple[int, ...]:
        """Seats in a hand dealt by `dealer`: all, or all but a sitting-out dealer."""
        return self._participants[dealer]

    def _seats_in_hand(self, dealer: int) -> tuple[int, ...]:
        if self.options.sitting_out == "dealer":
            return tuple(s for s in range(self.seats) if s != dealer)
        return tuple(range(self.seats))

    def needs_trump(self, hand: Hand | None = None) -> bool:
        """Whether a played hand must name its trump (3.2): Moscow's turned-up trump that
        doubles a marriage, always; with marriages found in tricks, when one is credited (the
        trump decides 80 or 40), so a hand with none needs no trump. Without `hand`: whether
        the variant ever asks for it."""
        o = self.options
        if o.trump_marriage_double and not o.auction:
            return True
        if o.marriages != "in-tricks":
            return False
        return hand is None or any(m.suit != ACES for m in hand.marriages)

    def trump_only_with_marriage(self) -> bool:
        """Whether the trump is asked for only in a hand with a marriage (the hand form shows
        it once one is ticked): marriages found in tricks, where it decides 80 or 40."""
        return self.needs_trump() and not self.needs_trump(Hand())

    def round(self, points: int) -> int:
        """A defender's (or, with `round_declarer`, the declarer's) points as they are written."""
        return round_to(points, self.options.rounding)

    def took_tricks(self, hand: Hand) -> list[bool]:
        """3.3 step 1, per seat: from the trick counts where given, else from the card points."""
        counts = hand.tricks if hand.tricks is not None else hand.points
        assert counts is not None
        return [bool(c) for c in counts]

    def marriage_points(self, hand: Hand, took: Sequence[bool], notes: list[Note]) -> list[int]:
        """3.3 step 2: marriage points per seat, in the order the marriages were declared."""
        return marriages.marriage_points(self.options, self.seats, hand, took, notes)

    def declarer_score(
        self, hand: Hand, contract: int, raw: int, took: Sequence[bool], notes: list[Note]
    ) -> int:
        """3.3 step 4: +contract when made, -contract when not; never the points themselves."""
        o, d = self.options, hand.declarer
        assert d is not None
        compared = self.round(raw) if o.round_declarer else raw
        rounded = compared if compared != raw else None
        made = compared >= contract
        if not made and o.slam_counts_all and self._slam(hand, contract, took):
            notes.append(Note(d, "slam", {"contract": contract, "points": raw}))
            made = True
        if made:
            notes.append(
                Note(d, "contract-made", {"contract": contract, "points": raw, "rounded": rounded})
            )
            return contract
        notes.append(
            Note(
                d,
                "contract-failed",
                {
                    "contract": contract,
                    "points": raw,
                    "rounded": rounded,
                    "short": contract - compared,
                },
            )
        )
        return -contract

    def _slam(self, hand: Hand, contract: int, took: Sequence[bool]) -> bool:
        # Seed 002: a 120 with no marriage declared and every trick taken: the four cards out
        # of play count for the declarer.
        d = hand.declarer
        return (
            contract == self.options.cards.total
            and not any(m.seat == d for m in hand.marriages)
            and not any(took[s] for s in range(self.seats) if s != d)
        )

    def musik_bonus(self, hand: Hand, seat: int, notes: list[Note]) -> int:
        """3.3 step 7: the sitting-out dealer's points for aces and a marriage in the musik."""
        bonus, musik = self.options.musik_bonus, hand.musik
        if bonus is None or musik is None:
            return 0
        marriage = (
            self.options.marriage_values[musik.marriage]
            if (musik.marriage and bonus.marriage)
            else 0
        )
        total = musik.aces * bonus.ace + marriage
        if total:
            notes.append(
                Note(
                    seat,
                    "musik-bonus",
                    {
                        "aces": musik.aces,
                        "ace": bonus.ace,
                        "marriage": musik.marriage if marriage else None,
                        "marriage_value": marriage,
                        "bonus": total,
                    },
                )
            )
        return total

    def give_up_points(self, contract: int) -> int:
        """3.4: what each opponent of a give-up scores."""
        give_up = self.options.give_up
        assert give_up is not None
        if give_up.opponents == "half":
            # Half the contract up to a whole point, then rounded (with `none`: to 5).
            return round_to(-(-contract // 2), self.options.rounding or 5)
        assert isinstance(give_up.opponents, int)
        return give_up.opponents

    def bidding(self, table: Table) -> Bidding:
        """Who opens the next auction and what constrains it."""
        o = self.options
        if not o.auction:
            return Bidding(None, False, None)
        dealer = table.next_dealer
        playing = self.participants(dealer)
        opener = next(
            s for s in ((dealer + i) % self.seats for i in range(1, self.seats + 1)) if s in playing
        )
        skip: tuple[int, ...] = ()
        no_pass: tuple[int, ...] = ()
        if self.skip_bidding_at is not None:
            skip = tuple(s for s in playing if table.totals[s] >= self.skip_bidding_at)
            no_pass = tuple(s for s in playing if s not in skip) if skip else ()
        return Bidding(opener, self.forced_opening, o.min_bid, skip, no_pass)

    # --- the template: never overridden -------------------------------------------------

    def sheet(self, first_dealer: int = 0, names: Sequence[str] | None = None) -> Sheet:
        """An empty score sheet to add lines to one by one."""
        return Sheet(self, first_dealer, names)

    def replay(
        self,
        lines: Iterable[Line],
        first_dealer: int = 0,
        names: Sequence[str] | None = None,
        stored: bool = False,
    ) -> Tally:
        """Scores every line in order; raises InvalidHand with every problem found
        (`stored`: lines accepted when logged, Sheet.replay)."""
        return Sheet(self, first_dealer, names).replay(lines, stored)

    def replay_entered(
        self,
        lines: Sequence[Line],
        number: int,
        first_dealer: int = 0,
        names: Sequence[str] | None = None,
    ) -> Tally:
        """Stored `lines` in which line `number` (from 1) is being entered: that line gets
        every check of a new line, the others are scored as accepted (Sheet.replay)."""
        sheet = Sheet(self, first_dealer, names)
        sheet.replay(lines[: number - 1], stored=True)
        sheet.add(lines[number - 1])  # InvalidHand with this line's problems
        return sheet.replay(lines[number:], stored=True)

    def _dealer(self, hand: Hand, table: Table) -> int:
        d = hand.dealer
        return d if d is not None and 0 <= d < self.seats else table.next_dealer

    def _adjust(self, line: Adjustment, table: Table, number: int) -> LineResult:
        return scoring.adjust(self, line, table, number)

    def _play(self, hand: Hand, table: Table, number: int) -> LineResult:
        return scoring.play(self, hand, table, number)
