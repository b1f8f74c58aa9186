"""Static URLs that name their content (?v=<hash>), kept a year by browsers: `immutable`."""

# Bytes: static files were sent with `no-cache`, so every page view asked again for
# the CSS and the scripts (a 304 each, a round trip on a phone). Now url_for('static', ...) and
# url_for('engine.messages') add ?v= and the first 8 hex digits of a SHA-256 of what is served;
# such a URL is answered with a year-long `immutable` cache, so a warm page view is the page
# alone. A query string and
# not a renamed file: Flask's static view serves it as it is, the files keep their names (the
# service worker, the docs, the tests name them), and an old page's old URL still gets the file
# (then with `no-cache`). The hash is of the content, not of the mtime: two app servers give the
# same URL. A `v` that is not the file's current one (a page of another release, during a
# deployment) is served with the short policy, never kept a year under the wrong content.
# The ES modules under /js/ (web/engine.py) carry none: a module's identity in the browser is its
# URL, which the relative imports between modules name without one; the service worker keeps them.

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

from scorekeeper.web import engine
from scorekeeper.web.i18n import LANGUAGES

IMMUTABLE = "public, max-age=31536000, immutable"
DIGITS = 8

# static file path -> (mtime_ns, size, fingerprint): hashed once per version of the file
_known: dict[str, tuple[int, int, str]] = {}


def static_fingerprint(filename: str) -> str | None:
    """The fingerprint of static/`filename` as it is now (a stat per call, a read per change);
    None for a file that is not there."""
    path = safe_join(current_app.static_folder or "", filename)
    if path is None:
        return None
    try:
        stat = os.stat(path)
    except OSError:
        return None
    known = _known.get(path)
    if known is None or known[:2] != (stat.st_mtime_ns, stat.st_size):
        with open(path, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()[:DIGITS]
        known = _known[path] = (stat.st_mtime_ns, stat.st_size, digest)
    return known[2]


def _static(values: dict[str, Any]) -> str | None:
    filename = values.get("filename")
    return static_fingerprint(filename) if isinstance(filename, str) else None


def _messages(values: dict[str, Any]) -> str | None:
    lang = values.get("lang")
    found = engine.catalogue_body(lang) if lang in LANGUAGES else None
    return found[1][:DIGITS] if found else None


#: the endpoints whose URLs carry a fingerprint, and how each is worked out from the URL's values
#: (the engine's catalogues are read once per worker, as web/engine.py serves them)
VERSIONED: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "static": _static,
    "engine.messages": _messages,
}


def add_fingerprint(endpoint: str, values: dict[str, Any]) -> None:
    """url_defaults: ?v= on the URL of a versioned endpoint (unless the caller gave one)."""
    version = VERSIONED.get(endpoint)
    if version is not None and "v" not in values:
        found = version(values)
        if found:
            values["v"] = found


def immutable_when_fingerprinted(response: Response) -> Response:
    """after_request: a fingerprinted URL whose `v` is what it serves is kept a year; any other
    keeps the policy its view gave (no-cache: the browser asks again each time)."""
    version = VERSIONED.get(request.endpoint or "")
    asked = request.args.get("v")
    if (
        version is not None
        and asked
        and response.status_code in (200, 304)
        and asked == version(request.view_args or {})
    ):
        response.headers["Cache-Control"] = IMMUTABLE
    return response


def init_app(app: Flask) -> None:
    app.url_defaults(add_fingerprint)
    app.after_request(immutable_when_fingerprinted)
