"""Events through the pages and the API: a director's round, the tables scored from their
links without an account, standings equal to `scorekeeper standings` on the exported file."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path
from typing import Any

from scorekeeper.events import InvalidEvent, loads, standings_output
from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import Event
from tests.conftest import signed_up
from tests.web.helpers import hand, new_game, version_token

GOLDEN = Path(__file__).parent.parent / "events" / "golden"
SIX = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]


def _event(client: Any, **extra: str) -> str:
    """A new event of tables of 3 to 300 through the form; its page's URL."""
    data = {"name": "Club night", "size_3": "pl-3", "first": "3", "ranking": "points"}
    data["opt_target"] = "300"
    data.update(extra)
    r = client.post("/events/new", data=data)
    assert r.status_code == 302, r.get_data(as_text=True)
    event = "/events/" + r.headers["Location"].split("/")[2]
    r = client.post(f"{event}/players", data={"names": "\n".join(SIX)})
    assert r.status_code == 302, r.get_data(as_text=True)
    return event


def _started(client: Any, event: str) -> list[str]:
    """Round drawn and started; the table links from the seating plan."""
    assert client.post(f"{event}/draw", data={"method": "random"}).status_code == 302
    assert client.post(f"{event}/start").status_code == 302
    plan = client.get(f"{event}/plan").get_data(as_text=True)
    found = re.findall(r'<a href="http://localhost(/table/\d+/[^"]+)"', plan)
    assert len(found) == 2, plan
    return found


def _open(app: Any, link: str) -> tuple[Any, str]:
    """A phone with no account opens a table link: it lands on the table's game."""
    phone = app.test_client()
    r = phone.get(link)
    assert r.status_code == 302, r.get_data(as_text=True)
    return phone, r.headers["Location"]


def test_a_round_scored_from_table_links_gives_the_commands_standings(
    app: Any, client: Any
) -> None:
    event = _event(client)
    links = _started(client, event)
    for link in links:
        phone, game = _open(app, link)
        # Ala, Bartek or whoever sits at seat 1 makes 300 and wins: the table ends
        assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
        assert hand(phone, game, [10, 110, 0], declarer=1, bid=110).status_code == 302
        assert "Log hand" in phone.get(game).get_data(as_text=True)
    page = client.get(event).get_data(as_text=True)
    assert "Round 1, being played" in page
    # close: a table not ended is named on the confirmation
    assert "Table 1" in client.get(f"{event}/close").get_data(as_text=True)
    assert client.post(f"{event}/close").status_code == 302
    exported = client.get(f"{event}/file").get_data()
    expected = standings_output(loads(exported))
    api = client.get(f"/api{event}")
    assert api.status_code == 200
    assert api.get_json() == json.loads(json.dumps(expected))
    assert len(expected["standings"]) == 6 and expected["pending"] == []
    assert all(row["played"] == 1 for row in expected["standings"])
    standings = client.get(f"{event}/standings").get_data(as_text=True)
    first = expected["standings"][0]
    number = SIX.index(first["player"]) + 1
    assert f'{event}/standings/{number}">{first["player"]}</a>' in standings
    # the player's own page explains the row: the table, its seats' totals and places, the points
    mine = client.get(f"{event}/standings/{number}").get_data(as_text=True)
    entry = first["rounds"][0]
    assert "round 1, table" in mine and f"place {entry['place']} → {entry['points']} points" in mine
    seat = SIX.index(first["player"])
    table = next(t for t in loads(exported).rounds[0].tables if seat in t.seats)
    for seat, total in zip(table.seats, table.tally.totals):
        assert f"{SIX[seat]} {total} → " in mine
    assert client.get(f"{event}/standings/7").status_code == 404
    assert client.get(f"{event}/standings/0").status_code == 404
    # the next round is drawn from these standings
    assert client.post(f"{event}/draw", data={"method": "standings"}).status_code == 302
    assert "Round 2, drawn" in client.get(event).get_data(as_text=True)


