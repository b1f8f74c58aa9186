"""Installable and readable offline: the manifest, the service worker and its offline page."""

from __future__ import annotations

import hashlib
import hmac
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, current_app, g, json, render_template, request, url_for
from flask_babel import force_locale, get_locale, gettext

from scorekeeper.web.access import SESSIONLESS
from scorekeeper.web.engine import module_urls
from scorekeeper.web.i18n import LANGUAGES

bp = Blueprint("install", __name__)

# the colours of static/style.css (--bg and --accent): the splash screen and the title bar
BACKGROUND, THEME = "#fbfaf7", "#0b5cad"


@bp.route("/manifest.webmanifest")
def manifest() -> Response:
    """Served by the app rather than as a static file: its name follows the reader's language.
    Browsers fetch a manifest without cookies, so each page names its language in the link
    (?lang=pl); without it, Accept-Language decides."""
    lang = request.args.get("lang", "")
    with force_locale(lang if lang in LANGUAGES else str(get_locale())):
        return _manifest()


def _manifest() -> Response:
    body = {
        "name": gettext("Thousand Scorekeeper"),
        "short_name": gettext("Thousand"),
        "description": gettext("The score of a game of Thousand, hand by hand, with the rules"),
        "lang": str(get_locale()),
        "dir": "ltr",
        "id": "/",
        "start_url": url_for("games.index"),
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": _icon("icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": _icon("icon-512.png"), "sizes": "512x512", "type": "image/png"},
            # the art stays inside the middle 80 %: a round or squircle mask keeps it whole
            {
                "src": _icon("icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {
                "src": _icon("icon.svg"),
                "sizes": "any",
                "type": "image/svg+xml",
            },
        ],
    }
    response = Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
    response.headers["Vary"] = "Accept-Language, Cookie"
    return response


def _icon(name: str) -> str:
    """An icon of static/icons (tools/icons.py draws the PNGs from icon.svg)."""
    return url_for("static", filename=f"icons/{name}")


@bp.route("/sw.js")
def service_worker() -> Response:
    """static/sw.js served from the root, so that it may look after every page of the site,
    with its version and its shell's URLs written in: any change to a static file or to the
    offline page is a new worker, which replaces the old one's caches."""
    source = Path(current_app.static_folder or "", "sw.js").read_text(encoding="utf-8")
    source = source.replace("__VERSION__", version())
    # the markers are strings in the file, so that it is JavaScript as written (its type check)
    source = source.replace('"__SHELL_FILES__"', ", ".join(json.dumps(u) for u in shell_files()))
    source = source.replace('"__MODULES__"', ", ".join(json.dumps(u) for u in kept_modules()))
    response = Response(source, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"  # the browser asks for a new one each visit
    return response


#: the static files the worker keeps with the offline page (static/sw.js's SHELL_FILES): the
#: pages' scripts are modules that import nothing, so they are named as static files are,
#: fingerprinted and kept a year (a warm view is the page alone)
SHELL_STATIC = (
    "style.css",
    "pages/app.js",
    "pages/forms.js",
    "pages/newgame.js",
    "pages/push.js",
    "icons/icon.svg",
)


def shell_files() -> list[str]:
    """The shell's URLs as the pages ask for them: fingerprinted (web/fingerprints.py), so the
    worker's copy is found under the very URL a page names."""
    return [url_for("static", filename=name) for name in SHELL_STATIC]


def kept_modules() -> list[str]:
    """The ES modules the worker keeps (static/sw.js's MODULES): the offline code and the
    engine, under /js/ as their imports name them. The pages' own scripts come fingerprinted
    from /static/ (SHELL_STATIC), not from /js/pages/."""
    return [url for url in module_urls() if not url.startswith("/js/pages/")]


@cache
def version() -> str:
    """A hash of what the worker keeps: the static files, the offline page's template and the
    catalogues (the engine's sentences, /engine/messages-<lang>.json, are kept with the shell)."""
    digest = hashlib.sha256()
    static = Path(current_app.static_folder or "")
    root = Path(current_app.root_path)
    catalogues = (root / "translations").glob("*/LC_MESSAGES/messages.po")
    for path in sorted([*static.rglob("*"), root / "templates" / "offline.html", *catalogues]):
        if path.is_file():
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:12]


#: whose answer this is, for the service worker, which keeps each account's pages apart and
#: shows none of them to another account or to nobody (static/sw.js): a key per account that
#: names nobody, or "none" when nobody is signed in
ACCOUNT_HEADER = "X-Account-Key"


@bp.after_app_request
def account_key(response: Response) -> Response:
    """Every answer that read the session says whose it is (the files kept a year, the same for
    everyone, do not). One that failed before the account was read says nothing, and the
    worker goes on with the account it knew."""
    user = g.get("_login_user")  # Flask-Login's account of this request, once it is read
    if user is not None and request.endpoint not in SESSIONLESS:
        # known_id: after a write that failed (a 503) the row is expired, and reading `id`
        # would go to the database that just failed
        key = worker_key(user.known_id()) if user.is_authenticated else "none"
        response.headers[ACCOUNT_HEADER] = key
    return response


def worker_key(account_id: int) -> str:
    """An account's key for the worker: the same on every page, different for every account,
    and meaning nothing without the secret key (a phone's cache names show no username)."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, f"worker pages {account_id}".encode(), hashlib.sha256).hexdigest()[:20]


@bp.route("/offline")
def offline() -> str:
    """What a phone with no connection shows for a page it never opened, or for a form it
    could not send (the service worker keeps a copy of it)."""
    return render_template("offline.html", title=gettext("No connection"))
