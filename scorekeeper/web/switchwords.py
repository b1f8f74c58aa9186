"""The new-game form's switches in words: the house rules' toggles and the club agreements."""

# A house rule the form shows as one switch, with its usual form said in words (TOGGLES), and
# the agreements of scoring.md 5.1 that are ways of playing one of them (AGREEMENTS). The
# options' own names and values are words.py's.

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import lazy_gettext as _l

from scorekeeper.web.words import ON, Label


@dataclass(frozen=True)
class Toggle:
    """A common house rule as one switch on the new-game form: its name, its usual form in words,
    and the words of each way to turn it on (games.forms.WAYS: their values)."""

    name: Label
    words: Label
    ways: dict[str, Label]
    #: a toggle whose option is one word (the finish): the option's value of each way and "off"
    values: dict[str, Any] | None = None


_ON = {"on": ON}
# The house rules the new-game form shows as toggles, in its order.
TOGGLES: dict[str, Toggle] = {
    "give_up": Toggle(
        _l("Bomba (giving up after the musik)"),
        _l("the declarer loses the contract, 60 to each opponent"),
        {"once": _l("once per player"), "on": _l("no limit")},
    ),
    "lock": Toggle(_l("Lock at 900"), _l("past 900, a player scores only as the declarer"), _ON),
    "barrel": Toggle(
        _l("Barrel at 880"),
        _l("3 hands to reach the target, falling off costs 120; overtaking knocks the other off"),
        _ON,
    ),
    "bolts": Toggle(_l("Bolts"), _l("every third hand with no points costs 120"), _ON),
    "dump": Toggle(_l("555 dump"), _l("a total of exactly 555 goes back to 0"), _ON),
    "musik_bonus": Toggle(
        _l("The sitting-out dealer's musik"),
        _l("the dealer scores 50 for each ace in it, and a marriage in it"),
        _ON,
    ),
    # the club agreements of scoring.md 5.1
    "blind": Toggle(
        _l("Blind bid"),
        _l("bid before seeing the musik: at least 120, counts twice, never given up"),
        _ON,
    ),
    "golden": Toggle(
        _l("Golden deal"),
        _l(
            "the first hand each player deals: the next player plays 120, every score counts "
            "twice; all back to 0 if nobody makes it"
        ),
        _ON,
    ),
    "silence": Toggle(
        _l("Silence"),
        _l("below -120 a player may declare only as the first bidder, at the lowest bid"),
        _ON,
    ),
    # scoring.md 5.2
    "finish": Toggle(
        _l("Finish exactly"),
        _l("a score that would pass 1000 does not count; the game ends at exactly 1000"),
        _ON,
        {"on": "exact", "off": "reach"},
    ),
}


@dataclass(frozen=True)
class Agreement:
    """A club agreement (scoring.md 5.1) that is a way of playing a house rule: its own switch
    under that rule's toggle on the new-game form, in words, with the values of the rule's keys
    it plays with when on (the usual ones) and when off. A number it sets is still a box behind
    the rule's "change the numbers"; a key it alone decides (yes or no, a choice) has no box."""

    name: Label
    words: Label
    on: dict[str, Any]
    off: dict[str, Any]
    #: other ways of playing it than "on", each with its words and values (together: "none")
    more: dict[str, tuple[Label, dict[str, Any]]] = field(default_factory=dict)


# The agreements of 5.1 that are keys of a house rule: rule -> its key -> the agreement. (The
# blind bid, the golden deal and silence are options of their own: TOGGLES.)
AGREEMENTS: dict[str, dict[str, Agreement]] = {
    "give_up": {
        "every": Agreement(
            _l("Give-up penalty"),
            _l("every third give-up of a player costs 120 more"),
            {"every": 3},
            {"every": None},
        ),
        "on_barrel": Agreement(
            _l("No give-up on the barrel"),
            _l("a player on the barrel may not give up"),
            {"on_barrel": False},
            {"on_barrel": True},
        ),
        # scoring.md 5.2
        "opponents_min": Agreement(
            _l("Half the contract, at least 60"),
            _l("each opponent of a give-up gets 60, or half the contract above 120"),
            {"opponents": "half", "opponents_min": 60},
            {"opponents_min": None},
        ),
        "free": Agreement(
            _l("First give-up free"),
            _l("a player's first give-up in the game costs nothing"),
            {"free": 1},
            {"free": 0},
        ),
    },
    "barrel": {
        "falls_to_zero": Agreement(
            _l("Every third fall to 0"),
            _l("a player's third, sixth… fall off the barrel sets the total to 0"),
            {"falls_to_zero": 3},
            {"falls_to_zero": None},
        ),
        # scoring.md 5.2
        "on_fail": Agreement(
            _l("A failed contract is a try"),
            _l("on the barrel a failed contract scores 0 and uses one of the tries"),
            {"on_fail": "try"},
            {"on_fail": "minus"},
        ),
        "defender_finishes": Agreement(
            _l("A defender may finish"),
            _l("on the barrel, points as a defender count when they reach 1000"),
            {"defender_finishes": True},
            {"defender_finishes": False},
        ),
        "together": Agreement(
            _l("Climbing together"),
            _l("when two reach the barrel in one hand, only the declarer climbs; the other falls"),
            {"together": "declarer"},
            {"together": "all"},
            {"none": (_l("nobody climbs"), {"together": "none"})},
        ),
    },
    "bolts": {
        "kind": Agreement(
            _l("A bolt is a hand without a trick"),
            _l("a trick with no points in it is no bolt"),
            {"kind": "tricks"},
            {"kind": "points"},
        ),
        "consecutive": Agreement(
            _l("Bolts in a row"),
            _l("only bolts in a row count toward the penalty"),
            {"consecutive": True},
            {"consecutive": False},
        ),
    },
}