def test_a_table_link_scores_its_game_and_nothing_else(app: Any, client: Any) -> None:
    event = _event(client)
    first, second = _started(client, event)
    phone, game = _open(app, first)
    _, other = _open(app, second)
    assert phone.get(game).status_code == 200
    assert phone.get(f"{game}/hands/new").status_code == 200
    assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    trail = client.get(f"{game}/hands/1").get_data(as_text=True)
    assert trail  # the director sees the hand the table logged
    for refused in (
        other,  # another table's game
        f"{other}/hands/new",
        f"{game}/share",
        f"{game}/export.json",
        "/",
        event,
        f"/api{other}",  # nor another table's game through the API
        f"/api{other}/file",
    ):
        r = phone.get(refused)
        assert r.status_code in (302, 401, 404), (refused, r.status_code)
        assert r.status_code != 200
    # its own game through the API, as the offline code reads and writes it (static/offline/):
    # its waiting hands are kept under the table, the page's data-account
    assert 'data-account="table-' in phone.get(game).get_data(as_text=True)
    assert phone.get(f"/api{game}/file").status_code == 200
    line = {"declarer": 1, "bid": 110, "points": [10, 110, 0]}
    headers = {"X-Account-Id": "table-" + first.split("/")[2], "Idempotency-Key": "k1"}
    r = phone.post(f"/api{game}/hands", json=line, headers=headers)
    assert r.status_code == 201, r.get_data(as_text=True)
    assert len(phone.get(f"/api{game}/file").get_json()["hands"]) == 2
    assert phone.post(f"/api{other}/hands", json=line).status_code in (401, 404)
    assert phone.post("/api/games", json={}).status_code == 401  # no game of its own
    for posted in (f"{game}/abandon", f"{game}/delete", f"{game}/rematch", f"{game}/invite"):
        r = phone.post(posted)
        assert r.status_code in (302, 401, 404) and "/signin" in r.headers.get(
            "Location", "/signin"
        )
    # a new link for the table lets go of the phone the old one opened
    table_id = first.split("/")[2]
    r = client.post(f"{event}/tables/{table_id}/link")
    assert r.status_code == 302
    assert phone.get(game).status_code == 302
    assert app.test_client().get(first).status_code == 404


def test_another_account_finds_no_event(app: Any, client: Any) -> None:
    event = _event(client)
    stranger = signed_up(app, "mallory")
    for path in (event, f"{event}/standings", f"{event}/file", f"{event}/plan", f"/api{event}"):
        assert stranger.get(path).status_code == 404, path
    assert stranger.post(f"{event}/draw", data={"method": "random"}).status_code == 404
    assert app.test_client().get(event).status_code == 302  # signed out: sign in first


def test_the_api_takes_an_event_file_or_says_the_commands_problems(app: Any, client: Any) -> None:
    text = json.dumps(json.loads((GOLDEN / "ties-points.json").read_text())["event"])
    r = client.post("/api/events", data=text, content_type="application/json")
    assert r.status_code == 201, r.get_data(as_text=True)
    created = r.get_json()["id"]
    assert client.get(f"/api/events/{created}").get_json() == json.loads(
        json.dumps(standings_output(loads(text)))
    )
    again = client.get(f"/api/events/{created}/file").get_data()
    assert standings_output(loads(again)) == standings_output(loads(text))
    bad = json.loads(text)
    bad["players"][1] = bad["players"][0]
    bad["points"] = {"3": [1, 2, 0]}
    body = json.dumps(bad)
    try:
        loads(body)
    except InvalidEvent as e:
        lines = [str(p) for p in e.problems]
    with app.app_context():
        before = db.session.query(Event).count()
    r = client.post("/api/events", data=body, content_type="application/json")
    assert r.status_code == 422
    assert r.get_json() == {"errors": lines}
    with app.app_context():
        assert db.session.query(Event).count() == before
    assert client.post("/api/events", data="{", content_type="application/json").status_code == 422
    assert client.post("/api/events", data="{}").status_code == 400
    assert app.test_client().post("/api/events", json={}).status_code == 401


def test_the_tables_variants_are_named_as_players_name_them(client: Any) -> None:
    page = client.get("/events/new").get_data(as_text=True)
    assert re.search(r'<option (selected )?value="pl-4">Polish Tysiąc</option>', page)
    assert re.search(r'<option (selected )?value="moscow">Moscow Thousand</option>', page)


