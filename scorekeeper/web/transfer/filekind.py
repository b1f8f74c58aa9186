"""What an upload is when it is no game file, said in words (issue 12 point 10)."""

# A CSV export, a file that is not text, JSON with a mistake at a line and column, or JSON of
# another kind. The import page shows it at its file field, in the reader's language, instead of the
# JSON parser's own English ("Expecting value: line 1 column 1 (char 0)").

from __future__ import annotations

import json
from typing import Any

from flask_babel import gettext


def _(message: str, **params: object) -> str:
    return str(gettext(message, **params))


#: keys of which a game file has at least one (gamefile/file.py); JSON with none of them is another
#: kind of file, such as the output of `scorekeeper score`... which has "players" and "hands",
#: so that is told apart by its "totals" (gamefile/output.py)
_GAME_KEYS = {"format", "variant", "players", "hands"}


def why_not(filename: str, data: bytes) -> str | None:
    """Why `data` is no game file at all, as a sentence naming `filename`; None if it is JSON
    shaped like a game file (whose problems the game file reader then names one by one)."""
    try:
        text = data.decode("utf-8-sig")  # editors save UTF-8 with a byte-order mark
    except UnicodeDecodeError:
        return _(
            "%(file)s is not a game file: it is not text. Import takes a game file (.json) or "
            "a zip of them, as Thousand Scorekeeper exports them.",
            file=filename,
        )
    if not text.strip():
        return _("%(file)s is empty: there is no game in it.", file=filename)
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        if _looks_like_csv(filename, text):
            return _csv(filename)
        return _(
            "%(file)s is not a game file: line %(line)d, column %(column)d: %(problem)s.",
            file=filename,
            line=e.lineno,
            column=e.colno,
            problem=(
                _("texts go in double quotes, not single quotes")
                if text[e.pos : e.pos + 1] == "'"
                else _json_problem(e.msg)
            ),
        )
    except (ValueError, RecursionError):  # nested thousands deep, or a number of 5,000 digits
        return _(
            "%(file)s is not a game file: its JSON is nested too deeply or holds a number "
            "too long to read.",
            file=filename,
        )
    return None if game_shaped(raw) else _other_json(filename)


def game_shaped(raw: Any) -> bool:
    """Whether decoded JSON looks like a game file at all (an object with one of its keys)."""
    return isinstance(raw, dict) and bool(_GAME_KEYS & set(raw)) and "totals" not in raw


def _other_json(filename: str) -> str:
    return _(
        '%(file)s is JSON, but not a game file: a game file is an object with "format": '
        '"scorekeeper-game/1", the variant, the players and the hands (see the game file '
        "format).",
        file=filename,
    )


def _csv(filename: str) -> str:
    return _(
        "%(file)s is a CSV file. Import takes a game file (.json) or a zip of them, as "
        "Thousand Scorekeeper exports them; the CSV export is for spreadsheets.",
        file=filename,
    )


def _looks_like_csv(filename: str, text: str) -> bool:
    """A .csv name, or a first line of cells (the app's CSV export starts "line,kind,...")."""
    if filename.lower().endswith((".csv", ".tsv")):
        return True
    first = text.lstrip().split("\n", 1)[0]
    return first[:1] not in ("{", "[", '"') and any(c in first for c in ",;\t")


def _json_problem(message: str) -> str:
    """The JSON parser's English reason, in words a player reads in their language."""
    reasons = (
        ("Expecting value", _("a value was expected here")),
        ("Expecting ',' delimiter", _("a comma is missing before this")),
        ("Expecting ':' delimiter", _("a colon is missing after a name")),
        (
            "Expecting property name",
            _("a name in double quotes was expected (a comma too many, or single quotes?)"),
        ),
        ("Illegal trailing comma", _("a comma too many before a closing bracket")),
        ("Unterminated string", _("a text in quotes is not closed")),
        ("Invalid control character", _("a line break or a tab inside a text in quotes")),
        ("Invalid \\u", _("a \\u escape that is not four hexadecimal digits")),
        ("Invalid \\escape", _("a backslash that JSON does not read")),
        ("Extra data", _("there is more after the end of the game")),
    )
    for start, words in reasons:
        if message.startswith(start):
            return words
    return _("this is not JSON")
