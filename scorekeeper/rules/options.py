"""House rules as data: one immutable options object per game, validated once (scoring.md s. 2, 5)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal, InvalidOperation
from typing import Any

from .cards import DECKS, STANDARD, SUITS, Deck
from .errors import InvalidHand, Problem

DEFAULT_MARRIAGES: Mapping[str, int] = {"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40}


@dataclass(frozen=True)
class Barrel:
    """On the barrel at `at`: `tries` hands to finish, else fall by `penalty` (section 5)."""

    at: int = 880
    tries: int = 3
    penalty: int = 120
    knock_off: bool = True


@dataclass(frozen=True)
class Bolts:
    """Every `count`-th hand with no points costs `penalty` (section 5)."""

    count: int = 3
    penalty: int = 120


@dataclass(frozen=True)
class Dump:
    """A total of exactly `at` (or -`at` with `negative`) after a hand becomes 0 (section 5)."""

    at: int = 555
    negative: bool = False


@dataclass(frozen=True)
class GiveUp:
    """Giving up after the musik (section 3.4): `opponents` is points or "half" the contract."""

    declarer: str = "minus"
    opponents: int | str = 60
    limit: int | None = None


@dataclass(frozen=True)
class MusikBonus:
    """The sitting-out dealer's musik: `ace` per ace, and a marriage's value when `marriage`."""

    ace: int = 50
    marriage: bool = True


@dataclass(frozen=True)
class Options:
    """Every option of scoring.md section 2 and the house rules of section 5."""

    target: int = 1000
    cards: Deck = STANDARD
    bidding: str = "auction"
    min_bid: int = 100
    bid_step: int = 10
    max_contract: int = 400
    contract_raise: bool = True
    marriages: str = "declared"
    marriage_values: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_MARRIAGES))
    marriage_needs_trick: bool = True
    trump_marriage_double: bool = False
    double_on_switch: bool = False
    rounding: int = 10  # 0 means "none"
    round_declarer: bool = False
    lock: int | None = None
    sitting_out: str | None = None
    musik_bonus: MusikBonus | None = None
    give_up: GiveUp | None = None
    slam_counts_all: bool = False
    all_cards_in_play: bool = True
    stake: Decimal | None = None
    barrel: Barrel | None = None
    bolts: Bolts | None = None
    dump: Dump | None = None
    ace_marriage: int | None = None

    @property
    def auction(self) -> bool:
        return self.bidding == "auction"

    @classmethod
    def build(cls, preset: Mapping[str, Any], overrides: Mapping[str, Any] | None = None) -> Options:
        """The preset's values with `overrides` on top; every bad key or value is a problem."""
        problems: list[Problem] = []
        values: dict[str, Any] = {}
        given = dict(overrides or {})
        for key in given:
            if key not in _PARSERS:
                problems.append(Problem(None, f"options.{key}", f"unknown option {key!r}"))
        for key, raw in {**preset, **given}.items():
            if key not in _PARSERS:
                continue
            try:
                values[key] = _PARSERS[key](raw)
            except _Bad as bad:
                problems.append(Problem(None, f"options.{key}", f"option {key}: {bad}"))
        if problems:
            raise InvalidHand(problems)
        options = cls(**values)
        options._check_consistent()
        return options

    def _check_consistent(self) -> None:
        problems = []
        if self.auction:
            if self.min_bid % self.bid_step:
                problems.append(("min_bid", f"the lowest bid {self.min_bid} is not a multiple "
                                 f"of the bid step {self.bid_step}"))
            if self.max_contract < self.min_bid:
                problems.append(("max_contract", f"the largest contract {self.max_contract} is "
                                 f"below the lowest bid {self.min_bid}"))
        if self.barrel and not self.barrel.at < self.target:
            problems.append(("barrel", f"the barrel at {self.barrel.at} must be below the "
                             f"target {self.target}"))
        if problems:
            raise InvalidHand(Problem(None, f"options.{k}", f"option {k}: {m}") for k, m in problems)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, as the game file writes them (the inverse of `build`)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _plain(f.name, getattr(self, f.name))
        return out

    def overrides_from(self, preset: Options) -> dict[str, Any]:
        """The options that differ from `preset`: what a game file needs to store."""
        mine, theirs = self.to_dict(), preset.to_dict()
        return {k: v for k, v in mine.items() if theirs.get(k) != v}

    def with_(self, **changes: Any) -> Options:
        return replace(self, **changes)