def test_bad_input_is_said_at_its_field(client: Any) -> None:
    r = client.post("/events/new", data={"name": "", "size_3": "", "size_4": "", "first": "4"})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "an event needs a name" in page and "tables must be" in page
    r = client.post(
        "/events/new",
        data={"name": "X", "size_3": "pl-3", "first": "3", "points_3": "1 2 0", "bye": "abc"},
    )
    page = r.get_data(as_text=True)
    assert r.status_code == 422
    assert "a place cannot give more than the place before it" in page
    assert "bye (the match points of a bye)" in page
    event = _event(client)
    r = client.post(f"{event}/players", data={"names": "Ala\nala"})
    assert r.status_code == 422 and "has the name of" in r.get_data(as_text=True)
    assert client.post(f"{event}/start").status_code == 302  # nothing drawn: said, not a 500
    assert client.post(f"{event}/draw", data={"method": "sideways"}).status_code == 302
    assert client.get("/events/999").status_code == 404


def test_an_event_file_imported_on_the_import_page(client: Any) -> None:
    text = json.dumps(json.loads((GOLDEN / "pl4-margin.json").read_text())["event"])
    r = client.post(
        "/import", data={"file": (io.BytesIO(text.encode()), "event.json")}, follow_redirects=False
    )
    assert r.status_code == 302, r.get_data(as_text=True)
    event = r.headers["Location"]
    exported = client.get(f"{event}/file").get_data()
    assert standings_output(loads(exported)) == standings_output(loads(text))
    broken = text.replace('"pl-4"', '"pl-9"')
    r = client.post("/import", data={"file": (io.BytesIO(broken.encode()), "event.json")})
    assert r.status_code == 422 and "event: " in r.get_data(as_text=True)


def test_a_table_phone_is_offered_only_what_its_link_can_do(app: Any, client: Any) -> None:
    event = _event(client)
    first, _ = _started(client, event)
    phone, game = _open(app, first)
    assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    seen = phone.get(game).get_data(as_text=True)
    assert "Log hand 2" in seen and "Chart" in seen and "Undo hand 1" in seen
    for offered in ("/share", "/export", ".csv", ".json", "/print", "Rematch", "Abandon"):
        assert offered not in seen, offered
    assert "round 1, table 1" in seen  # it says whose link scores it
    # its header names the table where a page for no one offers to sign in
    header = seen.split("</header>")[0]
    assert "Round 1, table 1" in header and "Sign in" not in header
    header = phone.get(f"{game}/hands/new").get_data(as_text=True).split("</header>")[0]
    assert "Round 1, table 1" in header
    director = client.get(game).get_data(as_text=True)
    assert f"{game}/share" in director and "Game file" in director


def _confirm_page(phone: Any, game: str) -> tuple[str, str]:
    page = phone.get(f"{game}/confirm")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', text)
    return text, version.group(1) if version else ""


def test_with_confirm_a_table_counts_once_a_seat_confirmed_each_hand(app: Any, client: Any) -> None:
    event = _event(client, confirm="y")
    first, second = _started(client, event)
    phone, game = _open(app, first)
    assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    assert f"{game}/confirm" in phone.get(game).get_data(as_text=True)
    assert client.post(f"{event}/close", data={"round": "1"}).status_code == 302
    api = f"/api{event}"
    assert client.get(api).get_json()["pending"] == [{"round": 1, "table": 1}]
    # its declarer's own page shows the table that waits, with the totals so far
    declarer = loads(client.get(f"{event}/file").get_data()).rounds[0].tables[0].seats[1]
    mine = client.get(f"{event}/standings/{declarer + 1}").get_data(as_text=True)
    assert "round 1, table 1" in mine and "not counted yet; total so far 100" in mine
    text, version = _confirm_page(phone, game)
    assert "1 hand to confirm" in text and "Confirm hand 1" in text
    # a line or seat no form of the page posts ("²" is a digit to str.isdigit) confirms nothing
    for line, seat in (("²", "2"), ("1", "²"), ("9" * 5000, "2")):
        r = phone.post(f"{game}/confirm", data={"line": line, "seat": seat, "version": version})
        assert r.status_code == 302
        assert "1 hand to confirm" in _confirm_page(phone, game)[0]
    r = phone.post(f"{game}/confirm", data={"line": "1", "seat": "2", "version": version})
    assert r.status_code == 302
    text, _ = _confirm_page(phone, game)
    assert "confirmed by" in text and "Every hand is confirmed" in text
    assert client.get(api).get_json()["pending"] == []
    # a hand changed after it was confirmed (by the director: the round is closed) is
    # confirmed again
    data = version_token(client, f"{game}/hands/1/edit")
    page = client.get(f"{game}/hands/1/edit").get_data(as_text=True)
    dealer = re.search(r'<option selected value="(\d+)">', page)
    data.update(
        {"dealer": dealer.group(1) if dealer else "0", "declarer": "1", "bid": "100"}
        | {"points-0": "0", "points-1": "105", "points-2": "15", "change_reason": "typo"}
    )
    assert client.post(f"{game}/hands/1/edit", data=data).status_code == 302
    assert client.get(api).get_json()["pending"] == [{"round": 1, "table": 1}]
    # a page made before the game changed confirms nothing: the seat reads the hand again
    stale = phone.post(f"{game}/confirm", data={"line": "1", "seat": "0", "version": version})
    assert stale.status_code == 302
    assert "1 hand to confirm" in _confirm_page(phone, game)[0]
    # the other table's game is no table of this phone; a game of no event has no such page
    _, other = _open(app, second)
    assert phone.get(f"{other}/confirm").status_code in (302, 404)
    plain = new_game(client)
    assert client.get(f"{plain}/confirm").status_code == 404


