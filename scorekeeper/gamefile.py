"""The game file (game-file.md): read it with a clear problem for every malformed part, write it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .rules import (
    MARRIAGE_SUITS,
    Adjustment,
    Hand,
    InvalidHand,
    Line,
    Marriage,
    Musik,
    Problem,
    Rules,
    Tally,
    find_variant,
)
from .rules.errors import Problem as _Problem
from .rules.gcpause import paused_gc

FORMAT = "scorekeeper-game/1"
_GAME_KEYS = {"format", "variant", "options", "players", "first_dealer", "hands"}
_HAND_KEYS = {
    "dealer",
    "declarer",
    "bid",
    "contract",
    "give_up",
    "points",
    "marriages",
    "trump",
    "tricks",
    "musik",
}
_ADJUSTMENT_KEYS = {"adjustment", "reason"}


@dataclass(frozen=True)
class GameFile:
    """A whole game as facts: variant, option overrides, players, first dealer and its lines."""

    variant: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    first_dealer: int = 0
    lines: tuple[Line, ...] = ()

    def rules(self) -> Rules:
        return find_variant(self.variant)(self.options)

    def score(self) -> Tally:
        """Replays every line; InvalidHand lists every problem."""
        return self.rules().replay(self.lines, self.first_dealer, self.players)


class _Reader:
    """Turns JSON values into typed lines, collecting a problem per malformed value."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, hand: int | None, field: str, message: str) -> None:
        self.problems.append(_Problem(hand, field, message))

    def int_(self, hand: int | None, field: str, raw: Any, low: int | None = None) -> int | None:
        if isinstance(raw, float) and raw.is_integer():
            raw = int(raw)
        if isinstance(raw, bool) or not isinstance(raw, int):
            self.bad(hand, field, f"{field} must be a whole number, got {json.dumps(raw)}")
            return None
        if low is not None and raw < low:
            self.bad(hand, field, f"{field} cannot be below {low}, got {raw}")
            return None
        return raw

    def seat_list(self, hand: int, field: str, raw: Any) -> tuple[int | None, ...] | None:
        if not isinstance(raw, list):
            self.bad(hand, field, f"{field} must be a list with a number (or null) per player")
            return None
        values = tuple(None if v is None else self.int_(hand, field, v, 0) for v in raw)
        ok = all(v is not None or r is None for v, r in zip(values, raw))
        return values if ok else None

    def suit(self, hand: int, field: str, raw: Any, suits: tuple[str, ...]) -> str | None:
        if not isinstance(raw, str) or raw not in suits:
            self.bad(
                hand, field, f"{field} must be one of {', '.join(suits)}, got {json.dumps(raw)}"
            )
            return None
        return raw

    def line(self, number: int, raw: Any) -> Line | None:
        if not isinstance(raw, dict):
            self.bad(number, "hand", "a hand must be an object (see game-file.md)")
            return None
        if "adjustment" in raw:
            return self.adjustment(number, raw)
        unknown = sorted(set(raw) - _HAND_KEYS)
        if unknown:
            self.bad(number, unknown[0], f"unknown field {unknown[0]!r} in a hand")
        before = len(self.problems)
        g = raw.get
        ints = {
            k: None if g(k) is None else self.int_(number, k, g(k), 0)
            for k in ("dealer", "declarer", "bid", "contract")
        }
        give_up = g("give_up", False)
        if not isinstance(give_up, bool):
            self.bad(number, "give_up", "give_up must be true or false")
        points = None if g("points") is None else self.seat_list(number, "points", g("points"))
        tricks = None if g("tricks") is None else self.seat_list(number, "tricks", g("tricks"))
        trump = (
            None
            if g("trump") is None
            else self.suit(number, "trump", g("trump"), MARRIAGE_SUITS[:4])
        )
        marriages = self.marriages(number, g("marriages"))
        musik = None if g("musik") is None else self.musik(number, g("musik"))
        if len(self.problems) > before:
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
        )

    def marriages(self, number: int, raw: Any) -> tuple[Marriage, ...]:
        if raw is None:
            return ()
        if not isinstance(raw, list):
            self.bad(number, "marriages", "marriages must be a list of {seat, suit}")
            return ()
        out = []
        for m in raw:
            if not isinstance(m, dict) or "seat" not in m or "suit" not in m:
                self.bad(number, "marriages", "each marriage is an object with seat and suit")
                continue
            unknown = sorted(set(m) - {"seat", "suit", "switch"})
            if unknown:
                self.bad(number, "marriages", f"unknown field {unknown[0]!r} in a marriage")
            seat = self.int_(number, "marriages", m["seat"], 0)
            suit = self.suit(number, "marriages", m["suit"], MARRIAGE_SUITS)
            switch = m.get("switch", False)
            if not isinstance(switch, bool):
                self.bad(number, "marriages", "a marriage's switch must be true or false")
            elif seat is not None and suit is not None:
                out.append(Marriage(seat, suit, switch))
        return tuple(out)

    def musik(self, number: int, raw: Any) -> Musik | None:
        if not isinstance(raw, dict) or set(raw) - {"aces", "marriage"}:
            self.bad(number, "musik", "musik must be an object with aces and marriage")
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
                f"an adjustment has only adjustment and reason, not {unknown[0]!r}",
            )
        values, reason = raw["adjustment"], raw.get("reason", "")
        if not isinstance(reason, str):
            self.bad(number, "reason", "the reason of an adjustment must be text")
        if not isinstance(values, list):
            self.bad(number, "adjustment", "adjustment must be a list with a number per player")
            return None
        ints = [self.int_(number, "adjustment", v) for v in values]
        if any(v is None for v in ints) or not isinstance(reason, str) or unknown:
            return None
        return Adjustment(tuple(v for v in ints if v is not None), reason)


