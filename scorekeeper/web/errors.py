"""Error answers: a page in the reader's language (JSON on /api/); 503 for a database away."""

# Every failure a reader can meet ends in a deliberate answer: the status, what
# happened to what they sent, and what to do now. A database that is away, busy or
# locked is "try again in a few seconds" (503 with Retry-After), never a 500; a 500 is still a bug,
# answered calmly and logged with a reference the page shows.

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, g, jsonify, render_template, request
from flask_babel import format_decimal
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc as sa
from werkzeug.exceptions import HTTPException, InternalServerError
from werkzeug.http import HTTP_STATUS_CODES

from scorekeeper.store.db import release_connection, unavailable

RETRY_AFTER = 5  # seconds: a restarting PostgreSQL or a long SQLite write is back by then
_API_TEXT = {
    400: "bad request",
    403: "forbidden",
    404: "not found",
    405: "method not allowed",
    409: "conflict: the game changed meanwhile; read it again",
    413: "the request body is too big (at most {size})",
    429: "too many requests; try again later",
    500: "internal error (reference {ref}); the last write may not have been stored",
    503: "the database is unavailable; try again in a few seconds",
}


_PLAIN = {500: "something went wrong; check the score", 503: "try again in a few seconds"}


def _size(limit: int | None, english: bool = False) -> str:
    """A limit in bytes as people write it: in the reader's language and units, or English."""
    if not limit:
        return "?"
    megabytes = limit >= 1024 * 1024
    num = limit / 1024 / 1024 if megabytes else limit // 1024
    if english:  # the API's errors are English
        return f"{num:g} MB" if megabytes else f"{num} kB"
    words = str(format_decimal(num))
    return str(_("%(num)s MB", num=words) if megabytes else _("%(num)s kB", num=words))


def _texts(code: int, e: BaseException | None) -> tuple[str, str]:
    """The page's title and message for `code`, in the reader's language."""
    if isinstance(e, CSRFError):
        return _("The form has expired"), _(
            "The page was open too long, or you signed in or out in another tab. Nothing was "
            "saved: reload the page and send it again."
        )
    size = _size(_max())
    texts = {
        400: (_("Bad request"), _("The app could not read what was sent. Reload and try again.")),
        403: (_("Not allowed"), _("Only the owner of this game may do that.")),
        404: (_("Not found"), _("There is no such page or game.")),
        405: (
            _("Not allowed here"),
            _("This address does not take that request. Go back and use the app's buttons."),
        ),
        409: (
            _("Changed meanwhile"),
            _(
                "Someone changed this game at the same moment. Nothing was overwritten: "
                "reload to see the current score, then try again."
            ),
        ),
        413: (
            _("Too big"),
            _("What you sent is too big (at most %(size)s). Nothing was saved.", size=size),
        ),
        429: (_("Too many attempts"), _("Too many requests in a short time. Wait a little.")),
        500: (
            _("Something went wrong"),
            _(
                "Nothing already stored was lost, but your last action may not have been "
                "saved: check the score before you try again."
            ),
        ),
        503: (
            _("The score is out of reach for a moment"),
            _(
                "The app cannot reach its database right now. Nothing stored is lost. Try "
                "again in a few seconds; if you were saving a hand, check the score first."
            ),
        ),
    }
    return texts.get(code, (_("Error %(code)s", code=code), _("The request was not answered.")))


def _again(code: int, e: BaseException | None) -> tuple[str, str] | None:
    """Where "try again" goes: the same address for a read, back to the form (the same-site
    page it came from) for a post; only where trying again can help."""
    if code != 503 and not isinstance(e, CSRFError):
        return None
    if request.method == "GET":
        return _("Try again"), request.full_path.rstrip("?")
    from scorekeeper.web.access import local_path

    came = urlsplit(request.referrer or "")
    back = came.path + (f"?{came.query}" if came.query else "")
    # a page of this site only, and one whose path does not read as another host (//host)
    if came.netloc == request.host and local_path(back):
        return _("Back to the form"), back
    return None


def answer(code: int, e: BaseException | None = None, headers: Any = None) -> Response:
    """The error's page (JSON on /api/), with `headers`; a database failure while rendering it
    becomes the 503 page, which needs neither the database nor the session."""
    headers = dict(headers or {})
    if code in (429, 503) and "Retry-After" not in headers:
        headers["Retry-After"] = str(RETRY_AFTER)
    ref = g.get("error_ref", "")
    if request.path.startswith("/api/"):
        text = _API_TEXT.get(code, HTTP_STATUS_CODES.get(code, "error").lower())
        text = text.format(size=_size(_max(), english=True), ref=ref)
        response = jsonify(errors=[text])
    else:
        # 500 and 503: the bare layout (no account, no flashes, no switcher): nothing on the
        # page may need the database or a session that failed to open
        bare = code >= 500
        if bare:
            from scorekeeper.web.i18n import LANGUAGES, chosen_language

            g.setdefault(
                "locale", chosen_language() or request.accept_languages.best_match(LANGUAGES, "en")
            )
            # Flask-Login's context processor would load the account for the template
            g.setdefault("_login_user", current_app.login_manager.anonymous_user())  # type: ignore[attr-defined]
        mimetype = "text/html"
        try:  # the reader's language and the layout may need the account
            title, message = _texts(code, e)
            again = _again(code, e)
            page = render_template(
                "error.html", title=title, message=message, ref=ref, bare=bare, again=again
            )
        except Exception as failure:
            if bare:  # the last resort: plain words, nothing that can fail again
                current_app.logger.exception("the %s page failed", code)
                page, mimetype = f"{code}: {_PLAIN.get(code, 'error')}", "text/plain"
            elif not unavailable(failure):
                raise
            else:
                release_connection()
                return answer(503)
        response = Response(page, mimetype=mimetype)
    response.status_code = code
    response.headers.update(headers)
    return response


def _max() -> int | None:
    """The limit the request went past: the whole body's, else one form field's (Flask 3.1)."""
    limit: int | None = current_app.config.get("MAX_CONTENT_LENGTH")
    sent = request.content_length
    if limit and sent is not None and sent <= limit:
        field: int | None = current_app.config.get("MAX_FORM_MEMORY_SIZE")
        return field or limit
    return limit


def http_error(e: HTTPException) -> Any:
    """Every HTTP error (abort, 404, 405, 413, CSRF) as the app's own page or JSON."""
    if e.response is not None or e.code is None:  # abort(response): already an answer
        return e
    headers = {k: v for k, v in e.get_headers() if k.lower() != "content-type"}
    return answer(e.code, e, headers)


def database_error(e: sa.SQLAlchemyError) -> Response:
    """The database is away or busy: 503 and roll back; anything else is a bug (500)."""
    if not unavailable(e):
        raise e
    # one line a request: an outage must not bury the log in tracebacks
    reason = str(e.orig if isinstance(e, sa.DBAPIError) else e).strip().splitlines()
    current_app.logger.warning(
        "database unavailable: %s %s: %s", request.method, request.path, reason[0] if reason else e
    )
    release_connection()
    return answer(503)


def server_error(e: InternalServerError) -> Response:
    """Flask has logged the traceback; the page gives a reference to find it by."""
    original = e.original_exception
    if unavailable(original):  # raised where no handler looks: after_request, the session
        release_connection()
        return answer(503)
    g.error_ref = secrets.token_hex(4)
    current_app.logger.error(
        "error %s: %s %s (%r)", g.error_ref, request.method, request.path, original
    )
    return answer(500, e)


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(InternalServerError, server_error)
    app.register_error_handler(sa.DBAPIError, database_error)
    app.register_error_handler(sa.TimeoutError, database_error)
