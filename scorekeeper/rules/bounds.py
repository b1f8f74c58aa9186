"""The bounds of every number and text a game can hold, in one place (scoring.md 3.2, "Numbers").

The rules, the game-file reader, the forms and the URLs all check against these, so that what
one database accepts the other does too (PostgreSQL's INTEGER stops at 2**31 - 1, SQLite's
at 2**63 - 1) and nothing reaches a column it does not fit.
"""

from __future__ import annotations

#: the largest id or number in a URL or a stored integer column (PostgreSQL's INTEGER)
DB_INT_MAX = 2**31 - 1
