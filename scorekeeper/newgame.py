"""The new-game form: variant, players in seat order, first dealer, and every house rule."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from flask_wtf import FlaskForm
from wtforms import FieldList, RadioField, SelectField, StringField
from wtforms.validators import Optional

from .choices import opts
from .gamefile import FORMAT, parse
from .gamefile import GameFile as GameFileLike
from .rules import VARIANTS, InvalidHand

NUMBER = {"inputmode": "numeric", "autocomplete": "off"}
BOOL = opts([("", "as the variant"), ("true", "yes"), ("false", "no")])
# option -> (label, kind, choices): kind "int", "int?" (a number or none), "bool", "choice"
SIMPLE: dict[str, tuple[str, str, list[str]]] = {
    "target": ("Game to", "int", []),
    "cards": ("Card values", "choice", ["standard", "moscow"]),
    "bidding": ("Bidding", "choice", ["auction", "none"]),
    "min_bid": ("Lowest bid", "int", []),
    "bid_step": ("Bid step", "int", []),
    "max_contract": ("Largest contract", "int", []),
    "contract_raise": ("Contract may be raised after the musik", "bool", []),
    "marriages": ("Marriages", "choice", ["declared", "in-tricks"]),
    "marriage_needs_trick": ("A marriage needs a trick", "bool", []),
    "trump_marriage_double": ("Trump marriage counts double", "bool", []),
    "double_on_switch": ("Switching trump doubles too", "bool", []),
    "rounding": ("Rounding", "choice", ["none", "5", "10"]),
    "round_declarer": ("Round the declarer's points", "bool", []),
    "lock": ("Lock at (points only as declarer)", "int?", []),
    "sitting_out": ("Who sits out", "choice", ["none", "dealer"]),
    "slam_counts_all": ("A 120 slam counts the cards out of play", "bool", []),
    "all_cards_in_play": ("All cards in play", "bool", []),
    "ace_marriage": ("Ace marriage (four aces) worth", "int?", []),
}
NESTED: dict[str, tuple[str, dict[str, str]]] = {
    "give_up": (
        "Giving up",
        {"declarer": "choice:minus,zero", "opponents": "text", "limit": "int?"},
    ),
    "barrel": ("Barrel", {"at": "int", "tries": "int", "penalty": "int", "knock_off": "bool"}),
    "bolts": ("Bolts", {"count": "int", "penalty": "int"}),
    "dump": ("Dump", {"at": "int", "negative": "bool"}),
    "musik_bonus": ("Sitting-out dealer's musik", {"ace": "int", "marriage": "bool"}),
}
SUITS4 = ("hearts", "diamonds", "clubs", "spades")


class NewGameForm(FlaskForm):
    variant = RadioField(
        "Variant",
        default="pl-3",
        choices=opts([(key, f"{key}: {cls.summary}") for key, cls in VARIANTS.items()]),
    )
    players = FieldList(
        StringField(
            "Player",
            validators=[Optional()],
            render_kw={"autocomplete": "off", "list": "known-players"},
        ),
        min_entries=4,
        max_entries=4,
    )
    first_dealer = SelectField(
        "First dealer",
        coerce=int,
        default=0,
        choices=opts([(i, f"player {i + 1}") for i in range(4)]),
    )
    stake = StringField("Stake per point (optional)", render_kw={"inputmode": "decimal"})
    players_errors: list[str] = []


for _name, (_label, _kind, _choices) in SIMPLE.items():
    if _kind == "bool":
        _field: Any = SelectField(_label, choices=BOOL, default="")
    elif _kind == "choice":
        _field = SelectField(
            _label, choices=opts([("", "as the variant")] + [(c, c) for c in _choices]), default=""
        )
    else:
        _field = StringField(_label, render_kw=NUMBER)
    setattr(NewGameForm, f"opt_{_name}", _field)
for _name, (_label, _subs) in NESTED.items():
    setattr(
        NewGameForm,
        f"opt_{_name}",
        SelectField(
            _label, default="", choices=opts([("", "as the variant"), ("off", "off"), ("on", "on")])
        ),
    )
    for _sub, _kind in _subs.items():
        if _kind == "bool":
            _field = SelectField(_sub.replace("_", " "), choices=BOOL, default="")
        elif _kind.startswith("choice:"):
            _field = SelectField(
                _sub,
                default="",
                choices=opts([("", "usual")] + [(c, c) for c in _kind[7:].split(",")]),
            )
        else:
            _field = StringField(_sub.replace("_", " "), render_kw=NUMBER)
        setattr(NewGameForm, f"opt_{_name}_{_sub}", _field)
for _suit in SUITS4:
    setattr(
        NewGameForm,
        f"opt_marriage_values_{_suit}",
        StringField(f"{_suit} marriage", render_kw=NUMBER),
    )


def _value(kind: str, raw: str) -> Any:
    raw = raw.strip()
    if kind == "bool":
        return raw == "true"
    if kind in ("int", "int?"):
        if kind == "int?" and raw.lower() in ("none", "off", "-"):
            return None
        try:
            return int(raw)
        except ValueError:
            return raw  # the options parser names the problem
    if kind == "choice" or kind.startswith("choice:"):
        return int(raw) if raw.isdigit() else (None if raw == "none" else raw)
    return int(raw) if raw.isdigit() else raw


def overrides(form: NewGameForm) -> dict[str, Any]:
    """The house rules changed on the form, in game-file shape (blank: the preset's value)."""
    out: dict[str, Any] = {}
    for name, (_label, kind, _c) in SIMPLE.items():
        raw = getattr(form, f"opt_{name}").data or ""
        if raw.strip():
            out[name] = _value(kind, raw)
    for name, (_label, subs) in NESTED.items():
        state = getattr(form, f"opt_{name}").data
        if state == "off":
            out[name] = None
        elif state == "on":
            out[name] = {
                sub: _value(kind, getattr(form, f"opt_{name}_{sub}").data or "")
                for sub, kind in subs.items()
                if (getattr(form, f"opt_{name}_{sub}").data or "").strip()
            }
    values = {
        s: _value("int", getattr(form, f"opt_marriage_values_{s}").data or "")
        for s in SUITS4
        if (getattr(form, f"opt_marriage_values_{s}").data or "").strip()
    }
    if values:
        out["marriage_values"] = values
    stake = (form.stake.data or "").strip().replace(",", ".")
    if stake:
        try:
            out["stake"] = str(Decimal(stake))
        except InvalidOperation:
            out["stake"] = stake
    return out


def to_game_file(form: NewGameForm) -> GameFileLike:
    """The new game as a game file with no lines; InvalidHand problems land on their fields."""
    variant = form.variant.data
    seats = VARIANTS[variant].seats if variant in VARIANTS else 4
    names = [(p.data or "").strip() for p in form.players]
    if any(names[seats:]):
        raise InvalidHand.one(None, "players", f"{variant} is played by {seats} players")
    data = {
        "format": FORMAT,
        "variant": variant,
        "options": overrides(form),
        "players": names[:seats],
        "first_dealer": form.first_dealer.data or 0,
        "hands": [],
    }
    if not all(names[:seats]):
        raise InvalidHand.one(
            None, "players", f"{variant} needs {seats} players' names, in seat order"
        )
    return parse(data)


def take_problems(form: NewGameForm, error: InvalidHand) -> None:
    """Each problem at its field: an option's box, the players' group, or the top."""
    form.players_errors = []
    for p in error.problems:
        name = p.field.split(".", 1)[1] if p.field.startswith("options.") else p.field
        if name == "players":
            form.players_errors.append(p.message)
            continue
        field = (
            form.stake
            if name == "stake"
            else (getattr(form, f"opt_{name}", None) or getattr(form, name, None))
        )
        if field is None or isinstance(field, FieldList):
            form.form_errors.append(p.message)
        else:
            field.errors = [*field.errors, p.message]
