"""Every journey starts as a player would: signing up on the phone (the live view needs none)."""

from __future__ import annotations

import shutil
from pathlib import Path

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


@pytest.fixture
def database_url(tmp_path: Path, sqlite_template: Path) -> str:
    """The browser tests check markup and behaviour, not SQL: one database (SQLite) is enough;
    the app tests run every query on both (tests/web)."""
    path = tmp_path / "test.sqlite"
    shutil.copyfile(sqlite_template, path)
    return f"sqlite:///{path}"


@pytest.fixture(autouse=True)
def signed_in(page: Page, live_server: str) -> None:
    sign_up(page, live_server, "scorer")
