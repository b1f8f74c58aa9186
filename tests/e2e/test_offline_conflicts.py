"""Another phone wrote while this one was offline (docs/table.md, "With no connection"): a line
changed or deleted here is found by its identity, never by its number, so whatever the scorer
chooses in the conflict box, every line the other phone stored stays as it was, and the box shows
the rows as they will be. Two browser contexts: mine (offline) and theirs (the API)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.gamefile.output import engine_output

from .test_hand_form import game_from, points
from .test_languages import CATALOGUES, LANGS, axe_turn, check_layout, choose_language
from .test_offline import (
    SHOTS,
    SIZES,
    _their_hand,
    close_phone,
    opened_with_adjustment_form,
    phone,
    server,
    stored,
    unsent,
)

FIXTURE = "pl-3-basic.json"
FIRST = [  # the fixture's first two hands, and an adjustment
    {
        "bid": 100,
        "declarer": 1,
        "marriages": [{"seat": 1, "suit": "spades"}],
        "points": [44, 61, 15],
    },
    {
        "bid": 110,
        "contract": 120,
        "declarer": 2,
        "marriages": [{"seat": 2, "suit": "hearts"}],
        "points": [30, 45, 45],
    },
    {"adjustment": [0, -50, 0], "reason": "exposed a card"},
]
NAMES = ["Ala", "Bartek", "Celina"]


def hand(declarer: int, pts: list[int]) -> dict[str, Any]:
    """A hand bid at 110 (legal whoever deals: the one on the musik is outbid)."""
    return {"bid": 110, "declarer": declarer, "points": pts}


def adjustment(bartek: int, reason: str) -> dict[str, Any]:
    return {"adjustment": [0, bartek, 0], "reason": reason}


class Table:
    """Mine (offline at will) and theirs (another phone, through the API) on one game."""

    def __init__(self, browser: Browser, args: dict, base: str, username: str) -> None:
        self.mine = phone(browser, args, base, username)
        self.theirs = phone(browser, args, base, username, new=False)
        self.game = game_from(self.mine, base, FIXTURE, hands=FIRST)
        opened_with_adjustment_form(self.mine, self.game)
        self.lines = server(self.mine, self.game, "/file")["hands"]
        self.issue = self.mine.locator(".outbox-issue")

    def offline(self) -> None:
        """Offline, on the game page, its file kept as the server has it now."""
        mine = self.mine
        for _ in range(100):  # the worker keeps the file read when the page was last opened
            if kept_file(mine, self.game) == self.lines:
                break
            mine.wait_for_timeout(100)
        assert kept_file(mine, self.game) == self.lines
        mine.context.set_offline(True)
        mine.goto(self.game)

    def their_line(self, line: dict[str, Any]) -> None:
        _their_hand(self.theirs, self.game, line)

    def back(self) -> None:
        """Online again: the outbox goes, and meets the other phone's write."""
        self.mine.context.set_offline(False)
        expect(self.issue).to_contain_text("Another phone logged these hands", timeout=15000)

    def choose(self, choice: str, expected: list[dict[str, Any]]) -> None:
        """The scorer's choice; then the server holds `expected`, scored as the phone shows."""
        name = "Add mine after theirs" if choice == "append" else "Drop mine"
        self.mine.get_by_role("button", name=name).click()
        expect(self.issue).to_have_count(0, timeout=15000)
        stored(self.mine, self.game, expected)
        expect(unsent(self.mine)).to_have_count(0)
        file = server(self.mine, self.game, "/file")
        totals = engine_output({**file, "hands": expected})["totals"]
        assert server(self.mine, self.game)["totals"] == totals
        expect(self.mine.locator(".totals .points")).to_have_text([str(t) for t in totals])
        self.lines = expected

    def box_is(self, which: str, rows: list[tuple[str, list[str]]]) -> None:
        """The box's rows, mine (tr.unsent) or theirs, come to be these: each row's number and
        running totals (waited for: the box is drawn again as the outbox settles)."""
        mine = "tr.unsent:not(:has(td.note))"  # a sentence about the row above is no row
        found = self.issue.locator(mine if which == "mine" else "tbody tr:not(.unsent)")
        expect(found).to_have_count(len(rows))
        expect(found.locator(":scope > :first-child")).to_have_text([n for n, _ in rows])
        expect(found.locator(".running")).to_have_text([t for _, ts in rows for t in ts])

    def will_be(self, lines: list[dict[str, Any]]) -> list[list[str]]:
        """The running totals of these lines, as the server will score them."""
        out = engine_output({**server(self.mine, self.game, "/file"), "hands": lines})
        return [[str(t) for t in h["totals"]] for h in out["hands"]]

    def close(self) -> None:
        close_phone(self.mine, self.theirs)


