"""Fields and checks the forms share: numbers, seat lists, marriage boxes, bounded texts."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from wtforms import SelectMultipleField
from wtforms.validators import ValidationError
from wtforms.widgets import CheckboxInput, ListWidget

from scorekeeper.rules import MARRIAGE_SUITS
from scorekeeper.rules.bounds import text_problem
from scorekeeper.web.i18n import suit as suit_word
from scorekeeper.web.i18n import translator

NUMERIC = {"inputmode": "numeric", "pattern": "-?[0-9]*", "autocomplete": "off"}


def pad_seats(formdata: Any, seats: int, *lists: str) -> Any:
    """Posted data with an empty value for every seat missing from `lists` (a sitting-out
    seat posts nothing): FieldList would otherwise close the gap and shift the seats."""
    data = MultiDict(formdata)
    for name in lists:
        for seat in range(seats):
            data.setdefault(f"{name}-{seat}", "")
    return data


class Bounded:
    """A text within `most` characters and free of control characters (rules.bounds), with
    the message in the reader's language: what the game file's reader asks of the same text."""

    def __init__(self, most: int, lines: bool = False) -> None:
        self.most, self.lines = most, lines

    def __call__(self, form: Any, field: Any) -> None:
        wrong = text_problem(field.data or "", self.most, self.lines)
        if wrong is not None:
            raise ValidationError(wrong.text(translator()))


class NotNegative:
    """A whole number of 0 or more. WTForms' NumberRange calls math.isnan on the number, which
    overflows past a float's range (a 500 for "tricks-0=1" and 310 zeros)."""

    def __call__(self, form: Any, field: Any) -> None:
        if isinstance(field.data, int) and field.data < 0:
            raise ValidationError(_l("At least 0."))


# a marriage box's value: "<seat>:<suit>" (HandForm.setup); a seat is a few ASCII digits
_MARRIAGE = re.compile(r"([0-9]{1,3}):(\w+)", re.ASCII)


def marriage_value(value: str) -> tuple[int, str] | None:
    found = _MARRIAGE.fullmatch(value)
    if found is None or found.group(2) not in MARRIAGE_SUITS:
        return None
    return int(found.group(1)), found.group(2)


def suit_label(suit: str) -> Any:
    """A suit's name for a choice made once, at import: in the reader's language when shown."""
    return LazyString(suit_word, suit)


class MultiCheckbox(SelectMultipleField):  # type: ignore[misc]
    widget = ListWidget(prefix_label=False)
    option_widget = CheckboxInput()

    def pre_validate(self, form: Any) -> None:  # choices are checked by the rules
        pass
