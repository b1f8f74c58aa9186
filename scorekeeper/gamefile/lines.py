"""A line of a game file, both ways: JSON values in, a Hand or Adjustment out (or problems)."""

# And back (line_to_dict): the one mapping between a line and its JSON, which the API, the trail
# and the export share.

from __future__ import annotations

import json
from typing import Any

from scorekeeper.rules import (
    MARRIAGE_SUITS,
    N_,
    Adjustment,
    Hand,
    InvalidHand,
    Line,
    Marriage,
    Musik,
    Problem,
)

_HAND_KEYS = {
    "dealer",
    "declarer",
    "bid",
    "contract",
    "give_up",
    "blind",
    "points",
    "marriages",
    "trump",
    "tricks",
    "musik",
}
_ADJUSTMENT_KEYS = {"adjustment", "reason"}


def written(value: Any) -> str:
    """A refused value as the file has it, JSON-quoted (got "♥", not got "\\u2665"), but for
    what no page can show as text: a lone surrogate stays escaped (\\ud800), as JSON writes it."""
    text = json.dumps(value, ensure_ascii=False)
    return "".join(f"\\u{ord(c):04x}" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


#: problems kept of one file: a 4 MB file of a million bad values made a million of them
#: (some 300 MB, and 90 s to put them in words); the first thousand say what is wrong
PROBLEMS_MAX = 1_000


class Reader:
    """Turns JSON values into typed lines, collecting a problem per malformed value."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.found = 0  # problems found, kept or not

    def add(self, problem: Problem) -> None:
        """Keeps `problem`, up to PROBLEMS_MAX of them."""
        self.found += 1
        if len(self.problems) < PROBLEMS_MAX:
            self.problems.append(problem)

    def bad(self, hand: int | None, field: str, message: str, **params: object) -> None:
        """`message` is an N_() template with `{name}` fields from `params` (rules.Problem)."""
        self.add(Problem(hand, field, message, None, params))

    def int_(self, hand: int | None, field: str, raw: Any, low: int | None = None) -> int | None:
        if isinstance(raw, float) and raw.is_integer():
            raw = int(raw)
        if isinstance(raw, bool) or not isinstance(raw, int):
            self.bad(
                hand,
                field,
                N_("{key} must be a whole number, got {raw}"),
                key=field,
                raw=written(raw),
            )
            return None
        if low is not None and raw < low:
            self.bad(
                hand,
                field,
                N_("{key} cannot be below {low}, got {raw}"),
                key=field,
                low=low,
                raw=raw,
            )
            return None
        return raw

    def seat_list(self, hand: int, field: str, raw: Any) -> tuple[int | None, ...] | None:
        if not isinstance(raw, list):
            self.bad(
                hand,
                field,
                N_("{key} must be a list with a number (or null) per player"),
                key=field,
            )
            return None
        values = tuple(None if v is None else self.int_(hand, field, v, 0) for v in raw)
        ok = all(v is not None or r is None for v, r in zip(values, raw))
        return values if ok else None

    def suit(self, hand: int, field: str, raw: Any, suits: tuple[str, ...]) -> str | None:
        if not isinstance(raw, str) or raw not in suits:
            self.bad(
                hand,
                field,
                N_("{key} must be one of {suits}, got {raw}"),
                key=field,
                suits=", ".join(suits),
                raw=written(raw),
            )
            return None
        return raw

    def line(self, number: int, raw: Any) -> Line | None:
        if not isinstance(raw, dict):
            self.bad(number, "hand", N_("a hand must be an object (see game-file.md)"))
            return None
        if "adjustment" in raw:
            return self.adjustment(number, raw)
        unknown = sorted(set(raw) - _HAND_KEYS)
        if unknown:
            self.bad(number, unknown[0], N_("unknown field {key!r} in a hand"), key=unknown[0])
        before = self.found
        g = raw.get
        ints = {
            k: None if g(k) is None else self.int_(number, k, g(k), 0)
            for k in ("dealer", "declarer", "bid", "contract")
        }
        give_up, blind = g("give_up", False), g("blind", False)
        if not isinstance(give_up, bool):
            self.bad(number, "give_up", N_("give_up must be true or false"))
        if not isinstance(blind, bool):
            self.bad(number, "blind", N_("blind must be true or false"))
        points = None if g("points") is None else self.seat_list(number, "points", g("points"))
        tricks = None if g("tricks") is None else self.seat_list(number, "tricks", g("tricks"))
        trump = (
            None
            if g("trump") is None
            else self.suit(number, "trump", g("trump"), MARRIAGE_SUITS[:4])
        )
        marriages = self.marriages(number, g("marriages"))
        musik = None if g("musik") is None else self.musik(number, g("musik"))
        if self.found > before:
            return None
        return Hand(
            declarer=ints["declarer"],
            bid=ints["bid"],
            contract=ints["contract"],
            give_up=give_up is True,
            points=points,
            marriages=marriages,
            trump=trump,
            tricks=tricks,
            musik=musik,
            dealer=ints["dealer"],
            blind=blind is True,
        )

    def marriages(self, number: int, raw: Any) -> tuple[Marriage, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.bad(number, "marriages", N_("marriages must be a list of {seat, suit}"))
            return ()
        out = []
        for m in raw:
            if not isinstance(m, dict) or "seat" not in m or "suit" not in m:
                self.bad(number, "marriages", N_("each marriage is an object with seat and suit"))
                continue
            unknown = sorted(set(m) - {"seat", "suit", "switch"})
            if unknown:
                self.bad(
                    number, "marriages", N_("unknown field {key!r} in a marriage"), key=unknown[0]
                )
            seat = self.int_(number, "marriages", m["seat"], 0)
            suit = self.suit(number, "marriages", m["suit"], MARRIAGE_SUITS)
            switch = m.get("switch", False)
            if not isinstance(switch, bool):
                self.bad(number, "marriages", N_("a marriage's switch must be true or false"))
            elif seat is not None and suit is not None:
                out.append(Marriage(seat, suit, switch))
        return tuple(out)

    def musik(self, number: int, raw: Any) -> Musik | None:
        if not isinstance(raw, dict) or set(raw) - {"aces", "marriage"}:
            self.bad(number, "musik", N_("musik must be an object with aces and marriage"))
            return None
        aces = self.int_(number, "musik", raw.get("aces", 0), 0)
        marriage = raw.get("marriage")
        if marriage is not None:
            marriage = self.suit(number, "musik", marriage, MARRIAGE_SUITS[:4])
            if marriage is None:
                return None
        return None if aces is None else Musik(aces, marriage)

    def adjustment(self, number: int, raw: dict[str, Any]) -> Adjustment | None:
        unknown = sorted(set(raw) - _ADJUSTMENT_KEYS)
        if unknown:
            self.bad(
                number,
                unknown[0],
                N_("an adjustment has only adjustment and reason, not {key!r}"),
                key=unknown[0],
            )
        values, reason = raw["adjustment"], raw.get("reason", "")
        if not isinstance(reason, str):
            self.bad(number, "reason", N_("the reason of an adjustment must be text"))
        if not isinstance(values, list):
            self.bad(number, "adjustment", N_("adjustment must be a list with a number per player"))
            return None
        ints = [self.int_(number, "adjustment", v) for v in values]
        if any(v is None for v in ints) or not isinstance(reason, str) or unknown:
            return None
        return Adjustment(tuple(v for v in ints if v is not None), reason)


def line_to_dict(line: Line) -> dict[str, Any]:
    """One line in game-file shape, with only the fields that carry information."""
    if isinstance(line, Adjustment):
        return {"adjustment": list(line.values), "reason": line.reason}
    out: dict[str, Any] = {}
    for key in ("dealer", "declarer", "bid", "contract"):
        if getattr(line, key) is not None:
            out[key] = getattr(line, key)
    if line.give_up:
        out["give_up"] = True
    if line.blind:
        out["blind"] = True
    if line.points is not None:
        out["points"] = list(line.points)
    if line.marriages:
        out["marriages"] = [
            {"seat": m.seat, "suit": m.suit, **({"switch": True} if m.switch else {})}
            for m in line.marriages
        ]
    if line.trump is not None:
        out["trump"] = line.trump
    if line.tricks is not None:
        out["tricks"] = list(line.tricks)
    if line.musik is not None:
        out["musik"] = {"aces": line.musik.aces, "marriage": line.musik.marriage}
    return out


def parse_line(number: int, raw: Any) -> Line:
    """One hand or adjustment in game-file shape (the API's POST body); InvalidHand if malformed."""
    reader = Reader()
    line = reader.line(number, raw)
    if reader.problems or line is None:
        raise InvalidHand(reader.problems or [Problem(number, "hand", N_("not a hand"))])
    return line
