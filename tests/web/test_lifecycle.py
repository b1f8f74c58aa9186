"""A game as a whole: abandoned (kept, marked, closed to new lines), deleted (asked first, by
the owner only, gone from everything, restored whole), rematched (one game per tap, the deal
moved on); and hands numbered as the table counts them when adjustments come between."""

from __future__ import annotations

import csv
import io
import re
import zipfile

from scorekeeper.store.db import db
from scorekeeper.store.models import Game, Revision, Scorer
from tests.conftest import signed_up

from .helpers import hand, new_game, stored_lines, version_token
from .test_history import player_id, post

FINISHED = {  # Ala reaches 1010 with her own 110 (over Bartek's forced 100)
    "format": "scorekeeper-game/1",
    "variant": "pl-3",
    "options": {"stake": 0.5},
    "players": ["Ala", "Bartek", "Celina"],
    "first_dealer": 0,
    "hands": [
        {"adjustment": [900, 0, 0], "reason": "carried over from paper"},
        {
            "declarer": 0,
            "bid": 110,
            "points": [64, 46, 10],
            "marriages": [{"seat": 0, "suit": "diamonds"}],
        },
    ],
}


def _id(game: str) -> int:
    return int(game.rsplit("/", 1)[1])


def _game(app, game_id: int) -> Game:  # type: ignore[no-untyped-def]
    with app.app_context():
        row = db.session.get(Game, game_id)
        db.session.refresh(row)
        db.session.expunge(row)
        return row


