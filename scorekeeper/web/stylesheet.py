"""The stylesheet and the scripts sent without their comments, at their own URLs (?v=...)."""

# The page budget (the game page with its CSS and JS <= 10 KB gzip, docs/operations.md): the
# comments of style.css say why for whoever edits it, and are a fifth of its compressed bytes.
# The static view sends a .css file through rcssmin (comments and needless whitespace out: 200 B
# less on the wire than taking out the comments alone, bench/kept_libraries.py), every
# representation alike (the gzip one is this body compressed: one ETag, one content), remembered
# per version of the file. No build step: the file stays as written. Scripts alike, through rjsmin.

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join

MIMETYPES = {".css": "text/css", ".js": "text/javascript"}
# file path -> (mtime_ns, size, body, etag)
_known: dict[str, tuple[int, int, bytes, str]] = {}


def without_comments(path: str) -> tuple[bytes, str] | None:
    """The stylesheet or script at `path` without its comments and its ETag, read once per
    version of the file; None if there is no such file."""
    try:
        stat = os.stat(path)
        known = _known.get(path)
        if known is None or known[:2] != (stat.st_mtime_ns, stat.st_size):
            with open(path, "rb") as file:
                raw = file.read()
            body = rjsmin.jsmin(raw) if path.endswith(".js") else rcssmin.cssmin(raw)
            digest = hashlib.sha256(body).hexdigest()[:16]
            known = _known[path] = (stat.st_mtime_ns, stat.st_size, body, digest)
    except OSError:  # no such file, or a folder: the static view answers (404)
        return None
    return known[2], known[3]


def init_app(app: Flask) -> None:
    """The static view, for a .css or .js file: that file without its comments (see the top)."""
    static: Callable[..., Any] = app.view_functions["static"]

    def static_or_stylesheet(filename: str) -> Any:
        path = safe_join(current_app.static_folder or "", filename)
        kind = MIMETYPES.get(os.path.splitext(filename)[1])
        found = without_comments(path) if path and kind else None
        if found is None:
            return static(filename=filename)
        body, etag = found
        response = Response(body, mimetype=kind)
        response.set_etag(etag)
        # the static view's policy (fingerprints.py makes a current ?v= a year's)
        response.headers["Cache-Control"] = "no-cache"
        return response.make_conditional(request)

    app.view_functions["static"] = static_or_stylesheet
