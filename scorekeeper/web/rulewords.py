"""The rule keys of the notes (rules.RULE_KEYS) in words, as the explanation page shows them."""

from __future__ import annotations

from flask_babel import pgettext


def rule_name(key: str) -> str:
    """The short label of a note's rule key (rules.RULE_KEYS), as the explanation page shows it."""
    names = {
        "points": pgettext("rule", "points"),
        "marriage": pgettext("rule", "marriage"),
        "trump-double": pgettext("rule", "trump-double"),
        "trump-switch": pgettext("rule", "trump-switch"),
        "marriage-no-trick": pgettext("rule", "marriage-no-trick"),
        "rounding": pgettext("rule", "rounding"),
        "contract-made": pgettext("rule", "contract-made"),
        "contract-failed": pgettext("rule", "contract-failed"),
        "slam": pgettext("rule", "slam"),
        "musik-bonus": pgettext("rule", "musik-bonus"),
        "lock": pgettext("rule", "lock"),
        "bolt": pgettext("rule", "bolt"),
        "dump": pgettext("rule", "dump"),
        "adjustment": pgettext("rule", "adjustment"),
        "deals": pgettext("rule", "deals"),
        "game-won": pgettext("rule", "game-won"),
        "give-up": pgettext("rule", "give-up"),
        "barrel": pgettext("rule", "barrel"),
        "blind": pgettext("rule", "blind"),
        "golden": pgettext("rule", "golden"),
        "golden-reset": pgettext("rule", "golden-reset"),
        "give-up-penalty": pgettext("rule", "give-up-penalty"),
        "bolt-run": pgettext("rule", "bolt-run"),
        "finish": pgettext("rule", "finish"),
    }
    label = str(names.get(key, key))
    # the msgids are the keys the game file writes; an English reader gets words instead
    return ENGLISH_RULES.get(key, label) if label == key else label


# The rule keys in English words (the catalogues translate the keys themselves, msgctxt "rule").
ENGLISH_RULES = {
    "points": "card points",
    "marriage": "marriage",
    "trump-double": "trump doubled",
    "trump-switch": "trump switched",
    "marriage-no-trick": "marriage without a trick",
    "rounding": "rounding",
    "contract-made": "contract made",
    "contract-failed": "contract failed",
    "slam": "slam",
    "musik-bonus": "musik bonus",
    "lock": "lock",
    "bolt": "bolt",
    "dump": "dump",
    "adjustment": "adjustment",
    "deals": "last deal played",
    "game-won": "game won",
    "give-up": "given up",
    "barrel": "barrel",
    "blind": "blind bid",
    "golden": "golden hand",
    "golden-reset": "golden deal reset",
    "give-up-penalty": "give-up penalty",
    "bolt-run": "run of bolts broken",
    "finish": "past the target, not counted",
}
