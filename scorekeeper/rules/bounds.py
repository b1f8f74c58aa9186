"""The bounds of every number and text a game can hold, in one place (scoring.md 3.2)."""

# The rules, the game-file reader, the forms and the URLs all check against these, so that what
# one database accepts the other does too (PostgreSQL's INTEGER stops at 2**31 - 1, SQLite's
# at 2**63 - 1; PostgreSQL refuses NUL in text and counts VARCHAR(n) in characters, SQLite
# checks neither) and nothing reaches a column it does not fit.

from __future__ import annotations

import re
from decimal import Decimal

from .errors import N_, Message

#: the largest id or number in a URL or a stored integer column (PostgreSQL's INTEGER)
DB_INT_MAX = 2**31 - 1

# --- numbers of a line (scoring.md 3.2) -------------------------------------------------------
# Bids, contracts, card points, tricks, seats, the dealer and the musik's aces need no bound of
# their own: the rules refuse any value the table cannot produce (rules/checks/), which keeps
# each of them far below DB_INT_MAX.

#: an adjustment is within this, either way, per seat (scoring.md 3.2)
ADJUSTMENT_MAX = 10_000
#: lines per game: a real game is under 200; past this a line is refused (scoring.md 3.2),
#: which also bounds the work of replaying a game (and of importing one)
LINES_MAX = 2_000
#: changes in an imported trail: a few edits of every line of the longest game
TRAIL_MAX = 5 * LINES_MAX

# --- numbers of the options (scoring.md 2 and 5) ------------------------------------------------
#: a points option (target, lowest bid, largest contract, lock, barrel, penalties, dump): with
#: LINES_MAX lines a total stays within 2 * 10**9, inside DB_INT_MAX
OPTION_POINTS_MAX = 10**6
#: a count or a small value (bid step, barrel tries, bolts, give-ups, a marriage's or an ace's
#: value in the musik, what each opponent of a give-up scores)
OPTION_SMALL_MAX = 1_000
#: the ace marriage (four aces) is worth at most this
ACE_MARRIAGE_MAX = 10**4
#: a club agreement's multiplier (a blind bid, the golden deal: 5.1): tables play x2, now and
#: then x3; bounded so that a hand's score stays within a few times the largest contract
MULTIPLIER_MAX = 10
#: the stake: money per point, from 0 to this, with at most STAKE_PLACES decimals (3.2)
STAKE_MAX = Decimal(1000)
STAKE_PLACES = 4

# --- texts: the columns of scorekeeper/store/models.py --------------------------------------------
#: a player's name (Player.name and its case-folded Player.key are VARCHAR(60))
NAME_MAX = 60
#: an adjustment's or a change's reason (TEXT columns, bounded so that a page stays a page)
REASON_MAX = 500
#: who made a change (Revision.who is VARCHAR(80))
WHO_MAX = 80
#: when a change was made, in an imported trail (ISO 8601: "2026-12-31T20:15:00")
AT_MAX = 40
#: an API token's name (ApiToken.name is VARCHAR(60))
TOKEN_NAME_MAX = 60
#: a username (Account.username is VARCHAR(40))
USERNAME_MAX = 40
#: a form's one-time token (secrets.token_urlsafe(16) makes 22 characters)
FORM_TOKEN_MAX = 100

# Control characters (C0, DEL, C1), lone surrogates (JSON's "\ud800" decodes to one; UTF-8
# cannot encode it) and the Unicode line and paragraph separators. NUL above all: PostgreSQL
# refuses it in text. A name is one line: a tab or a line break in it is refused too; a reason
# may have several lines (a file or a program may send them), so tab, LF and CR pass there.
_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")
_LINES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


def normal_name(name: str) -> str:
    """A name as it is stored: its runs of white space one space (services.player)."""
    return " ".join(name.split())


def text_problem(text: str, most: int, lines: bool = False) -> Message | None:
    """None if `text` fits its column; else what is wrong, as a Message for a Problem's detail.

    `lines`: tab, LF and CR are allowed (a reason), else no control character at all (a name).
    """
    if len(text) > most:
        return Message(N_("at most {most} characters, got {got}"), {"most": most, "got": len(text)})
    found = (_LINES if lines else _ONE_LINE).search(text)
    if found:
        return Message(
            N_("no control characters: found {char} at character {at}"),
            {"char": f"U+{ord(found.group()):04X}", "at": found.start() + 1},
        )
    return None


def name_problem(name: str) -> Message | None:
    """What is wrong with a player's name, or None: no control character as typed (a line
    separator is white space to str.split), then its length as stored (normal_name), and
    that of its case-folded key, whose column is as long and which folding can lengthen
    ("ß" is "ss")."""
    stored = normal_name(name)
    if not stored:
        return Message(N_("a player needs a name"))
    return (
        text_problem(name, len(name))
        or text_problem(stored, NAME_MAX)
        or text_problem(stored.casefold(), NAME_MAX)
    )


def stake_problem(value: Decimal) -> Message | None:
    """What is wrong with a stake (3.2: a decimal from 0 to 1,000 with at most 4 places)."""
    if not value.is_finite() or not 0 <= value <= STAKE_MAX:
        return Message(N_("must be from 0 to {most}"), {"most": STAKE_MAX})
    if value != value.quantize(Decimal(1).scaleb(-STAKE_PLACES)):
        return Message(N_("has at most {places} decimal places"), {"places": STAKE_PLACES})
    return None


def db_int(value: int | None) -> int | None:
    """`value` if a stored id or integer can be it, else None (an id that cannot exist)."""
    return value if value is not None and 0 <= value <= DB_INT_MAX else None
