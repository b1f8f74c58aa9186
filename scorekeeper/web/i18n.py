"""Languages: the reader's locale, the switcher that remembers it, and locale-aware filters."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from babel.lists import format_list
from flask import (
    Blueprint,
    Flask,
    g,
    redirect,
    request,
)
from flask.typing import ResponseReturnValue
from flask_babel import (
    format_date,
    format_decimal,
    format_percent,
    format_time,
    get_locale,
    get_translations,
    gettext,
)
from flask_login import current_user

from scorekeeper.extensions import babel
from scorekeeper.rules import Note, Problem, Translator, marriage_name, suit_name, text
from scorekeeper.web.rulewords import rule_name

# The languages of the table, each named in itself (the switcher shows these).
LANGUAGES: dict[str, str] = {"en": "English", "pl": "Polski", "ru": "Русский", "uk": "Українська"}
COOKIE = "lang"

bp = Blueprint("i18n", __name__)


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - gettext's N_ for plurals
    """Marks a message with a plural for the catalogue (tools/catalog extracts NP_)."""
    return singular, plural


def select_locale() -> str:
    """The account's choice when signed in, else the switcher's cookie, else Accept-Language."""
    if "locale" in g:
        return str(g.locale)
    chosen = None
    if current_user and current_user.is_authenticated:
        chosen = current_user.locale
    if chosen not in LANGUAGES:
        chosen = chosen_language()
    if chosen not in LANGUAGES:
        chosen = request.accept_languages.best_match(LANGUAGES, default="en")
    g.locale = chosen
    return str(chosen)


def chosen_language() -> str | None:
    """The switcher's choice on this browser, if any (a new account keeps it)."""
    chosen = request.cookies.get(COOKIE)
    return chosen if chosen in LANGUAGES else None


def translator() -> Translator:
    """The catalogue of the reader's language, in the shape the rules take."""
    catalogue: Translator = _catalogue()
    return catalogue


def note_text(note: Note, names: list[str] | None = None) -> str:
    return text(note, names, translator())


def problem_text(problem: Problem) -> str:
    return problem.text(translator())


def suit(value: str) -> str:
    """A suit as a noun in the reader's language (rules.suit_name)."""
    return suit_name(value, translator())


def marriage(value: str) -> str:
    """A marriage by its suit in the reader's language ("meldunek kierowy")."""
    return marriage_name(value, translator())


def reason(text: str) -> str:
    """A change's reason as typed, except the one the app writes itself for Undo (hands.undo)."""
    return str(gettext("undo")) if text == "undo" else text


def number(value: float | Decimal | int, digits: int = 0) -> str:
    """A decimal number in the reader's locale ("12.5", "12,5"); scores stay plain integers."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return str(format_decimal(value, pattern))


def money(value: float | Decimal) -> str:
    """An amount of the settlement, two decimals in the reader's locale (no currency is kept)."""
    return number(value, 2)


def signed_money(value: float | Decimal) -> str:
    return ("+" if value > 0 else "") + money(value)


def percent(value: float | None) -> str:
    """A rate as the reader's locale writes a percentage ("50 %", "50%", "50\u00a0%")."""
    if value is None:
        return "–"
    return str(format_percent(value))


def names(values: list[str]) -> str:
    """Names as one list in the reader's language: "Ala and Bartek", "Ala, Bartek i Celina"."""
    return str(format_list([str(v) for v in values], locale=get_locale() or "en"))


def day(value: date | datetime) -> str:
    return str(format_date(value, "medium"))


def moment(value: datetime) -> str:
    return f"{format_date(value, 'medium')} {format_time(value, 'short')}"


@bp.post("/language")
def choose() -> ResponseReturnValue:
    """The switcher: remembered in a cookie, and on the account when signed in."""
    from scorekeeper.services import accounts
    from scorekeeper.web.access import safe_next

    lang = request.form.get("lang", "")
    back = safe_next(request.form.get("next"))
    response = redirect(back)
    if lang in LANGUAGES:
        response.set_cookie(
            COOKIE,
            lang,
            max_age=365 * 24 * 3600,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure,
        )
        if current_user.is_authenticated:
            accounts.choose_language(current_user._get_current_object(), lang)
    return response


def _catalogue() -> Any:
    """The translations of the request's language. Flask-Babel finds them anew for each string
    (the request's namespace, its locale, the locale's name, the cache: ~11 us, where the
    lookup in the catalogue is 0.2 us; a page has 40 to 400 strings): kept here beside the
    locale they are for, so that force_locale (the offline words of every language) still
    gets its own."""
    space = g.get("_flask_babel")
    kept = getattr(space, "sk_catalogue", None)
    if kept is not None and kept[0] is getattr(space, "babel_locale", None):
        return kept[1]
    found = get_translations()
    space = g._flask_babel  # made by the lookup, with the locale it found
    space.sk_catalogue = (getattr(space, "babel_locale", None), found)
    return found


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", "en")
    app.config.setdefault("BABEL_DEFAULT_TIMEZONE", "UTC")
    babel.init_app(app, locale_selector=select_locale)
    # the templates' _(), ngettext() ...: the request's catalogue looked up once, not per string
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _catalogue().ugettext(s),
        ngettext=lambda s, p, n: _catalogue().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: _catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: _catalogue().unpgettext(c, s, p, n),
    )
    app.register_blueprint(bp)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, current_locale=lambda: str(get_locale()))
    app.jinja_env.filters.update(
        note_text=note_text,
        problem_text=problem_text,
        suit=suit,
        rule_name=rule_name,
        reason=reason,
        marriage=marriage,
        number=number,
        money=money,
        signed_money=signed_money,
        percent=percent,
        names=names,
        day=day,
        moment=moment,
    )
