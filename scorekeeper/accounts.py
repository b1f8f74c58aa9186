"""Signing in: sign up, sign in (throttled), sign out. The account page is account.py."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import login_user, logout_user
from werkzeug.wrappers import Response

from . import access, auth
from .account_forms import SignInForm, SignUpForm
from .forms import ConfirmForm
from .i18n import chosen_language
from .models import Account

bp = Blueprint("accounts", __name__)


def _start_session(account: Account) -> None:
    # a fresh session at sign-in: nothing from before it (a planted session id) carries over
    session.clear()
    login_user(account)
    session.permanent = True  # a phone at the table stays signed in (PERMANENT_SESSION_LIFETIME)


@bp.route("/signup", methods=["GET", "POST"])
def signup() -> Response | tuple[str, int]:
    form = SignUpForm()
    if request.method == "GET":
        form.next.data = request.args.get("next", "")
    if form.validate_on_submit():
        try:
            account = auth.sign_up(form.username.data, form.password.data, chosen_language())
        except auth.Taken:
            form.username.errors.append(_("That username is taken; choose another."))
        else:
            _start_session(account)
            return redirect(access.safe_next(form.next.data))
    return render_template("accounts/signup.html", form=form), (
        422 if request.method == "POST" else 200
    )


@bp.route("/signin", methods=["GET", "POST"])
def signin() -> Response | tuple[str, int]:
    form = SignInForm()
    if request.method == "GET":
        form.next.data = request.args.get("next", "")
    status = 200
    if form.validate_on_submit():
        try:
            account = auth.sign_in(
                form.username.data, form.password.data, request.remote_addr or "?"
            )
        except auth.Throttled as t:
            status = 429
            form.password.errors.append(
                ngettext(
                    "Too many failed sign-ins: try again in %(num)d minute.",
                    "Too many failed sign-ins: try again in %(num)d minutes.",
                    t.minutes,
                )
            )
        else:
            if account is not None:
                _start_session(account)
                return redirect(access.safe_next(form.next.data))
            status = 422
            form.password.errors.append(_("Wrong username or password."))
    elif request.method == "POST":
        status = 422
    return render_template("accounts/signin.html", form=form), status


@bp.route("/signout", methods=["POST"])
def signout() -> Response:
    if ConfirmForm().validate_on_submit():
        logout_user()
        session.clear()
    return redirect(url_for("accounts.signin"))
