"""The presets as the rules index lists them: each preset's one line, in the reader's language."""

from __future__ import annotations

from scorekeeper.rules import VARIANTS, Preset
from scorekeeper.web.words import PRESET_SENTENCES


def summary(preset: Preset) -> str:
    """The preset's sentence for the list of presets, in the reader's language (words.py)."""
    o = preset.preset_options()
    numbers = {
        "min_bid": o.min_bid,
        "max_contract": o.max_contract,
        "bid_step": o.bid_step,
        "rounding": o.rounding,
        "lock": o.lock,
        "total": o.cards.total,
        "ace": o.musik_bonus.ace if o.musik_bonus else None,
        "barrel": o.barrel.at if o.barrel else None,
        "dump": o.dump.at if o.dump else None,
    }
    return str(PRESET_SENTENCES[preset.key]) % numbers


def presets() -> list[tuple[str, int, str]]:
    return [(key, preset.seats, summary(preset)) for key, preset in VARIANTS.items()]
