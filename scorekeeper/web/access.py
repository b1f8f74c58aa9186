"""Who may see what: the signed-in account (session or API token) and its access to a game."""

# A game is seen and scored by its owner and its co-scorers; to anyone else it does not exist (404,
# never 403, so that guessing ids tells nothing). Only the owner shares or invites. A table of an
# event is also scored through its table link, without an account (web/events/links.py): the
# grant opens that game's TABLE_ENDPOINTS and nothing else.

from __future__ import annotations

import hmac
from typing import Any, NoReturn
from urllib.parse import unquote, urlsplit

from flask import (
    Flask,
    Request,
    Response,
    abort,
    flash,
    g,
    make_response,
    redirect,
    request,
    session,
    url_for,
)
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext
from flask_login import current_user

from scorekeeper.extensions import login
from scorekeeper.services import accounts
from scorekeeper.store import queries
from scorekeeper.store.models import Account, Game
from scorekeeper.web.posted import whole

# the session cookie's random id of its signed-in browser (accounts.start_session): the server's
# account_session row must still exist for the cookie to sign anyone in (so a session can end)
SESSION_ID = "session_id"


# answers that are the same for everyone, kept a year under a fingerprinted URL
# (web/fingerprints.py) or, the modules, by the service worker: no session cookie and no
# `Vary: Cookie` on them, which would make a browser ask again whenever the (refreshed) session
# cookie changed
SESSIONLESS = frozenset({"static", "engine.module", "engine.messages"})
#: fragments a page already open asks for every few seconds (the live view, the room's screen):
#: they read the session but do not send its cookie again (~0.4 KB an answer, and the page's
#: own load refreshed it), nor a page's Permissions-Policy (they are no document)
POLLED = frozenset(
    {"live.state", "room.changes", "streams.live", "streams.game", "streams.room"}
)


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie is Secure whenever the request came over HTTPS (behind a proxy:
    with PROXY_HOPS set, so that ProxyFix reads X-Forwarded-Proto), and always when
    SESSION_COOKIE_SECURE says so. It is not sent with SESSIONLESS answers, nor with a 304."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure

    def save_session(self, app: Flask, session: Any, response: Response) -> None:
        # a 304 that changed nothing sends no cookie again (a followers' poll is mostly 304s,
        # and the refreshed cookie was ~0.4 KB of each): the next 200 refreshes it
        if (response.status_code == 304 or request.endpoint in POLLED) and not session.modified:
            return
        if request.endpoint not in SESSIONLESS:
            super().save_session(app, session, response)


def init_app(app: Flask) -> None:
    login.user_loader(_load)
    login.request_loader(_bearer)
    login.unauthorized_handler(_unauthorized)
    login.init_app(app)
    app.session_interface = SessionInterface()
    app.before_request(_load_first)
    app.jinja_env.globals["table_phone"] = table_phone


def _load_first() -> None:
    """The signed-in account is read before any view runs: its "last seen" write (a commit)
    then never lands in the middle of a view's own transaction."""
    if request.endpoint != "static":
        current_user._get_current_object()


def _load(account_id: str) -> Account | None:
    """Flask-Login's user loader: the session cookie signs in only while its browser's row
    is on the server. Flask-Login's "remember me" cookie is never set; were one sent, it too
    would come here and find no session id."""
    sid = session.get(SESSION_ID)
    account = (
        accounts.session_account(number, sid)
        if (number := whole(account_id)) is not None and isinstance(sid, str)
        else None
    )
    if account is None:  # ended elsewhere: the cookie forgets it too
        session.pop("_user_id", None)
        session.pop(SESSION_ID, None)
    return account


def _bearer(req: Request) -> Account | None:
    """The API also takes `Authorization: Bearer <personal token>` (pages do not: a form
    needs the session and its CSRF token)."""
    if not req.path.startswith("/api/"):
        return None
    scheme, _, token = req.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    found = accounts.token_account(token.strip())
    if found is None:
        return None
    g.api_token = found
    return found.account


def _unauthorized() -> Any:
    if request.path.startswith("/api/"):
        return (
            {"errors": ["sign in, or send Authorization: Bearer <your API token>"]},
            401,
            {"WWW-Authenticate": 'Bearer realm="scorekeeper"'},
        )
    return redirect(url_for("accounts.signin", next=request.full_path.rstrip("?")))


#: what a table link's grant opens, for its game only: the score, its chart, a hand explained,
#: the game's rules (read), and logging, correcting, deleting, undoing and restoring its lines,
#: through the pages or the API (a table's phone scores offline as an account's does: its
#: outbox is kept under "table-<id>", the page's data-account)
TABLE_ENDPOINTS = frozenset(
    {
        "games.show",
        "games.chart",
        "games.explain",
        "hands.new",
        "hands.edit",
        "hands.preview",
        "hands.adjust",
        "hands.delete",
        "hands.undo",
        "hands.restore",
        "rulebook.game_rules",
        "tables.confirm",
        "streams.game",  # the game page's changes, pushed (web/streams.py)
        # the offline code's (static/offline/): the game file it scores from with no
        # connection, and the lines it sends once the connection is back
        "api.read",
        "api.file",
        "api.add",
        "api.replace",
        "api.remove",
    }
)


#: what a table's phone may no longer do once its round is closed (the director's lock,
#: docs/events.md): every change of a line; reading, and confirming a hand, stay open
TABLE_WRITES = frozenset(
    {
        "hands.new",
        "hands.edit",
        "hands.adjust",
        "hands.delete",
        "hands.undo",
        "hands.restore",
        "api.add",
        "api.replace",
        "api.remove",
    }
)


