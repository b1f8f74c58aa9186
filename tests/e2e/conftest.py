"""Every browser test starts with the account "scorer", signed in on its page; the sign-up form
itself is the journeys' (test_journeys.py) and the languages' (test_languages.py)."""

from __future__ import annotations

import re
import shutil
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import APIRequestContext, Page, Playwright

PASSWORD = "correct horse battery"
# the phones the form is made for: a usual one, and a small Android
SIZES = [(390, 844), (360, 740)]


def at(*sizes: tuple[int, int]):  # type: ignore[no-untyped-def]
    """The test's `phone` at these sizes. A test of what the form does runs at one of them, the
    tests of a file taking them by turns (the width changes no behaviour; both are met)."""
    return pytest.mark.parametrize("phone", sizes, indirect=True, ids=lambda s: f"{s[0]}x{s[1]}")


class _Hung(Exception):
    """A browser's answer that did not come in time."""


def within(seconds: float, call: Callable[[], object], what: str) -> bool:
    """`call`, given up after `seconds` (True if it finished). For closing a phone alone:
    Chromium now and then never answers the disposal of a context whose service worker was
    busy (puppeteer#11627), and the whole test then waited out its timeout after every check had
    passed. SIGALRM, as pytest-timeout's own alarm: that alarm is put back, less the time spent;
    Playwright goes on working after a call given up (the context is left to the browser)."""

    def ring(signum: int, frame: object) -> None:
        raise _Hung

    before = signal.signal(signal.SIGALRM, ring)
    left = signal.getitimer(signal.ITIMER_REAL)[0]
    start = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        call()
        return True
    except _Hung:
        print(f"{what}: no answer from Chromium within {seconds} s, left to it", file=sys.stderr)
        return False
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
        if left:
            signal.setitimer(signal.ITIMER_REAL, max(0.001, left - (time.monotonic() - start)))


@pytest.fixture
def phone(request: pytest.FixtureRequest, page: Page) -> Page:
    """The test's page at the size `at` gives it (390x844 without)."""
    width, height = getattr(request, "param", SIZES[0])
    page.set_viewport_size({"width": width, "height": height})
    return page


def sign_up(page: Page, base: str, username: str) -> None:
    """Through the form, as a player does."""
    page.goto(f"{base}/signup")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name=username).wait_for()


def sign_up_by_request(request: APIRequestContext, base: str, username: str) -> None:
    """The form's post without the page (`page.request` keeps the browser's cookies): 0.05 s
    where the form in the browser took a second, before every one of 150 tests."""
    form = request.get(f"{base}/signup")
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form.text())
    assert token, form.text()[:500]
    fields = {"username": username, "password": PASSWORD, "confirm": PASSWORD}
    answer = request.post(
        f"{base}/signup", form={**fields, "csrf_token": token.group(1)}, max_redirects=0
    )
    assert answer.status == 302, answer.text()[:500]


def form_poster(page: Page, base: str) -> Callable[..., str]:
    """Posts the app's forms as `page`'s browser (its session, one CSRF token): `post(path,
    **fields)` asserts the 302 and returns where it leads. Events are made so in the tests."""
    form = page.request.get(f"{base}/events/new").text()
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', form)
    assert token, form[:500]

    def post(path: str, **fields: str) -> str:
        answer = page.request.post(
            base + path, form={**fields, "csrf_token": token.group(1)}, max_redirects=0
        )
        assert answer.status == 302, f"{path}: {answer.status} {answer.text()[:500]}"
        return answer.headers["location"]

    return post


@pytest.fixture
def database_url(tmp_path: Path, sqlite_template: Path) -> str:
    """The browser tests check markup and behaviour, not SQL: one database (SQLite) is enough;
    the app tests run every query on both (tests/web)."""
    path = tmp_path / "test.sqlite"
    shutil.copyfile(sqlite_template, path)
    return f"sqlite:///{path}"


@pytest.fixture(autouse=True)
def signed_in(request: pytest.FixtureRequest, live_server: str, playwright: Playwright) -> None:
    """The account "scorer", signed in on the test's page if it has one."""
    if "page" in request.fixturenames:
        page: Page = request.getfixturevalue("page")
        sign_up_by_request(page.request, live_server, "scorer")
        return
    api = playwright.request.new_context()  # the test makes its own phones: no page to open
    try:
        sign_up_by_request(api, live_server, "scorer")
    finally:
        api.dispose()
