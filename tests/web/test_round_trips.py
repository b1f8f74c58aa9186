"""What a phone at the table waits on, counted in round trips to the database (issue 15): the
board from a worker that remembers nothing, and a hand posted with the board it leads to."""

from __future__ import annotations

from scorekeeper.store import memo

from .helpers import hand, new_game, version_token
from .test_history import counting
from .test_lifecycle import FINISHED, post


def test_the_board_from_a_worker_that_remembers_nothing_reads_in_five_queries(app, client):
    # the session, the game with its seats, players and rematches, the marriages, the lines
    # and entries, the trail's marks: a fresh gunicorn worker's first view of a game (issue 15)
    finished = f"/games/{post(client, FINISHED)}"
    client.post(f"{finished}/rematch", data=version_token(client, finished))
    longer = new_game(client)
    for dealer in range(6):  # the seat after the dealer opens at 100
        points = [10, 10, 10]
        points[(dealer + 1) % 3] = 100
        hand(client, longer, points, declarer=(dealer + 1) % 3, bid=100)
    assert "Log hand 7" in client.get(longer).get_data(as_text=True)
    for game, shows in ((finished, "Its rematch"), (longer, "Log hand 7")):
        app.extensions["scorekeeper.memos"] = memo.Memos()
        with counting(app) as seen:
            page = client.get(game)
        assert page.status_code == 200 and shows in page.get_data(as_text=True)
        assert len(seen) == 5, seen


def test_a_hand_posted_through_the_form_is_eight_queries_and_its_board_three(app, client):
    # the session, the game with its seats (and again, locked, with its seats: one query on
    # PostgreSQL, an UPDATE and a read on SQLite), the form's token looked up as a line and as
    # a request key, the game's new version, the line, its entries (one INSERT on PostgreSQL,
    # one a seat on SQLite); then the board: the session, the game, the trail's marks (the
    # facts and the sheet are remembered)
    game = new_game(client)
    for dealer in range(5):
        points = [10, 10, 10]
        points[(dealer + 1) % 3] = 100
        assert hand(client, game, points, declarer=(dealer + 1) % 3, bid=100).status_code == 302
    with app.app_context():
        from scorekeeper.store.db import db

        sqlite = db.engine.dialect.name == "sqlite"
    data = version_token(client, f"{game}/hands/new")
    data.update({"dealer": "2", "declarer": "0", "bid": "100"})
    data.update({"points-0": "100", "points-1": "10", "points-2": "10"})
    with counting(app) as posted:
        saved = client.post(f"{game}/hands/new", data=data)
    assert saved.status_code == 302
    with counting(app) as shown:
        board = client.get(saved.headers["Location"])
    assert "Log hand 7" in board.get_data(as_text=True)
    assert len(posted) == (8 + 1 + 2 if sqlite else 8), "\n".join(s[:90] for s in posted)
    assert len(shown) == 3, shown
