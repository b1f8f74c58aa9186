"""The words of the rules, once: options, their values, presets (switches, rule keys: elsewhere)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias

from flask_babel import lazy_gettext as _l
from wtforms.fields.choices import SelectChoice

# Words are lazy (flask_babel.lazy_gettext): the forms are built once, and each word is put in the
# reader's language when a page renders it. A label is a str or such a LazyString.
Label: TypeAlias = Any

YES, NO, ON, OFF, USUAL = _l("yes"), _l("no"), _l("on"), _l("off"), _l("usual")
AS_THE_VARIANT = _l("as the variant")

# Every option of the rules (rules.OPTION_SPECS), as the new-game form and the rules pages name it.
LABELS: dict[str, Label] = {
    "target": _l("Game to"),
    "deals": _l("Number of deals"),
    "cards": _l("Card values"),
    "bidding": _l("Bidding"),
    "min_bid": _l("Lowest bid"),
    "bid_step": _l("Bid step"),
    "max_contract": _l("Largest contract"),
    "contract_raise": _l("Contract may be raised after the musik"),
    "marriages": _l("Marriages"),
    "marriage_values": _l("Marriage values"),
    "marriage_needs_trick": _l("A marriage needs a trick"),
    "trump_marriage_double": _l("Trump marriage counts double"),
    "double_on_switch": _l("Switching trump doubles too"),
    "rounding": _l("Rounding"),
    "round_declarer": _l("Round the declarer's points"),
    "lock": _l("Lock"),
    "sitting_out": _l("Who sits out"),
    "musik_bonus": _l("Sitting-out dealer's musik"),
    "give_up": _l("Giving up"),
    "slam_counts_all": _l("A 120 slam counts the cards out of play"),
    "all_cards_in_play": _l("All cards in play"),
    "stake": _l("Stake per point"),
    "barrel": _l("Barrel"),
    "bolts": _l("Bolts"),
    "dump": _l("Dump"),
    "ace_marriage": _l("Ace marriage (four aces)"),
    "blind": _l("Blind bid"),
    "golden": _l("Golden deal"),
    "silence": _l("Silence"),
    "finish": _l("Finish"),
}
# The keys of the house rules' records, after their option's label ("Barrel: at: 900; tries: 2")
# and under their toggle on the form. (A value per suit is named by its marriage, i18n.marriage.)
KEY_LABELS: dict[str, dict[str, Label]] = {
    "musik_bonus": {"ace": _l("per ace"), "marriage": _l("marriage")},
    "give_up": {
        "declarer": _l("declarer"),
        "opponents": _l("opponents"),
        "limit": _l("limit"),
        "every": _l("penalty every"),
        "penalty": _l("penalty"),
        "on_barrel": _l("on the barrel"),
        "opponents_min": _l("opponents at least"),
        "free": _l("free give-ups"),
    },
    "barrel": {
        "at": _l("at"),
        "tries": _l("tries"),
        "penalty": _l("penalty"),
        "knock_off": _l("knock-off"),
        "falls_to_zero": _l("fall to 0"),
        "on_fail": _l("a failed contract"),
        "defender_finishes": _l("a defender may finish"),
        "together": _l("climbing together"),
    },
    "bolts": {
        "count": _l("bolts"),
        "penalty": _l("penalty"),
        "kind": _l("a bolt is"),
        "consecutive": _l("in a row"),
    },
    "dump": {"at": _l("at"), "negative": _l("minus too")},
    "blind": {
        "multiplier": _l("times"),
        "min_contract": _l("lowest contract"),
        "min_total": _l("lowest total"),
        "on_barrel": _l("on the barrel"),
    },
    "golden": {
        "hands": _l("hands"),
        "contract": _l("contract"),
        "multiplier": _l("times"),
        "reset_if_nobody": _l("all to 0 if nobody makes it"),
    },
    "silence": {"below": _l("below")},
}
# A key's word that means something else there than elsewhere (climbing together "none":
# nobody climbs, not "no rounding"), as the rules pages say it.
KEY_VALUE_WORDS: dict[str, dict[str, dict[str, Label]]] = {
    "barrel": {"together": {"none": _l("nobody climbs")}},
}
# A key left blank where that means more than "off", as the rules pages say it.
KEY_BLANKS: dict[str, dict[str, Label]] = {
    "blind": {"min_total": _l("any")},
    "golden": {"hands": _l("one per player")},
}
# The same keys as boxes of the new-game form, under their toggle's "change the numbers": a box
# stands alone there, so it says the whole thing ("Barrel at", not "at"). The lock is one number.
# A key that an agreement's switch decides alone (AGREEMENTS: yes or no, a choice) has no box.
FORM_KEY_LABELS: dict[str, dict[str, Label]] = {
    "lock": {"at": _l("Lock at")},
    "musik_bonus": {"ace": _l("Points per ace"), "marriage": _l("A marriage in the musik counts")},
    "give_up": {
        "declarer": _l("The declarer"),
        "opponents": _l("Each opponent gets (points, or “half” the contract)"),
        "limit": _l("Times per player (blank: as chosen above)"),
        "every": _l("Every so many give-ups cost the penalty (blank: as chosen above)"),
        "penalty": _l("That give-up penalty"),
        "opponents_min": _l("Each opponent gets at least (blank: as chosen above)"),
        "free": _l("Free give-ups per player (blank: as chosen above)"),
    },
    "barrel": {
        "at": _l("Barrel at"),
        "tries": _l("Hands on the barrel"),
        "penalty": _l("Falling off costs"),
        "knock_off": _l("Overtaking knocks off"),
        "falls_to_zero": _l("The fall that goes back to 0 (blank: as chosen above)"),
    },
    "bolts": {
        "count": _l("Bolts before the penalty"),
        "penalty": _l("The penalty"),
    },
    "dump": {"at": _l("Dump at"), "negative": _l("At minus that total too")},
    "blind": {
        "multiplier": _l("A blind contract counts times"),
        "min_contract": _l("Lowest blind contract"),
        "min_total": _l("Lowest total to bid blind (blank: any)"),
        "on_barrel": _l("A player on the barrel may bid blind"),
    },
    "golden": {
        "hands": _l("Golden hands (blank: one per player)"),
        "contract": _l("The golden contract"),
        "multiplier": _l("Golden scores count times"),
        "reset_if_nobody": _l("All back to 0 if nobody makes a golden contract"),
    },
    "silence": {"below": _l("Silent below")},
}
# What the new-game form says after a label, where a box takes more than its label tells.
HINTS: dict[str, Label] = {"stake": _l("(optional)")}

# An option's value in words, on the new-game form and the rules pages (the stored value stays).
VALUE_WORDS: dict[str, Label] = {
    "auction": _l("auction"),
    "none": _l("none"),
    "declared": _l("declared"),
    "in-tricks": _l("found in tricks"),
    "dealer": _l("the dealer"),
    "standard": _l("standard deck"),
    "moscow": _l("Moscow deck"),
    "minus": _l("minus the contract"),
    "zero": _l("zero"),
    "half": _l("half the contract"),
    "points": _l("no points"),
    "tricks": _l("no trick"),
    # the barrel's 5.2 keys, and the finish
    "try": _l("0, one of the tries"),
    "all": _l("all climb"),
    "declarer": _l("only the declarer climbs"),
    "reach": _l("reach the target"),
    "exact": _l("exactly the target"),
}


# A variant by the name players give it (the key, e.g. "pl-3", is a name for files and programs);
# the number of players goes beside it (variant_title), so pl-2, pl-3 and pl-4 share a name.
VARIANT_NAMES: dict[str, Label] = {
    "pl-3": _l("Polish Tysiąc"),
    "pl-4": _l("Polish Tysiąc"),
    "pl-2": _l("Polish Tysiąc"),
    "ru-2": _l("Russian Thousand"),
    "ru-3": _l("Russian Thousand"),
    "ru-4": _l("Russian Thousand"),
    "moscow": _l("Moscow Thousand"),
}
# The variant a new game starts with in each language: the game its readers usually play.
LANGUAGE_VARIANTS = {"pl": "pl-3", "ru": "ru-3", "uk": "ru-3"}
# Each preset in one line, on the new-game form: the rules' own English `summary`, translated.
PRESET_SUMMARIES: dict[str, Label] = {
    "pl-3": _l("Polish auction Tysiąc: forced 100, musik of 3, lock at 900"),
    "pl-4": _l(
        "the dealer sits out and scores the musik (ace 50, marriage); otherwise as for three"
    ),
    "pl-2": _l("Polish two-hand: forced 100 (na setce), two musiks of 2, marriage needs a trick"),
    "ru-2": _l("bids 60-120, trump named by the declarer, marriages in tricks (80/40), give up"),
    "ru-4": _l("5 cards each, the declarer takes the 4 prikup cards; otherwise as for two"),
    "ru-3": _l("bids from 100 in 5s, rounding to 5, barrel at 880, bolts, dump at 555"),
    "moscow": _l("no bidding, deck of 132, trump marriages double, loser pays the difference"),
}
# Each preset in a sentence, on the rules pages; the numbers come from its options (rulebook.text).
PRESET_SENTENCES: dict[str, Label] = {
    "pl-3": _l(
        "Polish Tysiąc for three: the player after the dealer must bid %(min_bid)s, "
        "a musik of 3 cards, the lock at %(lock)s."
    ),
    "pl-4": _l(
        "Polish Tysiąc for four: the dealer sits out and scores the musik, "
        "%(ace)s for an ace and a marriage's value."
    ),
    "pl-2": _l(
        "Polish Tysiąc for two: a forced bid of %(min_bid)s, two musiks of 2 cards, "
        "a marriage needs a trick."
    ),
    "ru-2": _l(
        "Russian Thousand for two: bids from %(min_bid)s to %(max_contract)s, the declarer "
        "names trump, marriages found in tricks, giving up."
    ),
    "ru-4": _l(
        "Russian Thousand for four: bids from %(min_bid)s to %(max_contract)s, "
        "the declarer takes the 4 prikup cards and gives one to each player."
    ),
    "moscow": _l(
        "Moscow Thousand for two: no auction, a deck of %(total)s points, "
        "trump marriages count double."
    ),
    "ru-3": _l(
        "Thousand for three as most Russians and Ukrainians play it: bids from %(min_bid)s "
        "in steps of %(bid_step)s, rounding to %(rounding)s, the barrel at %(barrel)s, bolts, "
        "the dump at %(dump)s."
    ),
}


def opts(pairs: Iterable[tuple[Any, Any]]) -> list[SelectChoice]:
    """Select choices for WTForms 3.3 from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]