def test_a_stale_tab_neither_closes_nor_starts_another_round(app: Any, client: Any) -> None:
    event = _event(client)
    _started(client, event)
    assert 'name="round" value="1"' in client.get(f"{event}/close").get_data(as_text=True)
    assert client.post(f"{event}/close", data={"round": "1"}).status_code == 302
    assert client.post(f"{event}/draw", data={"method": "random"}).status_code == 302
    shown = version_token(client, event)["version"]
    # another tab draws round 2 again: the first tab's Start would start a seating unseen
    assert client.post(f"{event}/draw", data={"method": "standings"}).status_code == 302
    r = client.post(f"{event}/start", data={"version": shown}, follow_redirects=True)
    assert "changed a moment ago" in r.get_data(as_text=True)
    assert "Round 2, drawn" in client.get(event).get_data(as_text=True)
    fresh = version_token(client, event)["version"]
    assert client.post(f"{event}/start", data={"version": fresh}).status_code == 302
    # the close page of round 1, left open in a tab, closes no round 2
    r = client.post(f"{event}/close", data={"round": "1"}, follow_redirects=True)
    assert "changed a moment ago" in r.get_data(as_text=True)
    assert "Round 2, being played" in client.get(event).get_data(as_text=True)
    assert client.post(f"{event}/close", data={"round": "2"}).status_code == 302
    assert "Round 2, closed" in client.get(event).get_data(as_text=True)


def test_a_preferred_table_size_no_form_offers_is_refused_at_its_field(client: Any) -> None:
    data = {"name": "Club night", "size_3": "pl-3", "ranking": "points", "opt_target": "300"}
    for first in ("²", "7", "9" * 5000):
        r = client.post("/events/new", data=data | {"first": first})
        assert r.status_code == 422, first
        assert "Not a valid choice" in r.get_data(as_text=True)


def test_a_new_worker_makes_the_tables_from_their_summaries_and_follows_an_edit(
    app: Any, client: Any
) -> None:
    from sqlalchemy import func, select

    from scorekeeper import create_app
    from scorekeeper.store.models import Summary

    event = _event(client)
    games = []
    for link in _started(client, event):
        phone, game = _open(app, link)
        assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
        games.append(game)
    assert client.post(f"{event}/close").status_code == 302  # both tables count, by totals
    before = client.get(f"/api{event}").get_json()
    with app.app_context():  # the summaries this read made are kept for the next worker
        assert db.session.scalar(select(func.count()).select_from(Summary)) == len(games)
    # the director corrects table 1's hand: seat 0 declared and made 120
    edit = f"{games[0]}/hands/1/edit"
    data = version_token(client, edit)
    page = client.get(edit).get_data(as_text=True)
    dealer = re.search(r'<option selected value="(\d+)">', page)
    data.update(
        {"dealer": dealer.group(1) if dealer else "0", "declarer": "0", "bid": "120"}
        | {"points-0": "120", "points-1": "0", "points-2": "0", "change_reason": "misread"}
    )
    assert client.post(edit, data=data).status_code == 302
    # a new worker (nothing remembered) reads the standings the edited file gives
    fresh = create_app(dict(app.config))
    browser = fresh.test_client()
    cookie = client.get_cookie("session")
    assert cookie is not None
    browser.set_cookie("session", cookie.value)
    after = browser.get(f"/api{event}").get_json()
    expected = standings_output(loads(client.get(f"{event}/file").get_data()))
    assert after == json.loads(json.dumps(expected)) and after != before
    assert 120 in [row["totals"] for row in after["standings"]]
    with fresh.app_context():
        db.session.remove()
        db.engine.dispose()


