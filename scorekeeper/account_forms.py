"""Forms of accounts: sign up, sign in, change the password, name a new API token."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import HiddenField, PasswordField, StringField
from wtforms.validators import EqualTo, InputRequired, Length, Regexp

from .auth import USERNAME, normal

MIN_PASSWORD = 8  # NIST SP 800-63B: at least 8, and no composition rules


def new_password(label: str, missing: str) -> PasswordField:
    """A password being chosen: sign-up and the account page ask the same of it."""
    return PasswordField(
        label,
        validators=[
            InputRequired(missing),
            Length(min=MIN_PASSWORD, max=200, message="At least 8 characters."),
        ],
        render_kw={"autocomplete": "new-password"},
    )


class SignUpForm(FlaskForm):  # type: ignore[misc]
    next = HiddenField()
    username = StringField(
        "Username",
        filters=[lambda v: normal(v) if isinstance(v, str) else v],
        validators=[
            InputRequired("Choose a username."),
            Regexp(
                f"^{USERNAME.pattern}$",
                message="3 to 40 letters, digits, dots, dashes or underscores, "
                "starting with a letter or digit.",
            ),
        ],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = new_password("Password", "Choose a password.")
    confirm = PasswordField(
        "Password again",
        validators=[EqualTo("password", message="The two passwords differ.")],
        render_kw={"autocomplete": "new-password"},
    )


class SignInForm(FlaskForm):  # type: ignore[misc]
    next = HiddenField()
    username = StringField(
        "Username",
        validators=[InputRequired("Enter your username.")],
        render_kw={"autocomplete": "username", "autocapitalize": "none"},
    )
    password = PasswordField(
        "Password",
        validators=[InputRequired("Enter your password.")],
        render_kw={"autocomplete": "current-password"},
    )


class PasswordForm(FlaskForm):  # type: ignore[misc]
    current = PasswordField(
        "Current password",
        validators=[InputRequired("Enter your current password.")],
        render_kw={"autocomplete": "current-password"},
    )
    new = new_password("New password", "Choose a new password.")


class TokenForm(FlaskForm):  # type: ignore[misc]
    name = StringField(
        "What the token is for",
        validators=[
            InputRequired("Name the token, e.g. the program that will use it."),
            Length(max=60, message="At most 60 characters."),
        ],
    )
