"""The new-game form's values as a game file with no lines, and its problems at their fields."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from wtforms import FieldList

from scorekeeper.gamefile import FORMAT, parse
from scorekeeper.gamefile import GameFile as GameFileLike
from scorekeeper.rules import N_, OPTION_SPECS, VARIANTS, InvalidHand, Problem, Spec
from scorekeeper.web.games.forms import WAYS, NewGameForm, agreement_field, boxes, field_name
from scorekeeper.web.i18n import problem_text
from scorekeeper.web.switchwords import AGREEMENTS, TOGGLES


def _number(raw: str) -> int | str:
    """`raw` as a whole number, else as typed: the options parser names the problem. (Not
    str.isdigit: "²" is a digit to it that int() refuses, and so are 5,000 nines.)"""
    try:
        return int(raw)
    except ValueError:
        return raw


def _value(spec: Spec, raw: str) -> Any:
    """A posted value as the option of kind `spec.kind` takes it; a word the rules refuse is
    passed on as typed, and the options parser says what it takes."""
    if spec.kind == "bool":
        return raw == "true"
    if spec.kind == "int" and spec.optional and raw.lower() in ("none", "off", "-"):
        return None
    if spec.kind == "choice":
        return None if raw == "none" else _number(raw)
    if spec.kind == "money":
        raw = raw.replace(",", ".")
        try:
            return str(Decimal(raw))
        except InvalidOperation:
            return raw
    return _number(raw)


def _posted(form: NewGameForm, field: str) -> str:
    return (form[field].data or "").strip()


def overrides(form: NewGameForm) -> dict[str, Any]:
    """The options changed on the form, in game-file shape (blank: the preset's value)."""
    out: dict[str, Any] = {}
    for name, spec in OPTION_SPECS.items():
        if name in TOGGLES:
            out.update(_house_rule(form, name))
        elif spec.kind == "per_suit":
            values = {
                key: _value(sub, _posted(form, field_name(name, key)))
                for key, (sub, _label) in boxes(name).items()
                if _posted(form, field_name(name, key))
            }
            if values:
                out[name] = values
        elif _posted(form, field_name(name)):
            out[name] = _value(spec, _posted(form, field_name(name)))
    return out


def _agreements(form: NewGameForm, name: str) -> tuple[dict[str, Any], dict[str, Any], list[str]]:
    """The switches of the club agreements under toggle `name` (5.1): the values of the ones
    turned on, of the ones turned off, and the fields of those turned on."""
    on: dict[str, Any] = {}
    off: dict[str, Any] = {}
    fields = []
    for key, agreement in AGREEMENTS.get(name, {}).items():
        field = agreement_field(name, key)
        choice = form[field].data or ""
        if choice == "on" or choice in agreement.more:
            on.update(agreement.on if choice == "on" else agreement.more[choice][1])
            fields.append(field)
        elif choice == "off":
            off.update(agreement.off)
    return on, off, fields


def _rule_off(fields: list[str]) -> InvalidHand:
    """An agreement turned on under a rule the game does not play: said at each switch."""
    return InvalidHand(
        [
            Problem(
                None,
                field,
                N_("the rule above is not played in this game: choose “on” there to play this"),
                None,
                {},
            )
            for field in fields
        ]
    )


def _house_rule(form: NewGameForm, name: str) -> dict[str, Any]:
    """One toggle, its agreements and its numbers: off, a way of playing it, or the variant's
    own. A number typed wins over an agreement turned on, an agreement turned off over both."""
    way = form[field_name(name)].data or ""
    words = TOGGLES[name].values
    if words is not None:  # a toggle of one word (the finish): on, off, or the variant's
        return {name: words[way]} if way in words else {}
    numbers = {
        key: _value(sub, _posted(form, field_name(name, key)))
        for key, (sub, _label) in boxes(name).items()
        if _posted(form, field_name(name, key))
    }
    agreed, refused, switched_on = _agreements(form, name)
    typed = {**agreed, **numbers, **refused}
    if way == "off":
        if switched_on:
            raise _rule_off(switched_on)
        return {name: None}
    if way in TOGGLES[name].ways:
        values = {**WAYS[way], **typed}
    elif typed:
        # numbers changed under "as the variant": the variant's rule with them, if it has one
        variant = form.variant.data
        own = (
            VARIANTS[variant].preset_options().to_dict().get(name) if variant in VARIANTS else None
        )
        if own is None and switched_on:
            raise _rule_off(switched_on)
        if own is None and not numbers:
            return {}  # an agreement turned off under a rule the variant lacks: nothing to do
        if own is None:
            raise InvalidHand.one(
                None,
                f"options.{name}",
                N_("{variant} does not play this rule: choose “on” to play it with these numbers"),
                variant=variant,
            )
        values = {**own, **typed} if isinstance(own, dict) else typed
    else:
        return {}
    spec = OPTION_SPECS[name]
    if spec.kind != "record":  # a toggle whose option is one number (the lock): its one box
        return {name: values.get("at", spec.usual)}  # "Lock at 900" with no number typed
    return {name: values}


def to_game_file(form: NewGameForm) -> GameFileLike:
    """The new game as a game file with no lines; InvalidHand problems land on their fields."""
    variant = form.variant.data
    seats = VARIANTS[variant].seats if variant in VARIANTS else 4
    names = [(p.data or "").strip() for p in form.players]
    # Exactly the variant's seats are taken; the page's script disables the rows it hides, so
    # a name beyond them was typed into a row shown without JavaScript: said at that row.
    extra = [
        Problem(
            None,
            "players",
            N_(
                "{variant} is played by {seats} players: leave this row empty "
                "or choose a variant for more"
            ),
            seat,
            {"variant": variant, "seats": seats},
        )
        for seat, name in enumerate(names)
        if seat >= seats and name
    ]
    if extra:
        raise InvalidHand(extra)
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
            None,
            "players",
            N_("{variant} needs {seats} players' names, in seat order"),
            variant=variant,
            seats=seats,
        )
    return parse(data)


def take_problems(form: NewGameForm, error: InvalidHand) -> None:
    """Each problem at its field: an option's box, the players' group, or the top."""
    form.players_errors = []
    for p in error.problems:
        name = p.field.split(".", 1)[1] if p.field.startswith("options.") else p.field
        if name == "players":
            # a problem of one name goes under that name's box, the others under the group
            if p.seat is not None and p.seat < len(form.players):
                entry = form.players[p.seat]
                entry.errors = [*entry.errors, problem_text(p)]
            else:
                form.players_errors.append(problem_text(p))
            continue
        wanted = field_name(name) if name in OPTION_SPECS else name
        field = form[wanted] if wanted in form else None  # marriage_values: at the top
        if field is None or isinstance(field, FieldList):
            form.form_errors.append(problem_text(p))
        else:
            field.errors = [*field.errors, problem_text(p)]
