"""The numbers of an event: read as exact decimals, computed as fractions, written rounded."""

# events.md section 3: the numbers in the file are exact decimals, computed numbers are exact
# (fractions where a mean makes them), the output writes at most 2 decimals rounded half away
# from zero, and the ranking compares the exact values.

from __future__ import annotations

import json
import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scorekeeper.gamefile.file import DIGITS_MAX
from scorekeeper.rules.errors import N_, Message, Problem

from .problems import EventProblem, InvalidEvent

#: a number of the file is within this, either way (events.md section 4: points and bye)
POINTS_MAX = 1_000
#: decimal places a number of the file may have: past this a fraction's terms could grow to any
#: size (1e-999999999 is within the bound), and a match point is never that fine
PLACES_MAX = 4


class Exact(float):
    """A JSON number with a fraction part or an exponent: a float, as the game file reads it
    (a hand's 110.0 is 110), that keeps its decimal text for the event's own numbers."""

    decimal: Decimal

    def __new__(cls, text: str) -> Exact:
        number = super().__new__(cls, text)
        number.decimal = Decimal(text)
        return number


class _TooLong(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > DIGITS_MAX:
        raise _TooLong(digits)
    return int(text)


def decode(text: str | bytes) -> Any:
    """The JSON values of an event file, its decimals exact; InvalidEvent when it is not JSON
    (in the game file's words: gamefile.decode)."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")  # a byte-order mark, as some editors save
        return json.loads(text, parse_int=_integer, parse_float=Exact)
    except _TooLong as e:
        message = N_(
            "a number in the file is too long ({digits} digits); the numbers of a game file "
            "have at most {most} digits"
        )
        params = {"digits": e.digits, "most": DIGITS_MAX}
        raise InvalidEvent([EventProblem(Problem(None, "event", message, None, params))]) from None
    except (ValueError, RecursionError) as e:
        problem = Problem(None, "event", N_("the file is not JSON ({error})"), None, {"error": e})
        raise InvalidEvent([EventProblem(problem)]) from None


def number(raw: Any) -> Fraction | Message:
    """`raw` as an exact number of the file (within ±POINTS_MAX, at most PLACES_MAX decimal
    places), or what is wrong with it."""
    if isinstance(raw, Exact):
        value = raw.decimal
    elif isinstance(raw, int) and not isinstance(raw, bool):
        value = Decimal(raw)
    elif isinstance(raw, float) and math.isfinite(raw):
        # decoded by plain json.loads: within the bounds, a float's shortest text (repr) is the
        # decimal that was written (at most 4 places and 1,000: 8 digits, a float holds 15)
        value = Decimal(repr(raw))
    else:  # a string, null, NaN or Infinity (JSON allows neither; Python reads both)
        return Message(N_("must be a number, got {raw}"), {"raw": _shown(raw)})
    if not -POINTS_MAX <= value <= POINTS_MAX:
        return Message(N_("must be from {low} to {most}"), {"low": -POINTS_MAX, "most": POINTS_MAX})
    if value != value.quantize(Decimal(1).scaleb(-PLACES_MAX)):
        return Message(N_("has at most {places} decimal places"), {"places": PLACES_MAX})
    return Fraction(value)


def _shown(raw: Any) -> str:
    try:
        return json.dumps(raw)[:40]
    except (TypeError, ValueError):
        return repr(raw)[:40]


def written(value: Fraction) -> int | float:
    """`value` as the output writes it: rounded half away from zero to 2 decimals (0.625 is
    0.63, -0.625 is -0.63), a whole number as an integer."""
    hundredths = abs(value) * 100
    whole = int(hundredths)  # towards zero, then half away from it
    if hundredths - whole >= Fraction(1, 2):
        whole += 1
    if value < 0:
        whole = -whole
    if whole % 100 == 0:
        return whole // 100
    return float(Decimal(whole).scaleb(-2))


def as_json(value: Fraction) -> int | float:
    """A number of the file written back exactly (at most PLACES_MAX places: a float's
    shortest text is the decimal itself)."""
    if value.denominator == 1:
        return int(value)
    return float(value)
