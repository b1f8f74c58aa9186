"""The words of the options' values and of the variants, and select choices for WTForms 3.3."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

# An option's value in words, on the new-game form and the rules pages (the stored value stays).
VALUE_WORDS: dict[str, Any] = {
    "auction": _l("auction"),
    "none": _l("none"),
    "declared": _l("declared"),
    "in-tricks": _l("found in tricks"),
    "dealer": _l("the dealer"),
    "standard": _l("standard deck"),
    "moscow": _l("Moscow deck"),
    "minus": _l("minus the contract"),
    "zero": _l("zero"),
    "half": _l("half the contract"),
}
# A variant by the name players give it (the key, e.g. "pl-3", is a name for files and programs);
# the number of players goes beside it (variant_title), so pl-2, pl-3 and pl-4 share a name.
VARIANT_NAMES: dict[str, Any] = {
    "pl-3": _l("Polish Tysiąc"),
    "pl-4": _l("Polish Tysiąc"),
    "pl-2": _l("Polish Tysiąc"),
    "ru-2": _l("Russian Thousand"),
    "ru-3": _l("Russian Thousand"),
    "ru-4": _l("Russian Thousand"),
    "moscow": _l("Moscow Thousand"),
}
# The variant a new game starts with in each language: the game its readers usually play.
LANGUAGE_VARIANTS = {"pl": "pl-3", "ru": "ru-3", "uk": "ru-3"}


def opts(pairs: Iterable[tuple[Any, str]]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]
