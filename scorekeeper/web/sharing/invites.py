"""Co-scorers: the owner's invite link lets another account log and correct hands."""

# Not share, invite or remove: the owner renews or revokes the link and removes co-scorers.

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from werkzeug.wrappers import Response

from scorekeeper.services import games as sharing
from scorekeeper.store import derived, queries
from scorekeeper.store.models import Game
from scorekeeper.web import access, addresses
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.rulebook import text as rulebook_text

bp = Blueprint("invites", __name__)


@bp.before_request
def _sign_in_first() -> Any:
    """Everything here needs an account, except that an invite link opened signed out first
    says what it invites to (join), then leads to sign in or sign up and back."""
    if request.endpoint == "invites.join" and request.method == "GET":
        return None
    return access.require_sign_in()


def address(game: Game) -> addresses.Link | None:
    """The invite link at an address other phones can open (web/addresses.py), for the owner."""
    if game.owner_id != access.me().id or not game.invite_token:
        return None
    return addresses.link("invites.join", game_id=game.id, token=game.invite_token)


def context(game: Game) -> dict[str, Any]:
    """What the share page shows of invitations (all of it to the owner only)."""
    owner = game.owner_id == access.me().id
    invite = address(game)
    return {
        "owner": owner,
        "invite_url": invite.url if invite else None,
        "scorers": queries.scorers(game) if owner else [],
    }


@bp.route("/games/<int:game_id>/invite", methods=["POST"])
def invite(game_id: int) -> Response:
    """A new invite link (the old one stops working), or with revoke, none."""
    game = access.game_or_404(game_id, owner=True)
    if ConfirmForm().validate_on_submit():
        sharing.set_link(
            game, "invite_token", None if request.form.get("revoke") else secrets.token_urlsafe(24)
        )
    return redirect(url_for("live.share", game_id=game_id, _anchor="invite"))


@bp.route("/join/<int:game_id>/<token>", methods=["GET", "POST"])
def join(game_id: int, token: str) -> Response | str:
    """Asks first (GET), then makes the signed-in account a co-scorer of the game (POST)."""
    game = access.game_by_link(game_id, token, "invite_token")
    signed_in = current_user.is_authenticated
    if signed_in and queries.is_scorer(game, access.me().id):
        return redirect(url_for("games.show", game_id=game_id))
    form = ConfirmForm()
    if signed_in and form.validate_on_submit():
        sharing.add_scorer(game, access.me().id)
        flash(_("You can now log and correct the hands of this game."), "done")
        return redirect(url_for("games.show", game_id=game_id))
    return render_template(
        "invites/join.html",
        game=game,
        form=form,
        names=derived.names(game),
        owner=queries.account(game.owner_id),
        # signed out: sign in or sign up, then back here to join (access.safe_next)
        here=None if signed_in else request.path,
        variant=dict((k, line) for k, _seats, line in rulebook_text.presets())[game.variant],
        hands=sum(1 for line in derived.tally(game).lines if line.kind == "hand"),
    )


@bp.route("/games/<int:game_id>/scorers/<int:scorer_id>/remove", methods=["POST"])
def remove(game_id: int, scorer_id: int) -> Response:
    game = access.game_or_404(game_id, owner=True)
    if ConfirmForm().validate_on_submit():
        sharing.remove_scorer(game, scorer_id)
    return redirect(url_for("live.share", game_id=game_id, _anchor="invite"))
