"""The live view: a read-only link (and its QR code) that follows the score on every phone."""

# The link is /live/<game id>/<token>: the token is long and random, compared in constant time
# (access.game_by_link), and revoked by making a new one or none. The page asks for the state every
# few seconds with the game's version as its ETag; while nothing changes the answer is an empty 304,
# which any worker can give, since the version is in the database (web/livecheck.py gives most of
# them before Flask).

from __future__ import annotations

import io
import secrets
from typing import Any

import segno
from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.wrappers import Response

from scorekeeper.rules import formspec
from scorekeeper.services import games as sharing
from scorekeeper.store import derived, memo
from scorekeeper.store.models import Game
from scorekeeper.web import access, addresses
from scorekeeper.web.forms import ConfirmForm
from scorekeeper.web.livecheck import live_etag
from scorekeeper.web.sharing import invites

bp = Blueprint("live", __name__)


def qr_svg(url: str) -> Markup:
    """The link as an inline SVG QR code, made on the server (no script, no other host)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        scale=5,
        title=_("QR code of the live score link"),
        dark="#000",
        light="#fff",
    )
    return Markup(out.getvalue().decode())


def link(game: Game) -> addresses.Link | None:
    """The live link at an address other phones can open, if one is known (web/addresses.py)."""
    if not game.share_token:
        return None
    return addresses.link("live.view", game_id=game.id, token=game.share_token)


@bp.route("/games/<int:game_id>/share", methods=["GET", "POST"])
def share(game_id: int) -> Response | str:
    """Shows the live link and its QR code (to every scorer, to show at the table); POST, by
    the owner only, makes a new link (the old one stops working) or, with revoke, removes it."""
    game = access.game_or_404(game_id, owner=request.method == "POST")
    form = ConfirmForm()
    if request.method == "POST" and form.validate_on_submit():
        sharing.set_link(
            game, "share_token", None if request.form.get("revoke") else secrets.token_urlsafe(24)
        )
        return redirect(url_for("live.share", game_id=game_id))
    live = link(game)
    return render_template(
        "live/share.html",
        game=game,
        form=form,
        url=live.url if live else None,
        qr=qr_svg(live.url) if live else None,
        # the first link on the page says where its address came from (share.html)
        address=live or invites.address(game),
        **invites.context(game),
    )


@bp.route("/live/<int:game_id>/<token>")
def view(game_id: int, token: str) -> str:
    """The read-only score; `?big=1` for a tablet or a TV."""
    game = access.game_by_link(game_id, token, "share_token")
    return render_template(
        "live/view.html",
        **_state(game),
        big=bool(request.args.get("big")),
        token=token,
        etag=live_etag(game.id, game.version),  # the first check is already a 304
    )


@bp.route("/live/<int:game_id>/<token>/state")
def state(game_id: int, token: str) -> Response | tuple[str, int, dict[str, str]]:
    """The live board as an HTML fragment, or 304 while the game's version is unchanged (most
    304s are answered before Flask: web/livecheck.py)."""
    game = access.game_by_link(game_id, token, "share_token")
    etag = live_etag(game.id, game.version)
    if etag in request.headers.get("If-None-Match", ""):
        return "", 304, {"ETag": etag, "Cache-Control": "no-cache"}
    big = bool(request.args.get("big"))
    # every follower of the game asks for the same board after a hand: rendered once per
    # version, language and size (memo.py), as the game page's list of hands is
    body = memo.memos().sheets.get_or_make(
        ("live", game.id, game.version, str(get_locale()), big),
        lambda: render_template("live/_board.html", **_state(game), big=big),
    )
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if derived.tally(game).finished:
        headers["X-Live-Finished"] = "1"  # the page stops asking (static/app.js)
    return body, 200, headers


def _state(game: Game) -> dict[str, Any]:
    tally = derived.tally(game)
    names = derived.names(game)
    rules = derived.rules_for(game)
    return {
        "game": game,
        "tally": tally,
        "names": names,
        # the marks beside each total, as the game page has them (games/_chips.html)
        "chips": [formspec.chips(rules, p, tally.finished) for p in tally.players],
        "recent": list(reversed(tally.lines[-8:])),
        # who declared what in each line, as the game page's sheet says it (games/_line.html)
        "facts": derived.rule_lines(game),
    }
