"""What an upload is when it is no game file, said in words in the reader's language."""

# A CSV export, a file that is not text, JSON with a mistake at a line and column, or JSON of
# another kind (told as data by gamefile/kinds.py). The import page shows it at its file field,
# an import's report beside the game file it names, instead of the JSON parser's own English
# ("Expecting value: line 1 column 1 (char 0)").

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from scorekeeper.gamefile.kinds import what_it_is


def _(message: str, **params: object) -> str:
    return str(gettext(message, **params))


def why_not(filename: str, data: bytes) -> str | None:
    """Why `data` is no game file at all, as a sentence naming `filename`; None if it is JSON
    shaped like a game file (whose problems the game file reader then names one by one)."""
    kind = what_it_is(filename, data)
    return None if kind is None else sentence(filename, kind)


def sentence(filename: str, kind: Mapping[str, Any]) -> str:
    """What gamefile.kinds.what_it_is found, as a sentence naming `filename`."""
    found = kind.get("kind")
    if found == "not-text":
        return _(
            "%(file)s is not a game file: it is not text. Import takes a game file (.json) or "
            "a zip of them, as Thousand Scorekeeper exports them.",
            file=filename,
        )
    if found == "empty":
        return _("%(file)s is empty: there is no game in it.", file=filename)
    if found == "csv":
        return _(
            "%(file)s is a CSV file. Import takes a game file (.json) or a zip of them, as "
            "Thousand Scorekeeper exports them; the CSV export is for spreadsheets.",
            file=filename,
        )
    if found == "json":
        return _(
            "%(file)s is not a game file: line %(line)d, column %(column)d: %(problem)s.",
            file=filename,
            line=int(kind.get("line", 0)),
            column=int(kind.get("column", 0)),
            problem=_json_problem(str(kind.get("problem"))),
        )
    if found == "deep":
        return _(
            "%(file)s is not a game file: its JSON is nested too deeply or holds a number "
            "too long to read.",
            file=filename,
        )
    return _(
        '%(file)s is JSON, but not a game file: a game file is an object with "format": '
        '"scorekeeper-game/1", the variant, the players and the hands (see the game file '
        "format).",
        file=filename,
    )


def _json_problem(key: str) -> str:
    """The JSON parser's reason (gamefile/kinds.py names it), in words a player reads."""
    if key == "single-quotes":
        return _("texts go in double quotes, not single quotes")
    words = {
        "value": lambda: _("a value was expected here"),
        "comma": lambda: _("a comma is missing before this"),
        "colon": lambda: _("a colon is missing after a name"),
        "name": lambda: _(
            "a name in double quotes was expected (a comma too many, or single quotes?)"
        ),
        "trailing": lambda: _("a comma too many before a closing bracket"),
        "unterminated": lambda: _("a text in quotes is not closed"),
        "control": lambda: _("a line break or a tab inside a text in quotes"),
        "unicode": lambda: _("a \\u escape that is not four hexadecimal digits"),
        "escape": lambda: _("a backslash that JSON does not read"),
        "extra": lambda: _("there is more after the end of the game"),
    }
    return words[key]() if key in words else _("this is not JSON")
