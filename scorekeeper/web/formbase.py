"""The base of every form: WTForms' own messages from a catalogue read once per language."""

# Flask-WTF reads WTForms' catalogue from disk once per request that builds a form (about a
# third of a millisecond a form); the
# catalogues do not change while a worker runs, so each language's is read once and kept.

from __future__ import annotations

from functools import cache
from typing import Any

from babel import support
from flask_babel import get_locale
from flask_wtf import FlaskForm
from wtforms.i18n import messages_path


@cache
def _catalogue(locale: str) -> support.NullTranslations:
    # the locale is one of the app's languages (i18n.select_locale), or "None" outside a
    # request: a handful of keys at most
    return support.Translations.load(messages_path(), [locale], domain="wtforms")


class _Messages:
    """WTForms' messages in the reader's language (the interface WTForms asks of a Meta)."""

    def gettext(self, string: str) -> str:
        return str(_catalogue(str(get_locale())).ugettext(string))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return str(_catalogue(str(get_locale())).ungettext(singular, plural, n))


_MESSAGES = _Messages()


class Form(FlaskForm):  # type: ignore[misc]
    """A FlaskForm whose WTForms messages come from the kept catalogues."""

    class Meta(FlaskForm.Meta):  # type: ignore[misc]
        def get_translations(self, form: Any) -> _Messages:
            return _MESSAGES
