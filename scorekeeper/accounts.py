"""Pages of accounts: sign up, sign in (throttled), sign out, and the account page with its
password and personal API tokens."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, session, url_for
from flask_login import login_user, logout_user
from werkzeug.wrappers import Response

from . import access, auth
from .account_forms import PasswordForm, SignInForm, SignUpForm, TokenForm
from .forms import ConfirmForm
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
            account = auth.sign_up(form.username.data, form.password.data)
        except auth.Taken:
            form.username.errors.append("That username is taken; choose another.")
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
                "Too many failed sign-ins: try again in "
                f"{t.minutes} minute{'s' if t.minutes != 1 else ''}."
            )
        else:
            if account is not None:
                _start_session(account)
                return redirect(access.safe_next(form.next.data))
            status = 422
            form.password.errors.append("Wrong username or password.")
    elif request.method == "POST":
        status = 422
    return render_template("accounts/signin.html", form=form), status


@bp.route("/signout", methods=["POST"])
def signout() -> Response:
    if ConfirmForm().validate_on_submit():
        logout_user()
        session.clear()
    return redirect(url_for("accounts.signin"))


def _page(status: int = 200, **forms: object) -> tuple[str, int]:
    account = access.me()
    return render_template(
        "accounts/account.html",
        account=account,
        tokens=auth.tokens(account),
        password=forms.get("password") or PasswordForm(formdata=None),
        token_form=forms.get("token_form") or TokenForm(formdata=None),
        confirm=ConfirmForm(formdata=None),
        new_token=session.pop("new_token", None),
    ), status


@bp.route("/account")
def account() -> tuple[str, int]:
    return _page()


@bp.before_request
def _signed_in_for_account_pages() -> Any:
    if request.endpoint and request.endpoint.startswith("accounts.account"):
        return access.require_sign_in()
    return None


@bp.route("/account/password", methods=["POST"])
def account_password() -> Response | tuple[str, int]:
    form = PasswordForm()
    if form.validate_on_submit():
        if auth.change_password(access.me(), form.current.data, form.new.data):
            flash("Password changed.", "done")
            return redirect(url_for("accounts.account"))
        form.current.errors.append("That is not your current password.")
    return _page(422, password=form)


@bp.route("/account/tokens", methods=["POST"])
def account_token_new() -> Response | tuple[str, int]:
    form = TokenForm()
    if form.validate_on_submit():
        # shown once, on the page the redirect leads to; only its digest is stored
        session["new_token"] = auth.new_token(access.me(), form.name.data.strip())
        return redirect(url_for("accounts.account", _anchor="tokens"))
    return _page(422, token_form=form)


@bp.route("/account/tokens/<int:token_id>/revoke", methods=["POST"])
def account_token_revoke(token_id: int) -> Response:
    if ConfirmForm().validate_on_submit():
        if not auth.revoke_token(access.me(), token_id):
            abort(404)
        flash("Token revoked: it no longer opens the API.", "done")
    return redirect(url_for("accounts.account", _anchor="tokens"))
