"""The games the browser tests start from, made through the API (a fixture of tests/games)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]


def game_from(page: Page, base: str, fixture: str, hands: int | list[dict] = 0) -> str:
    """A game of the fixture's players and rules, with its first `hands` (or these hands)."""
    data = json.loads((ROOT / "tests/games" / fixture).read_text(encoding="utf-8"))["game"]
    data["hands"] = hands if isinstance(hands, list) else data["hands"][:hands]
    response = page.request.post(f"{base}/api/games", data=data)
    assert response.status == 201, response.text()
    return f"{base}/games/{response.json()['id']}"


def game_with(page: Page, base: str, fixture: str, hands: list[dict], **options: object) -> str:
    """A game of the fixture's players and variant with these options and hands."""
    data = json.loads((ROOT / "tests/games" / fixture).read_text(encoding="utf-8"))["game"]
    data["options"], data["hands"] = options, hands
    response = page.request.post(f"{base}/api/games", data=data)
    assert response.status == 201, response.text()
    return f"{base}/games/{response.json()['id']}"
