"""The pushed changes (web/streams.py): who may follow what, where a stream is held, and the
event each write sends, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from scorekeeper.store import push
from tests.conftest import signed_up
from tests.web.helpers import hand, new_game

#: what a server that holds streams says of itself (gevent's workers, `scorekeeper run`)
THREADED = {"multithread": True}


def _broker(app: Any) -> push.Broker:
    with app.app_context():
        return push.broker()


def _live(client: Any, game: str) -> str:
    """The game's live link (made now), as a path."""
    page = client.post(f"{game}/share", follow_redirects=True).get_data(as_text=True)
    found = re.search(r'href="http://localhost(/live/\d+/[^"]+)"', page)
    assert found, page
    return found.group(1)


def _events(response: Any) -> Iterator[tuple[str, str, str]]:
    """The stream's events as (type, id, data); comments (the heartbeats) skipped."""
    for chunk in response.response:
        text = chunk.decode() if isinstance(chunk, bytes) else chunk
        for block in text.split("\n\n"):
            fields = dict(
                line.split(": ", 1) for line in block.splitlines() if not line.startswith(":")
            )
            if "data" in fields:
                yield fields.get("event", "message"), fields.get("id", ""), fields["data"]


def _stream(reader: Any, path: str, **headers: str) -> Any:
    response = reader.get(path, buffered=False, headers=headers, **THREADED)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["X-Accel-Buffering"] == "no"
    assert "Set-Cookie" not in response.headers
    return response


def test_a_hand_saved_is_pushed_to_the_live_view_that_follows_the_game(
    app: Any, client: Any
) -> None:
    game = new_game(client)
    live = _live(client, game)
    follower = app.test_client()
    response = _stream(follower, f"{live}/stream?v=1")
    events = _events(response)
    assert next(events)[0] == "ready"
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    kind, event_id, data = next(events)
    # the game's version after the write: the page asks for the board at that version
    state = follower.get(f"{live}/state")
    assert (kind, f'"{game.split("/")[-1]}-{event_id}"') == ("message", state.headers["ETag"])
    assert data == event_id
    response.close()
    assert _broker(app).streams() == 0


def test_a_stream_opened_after_a_change_says_so_at_once(app: Any, client: Any) -> None:
    game = new_game(client)
    live = _live(client, game)
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    version = int(client.get(f"{live}/state").headers["ETag"].strip('"').split("-")[1])
    # the page was made at an older version (or EventSource reconnects with the last it had)
    for shown in ({"query": f"?v={version - 1}"}, {"header": str(version - 1)}):
        path = f"{live}/stream{shown.get('query', '')}"
        extra = {"Last-Event-ID": shown["header"]} if "header" in shown else {}
        response = _stream(app.test_client(), path, **extra)
        events = _events(response)
        assert next(events)[0] == "ready"
        assert next(events)[1:] == (str(version), str(version))
        response.close()


def test_streams_are_held_only_where_they_cost_little(app: Any, client: Any) -> None:
    game = new_game(client)
    live = _live(client, game)
    # a sync worker would be held for the stream's life: 204, and the page polls
    assert app.test_client().get(f"{live}/stream").status_code == 204


@pytest.mark.parametrize("path", ["/live/{id}/wrong-token/stream", "/games/{id}/stream"])
def test_only_those_who_see_a_game_may_follow_it(app: Any, client: Any, path: str) -> None:
    game_id = new_game(client).split("/")[-1]
    stranger = signed_up(app, "mallory")
    answer = stranger.get(path.format(id=game_id), **THREADED)
    assert answer.status_code == 404
    assert _broker(app).streams() == 0


def test_the_scorers_other_phone_and_the_room_follow_their_own(app: Any, client: Any) -> None:
    game = new_game(client)
    response = _stream(client, f"{game}/stream")
    events = _events(response)
    assert next(events)[0] == "ready"
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    assert next(events)[0] == "message"
    response.close()
    nobody = app.test_client()
    assert nobody.get(f"{game}/stream", **THREADED).status_code in (302, 401)
    assert signed_up(app, "other").get("/events/1/room/stream").status_code == 404


def test_a_write_that_does_not_commit_tells_no_stream(app: Any, client: Any) -> None:
    game = new_game(client)
    live = _live(client, game)
    shown = app.test_client().get(f"{live}/state").headers["ETag"].strip('"').split("-")[1]
    response = _stream(app.test_client(), f"{live}/stream?v={shown}")
    events = _events(response)
    assert next(events)[0] == "ready"
    # refused (a bid below the minimum): nothing stored, nothing pushed; then one stored
    assert hand(client, game, [10, 100, 10], declarer=1, bid=10).status_code == 422
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    kind, event_id, _ = next(events)
    state = app.test_client().get(f"{live}/state").headers["ETag"]
    assert kind == "message" and int(event_id) == int(shown) + 1
    assert state.endswith(f'-{event_id}"')
    response.close()


def test_the_room_hears_of_every_table_and_follows_the_next_round(app: Any, client: Any) -> None:
    from tests.web.test_events import _event, _open, _started

    event = _event(client)
    links = _started(client, event)
    screen = client.get(f"{event}/room").get_data(as_text=True)
    shown = re.search(r'data-version="(\d+)"', screen)
    assert shown
    response = _stream(client, f"{event}/room/stream?v={shown.group(1)}")
    events = _events(response)
    assert next(events)[0] == "ready"
    # a hand at either table: the screen is told, with a version that only grows
    seen = int(shown.group(1))
    for link in links:
        phone, game = _open(app, link)
        assert hand(phone, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
        kind, event_id, _ = next(events)
        assert kind == "message" and int(event_id) > seen
        seen = int(event_id)
    # the round closed (the event's own change): told, then the stream ends, so that the
    # screen reconnects and follows the next round's tables
    assert client.post(f"{event}/close").status_code == 302
    assert next(events)[0] == "message"
    assert next(events, None) is None
    response.close()


def test_a_stream_that_cannot_start_now_is_told_when_to_come_back(
    app: Any, client: Any, monkeypatch: Any
) -> None:
    from scorekeeper.web import streams

    game = new_game(client)
    live = _live(client, game)
    # every start's turn taken (a wave of phones): the next waits its short while, then 503
    monkeypatch.setattr(streams, "_starting", __import__("threading").BoundedSemaphore(1))
    monkeypatch.setattr(streams, "START_WAIT", 0.05)
    assert streams._starting.acquire()
    busy = app.test_client().get(f"{live}/stream", **THREADED)
    assert busy.status_code == 503 and busy.headers["Retry-After"] == str(streams.RETRY_AFTER)
    streams._starting.release()
    response = _stream(app.test_client(), f"{live}/stream?v=1")
    response.close()
