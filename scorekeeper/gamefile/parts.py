"""The parts of a game file besides its lines: the players' names and the trail."""

# Each is checked against the bounds of its column (rules.bounds), so that what one database takes
# the other does.

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.gamefile.lines import Reader
from scorekeeper.rules import Adjustment, Rules
from scorekeeper.rules.bounds import (
    AT_MAX,
    LINES_MAX,
    REASON_MAX,
    TRAIL_MAX,
    WHO_MAX,
    name_problem,
    normal_name,
    text_problem,
)
from scorekeeper.rules.errors import N_, Problem

_TRAIL_KEYS = {"action", "hand", "before", "after", "reason", "who", "at"}


def players(r: Reader, raw: Any, rules: Rules | None) -> tuple[str, ...]:
    """The players' names as stored (normal_name); a problem per bad name, at its seat."""
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        r.bad(None, "players", N_("players must be a list of names in seat order"))
        return ()
    if rules is not None and len(raw) != rules.seats:
        # before the names are read: a file of 380,000 bad names was a problem each
        r.bad(
            None,
            "players",
            N_("{variant} is played by {seats} players, got {got}"),
            variant=rules.key,
            seats=rules.seats,
            got=len(raw),
        )
        return ()
    names = tuple(normal_name(p) for p in raw)
    wrong = [(seat, name_problem(p)) for seat, p in enumerate(raw)]
    for seat, problem in wrong:
        if problem is not None:
            r.add(
                Problem(
                    None,
                    "players",
                    N_("player {number}'s name: {detail}"),
                    seat,
                    {"number": seat + 1, "detail": problem},
                )
            )
    if any(problem for _seat, problem in wrong):
        return ()
    # compared as the players' list compares them (Player.key): "ala" is Ala
    if len({p.casefold() for p in names}) != len(names):
        r.bad(None, "players", N_("two players have the same name"))
    return names


def trail(r: Reader, raw: Any) -> tuple[Mapping[str, Any], ...]:
    """The trail of an export: checked for shape and bounds (it never changes a score)."""
    if not isinstance(raw, list):
        r.bad(None, "trail", N_("trail must be a list of changes"))
        return ()
    if len(raw) > TRAIL_MAX:
        r.bad(
            None,
            "trail",
            N_("a trail has at most {most} changes, got {got}"),
            most=TRAIL_MAX,
            got=len(raw),
        )
        return ()
    for number, item in enumerate(raw, start=1):
        if not _change_ok(item):
            r.bad(
                None,
                "trail",
                N_(
                    "change {number} of the trail: each change has action, hand (a line "
                    "number from 1 to {most}), before and after (lines), reason, who and at"
                ),
                number=number,
                most=LINES_MAX,
            )
            return ()
        for key, most in (("reason", REASON_MAX), ("who", WHO_MAX), ("at", AT_MAX)):
            wrong = item.get(key) and text_problem(item[key], most, lines=key == "reason")
            if wrong:
                r.bad(
                    None,
                    "trail",
                    N_("change {number} of the trail: {key}: {detail}"),
                    number=number,
                    key=key,
                    detail=wrong,
                )
                return ()
    return tuple(dict(item) for item in raw)


def _change_ok(item: Any) -> bool:
    """One change of a trail in shape: its line number stored as an INTEGER, its lines read."""
    return (
        isinstance(item, dict)
        and not set(item) - _TRAIL_KEYS
        and item.get("action") in ("edit", "delete", "restore")
        and isinstance(item.get("hand"), int)
        and not isinstance(item.get("hand"), bool)
        and 1 <= item["hand"] <= LINES_MAX
        and all(item.get(k) is None or _line_ok(item[k]) for k in ("before", "after"))
        and all(item.get(k) is None or isinstance(item[k], str) for k in ("reason", "who", "at"))
    )


def _line_ok(raw: Any) -> bool:
    """A line of a change as the game file holds one (a restore reads it back as a line)."""
    reader = Reader()
    line = reader.line(1, raw)
    if reader.problems or line is None:
        return False
    return not isinstance(line, Adjustment) or text_problem(line.reason, REASON_MAX, True) is None
