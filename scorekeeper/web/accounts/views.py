"""Signing in: sign up, sign in (throttled), sign out. The account page is account.py."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import login_user, logout_user
from werkzeug.wrappers import Response

from scorekeeper.services import accounts, devices
from scorekeeper.store.models import Account
from scorekeeper.web import access
from scorekeeper.web.accounts.forms import SignInForm, SignUpForm
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.i18n import chosen_language

bp = Blueprint("accounts", __name__)


def address() -> str:
    """The client's address, as the throttle counts it (PROXY_HOPS: the proxy's X-Forwarded-For)."""
    return request.remote_addr or "?"


def device() -> devices.Device | None:
    """What this browser's device cookie says (throttle.py), if it carries a valid one."""
    return devices.read_device(request.cookies.get(devices.DEVICE_COOKIE))


def _signed_in(account: Account, target: str | None) -> Response:
    """A fresh session at sign-in: nothing from before it (a planted session id) carries
    over, and the server keeps its row so that it can be ended (sign-out, a new
    password). The browser's device cookie now names the account: its owner is not held up by
    a stranger's guesses (throttle.py)."""
    before = session.get(access.SESSION_ID)
    if isinstance(before, str):  # signed in as someone else a moment ago: that one ends
        accounts.end_session(before)
    session.clear()
    login_user(account)  # never remember=True: the remember cookie could not be ended
    session[access.SESSION_ID] = accounts.start_session(account)
    session.permanent = True  # a phone at the table stays signed in (PERMANENT_SESSION_LIFETIME)
    response = redirect(access.safe_next(target))
    response.set_cookie(
        devices.DEVICE_COOKIE,
        devices.device_cookie(device(), account.id),
        max_age=int(devices.DEVICE_AGE.total_seconds()),
        httponly=True,
        samesite="Lax",
        secure=bool(current_app.config["SESSION_COOKIE_SECURE"]) or request.is_secure,
    )
    return response


def retry_after(t: accounts.Throttled) -> dict[str, str]:
    """The wait the page words, as a header (RFC 6585), like every other 429 (web/errors.py)."""
    return {"Retry-After": str(t.seconds)}


def wait_message(t: accounts.Throttled) -> str:
    """How long to wait, in seconds under a minute, else in whole minutes."""
    if t.seconds < 60:
        return str(
            ngettext(
                "Too many failed sign-ins: try again in %(num)d second.",
                "Too many failed sign-ins: try again in %(num)d seconds.",
                t.seconds,
            )
        )
    return str(
        ngettext(
            "Too many failed sign-ins: try again in %(num)d minute.",
            "Too many failed sign-ins: try again in %(num)d minutes.",
            -(-t.seconds // 60),
        )
    )


@bp.route("/signup", methods=["GET", "POST"])
def signup() -> Response | tuple[str, int, dict[str, str]]:
    form = SignUpForm()
    if request.method == "GET":
        form.next.data = request.args.get("next", "")
    status, headers = (422 if request.method == "POST" else 200), {}
    if form.validate_on_submit():
        try:
            account = accounts.sign_up(
                form.username.data, form.password.data, address(), chosen_language()
            )
        except accounts.Taken:
            form.username.errors.append(_("That username is taken; choose another."))
        except accounts.Throttled as t:
            status, headers = 429, retry_after(t)
            form.username.errors.append(
                ngettext(
                    "Too many new accounts from this address: try again in %(num)d minute.",
                    "Too many new accounts from this address: try again in %(num)d minutes.",
                    -(-t.seconds // 60),
                )
            )
        else:
            return _signed_in(account, form.next.data)
    return render_template("accounts/signup.html", form=form), status, headers


@bp.route("/signin", methods=["GET", "POST"])
def signin() -> Response | tuple[str, int, dict[str, str]]:
    form = SignInForm()
    if request.method == "GET":
        form.next.data = request.args.get("next", "")
    status, headers = 200, {}
    if form.validate_on_submit():
        try:
            account = accounts.sign_in(form.username.data, form.password.data, address(), device())
        except accounts.Throttled as t:
            status, headers = 429, retry_after(t)
            form.password.errors.append(wait_message(t))
        else:
            if account is not None:
                return _signed_in(account, form.next.data)
            status = 422
            form.password.errors.append(_("Wrong username or password."))
    elif request.method == "POST":
        status = 422
    return render_template("accounts/signin.html", form=form), status, headers


@bp.route("/signout", methods=["POST"])
def signout() -> Response:
    if ConfirmForm().validate_on_submit():
        sid = session.get(access.SESSION_ID)
        if isinstance(sid, str):
            accounts.end_session(sid)  # a copy of the cookie signs nobody in now
        logout_user()
        session.clear()
    return redirect(url_for("accounts.signin"))
