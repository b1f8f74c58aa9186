"""Every option of the rules with its kind, bounds and usual value (scoring.md 2, 5 and 5.1)."""

# The kinds and the generic parsers are parsers.py's; the values only some options take (the
# rounding's words, the deck, a value per suit, the stake, half a contract) are parsed here.

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import Any

from .bounds import (
    ACE_MARRIAGE_MAX,
    LINES_MAX,
    MULTIPLIER_MAX,
    OPTION_POINTS_MAX,
    OPTION_SMALL_MAX,
    STAKE_MAX,
    STAKE_PLACES,
    stake_problem,
)
from .cards import DECKS, SUITS, Deck
from .errors import N_
from .parsers import Bad, Spec, _int, number, one_of, optional, points, record, small, yes_no
from .records import Barrel, Blind, Bolts, Dump, GiveUp, Golden, MusikBonus, Silence

DEFAULT_MARRIAGES: Mapping[str, int] = {"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40}
#: the lock of pl-3 and pl-4 (scoring.md 1): what "the lock" means when a game turns it on
LOCK_USUAL = 900


def _rounding(raw: Any) -> int:
    table = {"none": 0, None: 0, 0: 0, "0": 0, 5: 5, "5": 5, 10: 10, "10": 10}
    if isinstance(raw, (bool, list, dict)) or raw not in table:
        raise Bad(N_("must be none, 5 or 10, got {raw!r}"), raw=raw)
    return table[raw]


def _deck(raw: Any) -> Deck:
    if not isinstance(raw, str) or raw not in DECKS:
        raise Bad(N_("must be one of {allowed}, got {raw!r}"), allowed=", ".join(DECKS), raw=raw)
    return DECKS[raw]


def _marriage_values(raw: Any) -> Mapping[str, int]:
    if not isinstance(raw, Mapping):
        raise Bad(N_("must be an object with a value per suit"))
    unknown = sorted(set(raw) - set(SUITS))
    if unknown:
        raise Bad(N_("unknown suit {suit!r}"), suit=unknown[0])
    return {**DEFAULT_MARRIAGES, **{s: _int(v, 0, OPTION_SMALL_MAX) for s, v in raw.items()}}


def _stake(raw: Any) -> Decimal | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise Bad(N_("must be an amount of money per point, got {raw!r}"), raw=raw)
    try:
        value = Decimal(str(raw))
    except InvalidOperation:
        raise Bad(N_("must be an amount of money per point, got {raw!r}"), raw=raw) from None
    problem = stake_problem(value)
    if problem is not None:
        # scoring.md 3.2: from 0 to 1,000 with at most 4 decimal places
        raise Bad(
            N_(
                "must be an amount of money per point from 0 to {most}, with at most {places} "
                "decimal places, got {raw!r}"
            ),
            most=STAKE_MAX,
            places=STAKE_PLACES,
            raw=raw,
        )
    return value


def _opponents(raw: Any) -> int | str:
    return "half" if raw == "half" else _int(raw, 0, OPTION_SMALL_MAX)


def multiplier() -> Spec:
    """A club agreement's multiplier (5.1): x1 to x10."""
    return number(1, MULTIPLIER_MAX)


def signed_points() -> Spec:
    """Points that may be below 0: a total a club agreement compares with (5.1)."""
    return number(-OPTION_POINTS_MAX, OPTION_POINTS_MAX)


OPTION_SPECS: dict[str, Spec] = {
    "target": points(),
    # a fixed number of deals (section 4): more than a game's lines could never be reached
    "deals": optional(number(1, LINES_MAX)),
    "cards": Spec("choice", _deck, choices=tuple(DECKS)),
    "bidding": one_of("auction", "none"),
    "min_bid": points(),
    "bid_step": small(1),
    "max_contract": points(),
    "contract_raise": yes_no(),
    "marriages": one_of("declared", "in-tricks"),
    "marriage_values": Spec(
        "per_suit",
        _marriage_values,
        low=0,
        high=OPTION_SMALL_MAX,
        keys={suit: replace(small(0), usual=v) for suit, v in DEFAULT_MARRIAGES.items()},
        usual=DEFAULT_MARRIAGES,
    ),
    "marriage_needs_trick": yes_no(),
    "trump_marriage_double": yes_no(),
    "double_on_switch": yes_no(),
    "rounding": Spec("choice", _rounding, choices=("none", "5", "10")),
    "round_declarer": yes_no(),
    "lock": optional(points(), usual=LOCK_USUAL),
    "sitting_out": optional(one_of("dealer"), usual="dealer"),
    "musik_bonus": record(MusikBonus, {"ace": small(0), "marriage": yes_no()}),
    "give_up": record(
        GiveUp,
        {
            "declarer": one_of("minus", "zero"),
            "opponents": Spec("int", _opponents, low=0, high=OPTION_SMALL_MAX, choices=("half",)),
            "limit": optional(small(1)),
            "every": optional(small(1)),
            "penalty": number(),
            "on_barrel": yes_no(),
            # 5.2: "60, or half the contract above 120"; a seat's first give-ups free
            "opponents_min": optional(small(0)),
            "free": small(0),
        },
    ),
    "slam_counts_all": yes_no(),
    "all_cards_in_play": yes_no(),
    "stake": Spec("money", _stake, optional=True, low=0, high=int(STAKE_MAX), places=STAKE_PLACES),
    "barrel": record(
        Barrel,
        {
            "at": points(),
            "tries": small(1),
            "penalty": number(),
            "knock_off": yes_no(),
            "falls_to_zero": optional(small(1)),
            # 5.2: a failed contract on the barrel, a defender finishing, climbing together
            "on_fail": one_of("minus", "try"),
            "defender_finishes": yes_no(),
            "together": one_of("all", "declarer", "none"),
        },
    ),
    "bolts": record(
        Bolts,
        {
            "count": small(1),
            "penalty": number(),
            "kind": one_of("points", "tricks"),
            "consecutive": yes_no(),
        },
    ),
    "dump": record(Dump, {"at": points(), "negative": yes_no()}),
    "ace_marriage": optional(number(0, ACE_MARRIAGE_MAX)),
    # the club agreements of 5.1, off in every preset
    "blind": record(
        Blind,
        {
            "multiplier": multiplier(),
            "min_contract": points(),
            "min_total": optional(signed_points()),
            "on_barrel": yes_no(),
        },
    ),
    "golden": record(
        Golden,
        {
            "hands": optional(small(1)),
            "contract": points(),
            "multiplier": multiplier(),
            "reset_if_nobody": yes_no(),
        },
    ),
    "silence": record(Silence, {"below": signed_points()}),
    # 5.2: whether a total must land exactly on the target
    "finish": one_of("reach", "exact"),
}
"""Every option of scoring.md sections 2, 5, 5.1 and 5.2, in the order of the game file and the
docs."""