def _lines(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return stored_lines()


def _with_cora(app, client, game: str):  # type: ignore[no-untyped-def]
    """A live link and a co-scorer (cora) for the game: the client of cora."""
    client.post(f"{game}/share", data={})
    client.post(f"{game}/invite", data={})
    row = _game(app, _id(game))
    cora = signed_up(app, "cora")
    assert cora.post(f"/join/{row.id}/{row.invite_token}").status_code == 302
    return cora, row


def test_an_abandoned_game_takes_no_line_says_why_and_is_marked_in_the_history(app, client):
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    assert client.post(f"{game}/abandon").status_code == 302
    page = client.get(game).get_data(as_text=True)
    assert "Abandoned" in page and "no hand can be logged" in page
    assert "Log hand" not in page and "Resume the game" in page
    # the form of a new line leads back to the score, saying why
    r = client.get(f"{game}/hands/new", follow_redirects=True)
    assert "This game was abandoned; nothing can be added to it." in r.get_data(as_text=True)
    assert client.get(f"{game}/adjust").status_code == 302
    # a form opened before (or a second phone) is refused at the top, its values kept
    r = hand(client, game, [10, 100, 10], declarer=1, bid=100)
    assert r.status_code == 422 and _lines(app) == 1
    body = r.get_data(as_text=True)
    assert "This game was abandoned" in body and 'value="100"' in body
    api = client.post(f"/api{game}/hands", json={"adjustment": [1, 0, 0], "reason": "x"})
    assert api.status_code == 409 and "abandoned" in api.json["errors"][0]
    assert "abandoned" in client.get("/history").get_data(as_text=True)
    home = client.get("/").get_data(as_text=True)
    assert "<h2>Abandoned</h2>" in home and "In progress" not in home
    # resumed by its owner, it plays on
    assert client.post(f"{game}/resume").status_code == 302
    assert hand(client, game, [10, 100, 10], declarer=2, bid=100).status_code == 302
    assert _lines(app) == 2 and "Log hand 3" in client.get(game).get_data(as_text=True)


def test_an_abandoned_game_counts_as_not_played_in_the_records(client):
    post(client, FINISHED)  # Ala wins
    game = new_game(client)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    client.post(f"{game}/abandon")
    ala = client.get(f"/players/{player_id(client, 'Ala')}").get_data(as_text=True)
    text = " ".join(re.sub(r"<[^>]+>", " ", ala).split())
    # played 1: the abandoned one is out, and not "still being played" either
    assert "Games played 1 " in text and "still being played" not in text
    assert "Won 1 100%" in text and "abandoned" in text
    assert "1 game<" in client.get("/players/").get_data(as_text=True)


def test_a_finished_game_cannot_be_abandoned(client):
    game = post(client, FINISHED)
    r = client.post(f"/games/{game}/abandon", follow_redirects=True)
    assert "This game is finished" in r.get_data(as_text=True)
    assert "Abandon the game" not in client.get(f"/games/{game}").get_data(as_text=True)


def test_only_the_owner_abandons_deletes_or_restores(app, client):
    game = new_game(client)
    cora, row = _with_cora(app, client, game)
    assert "Delete the game" not in cora.get(game).get_data(as_text=True)
    for action in ("abandon", "delete"):
        assert cora.post(f"{game}/{action}").status_code == 403
    assert cora.get(f"{game}/delete").status_code == 403
    client.post(f"{game}/delete")
    assert cora.post(f"/account/games/{row.id}/restore").status_code == 404
    assert _game(app, row.id).deleted_at is not None and _game(app, row.id).abandoned_at is None


def test_delete_asks_first_hides_the_game_everywhere_and_a_restore_brings_it_back(app, client):
    game = new_game(client)
    # each at 100 by the seat after the dealer, who must open at 100 (forced opening)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    hand(client, game, [10, 10, 100], declarer=2, bid=100)
    hand(client, game, [100, 10, 10], declarer=0, bid=100)
    client.post(f"{game}/hands/3/delete", data=version_token(client, f"{game}/hands/3/delete"))
    cora, row = _with_cora(app, client, game)
    live = f"/live/{row.id}/{row.share_token}"
    page = client.get(f"{game}/delete").get_data(as_text=True)
    assert f"Delete game {row.id}?" in page and "cannot be undone from the game page" in page
    assert "Its 2 lines" in page and "1 co-scorer" in page and "live score link" in page
    assert _game(app, row.id).deleted_at is None  # asking deletes nothing
    r = client.post(f"{game}/delete", data={"change_reason": "test game"})
    assert r.status_code == 302 and r.headers["Location"] == "/"
    assert client.post(f"{game}/delete").status_code == 302  # a double tap: no error
    gone = [game, f"{game}/hands/new", f"{game}/export.json", f"{game}/print", f"/api{game}", live]
    gone += [f"/join/{row.id}/{row.invite_token}"]
    for url in gone:
        assert client.get(url).status_code == 404, url
    assert cora.get(game).status_code == 404
    for url in ("/", "/history", f"/players/{player_id(client, 'Ala')}"):
        assert f'href="{game}"' not in client.get(url).get_data(as_text=True), url
    assert "0 games" in client.get("/players/").get_data(as_text=True)
    with zipfile.ZipFile(io.BytesIO(client.get("/account/export.zip").data)) as z:
        assert z.namelist() == []
    with app.app_context():
        rev = db.session.execute(db.select(Revision).where(Revision.action == "delete-game"))
        rev = rev.scalar_one()
        assert (rev.who, rev.reason, rev.position) == ("tester", "test game", 2)
    account = client.get("/account").get_data(as_text=True)
    assert f"game {row.id}" in account and "Restore" in account
    r = client.post(f"/account/games/{row.id}/restore")
    assert r.status_code == 302 and r.headers["Location"] == game
    # whole again: its lines, links and co-scorer; its file's trail has no game-wide action
    assert "Log hand 3" in client.get(game).get_data(as_text=True)
    assert client.get(live).status_code == 200 and cora.get(game).status_code == 200
    assert "Restore line 3" in client.get(game).get_data(as_text=True)
    assert [t["action"] for t in client.get(f"/api{game}/file").json["trail"]] == ["delete"]
    assert post(client, client.get(f"/api{game}/file").json)  # the file still imports
    assert f"game {row.id}</strong>" not in client.get("/account").get_data(as_text=True)


def test_rematch_makes_one_game_on_a_double_tap_with_the_same_table_and_the_deal_moved_on(
    app, client
):
    finished = FINISHED
    old = f"/games/{post(client, finished)}"
    cora, row = _with_cora(app, client, old)
    page = client.get(old).get_data(as_text=True)
    assert "Rematch" in page and "Bartek deals first" in page
    form = version_token(client, old)
    first = client.post(f"{old}/rematch", data=form)
    second = client.post(f"{old}/rematch", data=form)  # the same form again: a double tap
    assert first.status_code == second.status_code == 302
    assert first.headers["Location"] == second.headers["Location"] != old
    new = _game(app, _id(first.headers["Location"]))
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Game.id))).scalar() == 2
        seats = [s.player.name for s in db.session.get(Game, new.id).seats]
        scorers = db.session.execute(db.select(Scorer.account_id).where(Scorer.game_id == new.id))
        assert len(scorers.all()) == 1
    assert seats == ["Ala", "Bartek", "Celina"]
    assert (new.variant, new.options, new.first_dealer) == ("pl-3", row.options, 1)
    assert (new.owner_id, new.rematch_of) == (row.owner_id, row.id)
    assert "Bartek deals first" in client.get(f"/games/{new.id}").get_data(as_text=True)
    assert cora.get(f"/games/{new.id}").status_code == 200  # the co-scorer keeps scoring
    assert f"Its rematch: game {new.id}" in client.get(old).get_data(as_text=True)
    # a new tap (a fresh form) is a new game; no token at all is no game
    assert client.post(f"{old}/rematch", data=version_token(client, old)).status_code == 302
    client.post(f"{old}/rematch", data={})
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Game.id))).scalar() == 3


