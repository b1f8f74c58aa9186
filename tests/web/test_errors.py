"""Every error is a page in the reader's language with the app's layout, JSON on /api/; a
database that is away or locked is a 503 with Retry-After, a bug a calm 500."""

from __future__ import annotations

import logging
import re
import sqlite3

import pytest
from flask import abort
from flask_babel import gettext
from sqlalchemy import exc

from scorekeeper.store.db import db
from scorekeeper.store.models import Account

CODES = (400, 403, 404, 405, 409, 413, 429, 500, 503)
TITLES = {
    400: "Bad request",
    403: "Not allowed",
    404: "Not found",
    405: "Not allowed here",
    409: "Changed meanwhile",
    413: "Too big",
    429: "Too many attempts",
    500: "Something went wrong",
    503: "The score is out of reach for a moment",
}


EXPIRED = (
    "The page was open too long, or you signed in or out in another tab. Nothing was saved: "
    "reload the page and send it again."
)


def _in(app, lang: str, msgid: str, **values) -> str:  # type: ignore[no-untyped-def]
    """`msgid` as a reader of `lang` reads it (the catalogue's text once it is translated)."""
    from markupsafe import escape

    with app.test_request_context(headers={"Accept-Language": lang}):
        return str(escape(gettext(msgid, **values)))


def _locked() -> exc.OperationalError:
    return exc.OperationalError("UPDATE game", {}, sqlite3.OperationalError("database is locked"))


@pytest.fixture
def routes(app):  # type: ignore[no-untyped-def]
    """Routes that fail on purpose (added before the app's first request, as Flask wants)."""

    def fail(code: int) -> None:
        if code == 500:
            raise RuntimeError("a bug")
        if code == 503:
            raise _locked()
        abort(code)

    app.add_url_rule("/fail/<int:code>", "fail", fail, methods=["GET", "POST"])
    app.add_url_rule("/api/fail/<int:code>", "api_fail", fail, methods=["GET", "POST"])
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as in production: a bug reaches the 500 page
    return app


@pytest.mark.parametrize("lang", ["en", "pl", "uk"])
def test_each_error_is_a_page_in_the_readers_language(routes, lang):
    app = routes
    phone = app.test_client()
    for code in CODES:
        r = phone.get(f"/fail/{code}", headers={"Accept-Language": lang})
        page = r.get_data(as_text=True)
        assert r.status_code == code and r.mimetype == "text/html", code
        assert f'<html lang="{lang}">' in page, code
        assert f"<h1>{_in(app, lang, TITLES[code])}</h1>" in page, code
        # the app's layout, in the same language (the brand is "Tysiąc" in Polish)
        assert f'class="brand" href="/">{_in(app, lang, "Thousand")}</a>' in page, code
        assert "base-uri 'none'" in r.headers["Content-Security-Policy"], code
    assert (lang == "en") == (_in(app, lang, "Thousand") == "Thousand")


def test_the_lang_cookie_chooses_the_language_of_an_error_page(routes):
    phone = routes.test_client()
    phone.set_cookie("lang", "ru")
    for code in (404, 500, 503):
        page = phone.get(f"/fail/{code}", headers={"Accept-Language": "pl"}).get_data(True)
        assert '<html lang="ru">' in page and _in(routes, "ru", TITLES[code]) in page


def test_the_api_answers_every_error_in_json(routes):
    api = routes.test_client()
    for code in CODES:
        r = api.post(f"/api/fail/{code}")
        assert r.status_code == code and r.mimetype == "application/json", code
        body = r.get_json()
        assert list(body) == ["errors"] and body["errors"][0], code
        assert "<html" not in r.get_data(as_text=True)
    assert api.get("/api/fail/503").headers["Retry-After"] == "5"
    assert api.get("/api/fail/429").headers["Retry-After"] == "5"


