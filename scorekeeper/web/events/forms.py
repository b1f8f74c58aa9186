"""The director's forms: a new event (its rules once for every table), players, draw, seating."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, Field, SelectField, StringField, TextAreaField
from wtforms.validators import Optional

from scorekeeper.events import FORMAT, EventProblem, InvalidEvent
from scorekeeper.events.numbers import Exact
from scorekeeper.rules import VARIANTS, InvalidHand
from scorekeeper.web.formbase import Form
from scorekeeper.web.games.forms import NewGameForm
from scorekeeper.web.games.newgame import overrides, take_problems
from scorekeeper.web.i18n import translator
from scorekeeper.web.posted import whole
from scorekeeper.web.words import VARIANT_NAMES, opts

#: the table sizes a preset is played at, largest first (the usual club table first)
SIZES = sorted({cls.seats for cls in VARIANTS.values()}, reverse=True)


def presets_of(size: int) -> list[str]:
    return [key for key, cls in VARIANTS.items() if cls.seats == size]


class EventForm(NewGameForm):
    """A new event: the new-game form's option fields (one set of rules for every table, read
    against the preset of the preferred size), and the event's own fields. Its `variant` is
    not shown: it is the preset of the first size."""

    name = StringField(_l("Name of the event"), render_kw={"maxlength": 120})
    first = SelectField(
        _l("The draw prefers tables of"),
        default=str(SIZES[0]),
        choices=opts([(str(s), _l("%(seats)s players", seats=s)) for s in SIZES]),
    )
    ranking = SelectField(
        _l("Ranking"),
        default="points",
        choices=opts(
            [
                ("points", _l("match points, then small points, then tables won")),
                ("totals", _l("small points (final totals), then match points, then won")),
                ("margin", _l("margin over the table, then match points, then small points")),
            ]
        ),
    )
    bye = StringField(_l("Match points of a bye"), validators=[Optional()])
    confirm = BooleanField(_l("Every hand is confirmed by a player of the table"))


def _add_sizes() -> None:
    for size in SIZES:
        choices = [("", _l("no tables of %(seats)s", seats=size))]
        # by the name players give the variant (all of one size have the same number of players)
        choices += [(key, VARIANT_NAMES.get(key, key)) for key in presets_of(size)]
        setattr(
            EventForm,
            f"size_{size}",
            SelectField(_l("Tables of %(seats)s", seats=size), default="", choices=opts(choices)),
        )
        setattr(
            EventForm,
            f"points_{size}",
            StringField(
                _l("Match points by place at a table of %(seats)s", seats=size),
                validators=[Optional()],
                render_kw={"placeholder": " ".join(str(size - p) for p in range(1, size + 1))},
            ),
        )


_add_sizes()


def _number(text: str) -> Any:
    """A number as the event file reads it (exact decimals); anything else as typed, for the
    reader to say what is wrong."""
    text = text.strip().replace(",", ".")
    if re.fullmatch(r"-?\d{1,7}", text):
        return int(text)
    if re.fullmatch(r"-?\d{1,7}\.\d{1,8}", text):
        return Exact(text)
    return text


def header(form: EventForm) -> dict[str, Any]:
    """The form as an event file with no player yet (InvalidHand: an option's problem)."""
    chosen = {size: form[f"size_{size}"].data for size in SIZES if form[f"size_{size}"].data}
    first = whole(form.first.data) or SIZES[0]
    order = sorted(chosen, key=lambda s: (s != first, -s))
    # the options are read against the preset of the preferred size, as the new-game form
    # reads them against its variant ("as the variant" for a house rule)
    form.variant.data = chosen[order[0]] if order else "pl-3"
    out: dict[str, Any] = {
        "format": FORMAT,
        "players": [],
        "rounds": [],
        "name": form.name.data or "",
        "tables": {str(size): chosen[size] for size in order},
        "options": overrides(form),
        "ranking": form.ranking.data,
        "confirm": bool(form.confirm.data),
    }
    points = {}
    for size in SIZES:
        typed = (form[f"points_{size}"].data or "").strip()
        if typed:
            points[str(size)] = [_number(x) for x in re.split(r"[\s;]+", typed) if x]
    if points:
        out["points"] = points
    if (form.bye.data or "").strip():
        out["bye"] = _number(form.bye.data)
    return out


def _field_of(problem: EventProblem) -> str:
    """The form field an event problem belongs at."""
    field = problem.problem.field
    if field == "points":
        params = problem.problem.params or {}
        size = params.get("size") or params.get("key")
        return f"points_{size}" if str(size).isdigit() else "points_error"
    return {"tables": f"size_{SIZES[0]}"}.get(field, field)


def take_event_problems(form: EventForm, error: InvalidEvent | InvalidHand) -> None:
    """Each problem at its field; an option's at the option's box (the new-game form's way)."""
    if isinstance(error, InvalidHand):
        take_problems(form, error)
        return
    tr = translator()
    options = []
    for p in error.problems:
        name = _field_of(p)
        target = form[name] if name in form else None
        if target is None:
            options.append(p.problem)
        elif isinstance(target, Field):
            target.errors = [*target.errors, p.problem.text(tr)]
    if options:
        take_problems(form, InvalidHand(options))


class PlayersForm(Form):
    """The entrants in order, one name a line; the account's players ticked join them."""

    names = TextAreaField(_l("Players, one name a line"), render_kw={"rows": 12})


class DrawForm(Form):
    method = SelectField(
        _l("Draw"),
        default="random",
        choices=opts(
            [
                ("random", _l("at random, the fewest players meeting again")),
                ("standings", _l("by the standings, the leaders together")),
            ]
        ),
    )
