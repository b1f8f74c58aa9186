"""The browser engine's data, written from the Python rules into static/rules/data.js."""

# The browser's twin of the rules (docs/engine.md) applies the same options, presets, bounds
# and fields; they are data, so they are written from here, not copied by hand. A test
# (tests/rules/test_engine_data.py) fails when the committed file is not what this writes.
# Run `python -m scorekeeper.enginedata` after changing an option, a preset, a bound or a field.

from __future__ import annotations

import dataclasses
import json
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

from scorekeeper.rules import OPTION_SPECS, Spec, bounds, cards
from scorekeeper.rules.hand import Hand, Marriage, Musik
from scorekeeper.rules.options import Options
from scorekeeper.rules.optionspecs import DEFAULT_MARRIAGES
from scorekeeper.rules.presets import PRESETS

TARGET = Path(__file__).parent / "static" / "rules" / "data.js"

_BOUNDS = (
    "ADJUSTMENT_MAX LINES_MAX TRAIL_MAX OPTION_POINTS_MAX OPTION_SMALL_MAX "
    "ACE_MARRIAGE_MAX MULTIPLIER_MAX STAKE_MAX STAKE_PLACES NAME_MAX REASON_MAX WHO_MAX AT_MAX"
).split()


def plain(value: Any) -> Any:
    """A value as JSON: records as objects of their fields, money as a number."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    return value


def spec(s: Spec) -> dict[str, Any]:
    """An option's spec without its parser (the JavaScript parses by kind and bounds) nor its
    usual value (a record's class holds it there, as a dataclass's defaults do here)."""
    out: dict[str, Any] = {"kind": s.kind}
    if s.optional:
        out["optional"] = True
    for name in ("low", "high", "places"):
        if getattr(s, name) is not None:
            out[name] = getattr(s, name)
    if s.choices:
        out["choices"] = list(s.choices)
    if s.keys:
        out["keys"] = {k: spec(v) for k, v in s.keys.items()}
    return out


def data() -> dict[str, Any]:
    # only what the JavaScript reads: every byte here is sent to every phone (the summaries,
    # the rules pages' English, stay on the server)
    defaults = Options().to_dict()
    keys = list(PRESETS[0].options)
    # a preset's options are these keys, in this order (the order a bad option is named in)
    assert all(list(p.options) == keys for p in PRESETS), "a preset sets other options"
    return {
        "OPTION_SPECS": {name: spec(s) for name, s in OPTION_SPECS.items()},
        # what an option is when neither the preset nor the game gives it (Options' defaults)
        "OPTION_DEFAULTS": defaults,
        "PRESETS": [
            {
                "key": p.key,
                "seats": p.seats,
                "tricks": p.tricks,
                # the values of PRESET_KEYS that differ from the defaults
                "options": {
                    k: v
                    for k, v in plain(dict(p.options)).items()
                    if k not in defaults or defaults[k] != v
                },
                "forced_opening": p.forced_opening,
                "skip_bidding_at": p.skip_bidding_at,
            }
            for p in PRESETS
        ],
        "PRESET_KEYS": keys,
        "BOUNDS": {name: plain(getattr(bounds, name)) for name in _BOUNDS},
        "DEFAULT_MARRIAGES": dict(DEFAULT_MARRIAGES),
        "SUITS": list(cards.SUITS),
        "RANKS": list(cards.RANKS),
        "DECKS": {k: plain(d) for k, d in cards.DECKS.items()},
        "HAND_FIELDS": [f.name for f in dataclasses.fields(Hand)],
        "MARRIAGE_FIELDS": list(Marriage._fields),
        "MUSIK_FIELDS": list(Musik._fields),
    }


#: the JSDoc types of the exports whose inferred type would be too loose or too narrow
_TYPES = {
    "OPTION_SPECS": "Record<string, SpecData>",
    "OPTION_DEFAULTS": "Record<string, unknown>",
    "PRESETS": "PresetData[]",
    "DECKS": "Record<string, DeckData>",
}

_TYPEDEFS = """/**
 * @typedef {"int" | "bool" | "choice" | "record" | "per_suit" | "money"} Kind
 * @typedef {{kind: Kind, optional?: boolean, low?: number, high?: number, places?: number,
 *   choices?: string[], keys?: Record<string, SpecData>}} SpecData
 * @typedef {{key: string, seats: number, tricks: number,
 *   options: Record<string, unknown>, forced_opening: boolean,
 *   skip_bidding_at: number | null}} PresetData
 * @typedef {{key: string, ace: number, ten: number, king: number, queen: number, jack: number,
 *   nine: number}} DeckData
 */"""


def _js(value: Any) -> str:
    """JSON, one entry per line for a mapping (readable diffs), each entry on one line."""
    if isinstance(value, dict):
        inner = ",\n".join(
            f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items()
        )
        return "{\n" + inner + ",\n}"
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        inner = ",\n".join(f"  {json.dumps(v, ensure_ascii=False)}" for v in value)
        return "[\n" + inner + ",\n]"
    return json.dumps(value, ensure_ascii=False)


def module() -> str:
    lines = [
        "// Written by `python -m scorekeeper.enginedata` from scorekeeper/rules/: do not edit.",
        "// The options, presets, bounds and fields the browser's engine shares with the server.",
        "",
        _TYPEDEFS,
        "",
    ]
    for name, value in data().items():
        if name in _TYPES:
            lines.append(f"/** @type {{{_TYPES[name]}}} */")
        lines.append(f"export const {name} = {_js(value)};")
    return "\n".join(lines) + "\n"


def main() -> None:
    TARGET.write_text(module(), encoding="utf-8")
    sys.stdout.write(f"wrote {TARGET}\n")


if __name__ == "__main__":
    main()