def test_real_errors_of_the_api_are_json(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    r = client.get("/api/nowhere")
    assert r.status_code == 404 and r.get_json() == {"errors": ["not found"]}
    r = client.get("/api/games")  # only POST
    assert r.status_code == 405 and "POST" in r.headers["Allow"] and r.get_json()["errors"]
    r = client.post("/api/games", data="x" * (65 * 1024), content_type="application/json")
    assert r.status_code == 413
    assert r.get_json() == {"errors": ["the request body is too big (at most 64 kB)"]}


def test_an_expired_form_says_so_and_stores_nothing(app, anon):
    app.config["WTF_CSRF_ENABLED"] = True
    data = {"username": "mallory", "password": "12345678", "confirm": "12345678"}
    r = anon.post("/signup", data=data, headers={"Accept-Language": "pl"})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and '<html lang="pl">' in page
    assert _in(app, "pl", "The form has expired") in page
    assert _in(app, "pl", EXPIRED) in page
    back = anon.post("/signup", data=data, headers={"Referer": "http://localhost/signup?next=/x"})
    assert 'class="button primary" href="/signup?next=/x">Back to the form<' in back.get_data(True)
    elsewhere = anon.post("/signup", data=data, headers={"Referer": "http://evil.example/"})
    assert "evil.example" not in elsewhere.get_data(as_text=True)
    # a page of this site whose path reads as another host (its 404 has the language form)
    for path in ("//evil.example/", "/\\evil.example/", "/%2F/evil.example/"):
        tricked = anon.post("/signup", data=data, headers={"Referer": f"http://localhost{path}"})
        assert tricked.status_code == 400 and "evil.example" not in tricked.get_data(True), path
    with app.app_context():
        assert db.session.execute(db.select(Account)).first() is None


def test_a_form_or_upload_too_big_is_refused_with_the_limit(app, client):
    app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    r = client.post("/import", data={"file": "x" * (65 * 1024)})
    page = r.get_data(as_text=True)
    assert r.status_code == 413 and "<h1>Too big</h1>" in page
    assert "(at most 64 kB). Nothing was saved." in page
    assert 'class="account-link"' in page  # the full layout: still signed in


def test_a_wrong_method_and_a_missing_page_have_pages(anon):
    r = anon.get("/language")
    assert (
        r.status_code == 405
        and "POST" in r.headers["Allow"]
        and "<h1>Not allowed here" in (r.get_data(as_text=True))
    )
    r = anon.get("/no/such/page", headers={"Accept-Language": "pl"})
    assert r.status_code == 404 and '<html lang="pl">' in r.get_data(as_text=True)


def test_a_bug_is_a_calm_500_with_a_reference_in_the_log(routes, caplog):
    caplog.set_level(logging.ERROR)
    r = routes.test_client().post("/fail/500")
    page = r.get_data(as_text=True)
    assert r.status_code == 500
    assert "your last action may not have been saved: check the score" in page
    ref = re.search(r"Reference for the host: ([0-9a-f]{8})", page).group(1)
    assert any(ref in m for m in caplog.messages)
    assert "RuntimeError" in caplog.text  # Flask logged the traceback itself
    body = routes.test_client().post("/api/fail/500").get_json()
    assert re.fullmatch(r"internal error \(reference [0-9a-f]{8}\).*", body["errors"][0])


def test_a_locked_or_unreachable_database_is_503_but_a_wrong_query_is_a_bug(routes):
    from scorekeeper.store.db import unavailable

    r = routes.test_client().get("/fail/503")
    page = r.get_data(as_text=True)
    assert r.status_code == 503 and r.headers["Retry-After"] == "5"
    assert "Try again in a few seconds" in page
    assert 'class="button primary" href="/fail/503">Try again<' in page
    # the bare layout: nothing on it needs the database or the session
    assert "account-link" not in page and 'name="csrf_token"' not in page
    assert unavailable(_locked())
    refused = exc.OperationalError("SELECT 1", {}, OSError("connection refused"))
    assert unavailable(refused)
    wrong = exc.OperationalError("SELECT x", {}, sqlite3.OperationalError("no such table: x"))
    assert not unavailable(wrong)
    duplicate = exc.IntegrityError("INSERT", {}, sqlite3.IntegrityError("UNIQUE failed"))
    assert not unavailable(duplicate) and not unavailable(RuntimeError())


def test_a_page_that_cannot_be_drawn_still_answers_in_plain_words(routes, monkeypatch):
    import scorekeeper.web.errors

    def broken(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("the template is broken too")

    monkeypatch.setattr(scorekeeper.web.errors, "render_template", broken)
    r = routes.test_client().get("/fail/503")
    assert r.status_code == 503 and r.mimetype == "text/plain"
    assert r.get_data(as_text=True) == "503: try again in a few seconds"


def test_a_text_field_too_long_names_the_field_limit(app, client):
    app.config["MAX_FORM_MEMORY_SIZE"] = 100 * 1024  # Flask's own limit on one form field
    data = {"variant": "pl-3", "players-0": "x" * (101 * 1024)}
    r = client.post("/games/new", data=data, content_type="multipart/form-data")
    assert r.status_code == 413 and "(at most 100 kB)" in r.get_data(as_text=True)