def test_a_closed_round_is_locked_to_its_tables_and_changed_by_the_director_with_a_reason(
    app: Any, client: Any
) -> None:
    event = _event(client)
    first, _ = _started(client, event)
    phone, game = _open(app, first)
    assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    assert client.post(f"{event}/close").status_code == 302
    # the table's phone reads its game, and changes nothing of it any more
    page = phone.get(game).get_data(as_text=True)
    assert "Round 1 is closed: only the director changes its hands now." in page
    assert "Log hand 2" not in page and f'action="{game}/undo"' not in page
    assert "/edit" not in phone.get(f"{game}/hands/1").get_data(as_text=True)
    file = phone.get(f"/api{game}/file").get_json()
    for path in (f"{game}/hands/new", f"{game}/hands/1/edit", f"{game}/hands/1/delete"):
        r = phone.get(path)
        assert r.status_code == 302 and r.headers["Location"].endswith(game), path
    assert hand(phone, game, [10, 110, 0], declarer=1, bid=110).status_code == 302
    line = {"declarer": 1, "bid": 110, "points": [10, 110, 0]}
    r = phone.post(f"/api{game}/hands", json=line)
    assert r.status_code == 403 and "only the director" in r.get_json()["errors"][0]
    assert phone.get(f"/api{game}/file").get_json() == file  # nothing stored
    # the director changes it, with a reason the trail keeps; the standings follow
    edit = f"{game}/hands/1/edit"
    data = version_token(client, edit)
    page = client.get(edit).get_data(as_text=True)
    dealer = re.search(r'<option selected value="(\d+)">', page)
    data.update(
        {"dealer": dealer.group(1) if dealer else "0", "declarer": "0", "bid": "120"}
        | {"points-0": "120", "points-1": "0", "points-2": "0"}
    )
    r = client.post(edit, data=data)
    assert r.status_code == 422
    assert "round 1 is closed: say why this hand changes" in r.get_data(as_text=True)
    assert phone.get(f"/api{game}/file").get_json() == file
    assert client.post(edit, data=data | {"change_reason": "the table misread"}).status_code == 302
    assert "the table misread" in client.get(f"{game}/hands/1").get_data(as_text=True)
    rows = client.get(f"/api{event}").get_json()["standings"]
    assert 120 in [row["totals"] for row in rows]
    # a delete needs its reason too
    r = client.post(f"{game}/hands/1/delete", data=version_token(client, f"{game}/hands/1/delete"))
    assert r.status_code == 422 and "say why this hand changes" in r.get_data(as_text=True)


