"""The account page: password, signed-in browsers, API tokens and deleted games."""

# A deleted game is restored from here (web/games/menu.py).

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, session, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import logout_user
from werkzeug.wrappers import Response

from scorekeeper.services import accounts
from scorekeeper.store import queries
from scorekeeper.web import access
from scorekeeper.web.accounts import views as signing
from scorekeeper.web.accounts.forms import PasswordForm, TokenForm
from scorekeeper.web.forms import ConfirmForm

bp = Blueprint("account", __name__, url_prefix="/account")
bp.before_request(access.require_sign_in)


def _page(status: int = 200, **forms: object) -> tuple[str, int]:
    account = access.me()
    sid = session.get(access.SESSION_ID)
    # this browser first, then the others, the latest seen first
    mine = [(b, accounts.is_this(b, sid)) for b in accounts.sessions(account)]
    browsers = sorted(mine, key=lambda bt: not bt[1])
    return render_template(
        "accounts/account.html",
        account=account,
        tokens=accounts.tokens(account),
        browsers=browsers,
        password=forms.get("password") or PasswordForm(formdata=None),
        token_form=forms.get("token_form") or TokenForm(formdata=None),
        confirm=ConfirmForm(formdata=None),
        new_token=session.pop("new_token", None),
        deleted=queries.deleted_games(account.id),
    ), status


@bp.route("")
def page() -> tuple[str, int]:
    return _page()


@bp.route("/password", methods=["POST"])
def password() -> Response | tuple[str, int] | tuple[str, int, dict[str, str]]:
    form = PasswordForm()
    if form.validate_on_submit():
        try:
            changed = accounts.change_password(
                access.me(), form.current.data, form.new.data, signing.address(), signing.device()
            )
        except accounts.Throttled as t:
            form.current.errors.append(signing.wait_message(t))
            page, status = _page(429, password=form)
            return page, status, signing.retry_after(t)
        if changed is not None:
            session[access.SESSION_ID], tokens = changed
            flash(_("Password changed. Every other browser is signed out."), "done")
            _tokens_ended(tokens)
            return redirect(url_for("account.page"))
        form.current.errors.append(_("That is not your current password."))
    return _page(422, password=form)


@bp.route("/signout-everywhere", methods=["POST"])
def signout_everywhere() -> Response:
    """Ends every session of the account, this one too, and its API tokens."""
    if not ConfirmForm().validate_on_submit():
        return redirect(url_for("account.page"))
    tokens = accounts.end_sessions(access.me())
    logout_user()
    session.clear()
    flash(_("Signed out on every browser."), "done")
    _tokens_ended(tokens)
    return redirect(url_for("accounts.signin"))


def _tokens_ended(count: int) -> None:
    """Says that the account's API tokens ended too, when it had any."""
    if count:
        flash(
            ngettext(
                "Your API token was ended too: make a new one for a program you still use.",
                "Your %(num)d API tokens were ended too: make new ones for the programs you "
                "still use.",
                count,
            ),
            "done",
        )


@bp.route("/tokens", methods=["POST"])
def token_new() -> Response | tuple[str, int]:
    form = TokenForm()
    if form.validate_on_submit():
        # shown once, on the page the redirect leads to; only its digest is stored
        session["new_token"] = accounts.new_token(access.me(), form.name.data.strip())
        return redirect(url_for("account.page", _anchor="tokens"))
    return _page(422, token_form=form)


@bp.route("/tokens/<int:token_id>/revoke", methods=["POST"])
def token_revoke(token_id: int) -> Response:
    if ConfirmForm().validate_on_submit():
        if not accounts.revoke_token(access.me(), token_id):
            abort(404)
        flash(_("Token revoked: it no longer opens the API."), "done")
    return redirect(url_for("account.page", _anchor="tokens"))