def parse(data: Any) -> GameFile:
    """A GameFile from decoded JSON; InvalidHand lists every problem of its shape."""
    r = _Reader()
    if not isinstance(data, dict):
        raise InvalidHand.one(None, "game", "a game file is a JSON object (see game-file.md)")
    for key in sorted(set(data) - _GAME_KEYS):
        r.bad(None, key, f"unknown field {key!r} in a game file")
    if data.get("format") != FORMAT:
        r.bad(None, "format", f"format must be {FORMAT!r}, got {json.dumps(data.get('format'))}")
    rules: Rules | None = None
    options = data.get("options") or {}
    if not isinstance(options, dict):
        r.bad(None, "options", "options must be an object of option overrides")
        options = {}
    try:
        rules = find_variant(data.get("variant"))(options)
    except InvalidHand as e:
        r.problems.extend(e.problems)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        r.bad(None, "players", "players must be a list of names in seat order")
        players = []
    elif rules is not None and len(players) != rules.seats:
        r.bad(
            None, "players", f"{rules.key} is played by {rules.seats} players, got {len(players)}"
        )
    elif len({p.strip() for p in players}) != len(players):
        r.bad(None, "players", "two players have the same name")
    first = r.int_(None, "first_dealer", data.get("first_dealer", 0), 0)
    if first is not None and rules is not None and first >= rules.seats:
        r.bad(None, "first_dealer", f"first_dealer must be a seat from 0 to {rules.seats - 1}")
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        r.bad(None, "hands", "hands must be a list")
        hands = []
    with paused_gc():
        lines = [r.line(i, h) for i, h in enumerate(hands, start=1)]
    if r.problems:
        raise InvalidHand(r.problems)
    return GameFile(
        variant=data["variant"],
        players=tuple(p.strip() for p in players),
        options=dict(options),
        first_dealer=first or 0,
        lines=tuple(line for line in lines if line is not None),
    )


def loads(text: str | bytes) -> GameFile:
    """A GameFile from JSON text; not JSON at all is a problem too."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InvalidHand.one(None, "game", f"the file is not JSON ({e})") from None
    return parse(data)


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


def to_dict(game: GameFile) -> dict[str, Any]:
    """The game file as JSON values; `parse(to_dict(g))` gives `g` back."""
    return {
        "format": FORMAT,
        "variant": game.variant,
        "options": dict(game.options),
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "hands": [line_to_dict(line) for line in game.lines],
    }


def dumps(game: GameFile) -> str:
    """The game file as JSON text (UTF-8, names as written)."""
    return json.dumps(to_dict(game), ensure_ascii=False, indent=2) + "\n"


def parse_line(number: int, raw: Any) -> Line:
    """One hand or adjustment in game-file shape (the API's POST body); InvalidHand if malformed."""
    reader = _Reader()
    line = reader.line(number, raw)
    if reader.problems or line is None:
        raise InvalidHand(reader.problems or [_Problem(number, "hand", "not a hand")])
    return line