def box_shot(page: Page, name: str) -> None:
    """The conflict box alone at both phone sizes, when SCREENSHOTS names a folder."""
    if not SHOTS:
        return
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.locator(".outbox-issue").screenshot(path=os.path.join(SHOTS, f"{name}-{width}.png"))
    page.set_viewport_size({"width": 390, "height": 844})


def kept_file(page: Page, game: str) -> Any:
    return page.evaluate(
        """async (url) => { const r = await caches.match(url, {ignoreVary: true});
             return r ? (await r.json()).hands : null; }""",
        game.replace("/games/", "/api/games/") + "/file",
    )


def log_line(page: Page, line: dict[str, Any]) -> None:
    """A hand or an adjustment logged on the phone, through its form."""
    if "adjustment" in line:
        page.get_by_role("link", name="Adjustment", exact=True).click()
        fill_adjustment(page, line)
    else:
        page.get_by_role("link", name="Log hand").click()
        fill_hand(page, line)
        page.get_by_role("button", name="Save hand", exact=True).click()
    page.wait_for_url("**/games/*")
    expect(unsent(page).first).to_be_visible()


def fill_hand(page: Page, line: dict[str, Any]) -> None:
    # a tap, as a thumb makes it (on a tick that is already there too)
    page.get_by_role("radio", name=NAMES[line["declarer"]], exact=True).click()
    page.locator("[name=bid]").fill(str(line["bid"]))
    for name, value in zip(NAMES, line["points"], strict=True):
        points(page, name).fill(str(value))


def fill_adjustment(page: Page, line: dict[str, Any]) -> None:
    page.get_by_label("Bartek adjustment").fill(str(line["adjustment"][1]))
    page.get_by_label("Reason", exact=True).fill(line["reason"])
    page.get_by_role("button", name="Save", exact=True).click()


def label(lines: list[dict[str, Any]], k: int) -> str:
    """Line k's number on the sheet: its hand's, or "Adj." for an adjustment."""
    if "adjustment" in lines[k]:
        return "Adj."
    return str(len([x for x in lines[: k + 1] if "adjustment" not in x]))


def changed_on_its_form(page: Page, line: dict[str, Any]) -> None:
    """The line's form is open, filled with it: changed to `line` and saved."""
    if "adjustment" in line:
        expect(page.locator("h1")).to_contain_text("Edit the adjustment")
        fill_adjustment(page, line)
    else:
        expect(page.locator(".offline-delete")).to_be_visible()  # filled with the line
        fill_hand(page, line)
        page.get_by_role("button", name="Save hand", exact=True).click()
    page.wait_for_url("**/games/*")


def deleted_on_its_form(page: Page) -> None:
    page.locator(".offline-delete").click()
    page.wait_for_url("**/games/*")


def open_unsent(page: Page, line: dict[str, Any], hand_number: int) -> None:
    """A line not sent yet opened from its row on the sheet."""
    name = "Edit the adjustment" if "adjustment" in line else f"Edit hand {hand_number}"
    unsent(page).get_by_role("link", name=name).last.click()  # the sheet: newest on top


# The scorer's choice in each of the four rounds below (a line not sent yet changed, then
# deleted; a stored line changed, then deleted): between the two kinds every choice meets every
# kind of line, a change and a delete.
CHOICES = {"hand": ["append", "drop", "drop", "append"], "adjustment": ["drop", "append"] * 2}


