"""A season's form: its name, its N and its events (the account's, ticked)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import StringField

from scorekeeper.rules.errors import Problem
from scorekeeper.web.formbase import Form
from scorekeeper.web.i18n import translator


class SeasonForm(Form):
    """N is typed as text: the service says what is wrong with "1.5" or "two" at the field
    (a number input would let the browser drop it unsaid)."""

    name = StringField(_l("Name of the season"), render_kw={"maxlength": 120})
    best = StringField(
        _l("Results that count: each player's best"),
        render_kw={"inputmode": "numeric", "maxlength": 4, "autocomplete": "off"},
    )


def take_problems(form: SeasonForm, problems: tuple[Problem, ...]) -> list[str]:
    """Each problem at its field; the events' (a list of boxes) returned to show above them."""
    tr = translator()
    rest = []
    for p in problems:
        if p.field in ("name", "best"):
            form[p.field].errors = [*form[p.field].errors, p.text(tr)]
        else:
            rest.append(p.text(tr))
    return rest
