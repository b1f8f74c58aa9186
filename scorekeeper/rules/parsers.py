"""The kinds of option values and their parsers (scoring.md 2, 5): JSON in, the typed value out."""

# The options themselves, each with its kind, are listed in optionspecs.py.

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .bounds import OPTION_POINTS_MAX, OPTION_SMALL_MAX
from .errors import N_, Message

#: the shape of an option's value: a whole number, true/false, one of some words, a house rule's
#: record of keys, a number per suit (marriage_values), an amount of money (the stake)
Kind = Literal["int", "bool", "choice", "record", "per_suit", "money"]


@dataclass(frozen=True, eq=False)
class Spec:
    """What one option, or one key of a house rule's record, takes; `parse` checks a JSON value.

    `optional`: null (or false) turns it off. `low`, `high` (and `places` for money) bound a
    number. `choices`: a choice's values, or the words an int takes besides a number ("half").
    `keys`: a record's keys, or the suits of a value per suit. `usual`: a key's value when not
    given, or what an optional option is when a house rule turns it on (None: no usual value).
    """

    kind: Kind
    parse: Callable[[Any], Any]
    optional: bool = False
    low: int | None = None
    high: int | None = None
    places: int | None = None
    choices: tuple[str, ...] = ()
    keys: Mapping[str, Spec] = field(default_factory=dict)
    usual: Any = None


class Bad(Exception):
    """A value that an option cannot take; the message says what it can take (errors.Message)."""

    def __init__(self, template: str, **params: object) -> None:
        self.message = Message(template, params)
        super().__init__(self.message.text())


def _int(raw: Any, low: int = 0, high: int = OPTION_POINTS_MAX) -> int:
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise Bad(N_("must be a whole number, got {raw!r}"), raw=raw)
    if not low <= raw <= high:
        raise Bad(N_("must be between {low} and {high}, got {raw}"), low=low, high=high, raw=raw)
    return raw


def _bool(raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise Bad(N_("must be true or false, got {raw!r}"), raw=raw)
    return raw


def _choice(*allowed: str) -> Callable[[Any], str]:
    def parse(raw: Any) -> str:
        if raw not in allowed:
            raise Bad(
                N_("must be one of {allowed}, got {raw!r}"), allowed=", ".join(allowed), raw=raw
            )
        return str(raw)

    return parse


def _optional(parse: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def inner(raw: Any) -> Any:
        return None if raw is None or raw is False else parse(raw)

    return inner


def _record(kind: type, parsers: Mapping[str, Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """A nested house rule: true for its usual values, or an object; missing keys keep defaults."""

    def parse(raw: Any) -> Any:
        if raw is True:
            return kind()
        if not isinstance(raw, Mapping):
            raise Bad(N_("must be an object with {keys}, true, or null"), keys=", ".join(parsers))
        unknown = sorted(set(raw) - set(parsers))
        if unknown:
            raise Bad(
                N_("unknown key {key!r} (it takes {keys})"),
                key=unknown[0],
                keys=", ".join(parsers),
            )
        values = {}
        for key, value in raw.items():
            try:
                values[key] = parsers[key](value)
            except Bad as bad:
                raise Bad(N_("{key} {detail}"), key=key, detail=bad.message) from None
        return kind(**values)

    return _optional(parse)


# --- the kinds, each with its parser ----------------------------------------------------------


def number(low: int = 0, high: int = OPTION_POINTS_MAX) -> Spec:
    """A whole number from `low` to `high`."""
    return Spec("int", lambda raw: _int(raw, low, high), low=low, high=high)


def points() -> Spec:
    """A points option: the target, a bid, the lock, the barrel, the dump (bounds.py)."""
    return number(1, OPTION_POINTS_MAX)


def small(low: int) -> Spec:
    """A count or a small value: the bid step, tries, bolts, give-ups, an ace in the musik."""
    return number(low, OPTION_SMALL_MAX)


def yes_no() -> Spec:
    return Spec("bool", _bool)


def one_of(*allowed: str) -> Spec:
    return Spec("choice", _choice(*allowed), choices=allowed)


def optional(spec: Spec, usual: Any = None) -> Spec:
    """`spec` or null (false too): a house rule that a game may leave off."""
    return replace(spec, parse=_optional(spec.parse), optional=True, usual=usual)


def record(kind: type, keys: Mapping[str, Spec]) -> Spec:
    """A house rule of several keys (records.py), null when off; each key's usual value is the
    record's default, and `true` turns the rule on with all of them."""
    usual = kind()
    keys = {key: replace(spec, usual=getattr(usual, key)) for key, spec in keys.items()}
    parse = _record(kind, {key: spec.parse for key, spec in keys.items()})
    return Spec("record", parse, optional=True, keys=keys, usual=usual)
