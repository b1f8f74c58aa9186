"""The rules of one game: a preset with the game's options, and the hooks the scoring calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import marriages
from .cards import ACES
from .errors import N_, InvalidHand
from .hand import Hand
from .notes import Note
from .options import Options
from .presets import Preset
from .table import Table
from .tally import Bidding, GoldenHand


def round_to(points: int, step: int) -> int:
    """Rounds to `step` (scoring.md section 2): 10 takes 44 to 40 and 45 to 50 (seed 001);
    5 takes a remainder of 1-2 down and 3-4 up (17 to 15, 18 to 20); 0 leaves it."""
    if step == 0:
        return points
    return (points + step // 2) // step * step


class Rules:
    """A preset (presets.py) with the game's options (scoring.md sections 1, 2 and 5).

    The order of a hand (section 3.3) is scoring.play's, and the sheet (sheet.py) folds the
    lines through it; the steps ask these hooks. Presets are data: no subclass overrides one.
    """

    def __init__(self, preset: Preset, options: Mapping[str, Any] | None = None) -> None:
        self.preset = preset
        self.key, self.seats, self.tricks = preset.key, preset.seats, preset.tricks
        self.forced_opening, self.skip_bidding_at = preset.forced_opening, preset.skip_bidding_at
        self.options = Options.build(preset.options, options)
        if self.options.sitting_out and self.seats < 3:
            raise InvalidHand.one(
                None,
                "options.sitting_out",
                N_("option sitting_out: the dealer can sit out only with three players or more"),
            )
        # computed once: asked for in every check and every hand
        self._participants = [self._seats_in_hand(d) for d in range(self.seats)]
        golden = self.options.golden
        # 5.1: the golden deal's usual length is one hand dealt by each player
        self.golden_hands = 0 if golden is None else golden.hands or self.seats
        deals = self.options.deals
        if golden is not None and deals is not None and deals <= self.golden_hands:
            # a game that is all golden deal has no hand a player bids for (docs/rules-decisions)
            raise InvalidHand.one(
                None,
                "options.deals",
                N_(
                    "option deals: a game of {deals} deals would be all golden deal ({hands} "
                    "hands): play more deals than that"
                ),
                deals=deals,
                hands=self.golden_hands,
            )

    def participants(self, dealer: int) -> tuple[int, ...]:
        """Seats in a hand dealt by `dealer`: all, or all but a sitting-out dealer."""
        return self._participants[dealer]

    def _seats_in_hand(self, dealer: int) -> tuple[int, ...]:
        if self.options.sitting_out == "dealer":
            return tuple(s for s in range(self.seats) if s != dealer)
        return tuple(range(self.seats))

    def opener(self, dealer: int) -> int:
        """The first seat after `dealer` that takes part: the forced opener (3.2), and the
        declarer of a golden hand (5.1)."""
        playing = self.participants(dealer)
        return next(
            s for s in ((dealer + i) % self.seats for i in range(1, self.seats + 1)) if s in playing
        )

    def golden_hand(self, number: int, dealer: int) -> GoldenHand | None:
        """Hand `number` (counting hands from 1) dealt by `dealer`, if the golden deal has it."""
        golden = self.options.golden
        if golden is None or number > self.golden_hands:
            return None
        return GoldenHand(
            number, self.golden_hands, self.opener(dealer), golden.contract, golden.multiplier
        )

    def silent(self, total: int) -> bool:
        """5.1: whether a seat with `total` before a hand keeps silent."""
        silence = self.options.silence
        return silence is not None and total < silence.below

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
        score = contract if made else -contract
        if made:
            notes.append(
                Note(d, "contract-made", {"contract": contract, "points": raw, "rounded": rounded})
            )
        else:
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
        blind = o.blind
        if hand.blind and blind is not None:
            # 5.1: a blind bid scores ±contract × multiplier; every later rule takes this
            notes.append(
                Note(
                    d,
                    "blind",
                    {
                        "score": score,
                        "multiplier": blind.multiplier,
                        "blind": score * blind.multiplier,
                    },
                )
            )
            score *= blind.multiplier
        return score

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

    def give_up_half(self, contract: int) -> int:
        """3.4 `half`: half the contract up to a whole point, rounded (with `none`: to 5)."""
        return round_to(-(-contract // 2), self.options.rounding or 5)

    def give_up_points(self, contract: int) -> int:
        """3.4: what each opponent of a give-up scores."""
        give_up = self.options.give_up
        assert give_up is not None
        if give_up.opponents == "half":
            # 5.2: at least `opponents_min` ("60, or half the contract above 120")
            return max(self.give_up_half(contract), give_up.opponents_min or 0)
        assert isinstance(give_up.opponents, int)
        return give_up.opponents

    def reached(self, total: int) -> bool:
        """Whether `total` ends the game (section 4): at or above the target, or with `finish`
        "exact" exactly on it (5.2)."""
        target = self.options.target
        return total == target if self.options.finish == "exact" else total >= target

    def bidding(self, table: Table) -> Bidding:
        """Who opens the next auction and what constrains it."""
        o = self.options
        if not o.auction:
            return Bidding(None, False, None)
        dealer = table.next_dealer
        playing = self.participants(dealer)
        opener = self.opener(dealer)
        skip: tuple[int, ...] = ()
        no_pass: tuple[int, ...] = ()
        if self.skip_bidding_at is not None:
            skip = tuple(s for s in playing if table.totals[s] >= self.skip_bidding_at)
            no_pass = tuple(s for s in playing if s not in skip) if skip else ()
        silent = tuple(s for s in playing if self.silent(table.totals[s]))
        golden = self.golden_hand(table.hands + 1, dealer)
        return Bidding(opener, self.forced_opening, o.min_bid, skip, no_pass, silent, golden)
