"""An event run in the browser: a director and three tables on phones play two rounds.

The director (an account, on the test's page) creates the event, enters nine players, draws and
starts each round; each table's phone (a browser context with no account) opens its table's
link as it reads on the seating plan (what its QR code holds), scores its game and confirms its
hands; the director closes the round, and the standings page then says what `scorekeeper
standings` says of the exported event file. The languages go round the steps and the phones
(English, Polish, Russian, Ukrainian); every page passes axe and fits 390 and 360 px.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorekeeper.events import loads, standings_output

from .test_languages import CATALOGUES, check_layout, choose_language

PLAYERS = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk", "Iza"]
LOCALES = {"en": "en-GB", "pl": "pl-PL", "ru": "ru-RU", "uk": "uk-UA"}


def words(lang: str, message: str, **params: Any) -> str:
    """A message as the page says it in `lang`."""
    text = message if lang == "en" else CATALOGUES[lang].gettext(message)
    return text % params if params else text


#: the pages axe has seen in this test: each kind once (the markup is the same at every table and
#: round; axe takes most of a second a page), the layout and the language every time
AXED: set[str] = set()


def in_language(page: Page, lang: str, name: str, message: str, **params: Any) -> None:
    """The page is in `lang` (its lang attribute and one of its messages), fits a phone at 390
    and 360 px, and passes axe (the first page of its kind)."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("main")).to_contain_text(words(lang, message, **params))
    kind = name.split(" ")[0]
    check_layout(page, lang, name, axe=kind not in AXED)
    AXED.add(kind)


def phone(browser: Browser, lang: str) -> BrowserContext:
    """A phone at the table: no account, its language by Accept-Language. Its service worker
    is blocked: installing it fetches every module of the offline engine in the background, a
    second of work per phone that this test does not look at (test_offline.py does)."""
    return browser.new_context(
        locale=LOCALES[lang],
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        service_workers="block",
    )


def score(
    context: BrowserContext,
    link: str,
    lang: str,
    hands: int,
    table: str,
    second: BrowserContext | None = None,
) -> None:
    """The table's phone opens its link and logs `hands` hands, each the preselected bidder
    making 100 at 100 (10 card points to each other seat), then confirms each by a seat: the
    first at once on the same phone, the others on the confirmation page of the same phone or,
    given a `second` phone, on that other player's own phone through the same link."""
    page = context.new_page()
    page.goto(link)
    expect(page.locator(".totals")).to_be_visible()
    # its link scores this game and nothing else: no Share, export or game menu to sign in for
    expect(page.locator("a[href$='/share'], a[href$='/print'], details.game-menu")).to_have_count(0)
    in_language(page, lang, f"table {table}", "Log hand %(number)s", number=1)
    for done in range(1, hands + 1):
        page.locator("a.button.primary[href$='/hands/new']").click()
        declarer = page.locator("input[name=declarer]:checked")
        expect(declarer).to_have_count(1)
        seat = int(declarer.get_attribute("value") or "0")
        page.locator("[name=bid]").fill("100")
        for other in range(3):
            page.locator(f"[name=points-{other}]").fill("100" if other == seat else "10")
        page.locator("#hand-form button.primary[type=submit]").click()
        expect(page).to_have_url(re.compile(rf"/games/\d+\?saved={done}$"))
        if done == 1:  # the first: one tap on the same phone, passed across the table
            in_language(page, lang, f"saved {table}", "Confirm hands")
            prompt = page.locator("section.confirm-now button[name=seat]")
            expect(prompt).to_have_count(3)
            prompt.nth(2).click()
            expect(page.locator(".flash.done")).to_have_text(words(lang, "Hand confirmed."))
            expect(page.locator("section.confirm-now")).to_have_count(0)
    if second is not None:
        other = second.new_page()
        other.goto(link)
        other.locator("a.button[href$='/confirm']").click()
        forms = other.locator("ul.confirmations form")
        for left in range(hands - 2, -1, -1):
            forms.first.locator("button[type=submit]").click()
            expect(forms).to_have_count(left)
        other.close()
    page.locator("a.button[href$='/confirm']").click()
    in_language(page, lang, f"confirm {table}", "Confirm hands")
    forms = page.locator("ul.confirmations form")
    if second is not None:  # confirmed on the other phone: nothing waits on this one
        expect(forms).to_have_count(0)
        hands = 1
    for left in range(hands - 2, -1, -1):
        forms.first.locator("button[type=submit]").click()
        expect(forms).to_have_count(left)
    expect(page.locator("main")).to_contain_text(words(lang, "Every hand is confirmed."))
    page.close()


def links_from_plan(page: Page, base: str, event: str, lang: str, round_: int) -> list[str]:
    """The table links as the seating plan prints them under each QR code."""
    page.goto(f"{base}{event}/plan")
    expect(page.locator(".slip .qr svg")).to_have_count(3)
    in_language(page, lang, "seating plan", "Round %(number)s", number=round_)
    return [a.get_attribute("href") or "" for a in page.locator(".slip .share-link a").all()]


