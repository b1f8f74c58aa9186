"""The seven presets of scoring.md section 1: small classes over `Rules`, their values as data."""

from __future__ import annotations

from typing import Any, ClassVar

from .base import Rules

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


class PolishRules(Rules):
    """Tysiąc licytowany (seeds 000, 001): forced 100 on the musik, declared marriages."""

    preset: ClassVar[dict[str, Any]] = _POLISH


class Pl3(PolishRules):
    key = "pl-3"
    seats = 3
    tricks = 8
    summary = "Polish auction Tysiąc: forced 100, musik of 3, lock at 900"
    preset = {**_POLISH, "lock": 900}


class Pl4(PolishRules):
    key = "pl-4"
    seats = 4
    tricks = 8
    summary = "as pl-3 for four: the dealer sits out and scores the musik (ace 50, marriage)"
    preset = {
        **_POLISH,
        "lock": 900,
        "sitting_out": "dealer",
        "musik_bonus": {"ace": 50, "marriage": True},
    }


class Pl2(PolishRules):
    key = "pl-2"
    seats = 2
    tricks = 10
    summary = "Polish two-hand: forced 100 (na setce), two musiks of 2, marriage needs a trick"
    preset = {**_POLISH, "all_cards_in_play": False}


class RussianRules(Rules):
    """Тысяча (seeds 002, 003): bids 60-120, trump named, marriages found in tricks."""

    preset: ClassVar[dict[str, Any]] = _RUSSIAN_TWO
    # Seed 002: the first hand may pass, and the other then plays 60 "without a bid".
    forced_opening = False


class Ru2(RussianRules):
    key = "ru-2"
    seats = 2
    tricks = 10
    summary = "bids 60-120, trump named by the declarer, marriages in tricks (80/40), give up"
    preset = {**_RUSSIAN_TWO, "slam_counts_all": True, "all_cards_in_play": False}
    skip_bidding_at = 850  # seed 002: at 850 a player may skip the auction


class Ru4(RussianRules):
    key = "ru-4"
    seats = 4
    tricks = 6
    summary = "as ru-2 for four: 5 cards each, the declarer takes the 4 prikup cards"
    preset = {**_RUSSIAN_TWO, "all_cards_in_play": True}


class Ru3(RussianRules):
    key = "ru-3"
    seats = 3
    tricks = 8
    summary = "bids from 100 in 5s, rounding to 5, barrel at 880, bolts, dump at 555"
    # The common three-player game: the player after the dealer is forced to 100.
    forced_opening = True
    preset = {
        **_POLISH,
        "bid_step": 5,
        "rounding": 5,
        "give_up": {"declarer": "minus", "opponents": 60},
        "barrel": {"at": 880, "tries": 3, "penalty": 120, "knock_off": True},
        "bolts": {"count": 3, "penalty": 120},
        "dump": {"at": 555, "negative": False},
    }


class MoscowRules(Rules):
    """Тысяча по-московски (seed 004): no auction, deck of 132, trump marriages double."""

    key = "moscow"
    seats = 2
    tricks = 12
    summary = "no bidding, deck of 132, trump marriages double, loser pays the difference"
    forced_opening = False
    preset = {
        **_POLISH,
        "cards": "moscow",
        "bidding": "none",
        "marriage_needs_trick": False,
        "trump_marriage_double": True,
        "rounding": "none",
    }
