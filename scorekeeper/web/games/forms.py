"""The new-game form: variant, players in seat order, first dealer, and every house rule."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, RadioField, SelectField, StringField
from wtforms.validators import Optional, ValidationError

from scorekeeper.rules import VARIANTS, InvalidHand, find_variant
from scorekeeper.rules.records import Barrel, Bolts, Dump, GiveUp, MusikBonus
from scorekeeper.web.i18n import marriage, problem_text
from scorekeeper.web.words import VALUE_WORDS, opts

# Labels are lazy (flask_babel.lazy_gettext): the form is built once, and each label is put in
# the reader's language when a page renders it. A label is a str or such a LazyString.
Label: TypeAlias = Any

NUMBER = {"inputmode": "numeric", "autocomplete": "off"}
AS_THE_VARIANT = _l("as the variant")
BOOL = opts([("", AS_THE_VARIANT), ("true", _l("yes")), ("false", _l("no"))])
USUAL_BOOL = opts([("", _l("usual")), ("true", _l("yes")), ("false", _l("no"))])
# The rules of the game itself, behind "Other rules": option -> (label, kind, choices); kind
# "int", "int?" (a number or none), "bool", "choice".
SIMPLE: dict[str, tuple[Label, str, list[str]]] = {
    "target": (_l("Game to"), "int", []),
    "cards": (_l("Card values"), "choice", ["standard", "moscow"]),
    "bidding": (_l("Bidding"), "choice", ["auction", "none"]),
    "min_bid": (_l("Lowest bid"), "int", []),
    "bid_step": (_l("Bid step"), "int", []),
    "max_contract": (_l("Largest contract"), "int", []),
    "contract_raise": (_l("Contract may be raised after the musik"), "bool", []),
    "marriages": (_l("Marriages"), "choice", ["declared", "in-tricks"]),
    "marriage_needs_trick": (_l("A marriage needs a trick"), "bool", []),
    "trump_marriage_double": (_l("Trump marriage counts double"), "bool", []),
    "double_on_switch": (_l("Switching trump doubles too"), "bool", []),
    "rounding": (_l("Rounding"), "choice", ["none", "5", "10"]),
    "round_declarer": (_l("Round the declarer's points"), "bool", []),
    "sitting_out": (_l("Who sits out"), "choice", ["none", "dealer"]),
    "slam_counts_all": (_l("A 120 slam counts the cards out of play"), "bool", []),
    "all_cards_in_play": (_l("All cards in play"), "bool", []),
    "ace_marriage": (_l("Ace marriage (four aces) worth"), "int?", []),
}


@dataclass(frozen=True)
class HouseRule:
    """A common house rule as one toggle: its name, its usual form in words, the ways to turn it
    on (each way's values in game-file shape; a blank number is the usual one), and the numbers
    behind "change the numbers": sub-option -> (label, kind, the usual value)."""

    name: Label
    words: Label
    ways: dict[str, tuple[Label, dict[str, Any]]]
    subs: dict[str, tuple[Label, str, str]]


ON: dict[str, tuple[Label, dict[str, Any]]] = {"on": (_l("on"), {})}
# the number boxes show the rules' own defaults (rules/records.py, pl-3's lock): a blank keeps it
LOCK_AT: int = VARIANTS["pl-3"].preset_options().lock or 900


def usual(record: type, sub: str) -> str:
    value = getattr(record(), sub)
    return "" if isinstance(value, bool) or value is None else str(value)


OPPONENTS = _l("Each opponent gets (points, or “half” the contract)")
HOUSE: dict[str, HouseRule] = {
    "give_up": HouseRule(
        _l("Bomba (giving up after the musik)"),
        _l("the declarer loses the contract, 60 to each opponent"),
        {
            "once": (_l("once per player"), {"limit": 1}),
            "on": (_l("no limit"), {}),
        },
        {
            "declarer": (_l("The declarer"), "choice:minus,zero", ""),
            "opponents": (OPPONENTS, "text", usual(GiveUp, "opponents")),
            "limit": (_l("Times per player (blank: as chosen above)"), "int?", ""),
        },
    ),
    "lock": HouseRule(
        _l("Lock at 900"),
        _l("past 900, a player scores only as the declarer"),
        ON,
        {"at": (_l("Lock at"), "int", str(LOCK_AT))},
    ),
    "barrel": HouseRule(
        _l("Barrel at 880"),
        _l("3 hands to reach the target, falling off costs 120; overtaking knocks the other off"),
        ON,
        {
            "at": (_l("Barrel at"), "int", usual(Barrel, "at")),
            "tries": (_l("Hands on the barrel"), "int", usual(Barrel, "tries")),
            "penalty": (_l("Falling off costs"), "int", usual(Barrel, "penalty")),
            "knock_off": (_l("Overtaking knocks off"), "bool", ""),
        },
    ),
    "bolts": HouseRule(
        _l("Bolts"),
        _l("every third hand with no points costs 120"),
        ON,
        {
            "count": (_l("Bolts before the penalty"), "int", usual(Bolts, "count")),
            "penalty": (_l("The penalty"), "int", usual(Bolts, "penalty")),
        },
    ),
    "dump": HouseRule(
        _l("555 dump"),
        _l("a total of exactly 555 goes back to 0"),
        ON,
        {
            "at": (_l("Dump at"), "int", usual(Dump, "at")),
            "negative": (_l("At minus that total too"), "bool", ""),
        },
    ),
    "musik_bonus": HouseRule(
        _l("The sitting-out dealer's musik"),
        _l("the dealer scores 50 for each ace in it, and a marriage in it"),
        ON,
        {
            "ace": (_l("Points per ace"), "int", usual(MusikBonus, "ace")),
            "marriage": (_l("A marriage in the musik counts"), "bool", ""),
        },
    ),
}


def variant_way(key: str, rule: str) -> str:
    """Which way of a toggle the preset `key` plays: "off", "on" or "once" (the bomba)."""
    value = VARIANTS[key].preset_options().to_dict()[rule]
    if value is None:
        return "off"
    if rule == "give_up" and value.get("limit") == 1:
        return "once"
    return "on"


# The presets' one-line descriptions (rules.variants' `summary`, word for word) for the form.
SUMMARIES: dict[str, Label] = {
    "pl-3": _l("Polish auction Tysiąc: forced 100, musik of 3, lock at 900"),
    "pl-4": _l("as pl-3 for four: the dealer sits out and scores the musik (ace 50, marriage)"),
    "pl-2": _l("Polish two-hand: forced 100 (na setce), two musiks of 2, marriage needs a trick"),
    "ru-2": _l("bids 60-120, trump named by the declarer, marriages in tricks (80/40), give up"),
    "ru-4": _l("as ru-2 for four: 5 cards each, the declarer takes the 4 prikup cards"),
    "ru-3": _l("bids from 100 in 5s, rounding to 5, barrel at 880, bolts, dump at 555"),
    "moscow": _l("no bidding, deck of 132, trump marriages double, loser pays the difference"),
}
SUITS4 = ("hearts", "diamonds", "clubs", "spades")


def summary(key: str) -> Label:
    """A preset's description in the reader's language (the variant's own, if not listed)."""
    cls = VARIANTS[key]
    label = SUMMARIES.get(key)
    # a summary changed in rules.variants but not here shows the new English, not the old text
    if isinstance(label, LazyString) and label._args == (cls.summary,):
        return label
    return cls.summary


def _choice(value: str) -> Label:
    return VALUE_WORDS.get(value, value)


class NewGameForm(FlaskForm):
    variant = RadioField(
        "Variant",
        default="pl-3",
        choices=opts([(key, LazyString(lambda k: f"{k}: {summary(k)}", key)) for key in VARIANTS]),
        validate_choice=False,  # validate_variant says it in the rules' words
    )
    players = FieldList(
        StringField(
            _l("Player"),
            validators=[Optional()],
            render_kw={"autocomplete": "off", "list": "known-players"},
        ),
        min_entries=4,
        max_entries=4,
    )
    first_dealer = SelectField(
        _l("First dealer"),
        coerce=int,
        default=0,
        choices=opts([(i, _l("player %(number)s", number=i + 1)) for i in range(4)]),
    )
    stake = StringField(_l("Stake per point (optional)"), render_kw={"inputmode": "decimal"})
    players_errors: list[str] = []

    def validate_variant(self, field: Field) -> None:
        """A variant posted by hand that is none of the presets: the rules' message."""
        try:
            find_variant(field.data)
        except InvalidHand as e:
            raise ValidationError(problem_text(e.problems[0])) from None

    def shown_variant(self) -> str:
        """The variant whose values the page shows as placeholders (a known one)."""
        return self.variant.data if self.variant.data in VARIANTS else "pl-3"


for _name, (_label, _kind, _choices) in SIMPLE.items():
    if _kind == "bool":
        _field: Any = SelectField(_label, choices=BOOL, default="")
    elif _kind == "choice":
        _field = SelectField(
            _label,
            choices=opts([("", AS_THE_VARIANT)] + [(c, _choice(c)) for c in _choices]),
            default="",
        )
    else:
        _field = StringField(_label, render_kw=NUMBER)
    setattr(NewGameForm, f"opt_{_name}", _field)
for _name, _rule in HOUSE.items():
    _ways = [(w, label) for w, (label, _v) in _rule.ways.items()]
    setattr(
        NewGameForm,
        f"opt_{_name}",
        SelectField(
            _rule.name,
            default="",
            choices=opts([("", AS_THE_VARIANT), *_ways, ("off", _l("off"))]),
        ),
    )
    for _sub, (_label, _kind, _usual) in _rule.subs.items():
        if _kind == "bool":
            _field = SelectField(_label, choices=USUAL_BOOL, default="")
        elif _kind.startswith("choice:"):
            _field = SelectField(
                _label,
                default="",
                choices=opts([("", _l("usual"))] + [(c, _choice(c)) for c in _kind[7:].split(",")]),
            )
        else:
            _field = StringField(_label, render_kw={**NUMBER, "placeholder": _usual})
        setattr(NewGameForm, f"opt_{_name}_{_sub}", _field)
for _suit in SUITS4:
    setattr(
        NewGameForm,
        f"opt_marriage_values_{_suit}",
        StringField(LazyString(marriage, _suit), render_kw=NUMBER),
    )
