"""The browser's ES modules, and the engine's messages in the reader's language (docs/engine.md)."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

import rjsmin
from flask import Blueprint, Response, abort, current_app, json, request, url_for

from scorekeeper.catalogues import engine_catalogue
from scorekeeper.web.i18n import LANGUAGES

bp = Blueprint("engine", __name__)

#: the folders of static/ whose ES modules /js/ sends: the rules, the game file, the offline
#: code and the pages' scripts (docs/engine.md); nothing else of static/ is sent under /js/
MODULE_FOLDERS = ("rules", "gamefile", "offline", "pages")


@cache
def module_names(static_folder: str) -> frozenset[str]:
    """Every module /js/ may send, as its path under static/ ("rules/hand.js"), found once per
    worker: a name not among them is not found, whatever its dots and slashes say."""
    root = Path(static_folder)
    return frozenset(
        path.relative_to(root).as_posix()
        for folder in MODULE_FOLDERS
        for path in (root / folder).rglob("*.js")
        if path.is_file()
    )


@cache
def module_body(static_folder: str, name: str) -> tuple[bytes, str]:
    """static/`name` without comments and indentation, and a hash of that: rjsmin only removes
    (nothing is renamed), so the browser runs what was written; read once per worker."""
    body = rjsmin.jsmin(Path(static_folder, name).read_text(encoding="utf-8")).encode()
    return body, hashlib.sha256(body).hexdigest()[:16]


def module_urls() -> list[str]:
    """The URL of every module, sorted, as a module's `import` asks for it (no ?v=: a module's
    identity in the browser is its URL, and the imports between modules are plain relative
    paths). The service worker keeps them all; its version changes with any of them."""
    names = module_names(current_app.static_folder or "")
    return [url_for("engine.module", name=name) for name in sorted(names)]


@bp.route("/js/<path:name>")
def module(name: str) -> Response:
    """One ES module of static/rules, gamefile, offline or pages, as the browser imports it."""
    folder = current_app.static_folder or ""
    if name not in module_names(folder):
        abort(404)
    body, etag = module_body(folder, name)
    return _send(body, etag, "text/javascript")


def _send(body: bytes, etag: str, mimetype: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.set_etag(etag)
    # the service worker keeps it per release; a fingerprinted URL (?v=, web/fingerprints.py)
    # is kept a year instead, and the body is compressed once per ETag (web/compression.py)
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response


@cache
def catalogue_body(lang: str) -> tuple[bytes, str] | None:
    """The catalogue of `lang` as JSON and its hash, read from the .po once per worker (a
    release brings new catalogues and new workers)."""
    data = engine_catalogue(lang)
    if data is None:
        return None
    body = json.dumps(data, ensure_ascii=False, sort_keys=True).encode()
    return body, hashlib.sha256(body).hexdigest()[:16]


@bp.route("/engine/messages-<lang>.json")
def messages(lang: str) -> Response:
    """The notes' and problems' sentences in `lang` (404 for a language the app does not
    speak); the browser's engine says the English of anything a catalogue leaves out."""
    found = catalogue_body(lang) if lang in LANGUAGES else None
    if found is None:
        abort(404)
    body, etag = found
    return _send(body, etag, "application/json")
