"""Every journey starts as a player would: signing up on the phone (the live view needs none)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

PASSWORD = "correct horse battery"


def sign_up(page: Page, base: str, username: str) -> None:
    page.goto(f"{base}/signup")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    page.get_by_role("link", name=username).wait_for()


@pytest.fixture(autouse=True)
def signed_in(page: Page, live_server: str) -> None:
    sign_up(page, live_server, "scorer")
