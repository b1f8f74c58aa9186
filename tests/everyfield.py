"""Games built from every field: each field of a hand and each option set away from its default.

The round trips (the store, the hand form, the export) take their inputs from here, so a field
added to `Hand`, `Marriage`, `Musik` or `Adjustment`, or an option added to `OPTION_SPECS`,
reaches every layer without anyone writing a new test. The lists of fields come from the
dataclasses and `OPTION_SPECS` themselves; `missing_hand_fields()` and `missing_options()` name
what the games below leave at its default, so a test of coverage fails naming a new field until
a game here sets it (a hand field needs a value that a real deal could give: no generic value
can be made up for it). A new option of a plain kind (yes/no, a choice, an optional value with a
usual one, a record of those) is given a value of its own by `_generic` and needs no edit here.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from scorekeeper.gamefile import GameFile, parse
from scorekeeper.rules import Adjustment, Hand, Marriage, Musik, Options
from scorekeeper.rules.optionspecs import OPTION_SPECS
from scorekeeper.rules.parsers import Spec

FORMAT = "scorekeeper-game/1"

HAND_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Hand))
ADJUSTMENT_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Adjustment))
MARRIAGE_FIELDS: tuple[str, ...] = Marriage._fields
MUSIK_FIELDS: tuple[str, ...] = Musik._fields
OPTION_KEYS: tuple[str, ...] = tuple(OPTION_SPECS)

#: An option's value away from its default, chosen by hand where the options must agree with
#: each other (a bid step that divides the lowest bid, a golden contract that is a contract of
#: the game) or with the hands below. Each record key differs from the record's usual value.
_AUCTION_OPTIONS: dict[str, Any] = {
    "target": 1500,
    "deals": 200,  # more deals than the games below have hands: they do not end by it
    "min_bid": 110,
    "bid_step": 5,
    "max_contract": 300,
    "marriages": "in-tricks",
    "marriage_values": {"hearts": 90, "diamonds": 70, "clubs": 50, "spades": 30},
    "marriage_needs_trick": False,
    "trump_marriage_double": True,
    "rounding": 5,
    "round_declarer": True,
    "lock": 850,
    "sitting_out": "dealer",
    "musik_bonus": {"ace": 40, "marriage": False},
    "give_up": {
        "declarer": "zero",
        "opponents": "half",
        "limit": 2,
        "every": 2,
        "penalty": 100,
        "on_barrel": False,
        "opponents_min": 60,
        "free": 1,
    },
    "slam_counts_all": True,
    "stake": "0.5",
    "barrel": {
        "at": 800,
        "tries": 2,
        "penalty": 100,
        "knock_off": False,
        "falls_to_zero": 2,
        "on_fail": "try",
        "defender_finishes": True,
        "together": "none",
    },
    "bolts": {"count": 2, "penalty": 100, "kind": "tricks", "consecutive": True},
    "dump": {"at": 333, "negative": True},
    "ace_marriage": 200,
    "blind": {"multiplier": 3, "min_contract": 130, "min_total": -100, "on_barrel": True},
    "golden": {"hands": 1, "contract": 130, "multiplier": 3, "reset_if_nobody": False},
    "silence": {"below": -50},
}
#: What no auction game above can take: no bidding (with its deck), and the few that need it.
_MOSCOW_OPTIONS: dict[str, Any] = {
    "cards": "moscow",
    "bidding": "none",
    "contract_raise": False,
    "double_on_switch": True,
    "all_cards_in_play": False,
}

_PLAYERS = ["Ala", "Bartek", "Celina", "Darek"]


def _generic(spec: Spec, default: Any) -> Any:
    """A valid value away from `default` for an option of a plain kind (None: none such)."""
    if spec.kind == "bool":
        return not default
    if spec.kind == "choice":
        return next((c for c in spec.choices if spec.parse(c) != default), None)
    if spec.kind == "record":
        usual = spec.usual
        values = {k: _generic(s, getattr(usual, k)) for k, s in spec.keys.items()}
        return {k: v for k, v in values.items() if v is not None} or True
    if spec.optional and spec.usual is not None and default is None:
        return spec.usual
    return None


def _options(listed: Mapping[str, Any], others: bool) -> dict[str, Any]:
    """`listed`, and with `others` a generic value for each option listed in neither game."""
    out = dict(listed)
    if others:
        for key, spec in OPTION_SPECS.items():
            if key not in _AUCTION_OPTIONS and key not in _MOSCOW_OPTIONS:
                value = _generic(spec, getattr(Options(), key, None))
                if value is not None:
                    out[key] = value
    return out


def _game(
    variant: str,
    options: dict[str, Any],
    hands: list[dict[str, Any]],
    seats: int,
    first_dealer: int = 0,
) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "variant": variant,
        "options": options,
        "players": _PLAYERS[:seats],
        "first_dealer": first_dealer,
        "hands": hands,
    }


def every_field_games() -> list[dict[str, Any]]:
    """Game files (JSON values) that together set every field of a hand, a marriage, a musik
    and an adjustment, and every option, away from its default; each is a valid game."""
    auction = _game(
        "pl-4",
        _options(_AUCTION_OPTIONS, others=True),
        [
            # the golden first hand: the forced opener (the seat after the dealer) plays 130
            {
                "declarer": 1,
                "bid": 130,
                "trump": "hearts",
                "points": [None, 80, 20, 20],
                "tricks": [None, 5, 2, 1],
                "marriages": [{"seat": 1, "suit": "hearts"}],
                "musik": {"aces": 1, "marriage": "clubs"},
            },
            {
                "dealer": 3,
                "declarer": 1,
                "bid": 130,
                "contract": 150,
                "blind": True,
                "trump": "diamonds",
                "points": [30, 60, 30, None],
                "tricks": [2, 4, 2, None],
                "marriages": [{"seat": 1, "suit": "diamonds"}, {"seat": 0, "suit": "spades"}],
                "musik": {"aces": 2},
            },
            # the hand form of pl-4 always says what the musik held, nothing too
            {"declarer": 2, "bid": 120, "give_up": True, "musik": {"aces": 0, "marriage": None}},
            {"adjustment": [0, -100, 0, 50], "reason": "a card shown while dealing"},
        ],
        seats=4,
    )
    moscow = _game(
        "moscow",
        _options(_MOSCOW_OPTIONS, others=False),
        [
            {
                "trump": "spades",
                "points": [60, 72],
                "tricks": [5, 7],
                "marriages": [{"seat": 0, "suit": "hearts", "switch": True}],
            },
        ],
        seats=2,
        first_dealer=1,
    )
    return [auction, moscow]


# --- what the games set, for the tests of coverage --------------------------------------------


def _away(value: Any, default: Any) -> bool:
    return bool(value != default)


def hand_fields_set(lines: Iterable[Any]) -> set[str]:
    """The names ("Hand.bid", "Marriage.switch", "Adjustment.reason"...) that some line of
    `lines` holds away from its default."""
    blank = Hand()
    seen: set[str] = set()
    for line in lines:
        if isinstance(line, Adjustment):
            seen |= {f"Adjustment.{n}" for n in ADJUSTMENT_FIELDS if _adjusted(line, n)}
            continue
        seen |= {f"Hand.{n}" for n in HAND_FIELDS if _away(getattr(line, n), getattr(blank, n))}
        for m in line.marriages:
            seen |= {f"Marriage.{n}" for n in MARRIAGE_FIELDS if _away(getattr(m, n), _M[n])}
        if line.musik is not None:
            seen |= {f"Musik.{n}" for n in MUSIK_FIELDS if _away(getattr(line.musik, n), _U[n])}
    return seen


_M: dict[str, Any] = {"seat": 0, "suit": None, **Marriage._field_defaults}
_U: dict[str, Any] = Musik._field_defaults


def _adjusted(line: Adjustment, name: str) -> bool:
    value = getattr(line, name)
    if name == "values":
        return any(value)
    field = next(f for f in dataclasses.fields(Adjustment) if f.name == name)
    return bool(value != field.default)


def every_line_field() -> set[str]:
    """Every field a line of a game file can hold, named as hand_fields_set names them."""
    return (
        {f"Hand.{n}" for n in HAND_FIELDS}
        | {f"Marriage.{n}" for n in MARRIAGE_FIELDS}
        | {f"Musik.{n}" for n in MUSIK_FIELDS}
        | {f"Adjustment.{n}" for n in ADJUSTMENT_FIELDS}
    )


def options_set(files: Iterable[GameFile]) -> set[str]:
    """The options ("golden", and "golden.contract" for a record's key) that some game of
    `files` gives, in its own options, a value away from the default (`Options()`)."""
    blank = Options()
    seen: set[str] = set()
    for file in files:
        built = file.rules().options
        for key in file.options:
            value, default = getattr(built, key), getattr(blank, key)
            if value == default:
                continue
            seen.add(key)
            spec = OPTION_SPECS[key]
            if spec.kind == "record":
                usual = spec.usual
                seen |= {f"{key}.{k}" for k in spec.keys if getattr(value, k) != getattr(usual, k)}
            elif spec.kind == "per_suit":
                seen |= {f"{key}.{k}" for k in spec.keys if value[k] != default[k]}
    return seen


def every_option() -> set[str]:
    """Every option and every key of a record or per-suit option, named as options_set does."""
    out = set(OPTION_KEYS)
    for key, spec in OPTION_SPECS.items():
        if spec.kind in ("record", "per_suit"):
            out |= {f"{key}.{k}" for k in spec.keys}
    return out


def parsed_games() -> list[GameFile]:
    """every_field_games(), read by the game file's reader (a deep copy: callers may edit)."""
    return [parse(copy.deepcopy(g)) for g in every_field_games()]


def missing_hand_fields() -> list[str]:
    """The fields of a line that no game here sets away from its default (empty: all set)."""
    lines = [line for file in parsed_games() for line in file.lines]
    return sorted(every_line_field() - hand_fields_set(lines))


def missing_options() -> list[str]:
    """The options (and record keys) that no game here sets away from its default."""
    return sorted(every_option() - options_set(parsed_games()))


def differences(expected: Iterable[Any], got: Iterable[Any]) -> list[str]:
    """What a layer changed, field by field ("line 2: Hand.blind True became False"), for a
    failure message that names the field; empty when the lines are equal."""
    want, have = list(expected), list(got)
    if len(want) != len(have):
        return [f"{len(want)} lines became {len(have)}"]
    out: list[str] = []
    for number, (a, b) in enumerate(zip(want, have, strict=True), start=1):
        if a == b:
            continue
        if type(a) is not type(b):
            out.append(f"line {number}: {type(a).__name__} became {type(b).__name__}")
            continue
        for f in dataclasses.fields(a):
            before, after = getattr(a, f.name), getattr(b, f.name)
            if before != after:
                out.append(
                    f"line {number}: {type(a).__name__}.{f.name} {before!r} became {after!r}"
                )
    return out
