"""The seven presets of scoring.md section 1, as data: what each variant plays, in values."""

# Presets are data. Every difference between the variants of the seeds is a value:
# an option (the deck, the auction, the rounding, the lock, the barrel...) or one of two facts a
# preset states beside its options, the forced opening (pl-3, pl-4, pl-2 and ru-3: the player
# after the dealer opens at the lowest bid without looking) and ru-2's 850 rule. One Rules
# class (ruleset.py) reads them where the order of scoring.md 3.3 asks. A variant whose
# behaviour could not be said as a value would be a hook of Rules; none of the seven is.

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .options import Options

_POLISH: dict[str, Any] = {
    "cards": "standard",
    "bidding": "auction",
    "min_bid": 100,
    "bid_step": 10,
    "max_contract": 400,
    "contract_raise": True,
    "marriages": "declared",
    "marriage_needs_trick": True,
    "trump_marriage_double": False,
    "rounding": 10,
    "lock": None,
    "sitting_out": None,
    "musik_bonus": None,
    "give_up": None,
    "slam_counts_all": False,
    "all_cards_in_play": True,
    "barrel": None,
    "bolts": None,
    "dump": None,
}
_RUSSIAN_TWO: dict[str, Any] = {
    **_POLISH,
    "min_bid": 60,
    "max_contract": 120,
    "contract_raise": False,
    "marriages": "in-tricks",
    "give_up": {"declarer": "minus", "opponents": 60},
}


@dataclass(frozen=True)
class Preset:
    """One preset: its seats, tricks and option values, and how its auction opens."""

    key: str
    seats: int
    tricks: int  # tricks in one hand (scoring.md 3.2)
    summary: str  # in English, for programs (the app's words: web/words.py)
    options: Mapping[str, Any]
    #: The player after the dealer must open at the lowest bid ("na musiku", "na setce").
    #: Russian two- and four-hand (seed 002): the first hand may pass, and the other then plays
    #: the lowest bid "without a bid".
    forced_opening: bool = True
    #: ru-2 (seed 002): at this total a player may stay out of the auction, and then the
    #: opponent may not pass. None: no such rule.
    skip_bidding_at: int | None = None

    def preset_options(self) -> Options:
        """The preset's options with no house rule."""
        return Options.build(self.options)


PRESETS: tuple[Preset, ...] = (
    Preset(
        "pl-3",
        3,
        8,
        "Polish auction Tysiąc: forced 100, musik of 3, lock at 900",
        {**_POLISH, "lock": 900},
    ),
    Preset(
        "pl-4",
        4,
        8,
        "the dealer sits out and scores the musik (ace 50, marriage); otherwise as for three",
        {
            **_POLISH,
            "lock": 900,
            "sitting_out": "dealer",
            "musik_bonus": {"ace": 50, "marriage": True},
        },
    ),
    Preset(
        "pl-2",
        2,
        10,
        "Polish two-hand: forced 100 (na setce), two musiks of 2, marriage needs a trick",
        {**_POLISH, "all_cards_in_play": False},
    ),
    Preset(
        "ru-2",
        2,
        10,
        "bids 60-120, trump named by the declarer, marriages in tricks (80/40), give up",
        {**_RUSSIAN_TWO, "slam_counts_all": True, "all_cards_in_play": False},
        forced_opening=False,
        skip_bidding_at=850,  # seed 002: at 850 a player may skip the auction
    ),
    Preset(
        "ru-4",
        4,
        6,
        "5 cards each, the declarer takes the 4 prikup cards; otherwise as for two",
        {**_RUSSIAN_TWO, "all_cards_in_play": True},
        forced_opening=False,
    ),
    Preset(
        "moscow",
        2,
        12,
        "no bidding, deck of 132, trump marriages double, loser pays the difference",
        {
            **_POLISH,
            "cards": "moscow",
            "bidding": "none",
            "marriage_needs_trick": False,
            "trump_marriage_double": True,
            "rounding": "none",
        },
        forced_opening=False,
    ),
    Preset(
        "ru-3",
        3,
        8,
        "bids from 100 in 5s, rounding to 5, barrel at 880, bolts, dump at 555",
        # the common three-player game: the player after the dealer is forced to 100
        {
            **_POLISH,
            "bid_step": 5,
            "rounding": 5,
            "give_up": {"declarer": "minus", "opponents": 60},
            "barrel": {"at": 880, "tries": 3, "penalty": 120, "knock_off": True},
            "bolts": {"count": 3, "penalty": 120},
            "dump": {"at": 555, "negative": False},
        },
    ),
)
