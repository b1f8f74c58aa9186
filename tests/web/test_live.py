"""The live view: a read-only link with its QR code, polled with ETag/304, revocable."""

from __future__ import annotations

import re

from .helpers import hand, new_game, version_token


def make_link(client, game):
    client.post(f"{game}/share", data=version_token(client, f"{game}/share"))
    page = client.get(f"{game}/share").get_data(as_text=True)
    return re.search(r'href="http://localhost(/live/\d+/[^"]+)"', page).group(1), page


def test_link_qr_and_read_only_view(client):
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, bid=110, contract="120", marriages=["1:hearts"])
    url, share = make_link(client, game)
    assert "<svg" in share and "QR code of the live score link" in share
    assert len(url.rsplit("/", 1)[1]) >= 32  # a long random token
    view = client.get(url).get_data(as_text=True)
    # the totals a player reads: Bartek made 120 with the hearts marriage, the others rounded
    totals = re.findall(r'<span class="name">([^<]+)</span>\s*<span class="points">(-?\d+)<', view)
    assert totals == [("Ala", "40"), ("Bartek", "120"), ("Celina", "20")]
    # nothing to change from here: the only form is the language switcher
    assert view.count("<form") == 1 and 'action="/language"' in view
    assert client.get(url[:-3] + "xyz").status_code == 404
    assert client.get(url.replace(f"/live/{url.split('/')[2]}/", "/live/999/")).status_code == 404


def _hand_column(page: str) -> list[str]:
    """The sheet's "Hand" cells as read aloud: the marks' words, not their signs."""
    cells = re.findall(r'<td class="what">(?:<a [^>]*>)?(.*?)(?:</a>)?</td>', page, re.S)
    out = []
    for cell in cells:
        cell = re.sub(r'<span aria-hidden="true">[^<]*</span>', "", cell)
        out.append(" ".join(re.sub(r"<[^>]+>", " ", cell).split()))
    return out


def test_the_live_view_and_the_game_page_say_who_declared_what_and_how_it_went(client, anon):
    """Each hand's declarer and contract, ✓ made or ✗ failed, on the phone, the big screen and
    the game page alike (games/_line.html)."""
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, bid=110, contract="120", marriages=["1:hearts"])
    hand(client, game, [60, 30, 30], declarer=2, bid=100)  # Celina takes 30 of 100: failed
    url, _ = make_link(client, game)
    column = ["Cel. 100 failed", "Bar. 120 made"]  # newest first
    for page in (anon.get(url).text, anon.get(f"{url}?big=1").text, client.get(game).text):
        assert _hand_column(page) == column
        assert '<span class="outcome failed"><span aria-hidden="true">✗</span>' in page
        assert '<span class="outcome made"><span aria-hidden="true">✓</span>' in page
    assert _hand_column(anon.get(f"{url}/state").text) == column


def test_polling_answers_304_until_a_hand_is_logged(client):
    game = new_game(client)
    url, _ = make_link(client, game)
    first = client.get(f"{url}/state")
    etag = first.headers["ETag"]
    assert first.status_code == 200
    assert client.get(f"{url}/state", headers={"If-None-Match": etag}).status_code == 304
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    after = client.get(f"{url}/state", headers={"If-None-Match": etag})
    assert after.status_code == 200 and after.headers["ETag"] != etag
    assert ">100<" in after.get_data(as_text=True)


def test_revoke_and_renew(client):
    game = new_game(client)
    old, _ = make_link(client, game)
    new, _ = make_link(client, game)  # a new link: the old one stops working
    assert old != new and client.get(old).status_code == 404 and client.get(new).status_code == 200
    data = version_token(client, f"{game}/share")
    client.post(f"{game}/share", data={**data, "revoke": "1"})
    assert client.get(new).status_code == 404
    assert "No live link yet" in client.get(f"{game}/share").get_data(as_text=True)


def _counting(app):
    """What a request did: SQL statements, templates rendered, sessions opened."""
    from flask import template_rendered
    from sqlalchemy import event

    from scorekeeper.store.db import db

    did = {"sql": 0, "templates": 0, "sessions": 0}
    with app.app_context():
        engine = db.engine

    def sql(*_args):
        did["sql"] += 1

    def rendered(*_args, **_kw):
        did["templates"] += 1

    opened = app.session_interface.open_session

    def session(*args):
        did["sessions"] += 1
        return opened(*args)

    event.listen(engine, "before_cursor_execute", sql)
    template_rendered.connect(rendered, app)
    app.session_interface.open_session = session
    return did


