"""What a phone at the table waits on, counted in round trips to the database: the
board from a worker that remembers nothing, and a hand posted with the board it leads to."""

from __future__ import annotations

from scorekeeper.store import memo

from .helpers import hand, new_game, version_token
from .test_history import counting
from .test_lifecycle import FINISHED, post


def test_the_board_from_a_worker_that_remembers_nothing_reads_in_five_queries(app, client):
    # the session, the game with its seats, players and rematches, the marriages, the lines
    # and entries, the trail's marks: a fresh gunicorn worker's first view of a game
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
    # one a seat on SQLite), the seats' record figures (store/careers.py: a DELETE and one
    # INSERT) and, on PostgreSQL, the NOTIFY that tells the live streams (store/push.py);
    # then the board: the session, the game, the trail's marks (the facts and the sheet are
    # remembered)
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
    assert len(posted) == (8 + 1 + 2 + 2 if sqlite else 8 + 2 + 1), "\n".join(
        s[:90] for s in posted
    )
    assert len(shown) == 3, shown


def test_a_page_that_only_read_keeps_postgresql_from_planning_its_queries_again(app, client):
    # psycopg prepares a statement at its fifth use and forgets it at a ROLLBACK; a request
    # that only read ends with COMMIT (store/db.py), so the board's reads stay prepared
    game = new_game(client)
    for _ in range(6):
        app.extensions["scorekeeper.memos"] = memo.Memos()
        assert "Log hand 1" in client.get(game).get_data(as_text=True)
    with app.app_context():
        from sqlalchemy import text

        from scorekeeper.store.db import db

        if db.engine.dialect.name == "sqlite":
            return  # nothing to keep: sqlite3 caches statements per connection either way
        kept = db.session.execute(text("SELECT statement FROM pg_prepared_statements")).all()
    assert any("FROM game" in s for (s,) in kept), kept


def test_a_request_that_wrote_without_committing_still_leaves_nothing_behind(app):
    # the COMMIT that ends a request that only read must never keep a write that a service
    # left uncommitted: flushed (an INSERT ran) or only added to the session
    from sqlalchemy import func, select

    from scorekeeper.store.db import db
    from scorekeeper.store.models import Account

    with app.test_request_context():
        db.session.add(Account(username="flushed", password_hash="x"))
        db.session.flush()
    with app.test_request_context():
        db.session.add(Account(username="added", password_hash="x"))
    with app.test_request_context():
        db.session.execute(select(Account.id)).all()  # a read: this one ends with COMMIT
    with app.app_context():
        assert db.session.execute(select(func.count(Account.id))).scalar() == 0