def locked(grant: Any) -> bool:
    """Whether a table link's grant is of a table whose round the director closed."""
    return grant is not None and grant[1].closed_at is not None


def _refuse_locked(game_id: int, grant: Any) -> NoReturn:
    """A table's phone asked to change a line of a closed round: said, nothing changed."""
    message = gettext(
        "Round %(round)s is closed: only the director changes its hands now.",
        round=grant[1].number,
    )
    if request.blueprint == "api":
        abort(make_response({"errors": [message]}, 403))
    flash(message, "conflict")
    abort(redirect(url_for("games.show", game_id=game_id)))


def _table_grant() -> Any:
    """The event table whose game this request may score by its table link, or None."""
    if request.endpoint not in TABLE_ENDPOINTS:
        return None
    if "table_grant" not in g:
        from scorekeeper.web.events import links

        g.table_grant = links.granted((request.view_args or {}).get("game_id"))
    return g.table_grant


def by_table_link(game: Game) -> Any:
    """The event table (with its round and event) through whose link alone this request sees
    `game`, or None for its scorers: its page then offers only what the grant can do (no
    sharing, export or game menu, which would ask the table's phone to sign in)."""
    grant = _table_grant()
    if grant is None or grant[0].game_id != game.id:
        return None
    if current_user.is_authenticated and queries.is_scorer(game, me().id):
        return None
    return grant


def table_phone() -> Any:
    """The table (with its round and event) a phone with no account scores by its link on
    this page, or None: the page's header names the table where it would offer to sign in."""
    if current_user.is_authenticated:
        return None
    return _table_grant()


def require_sign_in() -> Any:
    """A blueprint's before_request: the sign-in page (or a 401 for the API) if nobody is;
    a table link's holder passes for its game's TABLE_ENDPOINTS."""
    if not current_user.is_authenticated and _table_grant() is None:
        return login.unauthorized()
    return None


#: the account a phone's waiting line belongs to, sent with it (static/offline/sync.js)
ACCOUNT_ID = "X-Account-Id"


def require_same_account() -> Any:
    """A blueprint's before_request, after require_sign_in: 403 for a request that names
    another account than the one signed in. A tab of an account that was replaced on this phone
    (someone else signed in in another tab) may still send that account's waiting hands: they
    are not stored under the one signed in now, and stay on the phone until theirs signs in."""
    claimed = request.headers.get(ACCOUNT_ID)
    if claimed is not None and current_user.is_authenticated and claimed != str(me().id):
        return {"errors": ["this phone is signed in as another account now: nothing stored"]}, 403
    return None


def me() -> Account:
    return current_user._get_current_object()  # type: ignore[no-any-return]


def who() -> str:
    """How the trail names the one who changed a line."""
    if not current_user.is_authenticated:
        table, round_, event = _table_grant()
        return f"{event.name}, round {round_.number}, table {table.number} (table link)"[:80]
    token = g.get("api_token")
    name = me().username
    return f"{name} (API token “{token.name}”)" if token is not None else name


def game_by_link(game_id: int, token: str, kind: str) -> Game:
    """The game whose `kind` link ("share_token", "invite_token") is `token`, compared in
    constant time; 404 for a wrong, revoked or missing link."""
    game = queries.load_game(game_id)
    stored = getattr(game, kind, None) if game is not None else None
    if game is None or not stored or not hmac.compare_digest(stored.encode(), token.encode()):
        abort(404)
    return game


def _refuse() -> NoReturn:
    abort(make_response(login.unauthorized()))


def game_or_404(game_id: int, owner: bool = False) -> Game:
    """The game if the signed-in account may score it (`owner`: if it owns it); 404 if it may
    not even see it; 403 for a co-scorer asking for what only the owner may do."""
    held = not owner and _table_grant() is not None and _table_grant()[0].game_id == game_id
    if not current_user.is_authenticated and not held:
        _refuse()
    game = queries.load_game(game_id)
    if game is None:
        abort(404)
    if held:
        if request.endpoint in TABLE_WRITES and locked(_table_grant()) and not _scorer(game):
            _refuse_locked(game_id, _table_grant())
        return game  # scored by its table link (signed in or not)
    if not current_user.is_authenticated or not queries.is_scorer(game, me().id):
        abort(404)
    if owner and game.owner_id != me().id:
        abort(403)
    return game


def _scorer(game: Game) -> bool:
    """Whether the signed-in account scores `game` itself (the director holding a table's link
    on their own phone is still the director)."""
    return bool(current_user.is_authenticated and queries.is_scorer(game, me().id))


def safe_next(target: str | None) -> str:
    """Where to go after signing in: only a path on this site (no open redirect). Refused:
    a scheme or host, a backslash or control character (browsers drop or turn them into /),
    and a path starting // or /\\ once decoded (`////host` would leave as `//host`)."""
    if target and local_path(target):
        return target
    return url_for("games.index")


def local_path(target: str) -> bool:
    """Whether `target` is a path on this site, as typed and once decoded (safe_next)."""
    return _local(target) and _local(unquote(target))


def _local(target: str) -> bool:
    """Whether `target`, as it stands, is a path of this site, nothing a browser reads as a host."""
    parts = urlsplit(target)
    return (
        target.startswith("/")
        and not target.startswith("//")
        and not parts.scheme
        and not parts.netloc
        and "\\" not in target
        and target.isprintable()
        and not any(c.isspace() for c in target)
    )
