"""Which language a reader gets, and what follows it: messages at their fields, explanations,
money and dates, the rules pages; and what stays English whatever the browser says (the API)."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.dates import format_date
from babel.support import Translations

from scorekeeper.rules import VARIANTS
from tests.conftest import PASSWORD, signed_up

from .helpers import hand, new_game, sign_in, stored_lines

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
LANGS = ("en", "pl", "ru", "uk")
OTHERS = ("pl", "ru", "uk")


def catalogue(lang: str) -> Translations:
    found = Translations.load(str(TRANSLATIONS), [lang])
    assert isinstance(found, Translations), f"no compiled catalogue for {lang}"
    return found


def page_of(response, status: int = 200) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.status_code
    return html.unescape(re.sub(r"\s+", " ", response.get_data(as_text=True)))


def lang_of(response) -> str:  # type: ignore[no-untyped-def]
    found = re.search(r'<html lang="(\w+)">', response.get_data(as_text=True))
    assert found, "no lang attribute"
    return found.group(1)


def imported(client, fixture: str) -> int:  # type: ignore[no-untyped-def]
    data = json.loads((ROOT / "tests/games" / fixture).read_text(encoding="utf-8"))["game"]
    r = client.post("/api/games", json=data)
    assert r.status_code == 201, r.get_data(as_text=True)
    return int(r.json["id"])


@pytest.mark.parametrize(
    ("header", "lang"),
    [("pl-PL,pl;q=0.9,en;q=0.5", "pl"), ("ru-RU", "ru"), ("uk", "uk"), ("de-DE,fr", "en")],
)
def test_the_browser_language_picks_the_page_language(anon, header, lang):
    r = anon.get("/signin", headers={"Accept-Language": header})
    assert lang_of(r) == lang
    assert catalogue(lang).gettext("Sign in") in page_of(r)


def test_the_switcher_beats_the_browser_and_is_remembered(anon):
    r = anon.post("/language", data={"lang": "ru", "next": "/signin"})
    assert r.status_code == 302 and r.headers["Location"].endswith("/signin")
    again = anon.get("/signin", headers={"Accept-Language": "pl"})
    assert lang_of(again) == "ru"
    assert catalogue("ru").gettext("Password") in page_of(again)


def test_the_switcher_ignores_an_unknown_language_and_a_foreign_return(anon):
    anon.post("/language", data={"lang": "uk", "next": "/signin"})
    r = anon.post("/language", data={"lang": "de", "next": "https://evil.example/"})
    assert r.status_code == 302 and "evil.example" not in r.headers["Location"]
    assert lang_of(anon.get("/signin")) == "uk"  # the earlier choice stands


def test_the_account_carries_its_language_to_another_phone(app, client):
    client.post("/language", data={"lang": "pl", "next": "/"})
    other = app.test_client()
    assert lang_of(other.get("/signin", headers={"Accept-Language": "en"})) == "en"
    sign_in(other)
    assert lang_of(other.get("/", headers={"Accept-Language": "en"})) == "pl"
    # and a second account keeps its own
    fresh = signed_up(app, "other")
    assert lang_of(fresh.get("/", headers={"Accept-Language": "ru"})) == "ru"


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_hand_says_why_at_its_field_in_the_language(app, client, lang):
    client.post("/language", data={"lang": lang, "next": "/"})
    game = new_game(client)
    r = hand(client, game, [40, 60, 15], declarer=1, bid=100)
    want = catalogue(lang).gettext("card points must add up to {total}, got {got}")
    page = page_of(r, 422)
    assert want.format(total=120, got=115) in page
    if lang != "en":
        assert "card points must add up" not in page
    with app.app_context():
        assert stored_lines() == 0


def test_the_form_library_s_own_messages_follow_the_language_from_one_request_to_the_next(
    client,
):
    # WTForms' messages ("Not a valid integer value.") come from its catalogue, kept per
    # language by the worker (web/formbase.py): each request gets its reader's language
    game = new_game(client)
    for lang in ("pl", "en", "ru", "uk", "pl"):
        client.post("/language", data={"lang": lang, "next": "/"})
        r = hand(client, game, [10, 100, 10], declarer=1, bid="abc")
        page = page_of(r, 422)
        want = {
            "en": "Not a valid integer value.",
            "pl": "Nieprawidłowa liczba całkowita",
            "ru": "Неверное целое число.",
            "uk": "Недійсне ціле число.",
        }[lang]
        assert want in page, lang
        if lang != "en":
            assert "Not a valid integer value." not in page


@pytest.mark.parametrize("lang", OTHERS)
def test_a_hand_is_explained_in_the_language(client, lang):
    game = new_game(client)
    assert hand(client, game, [6, 107, 7], declarer=1, bid=100).status_code == 302
    client.post("/language", data={"lang": lang, "next": "/"})
    page = page_of(client.get(f"{game}/hands/1"))
    tr = catalogue(lang)
    made = tr.gettext("made the contract of {contract} (took {took}): +{contract}")
    assert made.format(contract=100, took=107) in page
    rounded = tr.gettext("{raw} rounded to {rounded}")
    assert rounded.format(raw=6, rounded=10) in page and rounded.format(raw=7, rounded=10) in page
    for label in ("contract-made", "rounding", "points"):
        assert f">{tr.pgettext('rule', label)}<" in page, label
    assert "made the contract" not in page and "rounded to" not in page


def test_money_and_dates_follow_the_locale(client):
    ru3 = imported(client, "ru-3-barrel-knockoff.json")
    today = datetime.now(UTC).date()
    pages = {}
    for lang in LANGS:
        client.post("/language", data={"lang": lang, "next": "/"})
        pages[lang] = page_of(client.get(f"/games/{ru3}")) + page_of(client.get("/history"))
        day = re.sub(r"\s+", " ", format_date(today, "medium", locale=lang))
        assert day in pages[lang], (lang, day)
    # the settlement: Аня pays 110 at a stake of 0.5 (tests/games/ru-3-barrel-knockoff.json)
    assert "110.00" in pages["en"] and "110,00" not in pages["en"]
    for lang in OTHERS:
        assert "110,00" in pages[lang] and "110.00" not in pages[lang], lang
    # game points stay plain integers in every language: no grouping in 1000
    for lang in LANGS:
        assert '<span class="points">1000</span>' in pages[lang], lang


def test_a_stake_typed_with_a_decimal_comma_is_kept(client):
    client.post("/language", data={"lang": "pl", "next": "/"})
    game = new_game(client, stake="0,25")
    rules = page_of(client.get(f"{game}/rules"))
    assert catalogue("pl").gettext("Stake per point") in rules and "0,25" in rules
    r = client.get(f"/api/games/{game.rsplit('/', 1)[1]}/file")
    assert r.json["options"]["stake"] in (0.25, "0.25")


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_preset_has_its_rules_in_every_language(anon, key, lang):
    anon.post("/language", data={"lang": lang, "next": "/"})
    r = anon.get(f"/rules/{key}")
    page = page_of(r)
    tr = catalogue(lang)
    assert lang_of(r) == lang
    assert tr.gettext("Rules of %(variant)s") % {"variant": key} in page
    assert tr.gettext("Where the rule texts are silent or wrong") in page
    assert "Where the rule texts are silent or wrong" not in page


def test_the_game_page_links_to_its_own_rules(client):
    client.post("/language", data={"lang": "uk", "next": "/"})
    game = new_game(client, variant="ru-3", opt_barrel="on", opt_barrel_at="900")
    page = page_of(client.get(game))
    assert f'href="{game}/rules"' in page
    rules = page_of(client.get(f"{game}/rules"))
    assert catalogue("uk").gettext("House rules of this game") in rules


def test_the_api_answers_in_english_whatever_the_browser_says(client):
    game = new_game(client)
    number = game.rsplit("/", 1)[1]
    r = client.post(
        f"/api/games/{number}/hands",
        json={"declarer": 1, "bid": 100, "points": [40, 60, 15]},
        headers={"Accept-Language": "pl"},
    )
    assert r.status_code == 400
    assert any("card points must add up to 120, got 115" in e for e in r.json["errors"])


def test_signing_up_in_polish_stores_the_choice_on_the_account(app):
    phone = app.test_client()
    phone.post("/language", data={"lang": "pl", "next": "/signup"})
    phone.post("/signup", data={"username": "ola", "password": PASSWORD, "confirm": PASSWORD})
    other = app.test_client()
    sign_in(other, "ola")
    assert lang_of(other.get("/", headers={"Accept-Language": "en"})) == "pl"


def test_rates_and_joint_winners_are_written_as_each_language_writes_them(client):
    """A percentage and a list of names by the locale's own rules (Babel's format_percent and
    format_list), not put together by hand: "50%" in English, "50 %" in Russian; "A and B"."""
    game = imported(client, "ru-4-joint-winners.json")
    players = re.findall(r'href="(/players/\d+)"', page_of(client.get("/players/")))
    for lang, rate, joined in (
        ("en", "%", " and "),
        ("pl", "%", " i "),
        ("ru", "\u00a0%", " и "),
        ("uk", "%", " і "),
    ):
        client.post("/language", data={"lang": lang, "next": "/"})
        board = client.get(f"/games/{game}").get_data(as_text=True)
        winners = re.search(r'<p class="big">([^<]*)</p>', board).group(1)
        assert joined in html.unescape(winners), (lang, winners)
        record = client.get(players[0]).get_data(as_text=True)
        assert re.search(r"\d" + re.escape(rate) + r"(?!\d)", html.unescape(record)), lang