@pytest.mark.parametrize("kind", ["hand", "adjustment"])
def test_mine_changed_or_deleted_offline_never_lands_on_their_line(
    browser: Browser, browser_context_args: dict, live_server: str, kind: str
) -> None:
    """Four rounds on one game, each: this phone offline changes or deletes a line (one not
    sent yet, then a stored one), the other phone adds a hand meanwhile, and the scorer chooses;
    the server then holds their hand as it was, and mine only where chosen."""
    t = Table(browser, browser_context_args, live_server, kind)
    adj = kind == "adjustment"
    choices = CHOICES[kind]

    # 1. a line not sent yet, changed: sent as changed (its first form never goes)
    t.offline()
    first = adjustment(-20, "slow shuffle") if adj else hand(1, [30, 70, 20])
    log_line(t.mine, first)
    open_unsent(t.mine, first, 3)
    fixed = adjustment(-30, "slow shuffle") if adj else hand(0, [75, 25, 20])
    changed_on_its_form(t.mine, fixed)
    expect(unsent(t.mine)).to_have_count(1)
    their = hand(1, [30, 60, 30])
    t.their_line(their)
    t.back()
    will = t.will_be(t.lines + [their, fixed])
    t.box_is("theirs", [("3", will[3])])
    t.box_is("mine", [("Adj." if adj else "4", will[4])])
    box_shot(t.mine, f"conflict-{kind}")
    t.choose(choices[0], t.lines + [their] + ([fixed] if choices[0] == "append" else []))

    # 2. two lines not sent yet, the first deleted: the second alone goes
    t.offline()
    gone = adjustment(-40, "talked") if adj else hand(2, [20, 30, 70])
    kept = adjustment(-10, "peeked") if adj else hand(0, [80, 20, 20])
    log_line(t.mine, gone)
    log_line(t.mine, kept)
    expect(unsent(t.mine)).to_have_count(2)
    open_unsent(t.mine, gone, int(label(t.lines + [gone], len(t.lines))) if not adj else 0)
    deleted_on_its_form(t.mine)
    expect(unsent(t.mine)).to_have_count(1)
    their = hand(2, [30, 30, 60])
    t.their_line(their)
    t.back()
    after = t.lines + [their, kept]
    t.box_is("mine", [(label(after, len(after) - 1), t.will_be(after)[-1])])
    t.choose(choices[1], t.lines + [their] + ([kept] if choices[1] == "append" else []))

    # 3. a stored line changed (an adjustment: line 3; a hand: line 1)
    t.offline()
    number = 3 if adj else 1
    t.mine.goto(f"{t.game}/hands/{number}/{'adjust' if adj else 'edit'}")
    fixed = adjustment(-60, "exposed two cards") if adj else {**t.lines[0], "points": [34, 71, 15]}
    changed_on_its_form(t.mine, fixed)
    their = hand(0, [60, 30, 30])
    t.their_line(their)
    t.back()
    after = [*t.lines[: number - 1], fixed, *t.lines[number:], their]
    will = t.will_be(after)
    t.box_is("mine", [(label(after, number - 1), will[number - 1])])
    t.box_is("theirs", [(label(after, len(after) - 1), will[-1])])
    t.choose(choices[2], after if choices[2] == "append" else t.lines + [their])

    # 4. a stored line deleted (the adjustment, line 3; a hand: line 2)
    t.offline()
    number = 3 if adj else 2
    t.mine.goto(f"{t.game}/hands/{number}/delete")
    deleted_on_its_form(t.mine)
    their = hand(1, [20, 80, 20])
    t.their_line(their)
    t.back()
    mine = t.issue.locator("tr.unsent")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text("deleted")
    after = [*t.lines[: number - 1], *t.lines[number:], their]
    t.box_is("theirs", [(label(after, len(after) - 1), t.will_be(after)[-1])])
    t.choose(choices[3], after if choices[3] == "append" else t.lines + [their])
    t.close()


