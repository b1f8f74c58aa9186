"""Responses gzipped by the app itself (brotli when its module is there), static files once."""

# Bytes: the embedded default on a laptop has no nginx in front to compress, so the
# app does it, in an after_request hook (it knows the endpoint; the live check's 304s, answered
# before Flask by web/livecheck.py, never get here):
# - HTML, CSS, JS, JSON (the manifest and problem documents too), SVG, CSV and plain text of
#   MIN_SIZE bytes or more, when Accept-Encoding allows it (q=0 refuses, a coding named wins
#   over *); 304, 204, 206, HEAD, streamed and already encoded answers are left as they are;
# - every answer that could be compressed says `Vary: Accept-Encoding` (merged with its Vary),
#   compressed or not, so that no cache gives one client's variant to another;
# - ETags are left as they are: the API's "v17" is read back by the offline code as a string
#   (static/offline/handform.js compares it with the form's version), a weak W/"v17" would
#   differ; every If-None-Match and If-Match of the app still matches, and Vary keeps caches apart;
# - static files are compressed once per process and file version (path, mtime, size), at the
#   highest level; the engine's modules and bundles (web/engine.py, whose ETag is a hash of the
#   body) once per body; everything else at LEVEL (gzip 6: bench/http_pages.py measures its cost).

from __future__ import annotations

import gzip
import importlib
import os
from types import ModuleType

from flask import Flask, Response, current_app, request
from werkzeug.security import safe_join


def _optional(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


brotli = _optional("brotli")  # not a dependency: used when the machine happens to have it

MIN_SIZE = 500  # below it the headers and the gzip frame eat what is saved
LEVEL = 6  # per request: gzip 9 saves ~1 % more for twice the CPU on a page
BROTLI_LEVEL = 5  # per request; remembered bodies get the best of each (gzip 9, brotli 11)
TYPES = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "application/javascript",
        "application/json",
        "image/svg+xml",
        "text/plain",
        "text/csv",
        "text/xml",
        "application/xml",
    }
)
#: endpoints whose ETag is a hash of their body: compressed once per ETag
# (and the stylesheet, which web/stylesheet.py sends from memory under the static endpoint)
REMEMBERED = frozenset({"engine.module", "engine.messages", "static"})
_LEFT_ALONE = frozenset({204, 206, 304})
_MOST_REMEMBERED = 256  # the modules (~60), the catalogues and the stylesheet, twice over

# static file path -> (mtime_ns, size, {coding: body}); endpoint and ETag -> {coding: body}
_static: dict[str, tuple[int, int, dict[str, bytes]]] = {}
_bodies: dict[tuple[str, str], dict[str, bytes]] = {}


def qualities(header: str) -> dict[str, float]:
    """Accept-Encoding as {coding: q}, lower-cased ("x-gzip" is gzip); a bad q counts as 0."""
    out: dict[str, float] = {}
    for item in header.split(","):
        coding, _, params = item.strip().partition(";")
        coding = coding.strip().lower()
        if not coding:
            continue
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        out["gzip" if coding == "x-gzip" else coding] = q
    return out


def choose(header: str) -> str | None:
    """The coding to answer with ("br" or "gzip"), or None: not asked for, or refused (q=0)."""
    asked = qualities(header)

    def quality(coding: str) -> float:
        return asked.get(coding, asked.get("*", 0.0))

    offered = ["br", "gzip"] if brotli is not None else ["gzip"]
    best = max(offered, key=quality)  # brotli first: it wins a tie
    return best if quality(best) > 0 else None


def compress(data: bytes, coding: str, best: bool = False) -> bytes:
    """`data` in `coding`; the gzip header carries no time, so every worker writes the same."""
    if coding == "br" and brotli is not None:
        return bytes(brotli.compress(data, quality=11 if best else BROTLI_LEVEL))
    return gzip.compress(data, 9 if best else LEVEL, mtime=0)


def _compressible(response: Response) -> bool:
    mimetype = response.mimetype or ""
    return (
        request.method != "HEAD"
        and response.status_code >= 200
        and response.status_code not in _LEFT_ALONE
        and "Content-Encoding" not in response.headers
        and (mimetype in TYPES or mimetype.endswith(("+json", "+xml")))
    )


def _static_file(response: Response) -> str | None:
    """The file a static answer sends (its body is the open file), or None."""
    if request.endpoint != "static" or not response.direct_passthrough:
        return None
    filename = (request.view_args or {}).get("filename", "")
    return safe_join(current_app.static_folder or "", filename)


def _static_body(path: str, stat: os.stat_result, coding: str) -> bytes:
    """The file at `path` compressed, remembered until it changes (its mtime or size)."""
    known = _static.get(path)
    if known is None or known[:2] != (stat.st_mtime_ns, stat.st_size):
        known = (stat.st_mtime_ns, stat.st_size, {})
        _static[path] = known
    if coding not in known[2]:
        with open(path, "rb") as file:
            known[2][coding] = compress(file.read(), coding, best=True)
    return known[2][coding]


def _remembered_body(data: bytes, etag: str, coding: str) -> bytes:
    key = (request.endpoint or "", etag)
    if key not in _bodies and len(_bodies) >= _MOST_REMEMBERED:
        _bodies.clear()  # a release or two of bundles and catalogues: never reached in practice
    bodies = _bodies.setdefault(key, {})
    if coding not in bodies:
        bodies[coding] = compress(data, coding, best=True)
    return bodies[coding]


def compress_response(response: Response) -> Response:
    """The after_request hook: `response` compressed when it may be (see the top of the file)."""
    if not _compressible(response):
        return response
    coding = choose(request.headers.get("Accept-Encoding", ""))
    path = _static_file(response)
    if path is not None:
        try:
            stat = os.stat(path)
        except OSError:
            return response
        if stat.st_size < MIN_SIZE:
            return response
        response.vary.add("Accept-Encoding")
        if coding is None:
            return response
        body = _static_body(path, stat, coding)
        getattr(response.response, "close", lambda: None)()  # the open file, not read
        response.direct_passthrough = False
        response.headers.pop("Accept-Ranges", None)  # a range is of the file, not of this body
    else:
        if response.is_streamed or response.direct_passthrough:
            return response
        data = response.get_data()
        if len(data) < MIN_SIZE:
            return response
        response.vary.add("Accept-Encoding")
        if coding is None:
            return response
        etag = response.headers.get("ETag")
        if request.endpoint in REMEMBERED and etag:
            body = _remembered_body(data, etag, coding)
        else:
            body = compress(data, coding)
        if len(body) >= len(data):
            return response
    response.set_data(body)  # and Content-Length
    response.headers["Content-Encoding"] = coding
    return response


def init_app(app: Flask) -> None:
    """Registered before the other hooks: Flask runs them in reverse, so this one runs last and
    compresses the body they leave (the session, saved after it, adds headers only)."""
    app.after_request(compress_response)
