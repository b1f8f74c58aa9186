"""The web app manifest: "Add to home screen" opens the games list, named in your language."""

from __future__ import annotations

from flask import Blueprint, Response, json, request, url_for
from flask_babel import force_locale, get_locale, gettext

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
