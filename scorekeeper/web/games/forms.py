"""The new-game form: variant, players in seat order, first dealer, and every option of the rules.

Its option fields are built from the rules' metadata (rules.OPTION_SPECS: each option's kind)
and the words of web/words.py: a new option needs no line here.
"""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_babel.speaklater import LazyString
from wtforms import Field, FieldList, RadioField, SelectField, StringField
from wtforms.validators import Optional, ValidationError

from scorekeeper.rules import OPTION_SPECS, VARIANTS, InvalidHand, Spec, find_variant
from scorekeeper.web.formbase import Form
from scorekeeper.web.forms import page_token
from scorekeeper.web.i18n import marriage, problem_text
from scorekeeper.web.switchwords import AGREEMENTS, TOGGLES
from scorekeeper.web.words import (
    AS_THE_VARIANT,
    FORM_KEY_LABELS,
    KEY_LABELS,
    LABELS,
    NO,
    OFF,
    ON,
    PRESET_SUMMARIES,
    USUAL,
    VALUE_WORDS,
    YES,
    Label,
    opts,
)

NUMBER = {"inputmode": "numeric", "autocomplete": "off"}
# The values of a toggle's ways, in game-file shape: "on" plays the rule with its usual values,
# "once" is the bomba once per player (a blank number box keeps the usual one).
WAYS: dict[str, dict[str, Any]] = {"on": {}, "once": {"limit": 1}}


def field_name(option: str, key: str = "") -> str:
    """The form field of an option, or of one of its keys: opt_barrel, opt_barrel_at. The stake
    is asked beside the players, as `stake`."""
    if OPTION_SPECS[option].kind == "money":
        return option
    return f"opt_{option}_{key}" if key else f"opt_{option}"


def agreement_field(option: str, key: str) -> str:
    """The form field of a club agreement under a house rule's toggle: agree_bolts_kind."""
    return f"agree_{option}_{key}"


def switched(option: str) -> tuple[str, ...]:
    """The keys of `option` that an agreement's switch alone decides (yes or no, a choice):
    they have no box of their own behind "change the numbers"."""
    return tuple(
        key for key in AGREEMENTS.get(option, {}) if OPTION_SPECS[option].keys[key].kind != "int"
    )


def boxes(option: str) -> dict[str, tuple[Spec, Label]]:
    """The number boxes behind a toggle's "change the numbers", or an option's value per suit:
    key -> (its spec, its label). A toggle whose option is one number (the lock) has one, "at";
    a key an agreement's switch decides has none (switched)."""
    spec = OPTION_SPECS[option]
    if spec.kind == "per_suit":
        return {suit: (sub, LazyString(marriage, suit)) for suit, sub in spec.keys.items()}
    if spec.kind == "record":
        return {
            key: (sub, FORM_KEY_LABELS[option][key])
            for key, sub in spec.keys.items()
            if key not in switched(option)
        }
    if spec.kind == "choice":
        return {}  # a toggle of one word (the finish): its switch says it all
    return {"at": (spec, FORM_KEY_LABELS[option]["at"])}


# Where each option is asked: a toggle of its own (TOGGLES, in their order), a box per suit
# or the stake, else one field among "Other rules" (a number, yes/no, or a choice of words).
TOGGLED: tuple[str, ...] = tuple(TOGGLES)
SIMPLE: tuple[str, ...] = tuple(
    name
    for name, spec in OPTION_SPECS.items()
    if name not in TOGGLES and spec.kind in ("int", "bool", "choice")
)
PER_SUIT: tuple[str, ...] = tuple(n for n, s in OPTION_SPECS.items() if s.kind == "per_suit")


def variant_way(key: str, rule: str) -> str:
    """Which way of a toggle the preset `key` plays: "off", "on" or "once" (the bomba)."""
    value = VARIANTS[key].preset_options().to_dict()[rule]
    values = TOGGLES[rule].values
    if values is not None:  # a toggle of one word: the way whose word the preset plays
        return next((w for w, v in values.items() if v == value), "off")
    if value is None:
        return "off"
    played = value.items() if isinstance(value, dict) else {}.items()
    # the first way whose values the preset's are (the bomba "once" before "no limit")
    return next((w for w in TOGGLES[rule].ways if WAYS[w].items() <= played), "on")


def agreement_way(key: str, rule: str, agreement: str) -> str:
    """Which way the preset `key` plays an agreement of its rule: "on", one of its `more`
    ways, or "off"."""
    value = VARIANTS[key].preset_options().to_dict()[rule]
    played = value.items() if isinstance(value, dict) else {}.items()
    agreed = AGREEMENTS[rule][agreement]
    ways = {"on": agreed.on, **{w: values for w, (_words, values) in agreed.more.items()}}
    found = (w for w, values in ways.items() if value is not None and values.items() <= played)
    return next(found, "off")


def summary(key: str) -> Label:
    """A preset's one line in the reader's language (words.PRESET_SUMMARIES)."""
    return PRESET_SUMMARIES[key]