def test_a_hand_saved_at_a_confirm_table_asks_for_one_tap_and_the_director_sees_it_wait(
    app: Any, client: Any
) -> None:
    event = _event(client, confirm="y")
    first, _ = _started(client, event)
    phone, game = _open(app, first)
    r = hand(phone, game, [10, 100, 10], declarer=1, bid=100)
    assert r.status_code == 302 and r.headers["Location"].endswith("?saved=1")
    page = phone.get(r.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 saved: pass the phone to confirm it" in page
    assert "through the table&#39;s link" in page or "through the table's link" in page
    assert "Hand 1 waits for a confirmation." in page  # marked above the sheet
    seats = re.findall(r'<button type="submit" name="seat" value="(\d)">Confirmed by (\w+)<', page)
    assert len(seats) == 3  # pl-3: every seat took part
    # the director's page counts the hand that waits
    follow = client.get(event).get_data(as_text=True)
    assert '<td>1 <small class="waiting">(1 to confirm)</small></td>' in follow
    # one tap on the same phone: confirmed, back on the game page, which asks no more
    version = re.search(r'id="confirm-now-version" name="version" [^>]*value="(\d+)"', page)
    assert version
    data = {"line": "1", "seat": seats[2][0], "back": "game", "version": version.group(1)}
    r = phone.post(f"{game}/confirm", data=data)
    assert r.status_code == 302 and r.headers["Location"].endswith(game)
    after = phone.get(r.headers["Location"]).get_data(as_text=True)
    assert "pass the phone" not in after and "Hand confirmed." in after
    assert "waits for a confirmation" not in after
    assert f"confirmed by {seats[2][1]}" in phone.get(f"{game}/confirm").get_data(as_text=True)
    assert "pass the phone" not in phone.get(f"{game}?saved=1").get_data(as_text=True)
    assert "to confirm)" not in client.get(event).get_data(as_text=True)


def _round_played(app: Any, client: Any) -> tuple[str, str]:
    """An event whose first round was played (a hand at each table, from its link) and
    closed; the event's URL and the last table's game."""
    event = _event(client)
    links = _started(client, event)
    for link in links:
        phone, game = _open(app, link)
        assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    assert client.post(f"{event}/close").status_code == 302
    return event, game


def test_published_results_reach_every_player_by_a_link_without_an_account(
    app: Any, client: Any
) -> None:
    event, game = _round_played(app, client)
    page = client.get(f"{event}/standings").get_data(as_text=True)
    assert "Publish the results" in page
    assert client.post(f"{event}/results").status_code == 302
    page = client.get(f"{event}/standings").get_data(as_text=True)
    found = re.search(r'<a href="http://localhost(/results/\d+/[^"]+)">', page)
    assert found, page
    public = found.group(1)
    # the text to share fits one chat message: the standings in order, and the link
    share = re.search(r'<textarea id="share-text" readonly rows="6">([^<]*)</textarea>', page)
    assert share
    expected = client.get(f"/api{event}").get_json()["standings"]
    text = share.group(1).splitlines()
    assert text[0] == "Club night, after 1 round:" and text[-1].endswith(public)
    assert text[1] == f"1. {expected[0]['player']} {expected[0]['points']}"
    assert len(share.group(1)) < 1000
    # anyone with the link, no account: the standings, and a player's own tables and hands
    reader = app.test_client()
    standings = reader.get(public).get_data(as_text=True)
    number = SIX.index(expected[0]["player"]) + 1
    assert f'href="{public}/{number}">{expected[0]["player"]}</a>' in standings
    mine = reader.get(f"{public}/{number}").get_data(as_text=True)
    assert "1 hand" in mine and "100" in mine and f"{game}" not in mine
    assert reader.get(f"{public}/99").status_code == 404
    assert reader.get(f"{event}/standings").status_code in (302, 401)
    # a new link lets the old one go; withdrawn, no link reads
    assert client.post(f"{event}/results").status_code == 302
    assert reader.get(public).status_code == 404
    assert client.post(f"{event}/results", data={"withdraw": "1"}).status_code == 302
    page = client.get(f"{event}/standings").get_data(as_text=True)
    assert "/results/" not in page and "Publish the results" in page


def test_results_published_to_the_accounts_only_ask_a_reader_to_sign_in(
    app: Any, client: Any
) -> None:
    event, game = _round_played(app, client)
    assert client.post(f"{event}/results", data={"audience": "accounts"}).status_code == 302
    page = client.get(f"{event}/standings").get_data(as_text=True)
    assert "signed in to an account of this server" in page
    public = re.search(r'<a href="http://localhost(/results/\d+/[^"]+)">', page)
    assert public
    # no account: the sign-in page, which comes back to the results
    reader = app.test_client()
    refused = reader.get(public.group(1))
    assert refused.status_code == 302 and "/signin?next=/results/" in refused.headers["Location"]
    assert reader.get(f"{public.group(1)}/1").status_code == 302
    # another account of the server reads them
    other = signed_up(app, "reader")
    assert "Club night" in other.get(public.group(1)).get_data(as_text=True)
    # a new link keeps the choice; publishing again without it opens them to the link
    assert client.post(f"{event}/results", data={"audience": "accounts"}).status_code == 302
    page = client.get(f"{event}/standings").get_data(as_text=True)
    renewed = re.search(r'<a href="http://localhost(/results/\d+/[^"]+)">', page)
    assert renewed and renewed.group(1) != public.group(1)
    assert reader.get(renewed.group(1)).status_code == 302
    assert client.post(f"{event}/results").status_code == 302
    page = client.get(f"{event}/standings").get_data(as_text=True)
    opened = re.search(r'<a href="http://localhost(/results/\d+/[^"]+)">', page)
    assert opened and reader.get(opened.group(1)).status_code == 200


def test_the_room_screen_shows_every_table_and_asks_for_changes_cheaply(
    app: Any, client: Any
) -> None:
    event = _event(client, confirm="y")
    first, _ = _started(client, event)
    phone, game = _open(app, first)
    page = client.get(f"{event}/room")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "Table 1" in text and "Table 2" in text and "Standings" in text
    found = re.search(r'data-etag="([^"]+)"', text)
    assert found
    tag = html.unescape(found.group(1))
    state = f"{event}/room/state"
    # nothing changed: a 304 of no body
    r = client.get(state, headers={"If-None-Match": tag})
    assert r.status_code == 304 and r.get_data() == b""
    # a hand at a table: the board again, with its hand waiting for a confirmation
    assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    r = client.get(state, headers={"If-None-Match": tag})
    assert r.status_code == 200 and r.headers["ETag"] != tag
    assert "1 hand" in r.get_data(as_text=True) and "(1 to confirm)" in r.get_data(as_text=True)
    assert len(r.get_data()) < 8000  # two tables: the board is small
    # the timer: started by the director, counted down on the screen and the table's phone
    timer = f"{event}/timer"
    assert client.post(timer, data={"minutes": "0"}).status_code == 302
    assert "from 1 to 240" in client.get(event).get_data(as_text=True)
    assert client.post(timer, data={"minutes": "²"}).status_code == 302
    assert "data-ends" not in client.get(f"{event}/room").get_data(as_text=True)
    assert client.post(timer, data={"minutes": "30"}).status_code == 302
    for seen in (client.get(f"{event}/room"), phone.get(game), client.get(event)):
        body = seen.get_data(as_text=True)
        assert 'role="timer"' in body and "30 minutes left" in body, body[:300]
    assert client.post(timer, data={"stop": "1"}).status_code == 302
    assert "data-ends" not in phone.get(game).get_data(as_text=True)
    # the room is the director's: a table's phone or another account has none
    assert phone.get(f"{event}/room").status_code in (302, 401)
    assert app.test_client().get(state).status_code in (302, 401)


def test_the_director_sees_which_tables_are_silent_and_since_when(app: Any, client: Any) -> None:
    from datetime import timedelta

    from scorekeeper.store.models import Game, now

    event = _event(client)
    first, _ = _started(client, event)
    phone, game = _open(app, first)
    assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    assert "nothing for" not in client.get(event).get_data(as_text=True)
    with app.app_context():  # the table's phone lost its connection 25 minutes ago
        row = db.session.get(Game, int(game.rsplit("/", 1)[1]))
        row.updated_at = now() - timedelta(minutes=25)
        db.session.commit()
    assert "nothing for 25 minutes" in client.get(event).get_data(as_text=True)
    # its phone is back and writes (an undo, here): the table is silent no more
    undo = phone.post(f"{game}/undo", data=version_token(phone, game))
    assert undo.status_code == 302
    assert "Log hand 1" in phone.get(game).get_data(as_text=True)
    assert "nothing for" not in client.get(event).get_data(as_text=True)


def test_an_ordinary_game_s_owner_asks_for_every_hand_to_be_confirmed(
    app: Any, client: Any
) -> None:
    game = new_game(client)
    assert client.get(f"{game}/confirm").status_code == 404  # not asked for
    assert "Ask for every hand to be confirmed" in client.get(game).get_data(as_text=True)
    r = client.post(f"{game}/confirming", data={})
    assert r.status_code == 302
    r = hand(client, game, [10, 100, 10], declarer=1, bid=100)
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Hand 1 saved: pass the phone to confirm it" in page
    # no table link here: the later way is the game's own button
    assert "Or later, with “Confirm hands”." in html.unescape(page) and "table's link" not in page
    assert "Hand 1 waits for a confirmation." in page
    version = re.search(r'id="confirm-now-version" name="version" [^>]*value="(\d+)"', page)
    assert version
    data = {"line": "1", "seat": "0", "back": "game", "version": version.group(1)}
    r = client.post(f"{game}/confirm", data=data)
    assert r.status_code == 302 and r.headers["Location"].endswith(game)
    after = client.get(game).get_data(as_text=True)
    assert "waits for a confirmation" not in after and "Hand confirmed." in after
    # turned off, nothing asks; another account cannot turn it on
    assert client.post(f"{game}/confirming", data={"off": "1"}).status_code == 302
    r = hand(client, game, [10, 10, 100], declarer=2, bid=100)
    assert "pass the phone" not in client.get(r.headers["Location"]).get_data(as_text=True)
    assert client.get(f"{game}/confirm").status_code == 404
    other = signed_up(app, "someone-else")
    assert other.post(f"{game}/confirming", data={}).status_code in (403, 404)
