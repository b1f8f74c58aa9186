"""The game file (docs/game-file.md): read with a problem per fault, written back, scored."""

# Pure: it knows the rules and JSON, never Flask nor the database.

from __future__ import annotations

from scorekeeper.gamefile.file import FORMAT, GameFile, decode, dumps, loads, parse, to_dict
from scorekeeper.gamefile.lines import line_to_dict, parse_line

__all__ = [
    "FORMAT",
    "GameFile",
    "decode",
    "dumps",
    "line_to_dict",
    "loads",
    "parse",
    "parse_line",
    "to_dict",
]