def test_a_line_followed_through_their_deletes_and_left_where_they_changed_it(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """The other phone deleted a line before mine: my change goes to my line where it is now.
    The other phone changed the line I changed: theirs stays, mine is not sent, and the box
    says so; what else I logged goes after theirs."""
    t = Table(browser, browser_context_args, live_server, "follow")
    api = t.game.replace("/games/", "/api/games/")
    t.offline()
    t.mine.goto(t.game + "/hands/2/edit")
    fixed = {**t.lines[1], "points": [30, 40, 50]}
    changed_on_its_form(t.mine, fixed)
    t.mine.goto(t.game + "/hands/3/adjust")
    changed_on_its_form(t.mine, adjustment(-70, "exposed a card"))
    log_line(t.mine, hand(1, [30, 70, 20]))
    # theirs: line 1 deleted (line 2 is line 1 now), the adjustment changed, a hand added
    assert t.theirs.request.delete(api + "/hands/1").status == 200
    assert t.theirs.request.put(api + "/hands/2", data=adjustment(-80, "two cards")).status == 200
    their = hand(0, [70, 30, 20])
    t.their_line(their)
    t.back()
    expect(t.issue).to_contain_text("Another phone changed this line meanwhile")
    box_shot(t.mine, "conflict-lost")
    mine = hand(1, [30, 70, 20])
    theirs_now = [t.lines[1], adjustment(-80, "two cards"), their]
    expected = [fixed, adjustment(-80, "two cards"), their, mine]
    will = t.will_be(expected)
    t.box_is("mine", [("3", will[3]), ("", []), ("1", will[0])])
    assert server(t.mine, t.game, "/file")["hands"] == theirs_now  # nothing of mine yet
    t.choose("append", expected)
    t.close()


def test_the_conflict_box_fits_a_phone_and_passes_axe_in_every_language(
    browser: Browser, browser_context_args: dict, live_server: str
) -> None:
    """Theirs, mine (one that would not be accepted after theirs, one changed on the other phone
    meanwhile, one deleted): every sentence across the box, nothing overflows at 390 or 360 px,
    and axe finds nothing, in English and then in each language chosen on the same phone (the
    box stays until the scorer chooses, and is drawn again in the page's language: one phone
    and one conflict for the four). The other phone's writes go through the API."""
    page = phone(browser, browser_context_args, live_server, "box")
    game = game_from(page, live_server, FIXTURE, hands=FIRST)
    opened_with_adjustment_form(page, game)
    api = game.replace("/games/", "/api/games/")
    page.context.set_offline(True)
    page.goto(game + "/hands/3/adjust")
    expect(page.locator(".offline-delete")).to_be_visible()
    page.locator("[name=values-1]").fill("-70")
    page.locator("#adjust-form button[type=submit]").first.click()
    page.wait_for_url(game)
    page.goto(game + "/hands/2/delete")
    deleted_on_its_form(page)
    # Celina, on the musik here, takes it at 100: after another hand, she is not on it
    page.locator('a[href*="/hands/new"]').first.click()
    page.locator("[name=bid]").fill("100")
    for seat, value in enumerate((65, 35, 20)):
        page.locator(f"[name=points-{seat}]").fill(str(value))
    page.locator("#hand-form button.primary[type=submit]").click()
    page.wait_for_url(game + "*")
    expect(unsent(page)).to_have_count(2)
    assert page.request.put(api + "/hands/3", data=adjustment(-80, "two cards")).status == 200
    assert page.request.post(api + "/hands", data=hand(1, [20, 80, 20])).status == 201
    page.context.set_offline(False)
    box = page.locator(".outbox-issue")
    for lang in ("en", *LANGS):
        if lang != "en":
            page.goto(live_server + "/")
            choose_language(page, lang)
            page.goto(game)
        heading = "Another phone logged these hands in this game while yours were waiting:"
        words = heading if lang == "en" else CATALOGUES[lang].gettext(heading)
        expect(box).to_contain_text(words, timeout=15000)
        expect(box.locator(".note .error")).to_have_count(2)
        # each sentence reads across the box, not a word a line
        for note in box.locator(".note .error").all():
            width = note.evaluate("p => p.getBoundingClientRect().width")
            table = note.evaluate("p => p.closest('table').getBoundingClientRect().width")
            assert width > 0.8 * table, (lang, width, table)
        check_layout(page, lang, "conflict box", axe=axe_turn(lang, 0))  # English and Polish
        box_shot(page, f"conflict-box-{lang}")
    close_phone(page)
