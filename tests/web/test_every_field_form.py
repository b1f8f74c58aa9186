"""A line of every field (tests/everyfield.py) shown in its edit form and posted as it stands
is the same line: what the edit page fills in, the new-line form reads back."""

from __future__ import annotations

import dataclasses
import re
from html.parser import HTMLParser
from typing import Any

from werkzeug.datastructures import MultiDict

from scorekeeper import services
from scorekeeper.gamefile import GameFile
from scorekeeper.rules import Adjustment
from scorekeeper.store.db import db
from scorekeeper.store.facts import facts_by_game
from scorekeeper.store.models import Account
from tests import everyfield

FORM = (
    "the hand form (HandForm.from_line fills templates/hands/form.html, HandForm.to_line reads "
    "what it posts: web/hands/forms.py)"
)


class _Posted(HTMLParser):
    """What a browser posts from the page's form: its fields' names and values as filled."""

    def __init__(self) -> None:
        super().__init__()
        self.data: list[tuple[str, str]] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            self.data.append((name, a.get("value") or ("y" if a.get("type") == "checkbox" else "")))
        elif tag == "textarea" and name:
            self.data.append((name, ""))
        elif tag == "select":
            self._select = name
        elif tag == "option" and self._select and "selected" in a:
            self.data.append((self._select, a.get("value") or ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def _posted(page: str) -> list[tuple[str, str]]:
    parser = _Posted()
    parser.feed(page)
    return parser.data


def _store(app: Any, file: GameFile) -> int:
    with app.app_context():
        owner = db.session.query(Account.id).filter_by(username="tester").scalar()
        return services.create_game(file, owner).id


def test_every_line_shown_in_its_edit_form_and_posted_again_is_the_same_line(app, client):  # type: ignore[no-untyped-def]
    for file in everyfield.parsed_games():
        shown = _store(app, file)
        again = _store(app, dataclasses.replace(file, lines=()))
        for number, line in enumerate(file.lines, start=1):
            page = "adjust" if isinstance(line, Adjustment) else "edit"
            form = client.get(f"/games/{shown}/hands/{number}/{page}")
            assert form.status_code == 200
            # the version is the shown game's: the other game's form is posted with none
            data = [(k, v) for k, v in _posted(form.get_data(as_text=True)) if k != "version"]
            target = "adjust" if isinstance(line, Adjustment) else "hands/new"
            posted = client.post(f"/games/{again}/{target}", data=MultiDict(data))
            assert posted.status_code == 302, (
                f"{FORM}: line {number} posted as its edit form showed it was refused: "
                f"{_errors(posted.get_data(as_text=True))}"
            )
            with app.app_context():  # line by line: a changed line is named before the next
                read = facts_by_game([again])[again]
            changed = everyfield.differences(file.lines[:number], read)
            assert not changed, f"{FORM} dropped: {changed}"


def _errors(page: str) -> list[str]:
    """The messages a refused form shows (for a failure's message)."""
    return re.findall(r'class="[^"]*error[^"]*"[^>]*>([^<]+)', page)