def _plain(name: str, value: Any) -> Any:
    if name == "rounding":
        return value or "none"
    if isinstance(value, Deck):
        return value.key
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, (Barrel, Bolts, Dump, GiveUp, MusikBonus)):
        return {f.name: getattr(value, f.name) for f in fields(value)}
    if isinstance(value, Mapping):
        return dict(value)
    return value


class _Bad(Exception):
    """A value that an option cannot take; the message says what it can take."""


def _int(raw: Any, low: int = 0, high: int = 10**9) -> int:
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise _Bad(f"must be a whole number, got {raw!r}")
    if not low <= raw <= high:
        raise _Bad(f"must be between {low} and {high}, got {raw}")
    return raw


def _bool(raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise _Bad(f"must be true or false, got {raw!r}")
    return raw


def _choice(*allowed: str) -> Callable[[Any], str]:
    def parse(raw: Any) -> str:
        if raw not in allowed:
            raise _Bad(f"must be one of {', '.join(allowed)}, got {raw!r}")
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
            raise _Bad(f"must be an object with {', '.join(parsers)}, true, or null")
        unknown = sorted(set(raw) - set(parsers))
        if unknown:
            raise _Bad(f"unknown key {unknown[0]!r} (it takes {', '.join(parsers)})")
        values = {}
        for key, value in raw.items():
            try:
                values[key] = parsers[key](value)
            except _Bad as bad:
                raise _Bad(f"{key} {bad}") from None
        return kind(**values)
    return _optional(parse)


def _rounding(raw: Any) -> int:
    table = {"none": 0, None: 0, 0: 0, "0": 0, 5: 5, "5": 5, 10: 10, "10": 10}
    if isinstance(raw, (bool, list, dict)) or raw not in table:
        raise _Bad(f"must be none, 5 or 10, got {raw!r}")
    return table[raw]


def _deck(raw: Any) -> Deck:
    if not isinstance(raw, str) or raw not in DECKS:
        raise _Bad(f"must be one of {', '.join(DECKS)}, got {raw!r}")
    return DECKS[raw]


def _marriage_values(raw: Any) -> Mapping[str, int]:
    if not isinstance(raw, Mapping):
        raise _Bad("must be an object with a value per suit")
    unknown = sorted(set(raw) - set(SUITS))
    if unknown:
        raise _Bad(f"unknown suit {unknown[0]!r}")
    return {**DEFAULT_MARRIAGES, **{s: _int(v, 0, 1000) for s, v in raw.items()}}


def _stake(raw: Any) -> Decimal | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
        raise _Bad(f"must be an amount of money per point, got {raw!r}")
    try:
        value = Decimal(str(raw))
    except InvalidOperation:
        raise _Bad(f"must be an amount of money per point, got {raw!r}") from None
    if not value.is_finite() or value < 0:
        raise _Bad(f"must be an amount of money per point, got {raw!r}")
    return value


def _opponents(raw: Any) -> int | str:
    return "half" if raw == "half" else _int(raw, 0, 1000)


def _points(raw: Any) -> int:
    return _int(raw, 1, 10**6)


_PARSERS: dict[str, Callable[[Any], Any]] = {
    "target": _points,
    "cards": _deck,
    "bidding": _choice("auction", "none"),
    "min_bid": _points,
    "bid_step": lambda raw: _int(raw, 1, 1000),
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
    "musik_bonus": _record(MusikBonus, {"ace": lambda r: _int(r, 0, 1000), "marriage": _bool}),
    "give_up": _record(GiveUp, {"declarer": _choice("minus", "zero"), "opponents": _opponents,
                                "limit": _optional(lambda r: _int(r, 1, 1000))}),
    "slam_counts_all": _bool,
    "all_cards_in_play": _bool,
    "stake": _stake,
    "barrel": _record(Barrel, {"at": _points, "tries": lambda r: _int(r, 1, 1000),
                               "penalty": lambda r: _int(r, 0, 10**6), "knock_off": _bool}),
    "bolts": _record(Bolts, {"count": lambda r: _int(r, 1, 1000),
                             "penalty": lambda r: _int(r, 0, 10**6)}),
    "dump": _record(Dump, {"at": _points, "negative": _bool}),
    "ace_marriage": _optional(lambda r: _int(r, 0, 10**4)),
}
OPTION_NAMES: tuple[str, ...] = tuple(_PARSERS)
