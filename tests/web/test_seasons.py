"""Seasons through the pages: the ladder's figures worked out by hand, each score explained,
the printable sheet, what is refused at its field, who may see a season, and an event deleted."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from tests.conftest import signed_up
from tests.seasonnights import NIGHTS


def _nights(client: Any) -> list[int]:
    ids = []
    for night in NIGHTS:
        r = client.post("/api/events", data=json.dumps(night), content_type="application/json")
        assert r.status_code == 201, r.get_data(as_text=True)
        ids.append(r.get_json()["id"])
    return ids


def _season(client: Any, ids: list[int], best: str = "2") -> str:
    r = client.post("/seasons/new", data={"name": "Autumn league", "best": best, "event": ids})
    assert r.status_code == 302, r.get_data(as_text=True)
    return r.headers["Location"]


def _rows(page: str) -> list[tuple[str, ...]]:
    """The ladder's rows as shown: place, player, score, tie-break, counted."""
    found = re.findall(
        r"<tr>\s*<td>(\d+)</td>\s*<th scope=\"row\">(?:<a [^>]*>)?([^<]+)(?:</a>)?</th>\s*"
        r"<td>([^<]+)</td><td>([^<]+)</td><td>([^<]+)</td>",
        page,
    )
    return [tuple(html.unescape(x) for x in row) for row in found]


def test_the_ladder_its_explanations_and_its_sheet(client: Any) -> None:
    ids = _nights(client)
    assert "/seasons" in client.get("/events").get_data(as_text=True)
    season = _season(client, ids)
    page = client.get(season).get_data(as_text=True)
    # N = 2: equal scores of 3, ordered by the small points of the two nights that count
    assert _rows(page) == [
        ("1", "Celina", "3", "200", "2 of 3"),
        ("2", "ala", "3", "160", "2 of 3"),
        ("3", "Bartek", "3", "140", "2 of 3"),
    ]
    assert "provisional" not in page
    assert all(f"/events/{i}/standings" in page for i in ids)
    # Ala's score explained: nights 1 and 2 count, night 3 (0 points, 10) is dropped
    mine = client.get(f"{season}/player?name=Ala").get_data(as_text=True)
    counts, dropped = mine.split("Results dropped")
    assert "Night 1" in counts and "match points 2, small points 100" in counts
    assert "Night 2" in counts and "match points 1, small points 60" in counts
    assert "Score 3, tie-break 160" in counts
    assert "Night 3" in dropped and "match points 0, small points 10" in dropped
    assert client.get(f"{season}/player?name=Gosia").status_code == 404
    assert client.get(f"{season}/player").status_code == 404
    # the sheet: every result, a dropped one in brackets, the events numbered in a legend
    sheet = client.get(f"{season}?print=1").get_data(as_text=True)
    ala = re.search(r"<th scope=\"row\">ala</th>(.*?)</tr>", sheet, re.S)
    assert ala is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", ala.group(1))
    assert cells == [
        "<strong>3</strong>",
        "160",
        "2<small>100</small>",
        "1<small>60</small>",
        "(0)<small>(10)</small>",
    ]
    assert "<li>Night 1, " in sheet and "<li>Night 3, " in sheet
    # N changed on the edit page: the best night each
    r = client.post(f"{season}/edit", data={"name": "Autumn", "best": "1", "event": ids})
    assert r.status_code == 302
    page = client.get(season).get_data(as_text=True)
    assert "<h1>Autumn</h1>" in page
    assert [r[:4] for r in _rows(page)] == [
        ("1", "Celina", "2", "120"),
        ("2", "ala", "2", "100"),
        ("3", "Bartek", "2", "90"),
    ]
    # the event's standings name its seasons
    assert "Autumn</a>" in client.get(f"/events/{ids[0]}/standings").get_data(as_text=True)


