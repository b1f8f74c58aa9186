"""Forms of accounts: sign up, sign in, change the password, name a new API token."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from wtforms import HiddenField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length, Regexp

from scorekeeper.rules.bounds import TOKEN_NAME_MAX
from scorekeeper.services.accounts import USERNAME, normal
from scorekeeper.web.fields import Bounded
from scorekeeper.web.formbase import Form

MIN_PASSWORD = 8  # NIST SP 800-63B: at least 8, and no composition rules


def new_password(label: Any, missing: Any) -> PasswordField:
    """A password being chosen: sign-up and the account page ask the same of it (`label` and
    `missing` are lazy strings: translated when the form is shown)."""
    return PasswordField(
        label,
        validators=[
            InputRequired(missing),
            Length(min=MIN_PASSWORD, max=200, message=_l("At least 8 characters.")),
        ],
        render_kw={"autocomplete": "new-password"},
    )


class SignUpForm(Form):
    next = HiddenField()
    username = StringField(
        _l("Username"),
        filters=[lambda v: normal(v) if isinstance(v, str) else v],
        validators=[
            InputRequired(_l("Choose a username.")),
            Regexp(
                f"^{USERNAME.pattern}$",
                message=_l(
                    "3 to 40 letters, digits, dots, dashes or underscores, "
                    "starting with a letter or digit."
                ),
            ),
        ],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = new_password(_l("Password"), _l("Choose a password."))
    confirm = PasswordField(
        _l("Password again"),
        validators=[EqualTo("password", message=_l("The two passwords differ."))],
        render_kw={"autocomplete": "new-password"},
    )


class SignInForm(Form):
    next = HiddenField()
    username = StringField(
        _l("Username"),
        validators=[InputRequired(_l("Enter your username."))],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = PasswordField(
        _l("Password"),
        validators=[InputRequired(_l("Enter your password."))],
        render_kw={"autocomplete": "current-password"},
    )


class PasswordForm(Form):
    current = PasswordField(
        _l("Current password"),
        validators=[InputRequired(_l("Enter your current password."))],
        render_kw={"autocomplete": "current-password"},
    )
    new = new_password(_l("New password"), _l("Choose a new password."))


class TokenForm(Form):
    name = StringField(
        _l("What the token is for"),
        validators=[
            InputRequired(_l("Name the token, e.g. the program that will use it.")),
            Bounded(TOKEN_NAME_MAX),  # within its column, no control characters (NUL)
        ],
    )
