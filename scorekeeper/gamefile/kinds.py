"""What a file is when it is no game file: a CSV, not text, JSON with a mistake, other JSON."""

# Told as data ({"kind": "csv"}, {"kind": "json", "line": 4, "column": 3, "problem": "comma"}):
# the web puts it in the reader's language (web/transfer/filekind.py), at the import form's field
# or in an import's report, instead of the JSON parser's own English ("Expecting value: line 1
# column 1 (char 0)").

from __future__ import annotations

import json
from typing import Any

#: keys of which a game file has at least one (file.py); JSON with none of them is another kind
#: of file, such as the output of `scorekeeper score`... which has "players" and "hands", so that
#: is told apart by its "totals" (output.py)
_GAME_KEYS = {"format", "variant", "players", "hands"}

#: the JSON parser's reasons (json.JSONDecodeError.msg, by how they start), as keys of words
_REASONS = (
    ("Expecting value", "value"),
    ("Expecting ',' delimiter", "comma"),
    ("Expecting ':' delimiter", "colon"),
    ("Expecting property name", "name"),
    ("Illegal trailing comma", "trailing"),
    ("Unterminated string", "unterminated"),
    ("Invalid control character", "control"),
    ("Invalid \\u", "unicode"),
    ("Invalid \\escape", "escape"),
    ("Extra data", "extra"),
)


def game_shaped(raw: Any) -> bool:
    """Whether decoded JSON looks like a game file at all (an object with one of its keys)."""
    return isinstance(raw, dict) and bool(_GAME_KEYS & set(raw)) and "totals" not in raw


def what_it_is(filename: str, data: bytes) -> dict[str, Any] | None:
    """What `data` is if it is no game file at all; None if it is JSON shaped like one (whose
    problems the game file reader then names one by one)."""
    try:
        text = data.decode("utf-8-sig")  # editors save UTF-8 with a byte-order mark
    except UnicodeDecodeError:
        return {"kind": "not-text"}
    if not text.strip():
        return {"kind": "empty"}
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        if _looks_like_csv(filename, text):
            return {"kind": "csv"}
        quoted = text[e.pos : e.pos + 1] == "'"
        return {
            "kind": "json",
            "line": e.lineno,
            "column": e.colno,
            "problem": "single-quotes" if quoted else _reason(e.msg),
        }
    except (ValueError, RecursionError):  # nested thousands deep, or a number of 5,000 digits
        return {"kind": "deep"}
    return None if game_shaped(raw) else {"kind": "other-json"}


def _looks_like_csv(filename: str, text: str) -> bool:
    """A .csv name, or a first line of cells (the app's CSV export starts "line,kind,...")."""
    if filename.lower().endswith((".csv", ".tsv")):
        return True
    first = text.lstrip().split("\n", 1)[0]
    return first[:1] not in ("{", "[", '"') and any(c in first for c in ",;\t")


def _reason(message: str) -> str:
    for start, key in _REASONS:
        if message.startswith(start):
            return key
    return "other"
