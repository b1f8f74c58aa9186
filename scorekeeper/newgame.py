"""The new-game form: variant, players in seat order, first dealer, and every house rule."""

from __future__ import annotations

from typing import Any, TypeAlias

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, RadioField, SelectField, StringField
from wtforms.validators import Optional, ValidationError

from .choices import VALUE_WORDS, opts
from .i18n import marriage, problem_text
from .rules import VARIANTS, InvalidHand, find_variant

# Labels are lazy (flask_babel.lazy_gettext): the form is built once, and each label is put in
# the reader's language when a page renders it. A label is a str or such a LazyString.
Label: TypeAlias = Any

NUMBER = {"inputmode": "numeric", "autocomplete": "off"}
AS_THE_VARIANT = _l("as the variant")
BOOL = opts([("", AS_THE_VARIANT), ("true", _l("yes")), ("false", _l("no"))])
# option -> (label, kind, choices): kind "int", "int?" (a number or none), "bool", "choice"
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
    "lock": (_l("Lock at (points only as declarer)"), "int?", []),
    "sitting_out": (_l("Who sits out"), "choice", ["none", "dealer"]),
    "slam_counts_all": (_l("A 120 slam counts the cards out of play"), "bool", []),
    "all_cards_in_play": (_l("All cards in play"), "bool", []),
    "ace_marriage": (_l("Ace marriage (four aces) worth"), "int?", []),
}
NESTED: dict[str, tuple[Label, dict[str, str]]] = {
    "give_up": (
        _l("Giving up"),
        {"declarer": "choice:minus,zero", "opponents": "text", "limit": "int?"},
    ),
    "barrel": (_l("Barrel"), {"at": "int", "tries": "int", "penalty": "int", "knock_off": "bool"}),
    "bolts": (_l("Bolts"), {"count": "int", "penalty": "int"}),
    "dump": (_l("Dump"), {"at": "int", "negative": "bool"}),
    "musik_bonus": (_l("Sitting-out dealer's musik"), {"ace": "int", "marriage": "bool"}),
}
# The words of the sub-options (the values' words are choices.VALUE_WORDS).
SUB_LABELS: dict[str, Label] = {
    "declarer": _l("declarer"),
    "opponents": _l("opponents"),
    "limit": _l("limit"),
    "at": _l("at"),
    "tries": _l("tries"),
    "penalty": _l("penalty"),
    "knock_off": _l("knock off"),
    "count": _l("count"),
    "negative": _l("negative"),
    "ace": _l("ace"),
    "marriage": _l("marriage"),
}
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
for _name, (_label, _subs) in NESTED.items():
    setattr(
        NewGameForm,
        f"opt_{_name}",
        SelectField(
            _label,
            default="",
            choices=opts([("", AS_THE_VARIANT), ("off", _l("off")), ("on", _l("on"))]),
        ),
    )
    for _sub, _kind in _subs.items():
        if _kind == "bool":
            _field = SelectField(SUB_LABELS[_sub], choices=BOOL, default="")
        elif _kind.startswith("choice:"):
            _field = SelectField(
                SUB_LABELS[_sub],
                default="",
                choices=opts([("", _l("usual"))] + [(c, _choice(c)) for c in _kind[7:].split(",")]),
            )
        else:
            _field = StringField(SUB_LABELS[_sub], render_kw=NUMBER)
        setattr(NewGameForm, f"opt_{_name}_{_sub}", _field)
for _suit in SUITS4:
    setattr(
        NewGameForm,
        f"opt_marriage_values_{_suit}",
        StringField(LazyString(marriage, _suit), render_kw=NUMBER),
    )
