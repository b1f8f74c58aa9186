"""The new-game form's values as a game file with no lines, and its problems at their fields."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from wtforms import FieldList

from scorekeeper.gamefile import FORMAT, parse
from scorekeeper.gamefile import GameFile as GameFileLike
from scorekeeper.rules import N_, VARIANTS, InvalidHand, Problem
from scorekeeper.web.games.forms import HOUSE, LOCK_AT, SIMPLE, SUITS4, HouseRule, NewGameForm
from scorekeeper.web.i18n import problem_text


def _number(raw: str) -> int | str:
    """`raw` as a whole number, else as typed: the options parser names the problem. (Not
    str.isdigit: "²" is a digit to it that int() refuses, and so are 5,000 nines.)"""
    try:
        return int(raw)
    except ValueError:
        return raw


def _value(kind: str, raw: str) -> Any:
    raw = raw.strip()
    if kind == "bool":
        return raw == "true"
    if kind in ("int", "int?"):
        if kind == "int?" and raw.lower() in ("none", "off", "-"):
            return None
        return _number(raw)
    if kind == "choice" or kind.startswith("choice:"):
        return None if raw == "none" else _number(raw)
    return _number(raw)


def overrides(form: NewGameForm) -> dict[str, Any]:
    """The house rules changed on the form, in game-file shape (blank: the preset's value)."""
    out: dict[str, Any] = {}
    for name, (_label, kind, _c) in SIMPLE.items():
        raw = getattr(form, f"opt_{name}").data or ""
        if raw.strip():
            out[name] = _value(kind, raw)
    for name, rule in HOUSE.items():
        out.update(_house_rule(form, name, rule))
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


def _house_rule(form: NewGameForm, name: str, rule: HouseRule) -> dict[str, Any]:
    """One toggle and its numbers: off, a way of playing it, or the variant's own."""
    way = getattr(form, f"opt_{name}").data or ""
    typed = {
        sub: _value(kind, getattr(form, f"opt_{name}_{sub}").data or "")
        for sub, (_label, kind, _usual) in rule.subs.items()
        if (getattr(form, f"opt_{name}_{sub}").data or "").strip()
    }
    if way == "off":
        return {name: None}
    if way in rule.ways:
        values = {**rule.ways[way][1], **typed}
    elif typed:
        # numbers changed under "as the variant": the variant's rule with them, if it has one
        variant = form.variant.data
        own = (
            VARIANTS[variant].preset_options().to_dict().get(name) if variant in VARIANTS else None
        )
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
    if name == "lock":  # the one toggle whose option is a number, not a record
        return {name: values.get("at", LOCK_AT)}  # "Lock at 900" with no number typed
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
        field = (
            form.stake
            if name == "stake"
            else (getattr(form, f"opt_{name}", None) or getattr(form, name, None))
        )
        if field is None or isinstance(field, FieldList):
            form.form_errors.append(problem_text(p))
        else:
            field.errors = [*field.errors, problem_text(p)]