def test_the_game_page_links_its_rematches_in_order_and_forgets_a_deleted_one(app, client):
    old = f"/games/{post(client, FINISHED)}"
    made = []
    for _ in range(3):
        r = client.post(f"{old}/rematch", data=version_token(client, old))
        made.append(_id(r.headers["Location"]))
    page = client.get(old).get_data(as_text=True)
    links = re.findall(r"Its rematch: game (\d+)", page)
    assert links == [str(n) for n in sorted(made)]
    client.post(f"/games/{made[1]}/delete", data={"change_reason": "wrong table"})
    page = client.get(old).get_data(as_text=True)
    assert re.findall(r"Its rematch: game (\d+)", page) == [str(made[0]), str(made[2])]
    # a rematch is a game of its own: it lists no rematch, and its seats are its own
    fresh = client.get(f"/games/{made[0]}").get_data(as_text=True)
    assert "Its rematch" not in fresh and "Bartek deals first" in fresh


def test_hands_are_numbered_as_the_table_counts_them_after_an_adjustment(app, client):
    game = new_game(client)
    data = version_token(client, f"{game}/adjust")
    data.update({"values-0": "50", "values-1": "0", "values-2": "0", "reason": "penalty"})
    assert client.post(f"{game}/adjust", data=data).status_code == 302
    page = client.get(game).get_data(as_text=True)
    assert "Log hand 1" in page and "Adj." in page
    assert "<title>Hand 1" in client.get(f"{game}/hands/new").get_data(as_text=True)
    hand(client, game, [10, 100, 10], declarer=1, bid=100)
    page = client.get(game).get_data(as_text=True)
    assert "Log hand 2" in page and "Undo hand 1" in page
    assert 'aria-label="Explain hand 1">1</a>' in page and 'aria-label="Explain hand 2"' not in page
    form = client.get(f"{game}/hands/new").get_data(as_text=True)
    assert "<h1>Hand 2</h1>" in form
    assert "<h1>Edit hand 1</h1>" in client.get(f"{game}/hands/2/edit").get_data(as_text=True)
    explain = client.get(f"{game}/hands/2").get_data(as_text=True)  # URLs keep the line
    assert "Hand 1 <small>line 2</small>" in explain
    adjustment = client.get(f"{game}/hands/1").get_data(as_text=True)
    assert "Adjustment <small>line 1</small>" in adjustment
    rows = list(csv.reader(io.StringIO(client.get(f"{game}/export.csv").text.lstrip("\ufeff"))))
    assert [r[:3] for r in rows[1:]] == [["1", "", "adjustment"], ["2", "1", "hand"]]
    printable = client.get(f"{game}/print").get_data(as_text=True)
    assert '<th scope="row">Adj.</th>' in printable and '<th scope="row">1</th>' in printable
    # the file and the API keep counting lines: `number` is the line number
    assert [h["number"] for h in client.get(f"/api{game}").json["hands"]] == [1, 2]
