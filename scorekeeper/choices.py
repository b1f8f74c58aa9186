"""The words of the options' values, and select choices as WTForms 3.3 wants them."""

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


def opts(pairs: Iterable[tuple[Any, str]]) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]