class NewGameForm(Form):
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
    # made with the page (secrets.token_urlsafe): a double tap, or the same form sent again by a
    # phone that kept it with no connection (static/offline/), starts one game
    token = page_token()
    players_errors: list[str] = []

    def validate(self, extra_validators: Any = None) -> bool:
        ok: bool = super().validate(extra_validators)
        if self.token.errors:  # a hidden field: said at the top of the form
            self.form_errors.append(
                _l("This form was not made by this page: open it again and start the game.")
            )
        return ok

    def validate_variant(self, field: Field) -> None:
        """A variant posted by hand that is none of the presets: the rules' message."""
        try:
            find_variant(field.data)
        except InvalidHand as e:
            raise ValidationError(problem_text(e.problems[0])) from None

    def shown_variant(self) -> str:
        """The variant whose values the page shows as placeholders (a known one)."""
        return self.variant.data if self.variant.data in VARIANTS else "pl-3"


def _field(spec: Spec, label: Label, blank: Label, placeholder: str = "") -> Field:
    """The field of one value of kind `spec.kind`; `blank`, the first choice, keeps the value."""
    if spec.kind == "bool":
        choices = opts([("", blank), ("true", YES), ("false", NO)])
        return SelectField(label, default="", choices=choices)
    if spec.kind == "choice":
        values = ("none",) * spec.optional + spec.choices
        words = [(c, VALUE_WORDS.get(c, c)) for c in values]
        return SelectField(label, default="", choices=opts([("", blank), *words]))
    if spec.kind == "int":
        shown = {"placeholder": placeholder} if placeholder else {}
        return StringField(label, render_kw={**NUMBER, **shown})
    if spec.kind == "money":
        return StringField(label, render_kw={"inputmode": "decimal"})
    raise TypeError(f"the new-game form has no field for a value of kind {spec.kind!r}")


def _usual(spec: Spec) -> str:
    """A number box's placeholder: the usual value a blank keeps."""
    return "" if isinstance(spec.usual, bool) or spec.usual is None else str(spec.usual)


def _check_words(name: str, spec: Spec) -> None:
    """An option of the rules without its words stops the app here, saying what is missing."""
    missing = [name] if name not in LABELS else []
    if spec.kind == "record":
        missing += [f"{name}.{key}" for key in spec.keys if key not in KEY_LABELS.get(name, {})]
        boxed = [key for key in spec.keys if key not in switched(name)]
        missing += [f"{name}.{key}" for key in boxed if key not in FORM_KEY_LABELS.get(name, {})]
    if (
        name in TOGGLES
        and spec.kind not in ("record", "choice")
        and "at" not in FORM_KEY_LABELS.get(name, {})
    ):
        missing.append(f"{name}.at")
    if missing:
        raise LookupError(f"web/words.py lacks the words of {', '.join(missing)}")


def _add_fields() -> dict[str, list[str]]:
    """Every option's fields on NewGameForm; option -> its field names (the form's posted keys)."""
    out: dict[str, list[str]] = {}
    for name, spec in OPTION_SPECS.items():
        _check_words(name, spec)
        if name in TOGGLES:
            toggle = TOGGLES[name]
            choices = opts([("", AS_THE_VARIANT), *toggle.ways.items(), ("off", OFF)])
            fields = {field_name(name): SelectField(toggle.name, default="", choices=choices)}
            for key, (sub, label) in boxes(name).items():
                fields[field_name(name, key)] = _field(sub, label, USUAL, _usual(sub))
            for key, agreement in AGREEMENTS.get(name, {}).items():
                more = [(way, words) for way, (words, _values) in agreement.more.items()]
                switch = opts([("", AS_THE_VARIANT), ("on", ON), *more, ("off", OFF)])
                fields[agreement_field(name, key)] = SelectField(
                    agreement.name, default="", choices=switch
                )
        elif name in PER_SUIT:
            fields = {
                field_name(name, key): _field(sub, label, USUAL, _usual(sub))
                for key, (sub, label) in boxes(name).items()
            }
        elif name in SIMPLE or spec.kind == "money":
            fields = {field_name(name): _field(spec, LABELS[name], AS_THE_VARIANT)}
        else:
            raise TypeError(
                f"option {name!r} ({spec.kind}) needs switchwords.TOGGLES to be on the form"
            )
        for field, made in fields.items():
            setattr(NewGameForm, field, made)
        out[name] = list(fields)
    return out


OPTION_FIELDS: dict[str, list[str]] = _add_fields()


def option_widgets() -> dict[str, Any]:
    """What the option widgets (templates/games/_options.html) read, on the new-game and the
    new-event form alike: the kinds of option, their words and how each preset plays each."""
    from scorekeeper.web import switchwords, words

    return {
        "simple": SIMPLE,
        "toggled": TOGGLED,
        "per_suit": PER_SUIT,
        "boxes": boxes,
        "field_name": field_name,
        "words": words,
        "switches": switchwords,
        "agreement_field": agreement_field,
        # how each preset plays each toggle, and each agreement under one ("barrel.falls_to_zero")
        "ways": {
            k: {
                **{rule: variant_way(k, rule) for rule in TOGGLED},
                **{
                    f"{rule}.{key}": agreement_way(k, rule, key)
                    for rule, agreements in AGREEMENTS.items()
                    for key in agreements
                },
            }
            for k in VARIANTS
        },
        "presets": {k: cls.preset_options().to_dict() for k, cls in VARIANTS.items()},
    }
