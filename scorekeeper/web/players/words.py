"""The words of a player's records (ratings.md 3): the heading of each record's list of games."""

from __future__ import annotations

from flask_babel import gettext as _

from scorekeeper.rules.career import RECORDS
from scorekeeper.web.i18n import marriage


def record_words() -> dict[str, str]:
    """Each record's list heading in the reader's language (every key of RECORDS)."""
    words = {
        "played": _("Games played"),
        "won": _("Games won"),
        "declared": _("Games with a hand declared"),
        "made": _("Games with a contract made"),
        "blind": _("Games with a blind bid"),
        "blind_made": _("Games with a blind bid made"),
        "give_ups": _("Games with a give-up"),
        "climbs": _("Games with a climb on the barrel"),
        "barrel_wins": _("Games won from the barrel"),
        "bolts": _("Games with a bolt"),
    }
    for suit in RECORDS:
        if suit not in words:  # the marriages, by suit: "hearts marriage: the games"
            words[suit] = _("%(marriage)s: the games", marriage=marriage(suit))
    return words
