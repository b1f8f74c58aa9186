"""Pure scoring of Thousand: presets, options, validation and explained scores (no web, no DB)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import ACES, DECKS, MARRIAGE_SUITS, SUITS, Deck
from .errors import N_, InvalidHand, Message, Problem, Term
from .hand import Adjustment, Hand, Line, Marriage, Musik
from .notes import ENGLISH, RULE_KEYS, Note, Translator, marriage_name, suit_name, text
from .options import Options
from .optionspecs import OPTION_SPECS
from .parsers import Kind, Spec
from .presets import PRESETS, Preset
from .replays import replay, replay_changed, replay_entered, stored_sheet
from .ruleset import Rules, round_to
from .sheet import Sheet
from .stats import SeatStats, contract_outcome, seat_stats
from .tally import Bidding, LineResult, Payment, PlayerState, Tally

VARIANTS: dict[str, Preset] = {preset.key: preset for preset in PRESETS}


def find_variant(key: object) -> Preset:
    """The preset of `key`; InvalidHand names the presets for an unknown one."""
    if not isinstance(key, str) or key not in VARIANTS:
        raise InvalidHand.one(
            None,
            "variant",
            N_("unknown variant {key!r}; the variants are {variants}"),
            key=key,
            variants=", ".join(VARIANTS),
        )
    return VARIANTS[key]


def rules_for(key: object, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of preset `key` with option overrides."""
    return Rules(find_variant(key), options)


__all__ = [
    "N_",
    "Message",
    "Term",
    "ENGLISH",
    "Translator",
    "marriage_name",
    "suit_name",
    "ACES",
    "DECKS",
    "MARRIAGE_SUITS",
    "OPTION_SPECS",
    "RULE_KEYS",
    "SUITS",
    "VARIANTS",
    "Adjustment",
    "Bidding",
    "Deck",
    "Hand",
    "InvalidHand",
    "Kind",
    "Line",
    "LineResult",
    "Marriage",
    "Musik",
    "Note",
    "Options",
    "Payment",
    "Preset",
    "PlayerState",
    "Problem",
    "Rules",
    "SeatStats",
    "Spec",
    "Sheet",
    "Tally",
    "find_variant",
    "round_to",
    "contract_outcome",
    "replay",
    "replay_changed",
    "replay_entered",
    "stored_sheet",
    "rules_for",
    "seat_stats",
    "text",
]
