"""A game logged before the real-deal checks (scoring.md 3.2) keeps opening and scoring; the hand
being entered or edited gets every check (docs/rules-decisions.md, "A real deal")."""

from __future__ import annotations

import re

from sqlalchemy import update

from scorekeeper.store.db import db
from scorekeeper.store.models import Entry, Game, Line

from .helpers import hand, new_game, totals, version_token


def test_an_old_hand_won_at_100_by_a_non_opener_still_scores_but_an_edit_is_checked(
    app, client
) -> None:
    game = new_game(client)
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    # as an older version stored it: Ala, who did not open, won at 100 (now refused on entry)
    with app.app_context():
        line = db.session.execute(db.select(Line)).scalar_one()
        line.declarer = 0
        for entry, points in zip(line.entries, (100, 10, 10)):
            entry.points = points
        db.session.execute(update(Game).values(version=Game.version + 1))
        db.session.commit()
        stored = db.session.execute(db.select(Entry).order_by(Entry.seat)).scalars()
        assert [e.points for e in stored] == [100, 10, 10]
    page = client.get(game)
    assert page.status_code == 200
    assert totals(client, game) == [100, 10, 10]
    assert client.get(f"{game}/hands/1").status_code == 200
    # the API reads it as the page does (it gave a 500: the checks of a line being entered)
    read = client.get(f"/api{game}")
    assert read.status_code == 200 and read.get_json()["totals"] == [100, 10, 10]
    assert client.get(f"/api{game}/file").status_code == 200
    # the next hand is logged as usual (Bartek deals, Celina opens)
    assert hand(client, game, [10, 10, 100], declarer=2, bid=100).status_code == 302
    assert totals(client, game) == [110, 20, 110]
    # saving hand 1 again as it is: it is entered now, so the forced opening applies
    data = version_token(client, f"{game}/hands/1/edit")
    data.update(
        {
            "dealer": "0",
            "declarer": "0",
            "bid": "100",
            "points-0": "100",
            "points-1": "10",
            "points-2": "10",
        }
    )
    r = client.post(f"{game}/hands/1/edit", data=data)
    assert r.status_code == 422
    assert "Bartek opens at 100 without looking" in r.get_data(as_text=True)
    assert totals(client, game) == [110, 20, 110]  # nothing stored changed


def test_a_stored_hand_a_later_check_refuses_is_read_back_as_it_was_accepted(app, client) -> None:
    # docs/rules-decisions.md, "Checked when written": a read scores the stored lines as they
    # were accepted; a check added by a later release applies to the lines entered after it
    game = new_game(client)
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    with app.app_context():  # rows as no check of today lets in: 110 card points
        line = db.session.execute(db.select(Line)).scalar_one()
        for entry, points in zip(line.entries, (10, 100, 0)):
            entry.points = points
        db.session.execute(update(Game).values(version=Game.version + 1))
        db.session.commit()
    assert client.get(game).status_code == 200
    assert totals(client, game) == [10, 100, 0]
    history = client.get("/history")
    assert history.status_code == 200
    assert "Bartek" in history.get_data(as_text=True)
    assert hand(client, game, [10, 10, 100], declarer=2, bid=100).status_code == 302
    assert totals(client, game) == [20, 110, 100]


def test_a_game_with_such_a_hand_takes_edits_deletes_and_restores_of_the_hands_after_it(
    app, client
) -> None:
    # "Checked when written": a change checks the lines from the one it changes on; the
    # lines before it stand as accepted, so an old line does not block the rest of the game
    game = new_game(client)
    assert hand(client, game, [10, 100, 10], declarer=1, bid=100).status_code == 302
    with app.app_context():  # 110 card points, as no check of today lets in
        line = db.session.execute(db.select(Line)).scalar_one()
        for entry, points in zip(line.entries, (10, 100, 0)):
            entry.points = points
        db.session.execute(update(Game).values(version=Game.version + 1))
        db.session.commit()
    assert hand(client, game, [10, 10, 100], declarer=2, bid=100).status_code == 302
    assert hand(client, game, [100, 10, 10], declarer=0, bid=100).status_code == 302
    assert totals(client, game) == [120, 120, 110]
    edit = version_token(client, f"{game}/hands/3/edit")
    edit.update({"dealer": "2", "declarer": "0", "bid": "100"})
    edit.update({"points-0": "120", "points-1": "0", "points-2": "0"})
    checked = client.post(f"{game}/hands/3/edit", data={**edit, "check": "1"})
    assert checked.status_code == 200 and "line 1" not in checked.get_data(as_text=True)
    saved = client.post(f"{game}/hands/3/edit", data=edit)
    errors = re.findall(r'class="error"[^>]*>([^<]+)', saved.get_data(as_text=True))
    assert saved.status_code == 302, errors
    assert totals(client, game) == [120, 110, 100]  # Ala's 100 made; no card points for the rest
    delete = f"{game}/hands/3/delete"
    assert client.post(delete, data=version_token(client, delete)).status_code == 302
    assert totals(client, game) == [20, 110, 100]
    page = client.get(game).get_data(as_text=True)
    restore = re.search(rf'action="({game}/restore/\d+)"', page)
    assert restore is not None, page
    back = client.post(restore.group(1), data=version_token(client, game))
    assert back.status_code == 302
    assert totals(client, game) == [120, 110, 100]
