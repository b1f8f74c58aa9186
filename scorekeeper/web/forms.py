"""What every form that writes a line carries, the adjustment form, and a confirmation."""

# A line's form carries the version it was made from, a one-time token and the change's reason; the
# confirmation is that of a delete or an undo.

from __future__ import annotations

import secrets
from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import FieldList, HiddenField, IntegerField, StringField
from wtforms.validators import InputRequired, Length, Optional, Regexp, ValidationError

from scorekeeper.rules import Adjustment, InvalidHand
from scorekeeper.rules.bounds import FORM_TOKEN_MAX, REASON_MAX
from scorekeeper.web.fields import NUMERIC, Bounded, MultiCheckbox
from scorekeeper.web.formbase import Form
from scorekeeper.web.i18n import problem_text
from scorekeeper.web.posted import whole


def page_token() -> HiddenField:
    """A form's one-time token, made by its page (secrets.token_urlsafe): anything else was
    not posted by this page. Its error is said at the top of the form (the field is hidden)."""
    return HiddenField(validators=[Length(max=FORM_TOKEN_MAX), Regexp(r"^[A-Za-z0-9_-]*\Z")])


class LineForm(Form):
    """What every write of a line carries: the version it was made from, and a one-time token."""

    version = HiddenField()
    token = page_token()
    change_reason = StringField(
        _l("Why the change (optional, kept in the trail)"),
        validators=[Bounded(REASON_MAX, lines=True)],
    )
    group_errors: dict[str, list[str]] = {}

    def validate(self, extra_validators: Any = None) -> bool:
        ok: bool = super().validate(extra_validators)
        if self.token.errors:  # a hidden field: said at the top of the form
            self.form_errors.append(
                _l("This form was not made by this page: open it again and enter the line.")
            )
        return ok

    def prepare(self, version: int) -> None:
        if not self.version.data:
            self.version.data = str(version)
        if not self.token.data:
            self.token.data = secrets.token_urlsafe(16)

    def posted_version(self) -> int | None:
        try:
            return int(self.version.data)
        except (TypeError, ValueError):
            return None

    def take_problems(self, error: InvalidHand) -> None:
        """Puts each rule problem at the field it names: a seat's own box where the problem is
        one seat's, else under the group (`group_errors`), else at the top of the form."""
        self.group_errors: dict[str, list[str]] = {}
        for p in error.problems:
            name = _FIELDS.get(p.field, p.field)
            field = getattr(self, name, None)
            if isinstance(field, FieldList):
                if p.seat is not None and p.seat < len(field):
                    field[p.seat].errors = [*field[p.seat].errors, problem_text(p)]
                else:
                    self.group_errors.setdefault(name, []).append(problem_text(p))
            elif field is not None and name != "form_errors":
                field.errors = [*field.errors, problem_text(p)]
            else:
                self.form_errors.append(problem_text(p))


_FIELDS = {"adjustment": "values", "hand": "form_errors"}


class AdjustmentForm(LineForm):
    values = FieldList(IntegerField(_l("Points"), validators=[Optional()], render_kw=NUMERIC))
    # A seat's "−" toggle takes its number as a minus: iOS's number pad (inputmode=numeric) has
    # no minus key. A number typed with its minus stays a minus (docs/table.md, "Adjustments").
    minus = MultiCheckbox()
    # the rules bound the reason (rules.bounds.REASON_MAX), as they do a game file's
    reason = StringField(
        _l("Reason"), validators=[InputRequired(_l("say why: a penalty, a correction"))]
    )

    def setup(self, seats: int) -> None:
        while len(self.values) < seats:
            self.values.append_entry()

    def validate_minus(self, field: MultiCheckbox) -> None:
        if not set(field.data or ()) <= {str(s) for s in range(len(self.values))}:
            raise ValidationError(_l("A minus was ticked for no player: tick it again."))

    def minus_seats(self) -> set[int]:
        return {s for s in map(whole, self.minus.data or ()) if s is not None}

    def to_line(self, seats: int) -> Adjustment:
        minus = self.minus_seats()
        values = [e.data or 0 for e in self.values][:seats]
        return Adjustment(
            tuple(-abs(v) if s in minus else v for s, v in enumerate(values)),
            (self.reason.data or "").strip(),
        )


class ConfirmForm(LineForm):
    """Delete and undo: only the version (and CSRF)."""
