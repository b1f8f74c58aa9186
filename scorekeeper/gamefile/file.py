"""The game file (game-file.md): read it with a clear problem for every malformed part, write it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.gamefile.lines import Reader, line_to_dict, written
from scorekeeper.gamefile.parts import players as _players
from scorekeeper.gamefile.parts import trail as _trail
from scorekeeper.rules import InvalidHand, Line, Rules, Tally, replay, rules_for, stored_sheet
from scorekeeper.rules.bounds import LINES_MAX
from scorekeeper.rules.errors import N_
from scorekeeper.rules.gcpause import paused_gc

FORMAT = "scorekeeper-game/1"
_GAME_KEYS = {"format", "variant", "options", "players", "first_dealer", "hands", "trail"}


@dataclass(frozen=True)
class GameFile:
    """A whole game as facts: variant, option overrides, players, first dealer and its lines."""

    variant: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    first_dealer: int = 0
    lines: tuple[Line, ...] = ()
    #: the app's record of corrections (edits, deletes, restores); scoring ignores it
    trail: tuple[Mapping[str, Any], ...] = ()

    def rules(self) -> Rules:
        return rules_for(self.variant, self.options)

    def score(self) -> Tally:
        """Replays every line; InvalidHand lists every problem."""
        return replay(self.rules(), self.lines, self.first_dealer, self.players)

    def read(self) -> Tally:
        """Scores a stored game's lines as they were accepted (rules.stored_sheet), as its
        pages do: a line moved by a delete before it, or checked by an older release, is not
        entered again (docs/rules-decisions.md, "Checked when written, read as accepted")."""
        return stored_sheet(self.rules(), self.lines, self.first_dealer, self.players).tally()


def parse(data: Any) -> GameFile:
    """A GameFile from decoded JSON; InvalidHand lists every problem of its shape."""
    r = Reader()
    if not isinstance(data, dict):
        raise InvalidHand.one(None, "game", N_("a game file is a JSON object (see game-file.md)"))
    for key in sorted(set(data) - _GAME_KEYS):
        r.bad(None, key, N_("unknown field {key!r} in a game file"), key=key)
    if data.get("format") != FORMAT:
        r.bad(
            None,
            "format",
            N_("format must be {format!r}, got {got}"),
            format=FORMAT,
            got=written(data.get("format")),
        )
    rules: Rules | None = None
    options = data.get("options")
    if options is None:  # left out, or null: the preset as it is
        options = {}
    elif not isinstance(options, dict):  # [], 0, "" and false too: not overrides
        r.bad(None, "options", N_("options must be an object of option overrides"))
        options = {}
    try:
        rules = rules_for(data.get("variant"), options)
    except InvalidHand as e:
        for problem in e.problems:  # an unknown option each: as many as the file has keys
            r.add(problem)
    players = _players(r, data.get("players"), rules)
    first = r.int_(None, "first_dealer", data.get("first_dealer", 0), 0)
    if first is not None and rules is not None and first >= rules.seats:
        r.bad(
            None,
            "first_dealer",
            N_("first_dealer must be a seat from 0 to {last}"),
            last=rules.seats - 1,
        )
    hands = data.get("hands", [])
    if not isinstance(hands, list):
        r.bad(None, "hands", N_("hands must be a list"))
        hands = []
    elif len(hands) > LINES_MAX:
        # refused before reading them: a long file costs no more than a short one
        r.bad(
            None,
            "hands",
            N_("a game has at most {most} lines, got {got}"),
            most=LINES_MAX,
            got=len(hands),
        )
        hands = []
    with paused_gc():
        lines = [r.line(i, h) for i, h in enumerate(hands, start=1)]
    trail = _trail(r, data.get("trail", []))
    if r.problems:
        raise InvalidHand(r.problems)
    return GameFile(
        variant=data["variant"],
        players=players,
        options=dict(options),
        first_dealer=first or 0,
        lines=tuple(line for line in lines if line is not None),
        trail=trail,
    )


#: Python reads no integer of more digits (sys.get_int_max_str_digits): one that long is JSON
#: all the same, and past every bound of a game file, so it is said as such (scoring.md 3.2)
DIGITS_MAX = 4300


class _TooLong(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


def _integer(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > DIGITS_MAX:
        raise _TooLong(digits)
    return int(text)


def decode(text: str | bytes) -> Any:
    """The JSON values of a game file's text, not yet read as a game; not JSON at all is a
    problem (InvalidHand), and so is a number too long to read."""
    try:
        if isinstance(text, bytes):
            # editors on some phones and desktops save UTF-8 with a byte-order mark
            text = text.decode("utf-8-sig")
        return json.loads(text, parse_int=_integer)
    except _TooLong as e:
        message = N_(
            "a number in the file is too long ({digits} digits); the numbers of a game file "
            "have at most {most} digits"
        )
        raise InvalidHand.one(None, "game", message, digits=e.digits, most=DIGITS_MAX) from None
    except (ValueError, RecursionError) as e:
        raise InvalidHand.one(None, "game", N_("the file is not JSON ({error})"), error=e) from None


def loads(text: str | bytes) -> GameFile:
    """A GameFile from JSON text; not JSON at all is a problem too."""
    return parse(decode(text))


def to_dict(game: GameFile) -> dict[str, Any]:
    """The game file as JSON values; `parse(to_dict(g))` gives `g` back."""
    return {
        "format": FORMAT,
        "variant": game.variant,
        "options": dict(game.options),
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "hands": [line_to_dict(line) for line in game.lines],
        **({"trail": [dict(t) for t in game.trail]} if game.trail else {}),
    }


def dumps(game: GameFile) -> str:
    """The game file as JSON text (UTF-8, names as written)."""
    return json.dumps(to_dict(game), ensure_ascii=False, indent=2) + "\n"
