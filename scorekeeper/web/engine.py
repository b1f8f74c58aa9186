"""The browser's engine: its messages in the reader's language, as JSON (docs/engine.md)."""

from __future__ import annotations

import hashlib
from functools import cache

from flask import Blueprint, Response, abort, json, request

from scorekeeper.catalogues import engine_catalogue
from scorekeeper.web.i18n import LANGUAGES

bp = Blueprint("engine", __name__, url_prefix="/engine")


@cache
def _body(lang: str) -> tuple[bytes, str] | None:
    # read from the .po once per worker: a release brings new catalogues and new workers
    data = engine_catalogue(lang)
    if data is None:
        return None
    body = json.dumps(data, ensure_ascii=False, sort_keys=True).encode()
    return body, hashlib.sha256(body).hexdigest()[:16]


@bp.route("/messages-<lang>.json")
def messages(lang: str) -> Response:
    """The notes' and problems' sentences in `lang` (404 for a language the app does not
    speak); the browser's engine says the English of anything a catalogue leaves out."""
    found = _body(lang) if lang in LANGUAGES else None
    if found is None:
        abort(404)
    body, etag = found
    response = Response(body, mimetype="application/json")
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response
