"""The offline code's words (templates/_offline.html), rendered once per language and worker."""

# The status line's words are on every page and the game's on every board, some 60
# translations a page, the same for every page in a language. They depend on the language and a
# flag alone, so each is rendered once; a macro with a free argument (a username) is not kept.

from __future__ import annotations

from flask import Flask, get_template_attribute
from flask_babel import get_locale
from markupsafe import Markup

KEPT = frozenset({"status_words", "game_words", "form_words"})
_rendered: dict[tuple[str, str, tuple[bool, ...]], Markup] = {}


def offline_words(name: str, *flags: bool) -> Markup:
    """The JSON of macro `name` of _offline.html in the page's language (safe in an attribute
    between single quotes: tojson escapes them)."""
    if name not in KEPT:
        raise KeyError(name)
    key = (str(get_locale()), name, tuple(bool(f) for f in flags))
    found = _rendered.get(key)
    if found is None:
        found = _rendered[key] = Markup(get_template_attribute("_offline.html", name)(*key[2]))
    return found


def init_app(app: Flask) -> None:
    app.jinja_env.globals["offline_words"] = offline_words
