"""Parsers of option values: a JSON value in, the typed value out, or what it can take."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from .bounds import (
    ACE_MARRIAGE_MAX,
    OPTION_POINTS_MAX,
    OPTION_SMALL_MAX,
    STAKE_MAX,
    STAKE_PLACES,
    stake_problem,
)
from .cards import DECKS, SUITS, Deck
from .errors import N_, Message
from .records import Barrel, Bolts, Dump, GiveUp, MusikBonus

DEFAULT_MARRIAGES: Mapping[str, int] = {"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40}


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


def _points(raw: Any) -> int:
    return _int(raw, 1, OPTION_POINTS_MAX)


def _small(low: int) -> Callable[[Any], int]:
    return lambda raw: _int(raw, low, OPTION_SMALL_MAX)


PARSERS: dict[str, Callable[[Any], Any]] = {
    "target": _points,
    "cards": _deck,
    "bidding": _choice("auction", "none"),
    "min_bid": _points,
    "bid_step": _small(1),
    "max_contract": _points,
    "contract_raise": _bool,
    "marriages": _choice("declared", "in-tricks"),
    "marriage_values": _marriage_values,
    "marriage_needs_trick": _bool,
    "trump_marriage_double": _bool,
    "double_on_switch": _bool,
    "rounding": _rounding,
    "round_declarer": _bool,
    "lock": _optional(_points),
    "sitting_out": _optional(_choice("dealer")),
    "musik_bonus": _record(MusikBonus, {"ace": _small(0), "marriage": _bool}),
    "give_up": _record(
        GiveUp,
        {
            "declarer": _choice("minus", "zero"),
            "opponents": _opponents,
            "limit": _optional(_small(1)),
        },
    ),
    "slam_counts_all": _bool,
    "all_cards_in_play": _bool,
    "stake": _stake,
    "barrel": _record(
        Barrel,
        {
            "at": _points,
            "tries": _small(1),
            "penalty": lambda r: _int(r, 0, OPTION_POINTS_MAX),
            "knock_off": _bool,
        },
    ),
    "bolts": _record(
        Bolts, {"count": _small(1), "penalty": lambda r: _int(r, 0, OPTION_POINTS_MAX)}
    ),
    "dump": _record(Dump, {"at": _points, "negative": _bool}),
    "ace_marriage": _optional(lambda r: _int(r, 0, ACE_MARRIAGE_MAX)),
}
