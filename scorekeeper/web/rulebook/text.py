"""The presets as the rules index lists them: each preset's one line, in the reader's language."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l

from scorekeeper.rules import VARIANTS, Preset

SUMMARIES: dict[str, Any] = {
    "pl-3": _l(
        "Polish Tysiąc for three: the player after the dealer must bid %(min_bid)s, "
        "a musik of 3 cards, the lock at %(lock)s."
    ),
    "pl-4": _l(
        "Polish Tysiąc for four: the dealer sits out and scores the musik, "
        "%(ace)s for an ace and a marriage's value."
    ),
    "pl-2": _l(
        "Polish Tysiąc for two: a forced bid of %(min_bid)s, two musiks of 2 cards, "
        "a marriage needs a trick."
    ),
    "ru-2": _l(
        "Russian Thousand for two: bids from %(min_bid)s to %(max_contract)s, the declarer "
        "names trump, marriages found in tricks, giving up."
    ),
    "ru-4": _l(
        "Russian Thousand for four: bids from %(min_bid)s to %(max_contract)s, "
        "the declarer takes the 4 prikup cards and gives one to each player."
    ),
    "moscow": _l(
        "Moscow Thousand for two: no auction, a deck of %(total)s points, "
        "trump marriages count double."
    ),
    "ru-3": _l(
        "Thousand for three as most Russians and Ukrainians play it: bids from %(min_bid)s "
        "in steps of %(bid_step)s, rounding to %(rounding)s, the barrel at %(barrel)s, bolts, "
        "the dump at %(dump)s."
    ),
}


def summary(preset: Preset) -> str:
    """The preset's one line for the list of presets, in the reader's language."""
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
    message = SUMMARIES.get(preset.key)
    return str(message) % numbers if message is not None else preset.summary


def presets() -> list[tuple[str, int, str]]:
    return [(key, preset.seats, summary(preset)) for key, preset in VARIANTS.items()]