def test_an_event_deleted_leaves_the_ladder(client: Any) -> None:
    ids = _nights(client)
    season = _season(client, ids)
    assert client.post(f"/events/{ids[1]}/delete").status_code == 302
    page = client.get(season).get_data(as_text=True)
    assert "Night 2" not in page
    # without night 2: Bartek 2 (90) + 1 (50); Ala 2 (100) + 0 (10); Celina 1 (80) + 0 (0)
    assert _rows(page) == [
        ("1", "Bartek", "3", "140", "2 of 2"),
        ("2", "ala", "2", "110", "2 of 2"),
        ("3", "Celina", "1", "80", "2 of 2"),
    ]


def test_bad_input_is_said_at_its_field(app: Any, client: Any) -> None:
    ids = _nights(client)
    for data, field, said in [
        ({"name": "", "best": "2"}, "name", "give the season a name"),
        ({"name": "Autumn", "best": "1.5"}, "best", "a whole number from 1 to 1000, got 1.5"),
        ({"name": "Autumn", "best": "0"}, "best", "a whole number from 1 to 1000, got 0"),
        ({"name": "Autumn", "best": "two"}, "best", "a whole number from 1 to 1000, got two"),
    ]:
        r = client.post("/seasons/new", data={**data, "event": ids})
        assert r.status_code == 422
        page = r.get_data(as_text=True)
        assert f'<span class="error" id="{field}-error">{html.escape(said)}</span>' in page
        assert re.search(rf'id="{field}"[^>]*aria-invalid="true"', page) or re.search(
            rf'aria-invalid="true"[^>]*id="{field}"', page
        )
        assert page.count(" checked>") == 3  # the events ticked stay ticked
    theirs = _nights(signed_up(app, "neighbour"))
    r = client.post("/seasons/new", data={"name": "Autumn", "best": "2", "event": theirs[:1]})
    assert r.status_code == 422
    assert "only events you direct can be in your season" in r.get_data(as_text=True)
    assert "Autumn" not in client.get("/seasons").get_data(as_text=True)


def test_only_its_owner_sees_or_changes_a_season(app: Any, client: Any, anon: Any) -> None:
    season = _season(client, _nights(client))
    other = signed_up(app, "neighbour")
    for path in (season, f"{season}?print=1", f"{season}/player?name=Ala", f"{season}/edit"):
        assert other.get(path).status_code == 404, path
        assert anon.get(path).status_code == 302, path  # to sign in
    assert other.post(f"{season}/edit", data={"name": "Mine", "best": "1"}).status_code == 404
    assert other.post(f"{season}/delete").status_code == 404
    assert "Autumn league" in client.get(season).get_data(as_text=True)
    assert client.post(f"{season}/delete").status_code == 302
    assert client.get(season).status_code == 404
    assert "Night 1" in client.get("/events").get_data(as_text=True)  # its events stay


def test_the_api_gives_the_ladder_with_every_result(app: Any, client: Any) -> None:
    ids = _nights(client)
    season = _season(client, ids)
    number = season.rsplit("/", 1)[1]
    r = client.get(f"/api/seasons/{number}")
    assert r.status_code == 200
    body = r.get_json()
    assert (body["name"], body["best"], body["provisional"]) == ("Autumn league", 2, False)
    assert [e["name"] for e in body["events"]] == ["Night 1", "Night 2", "Night 3"]
    assert [(x["place"], x["player"], x["score"], x["tiebreak"]) for x in body["ladder"]] == [
        (1, "Celina", 3, 200),
        (2, "ala", 3, 160),
        (3, "Bartek", 3, 140),
    ]
    assert body["ladder"][1]["results"] == [
        {"event": 1, "points": 2, "totals": 100, "counted": True},
        {"event": 2, "points": 1, "totals": 60, "counted": True},
        {"event": 3, "points": 0, "totals": 10, "counted": False},
    ]
    assert signed_up(app, "neighbour").get(f"/api/seasons/{number}").status_code == 404
    assert app.test_client().get(f"/api/seasons/{number}").status_code == 401