def close_round(page: Page, base: str, event: str, lang: str, round_: int, open_: int) -> None:
    """Closes the round from the event's page, past the confirmation naming the open table."""
    page.goto(base + event)
    expect(page.locator("table.tables tbody tr")).to_have_count(3)
    in_language(page, lang, "following", "Round %(number)s, being played", number=round_)
    page.locator(f"a[href='{event}/close']").click()
    expect(page.locator("ul.open-tables li")).to_have_count(open_)
    in_language(page, lang, "close", "Close round %(number)s", number=round_)
    page.locator("form button.danger[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/standings$"))


def standings_are_the_commands(page: Page, base: str, event: str, lang: str, rounds: int) -> None:
    """The standings page and its printable sheet show the rows that `scorekeeper standings`
    gives for the event file exported now."""
    exported = page.request.get(f"{base}{event}/file")
    assert exported.status == 200
    expected = standings_output(loads(exported.body()))
    assert expected["pending"] == []
    keys = ("place", "player", "points", "totals", "margin", "won", "played")
    want = [[str(row[k]) for k in keys] for row in expected["standings"]]
    for path, name in (
        (f"{event}/standings", "standings"),
        (f"{event}/standings?print=1", "sheet"),
    ):
        if not page.url.endswith(path):
            page.goto(base + path)
        rows = page.locator("table.standings tbody tr")
        expect(rows).to_have_count(len(PLAYERS))
        shown = [re.sub(r"\s+", " ", cells).strip().split(" ") for cells in rows.all_inner_texts()]
        assert shown == want, (name, rounds, shown, want)
        in_language(page, lang, name, "Standings")
    assert all(row["played"] == rounds for row in expected["standings"])


def test_a_director_and_three_tables_run_a_two_round_event(
    page: Page, live_server: str, browser: Browser
) -> None:
    base = live_server
    AXED.clear()
    # the director's new event, in English: tables of three playing two deals, confirmed
    page.goto(f"{base}/events/new")
    # the house rules open, as a director opens them: what they hold must fit too
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    in_language(page, "en", "new event", "New event")
    page.locator("[name=name]").fill("Club night")
    page.locator("[name=size_4]").select_option("")
    page.locator("[name=size_3]").select_option("pl-3")
    page.locator("[name=first]").select_option("3")
    page.locator("[name=confirm]").check()
    page.locator("[name=opt_deals]").fill("2")
    page.locator("form#new-event button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/events/\d+/players$"))
    event = re.sub(r"^https?://[^/]+|/players$", "", page.url)
    # the players, in Polish
    choose_language(page, "pl")
    in_language(page, "pl", "players", "Players")
    page.locator("[name=names]").fill("\n".join(PLAYERS))
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/events/\d+$"))
    # the first draw, in Russian: drawn, looked at on the move page, started
    choose_language(page, "ru")
    page.locator("#round form button.primary[type=submit]").click()
    expect(page.locator("ol.seating li")).to_have_count(3)
    in_language(page, "ru", "drawn", "Round %(number)s, drawn", number=1)
    page.locator(f"a[href='{event}/seating']").click()
    expect(page.locator("main select")).to_have_count(len(PLAYERS))
    in_language(page, "ru", "move", "Save the seating")
    page.goto(base + event)
    page.locator(f"form[action='{event}/start'] button").click()
    expect(page.locator("table.tables tbody tr")).to_have_count(3)
    # the tables' links, in Ukrainian; each phone in its own language
    choose_language(page, "uk")
    links = links_from_plan(page, base, event, "uk", 1)
    phones = [phone(browser, lang) for lang in ("en", "pl", "ru")]
    for number, (link, context, lang) in enumerate(zip(links, phones, ("en", "pl", "ru"))):
        # table 2 plays one deal of its two: the director closes it
        # table 1's second hand is confirmed on another player's phone, by the same link
        second = phone(browser, "uk") if number == 0 else None
        score(context, link, lang, 1 if number == 1 else 2, f"1.{number + 1}", second)
        if second is not None:
            second.close()
    close_round(page, base, event, "uk", 1, open_=1)
    standings_are_the_commands(page, base, event, "uk", 1)
    # round 2, by the standings, in English and the phones in the other languages by turns
    choose_language(page, "en")
    page.goto(base + event)
    page.locator("#round select[name=method]").select_option("standings")
    page.locator("#round form button.primary[type=submit]").click()
    expect(page.locator("ol.seating li")).to_have_count(3)
    page.locator(f"form[action='{event}/start'] button").click()
    expect(page.locator("table.tables tbody tr")).to_have_count(3)
    links = links_from_plan(page, base, event, "en", 2)
    for number, (link, context, lang) in enumerate(zip(links, phones, ("uk", "en", "pl"))):
        context.close()
        phones[number] = phone(browser, lang)
        score(phones[number], link, lang, 2 if number != 2 else 1, f"2.{number + 1}")
    choose_language(page, "pl")
    close_round(page, base, event, "pl", 2, open_=1)
    standings_are_the_commands(page, base, event, "pl", 2)
    for context in phones:
        context.close()