def test_the_followers_check_is_one_read_with_no_session_nor_template(app, client, anon):
    game = new_game(client)
    url, _ = make_link(client, game)
    page = client.get(url).get_data(as_text=True)
    etag = re.search(r'data-etag="([^"]+)"', page).group(1).replace("&#34;", '"')
    did = _counting(app)
    check = anon.get(f"{url}/state", headers={"If-None-Match": etag})
    assert check.status_code == 304 and check.headers["ETag"] == etag and not check.data
    assert "Set-Cookie" not in check.headers
    assert did == {"sql": 1, "templates": 0, "sessions": 0}
    # a hand logged: the next check is the board, rendered by the view
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    after = anon.get(f"{url}/state", headers={"If-None-Match": etag})
    assert after.status_code == 200 and ">100<" in after.get_data(as_text=True)
    assert after.headers["ETag"] != etag


def test_the_check_with_a_wrong_link_is_a_404_even_with_the_right_version(client, anon):
    game = new_game(client)
    url, _ = make_link(client, game)
    etag = client.get(f"{url}/state").headers["ETag"]
    wrong = url[:-4] + "abcd"
    assert anon.get(f"{wrong}/state", headers={"If-None-Match": etag}).status_code == 404
    huge = f"/live/{10**17}/{url.rsplit('/', 1)[1]}/state"  # past any id a column holds
    assert anon.get(huge, headers={"If-None-Match": etag}).status_code == 404
    client.post(f"{game}/share", data={**version_token(client, f"{game}/share"), "revoke": "1"})
    assert anon.get(f"{url}/state", headers={"If-None-Match": etag}).status_code == 404


def test_a_finished_game_tells_the_page_to_stop_asking(client, anon):
    game = new_game(client)
    url, _ = make_link(client, game)
    assert "X-Live-Finished" not in anon.get(f"{url}/state").headers
    assert 'data-finished="1"' not in anon.get(url).get_data(as_text=True)
    for _ in range(9):  # Bartek makes 120 nine times, past 1000
        hand(client, game, [0, 120, 0], declarer=1, bid=120)
    assert anon.get(f"{url}/state").headers.get("X-Live-Finished") == "1"
    assert 'data-finished="1"' in anon.get(url).get_data(as_text=True)


def test_connections_queueing_make_the_followers_wait_but_not_the_scorer(app, client, anon):
    """With connections waiting to be accepted past LIVE_SHED_QUEUE, a follower's check is a
    503 with Retry-After at once, longer the longer the queue; the scorer's hand is stored."""
    import socket

    from scorekeeper.web import livecheck

    game = new_game(client)
    url, _ = make_link(client, game)
    shed_at = app.config["LIVE_SHED_QUEUE"]
    # room for them all: a connection past the backlog would wait for its SYN to be answered
    listener = socket.create_server(("127.0.0.1", 0), backlog=2 * shed_at + 64)
    waiting = []
    livecheck.LISTENERS[:] = [listener]
    try:
        for _ in range(shed_at + 1):
            waiting.append(socket.create_connection(listener.getsockname()))
        for _ in range(50):  # the kernel queues them at once; give it a moment anyway
            if livecheck.queued() > shed_at:
                break
        assert livecheck.queued() > shed_at
        busy = anon.get(f"{url}/state")
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "10"
        for _ in range(shed_at):  # twice as many waiting: told to come back twice as late
            waiting.append(socket.create_connection(listener.getsockname()))
        assert anon.get(f"{url}/state").headers["Retry-After"] == "20"
        hand(client, game, [10, 100, 10], declarer=1, bid=100)  # the scorer goes through
        assert ">100<" in client.get(game).get_data(as_text=True)
        while waiting:  # the queue drains: the followers are answered again
            waiting.pop().close()
            listener.accept()[0].close()
        assert anon.get(f"{url}/state").status_code == 200
    finally:
        livecheck.LISTENERS[:] = []
        listener.close()
        for c in waiting:
            c.close()
