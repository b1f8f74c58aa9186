"""The event's own fields read: format, name, table sizes and presets, options, match points,
bye, ranking and confirm (events.md sections 1 and 4)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scorekeeper.rules import InvalidHand, Rules, find_variant, rules_for
from scorekeeper.rules.bounds import normal_name, text_problem
from scorekeeper.rules.errors import N_, Message

from .model import FORMAT, RANKINGS
from .numbers import number
from .problems import Problems

#: an event's name (events.md section 1)
NAME_MAX = 120


@dataclass
class Header:
    """What the rounds are read against: the sizes with their presets' rules (None when the
    presets or the options are wrong: the tables' games are then not checked)."""

    name: str = ""
    tables: dict[int, str] = field(default_factory=dict)
    #: every size the file names, right or not: what points and seats are checked against
    sizes: list[int] = field(default_factory=list)
    rules: dict[int, Rules] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    points: dict[int, tuple[Fraction, ...]] = field(default_factory=dict)
    bye: Fraction | None = None
    ranking: str | None = None
    confirm: bool = False


def read_header(p: Problems, data: dict[str, Any]) -> Header:
    """The header of decoded event `data`, a problem in `p` per fault."""
    h = Header()
    if data.get("format") != FORMAT:
        got = _shown(data.get("format"))
        p.bad("format", N_("format must be {format!r}, got {got}"), format=FORMAT, got=got)
    h.name = _name(p, data.get("name"))
    h.tables = _tables(p, data.get("tables"))
    if isinstance(data.get("tables"), dict):
        h.sizes = [s for s in map(_size, data["tables"]) if s is not None]
    options = data.get("options")
    if options is None:
        options = {}
    elif not isinstance(options, dict):
        p.bad("options", N_("options must be an object of option overrides"))
        options = None
    if options is not None:
        h.options = options
        whole = isinstance(data.get("tables"), dict) and len(h.tables) == len(data["tables"])
        h.rules = _rules(p, h.tables, options) if h.tables and whole else None
    h.points = _points(p, data.get("points"), h.sizes)
    if data.get("bye") is not None:
        bye = number(data["bye"])
        if isinstance(bye, Message):
            p.bad("bye", N_("bye (the match points of a bye): {detail}"), detail=bye)
        else:
            h.bye = bye
    ranking = data.get("ranking")
    if ranking is not None and ranking not in RANKINGS:
        p.bad(
            "ranking",
            N_("ranking must be one of {rankings}, got {got}"),
            rankings=", ".join(RANKINGS),
            got=_shown(ranking),
        )
    elif ranking is not None:
        h.ranking = ranking
    confirm = data.get("confirm", False)
    if confirm is not None and not isinstance(confirm, bool):
        p.bad("confirm", N_("confirm must be true or false"))
    h.confirm = confirm is True
    return h


def _shown(raw: Any) -> str:
    try:
        return json.dumps(raw)[:60]
    except (TypeError, ValueError):
        return repr(raw)[:60]


def _name(p: Problems, raw: Any) -> str:
    if not isinstance(raw, str) or not normal_name(raw):
        p.bad("name", N_("an event needs a name (1 to {most} characters)"), most=NAME_MAX)
        return ""
    name = normal_name(raw)
    wrong = text_problem(raw, len(raw)) or text_problem(name, NAME_MAX)
    if wrong:
        p.bad("name", N_("name: {detail}"), detail=wrong)
    return name


def _size(key: str) -> int | None:
    """A table size as the file writes it: "4" (not "04", nor "4.0")."""
    return int(key) if key.isascii() and key.isdigit() and str(int(key)) == key else None


def _tables(p: Problems, raw: Any) -> dict[int, str]:
    """Size -> preset, in the file's order: the sizes that are right."""
    if not isinstance(raw, dict) or not raw:
        p.bad(
            "tables",
            N_('tables must be an object of table sizes and their presets, such as "4": "pl-4"'),
        )
        return {}
    out: dict[int, str] = {}
    for key, preset in raw.items():
        if _size(key) is None:
            p.bad(
                "tables", N_("tables: {key!r} is not a table size (a number of players)"), key=key
            )
            continue
        try:
            seats = find_variant(preset).seats
        except InvalidHand as e:
            for problem in e.problems:
                p.add(problem)
            continue
        if seats != int(key):
            p.bad(
                "tables",
                N_("tables: {preset} is played by {seats} players, not {size}"),
                preset=preset,
                seats=seats,
                size=int(key),
            )
            continue
        out[int(key)] = preset
    return out


def _rules(p: Problems, tables: dict[int, str], options: dict[str, Any]) -> dict[int, Rules] | None:
    """Each size's rules: the options as for a game of every preset (events.md section 4); a
    problem that every preset has is said once."""
    out: dict[int, Rules] = {}
    said: set[str] = set()
    for size, preset in tables.items():
        try:
            out[size] = rules_for(preset, options)
        except InvalidHand as e:
            for problem in e.problems:
                if str(problem) not in said:
                    said.add(str(problem))
                    p.add(problem)
    return out if len(out) == len(tables) else None


def _points(p: Problems, raw: Any, sizes: list[int]) -> dict[int, tuple[Fraction, ...]]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        p.bad("points", N_("points must be an object: a table size and its points by place"))
        return {}
    out: dict[int, tuple[Fraction, ...]] = {}
    for key, values in raw.items():
        size = _size(key)
        if size is None or size not in sizes:
            p.bad("points", N_("points: {key!r} is not a table size of the event"), key=key)
            continue
        if not isinstance(values, list) or len(values) != size:
            p.bad(
                "points",
                N_("points for {size}: a list of {size} numbers, one per place"),
                size=size,
            )
            continue
        read = [number(v) for v in values]
        ok = True
        for place, value in enumerate(read, start=1):
            if isinstance(value, Message):
                p.bad(
                    "points",
                    N_("points for {size}: place {place}: {detail}"),
                    size=size,
                    place=place,
                    detail=value,
                )
                ok = False
        exact = [v for v in read if isinstance(v, Fraction)]
        if ok and any(later > earlier for earlier, later in zip(exact, exact[1:])):
            p.bad(
                "points",
                N_("points for {size}: a place cannot give more than the place before it"),
                size=size,
            )
            ok = False
        if ok:
            out[size] = tuple(exact)
    return out
