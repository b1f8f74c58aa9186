"""Export and import: game file, CSV, the account's archive, the printable sheet, charts; an
import is queued, then checked hand by hand and stored game by game: a game file with a problem
is refused with its reasons, and a game imported twice is recognised."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.services import importjobs
from scorekeeper.store.db import db
from scorekeeper.store.models import Game
from tests.conftest import signed_up
from tests.profiles import examples
from tests.strategies import games

from .helpers import hand, new_game
from .test_history import GAME_A, GAME_B, post

GAMES = Path(__file__).parent.parent / "games"
EXAMPLE = Path(__file__).parent.parent.parent / "scorekeeper" / "examples" / "pl-3.json"


def upload(client, name: str, data: bytes):  # type: ignore[no-untyped-def]
    r = client.post(
        "/import",
        data={"file": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )
    # the test client writes a body past 500 kB to a temporary file and leaves it open: closed
    # here, or the collector finds it (a ResourceWarning) in the middle of a later test
    r.request.environ["wsgi.input"].close()
    return r


def worked(app, client, r) -> str:  # type: ignore[no-untyped-def]
    """The upload `r` was queued (a redirect to its page): the queue worked off here, as the
    import worker does; the page of the import as it then reads, its text unescaped."""
    assert r.status_code == 302 and "/import/" in r.headers["Location"], r.get_data(as_text=True)
    with app.app_context():
        importjobs.work_all()
    page = client.get(r.headers["Location"])
    assert page.status_code == 200
    return html.unescape(page.get_data(as_text=True))


def imported(app, client, name: str, data: bytes) -> str:  # type: ignore[no-untyped-def]
    """Uploads and works off the import; its page's text."""
    return worked(app, client, upload(client, name, data))


def zipped(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def stored_games(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return len(db.session.execute(db.select(Game.id)).all())


def test_csv_has_a_row_per_line_with_scores_and_totals(client):
    game = post(client, GAME_A)
    r = client.get(f"/games/{game}/export.csv")
    assert r.mimetype == "text/csv" and "attachment" in r.headers["Content-Disposition"]
    body = r.get_data(as_text=True)
    assert body.startswith("\ufeff")  # spreadsheets read the names' letters right
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))
    assert rows[0][:6] == ["line", "hand", "kind", "dealer", "declarer", "contract"]
    assert rows[0][6:] == [f"{n} {k}" for k in ("score", "total") for n in GAME_A["players"]]
    assert len(rows) == 1 + 3
    assert rows[1][:2] == ["1", "1"]
    assert rows[1][4:] == ["Bartek", "120", "40", "120", "20", "40", "120", "20"]
    assert rows[3][-3:] == ["210", "210", "130"]


def test_the_printable_sheet_is_laid_out_like_paper(client):
    game = post(client, GAME_A)
    page = client.get(f"/games/{game}/print").get_data(as_text=True)
    assert '<table class="paper">' in page
    # a column per player, headed by a short name; the full one in the legend under the table
    head = '<th scope="col" class="name"><abbr title="Celina" aria-hidden="true">Cel.</abbr>'
    assert head in page
    assert "<span>Cel.: Celina</span>" in page
    assert "120 ✓" in page and page.count("<tr>") == 1 + 3 + 1
    css = Path(__file__).parents[2] / "scorekeeper" / "static" / "style.css"
    assert "@media print" in css.read_text()


@pytest.mark.parametrize("hands", [1, 300])
def test_the_chart_renders_for_1_and_300_hands(client, hands):
    line = {"adjustment": [10, -5, 0], "reason": "r"}
    game = post(client, {**GAME_B, "hands": [line] * hands})
    page = client.get(f"/games/{game}/chart").get_data(as_text=True)
    assert page.count("<polyline") == 3 and "<desc" in page
    assert f"After {hands} line" in page
    # the target line of the variant, and the barrel of ru-3
    assert "1000" in page and "barrel 880" in page


def test_the_archive_imports_into_another_account_and_twice_is_recognised(app, client):
    ids = [post(client, GAME_A), post(client, GAME_B)]
    finished = json.loads((GAMES / "pl-3-lock.json").read_text())["game"]
    ids.append(post(client, finished))
    r = client.get("/account/export.zip")
    assert r.mimetype == "application/zip"
    archive = r.get_data()
    assert len(zipfile.ZipFile(io.BytesIO(archive)).namelist()) == 3
    other = signed_up(app, "backup")
    page = imported(app, other, "thousand.zip", archive)
    assert "Finished." in page and "3 games stored; 0 already here" in page
    assert "3 games" in other.get("/history").get_data(as_text=True)
    # again: recognised, nothing doubled
    page = imported(app, other, "thousand.zip", archive)
    assert "0 games stored; 3 already here, not imported again; 0 refused" in page
    assert "3 games" in other.get("/history").get_data(as_text=True)
    # and the owner's own export, imported back, is recognised too
    mine = client.get(f"/games/{ids[0]}/export.json").get_data()
    assert "1 already here" in imported(app, client, "mine.json", mine)
    assert stored_games(app) == 6
    # both imports are listed on the import page, each a link to its report
    listed = other.get("/import").get_data(as_text=True)
    assert listed.count('href="/import/') == 2 and "thousand.zip" in listed


def test_an_archives_bad_games_are_refused_with_their_reasons_and_the_others_stored(app, client):
    good = json.dumps(GAME_A).encode()
    bad_points = {**GAME_B, "hands": [{"declarer": 0, "bid": 120, "points": [100, 10, 5]}]}
    archive = zipped(
        {
            "good.json": good,
            "bad.json": json.dumps(bad_points).encode(),
            "broken.json": b"{not json",
        }
    )
    before = stored_games(app)
    page = imported(app, client, "games.zip", archive)
    assert "1 game stored; 0 already here, not imported again; 2 refused" in page
    assert "2 game files were refused" in page
    assert "bad.json: hand 1: card points must add up to 120, got 115" in page
    # a member that is no JSON says where its mistake is
    assert "broken.json is not a game file: line 1, column 2: a name in double quotes" in page
    assert stored_games(app) == before + 1
    # the same file again, the two corrected: the good one is recognised, they are stored
    fixed = {**bad_points, "hands": [{"declarer": 0, "bid": 120, "points": [100, 10, 10]}]}
    archive = zipped({"good.json": good, "bad.json": json.dumps(fixed).encode()})
    page = imported(app, client, "games.zip", archive)
    assert "1 game stored; 1 already here, not imported again; 0 refused" in page
    assert "were refused" not in page and "was refused" not in page
    assert stored_games(app) == before + 2
    before += 2
    # what is no archive, or holds no game file, is refused in the request: nothing queued
    for name, data in (("x.zip", b"PK\x03\x04 not really"), ("e.zip", zipped({"a.txt": b"x"}))):
        r = upload(client, name, data)
        assert r.status_code == 422 and name in r.get_data(as_text=True)
    r = client.post("/import", data={}, content_type="multipart/form-data")
    assert "Choose a file to import." in r.get_data(as_text=True)
    assert stored_games(app) == before


PRESETS = ("pl-3", "pl-4", "ru-2", "ru-3", "moscow")


# a quarter of 12 games (at least 5) a run on each engine, 12 in the deep profile
@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
@given(data=st.data())
def test_export_then_import_gives_the_same_games_hands_and_totals(app, client, data):
    """Over generated games: a game's file, imported into another account, is the same game."""
    game = data.draw(st.sampled_from(PRESETS).flatmap(games))
    first = post(client, game)
    exported = client.get(f"/games/{first}/export.json").get_data()
    other = signed_up(app, f"copy{stored_games(app)}")
    assert "1 game stored" in imported(app, other, "game.json", exported)
    with app.app_context():
        copy = db.session.execute(db.select(Game.id).order_by(Game.id.desc())).scalar()
    a, b = client.get(f"/api/games/{first}").json, other.get(f"/api/games/{copy}").json
    assert {**a, "id": 0} == {**b, "id": 0}  # every line, note, total, winner and payment
    assert (
        client.get(f"/api/games/{first}/file").json["hands"]
        == other.get(f"/api/games/{copy}/file").json["hands"]
    )


def field_error(page: str) -> str:
    """The message at the import page's file field (the input points at it)."""
    assert 'aria-describedby="file-error"' in page and 'aria-invalid="true"' in page
    return re.search(r'<span class="error" id="file-error">(.*?)</span>', page, re.S).group(1)


def test_a_csv_is_refused_at_the_file_field_in_words(app, client):
    """The app's own CSV export, imported by mistake, is named for what it is, at the file
    field, and nothing is stored (not the parser's "Expecting value")."""
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, bid=110)
    csv_export = client.get(f"{game}/export.csv").data
    before = stored_games(app)
    for name in ("thousand-1-pl-3.csv", "renamed.json"):
        r = upload(client, name, csv_export)
        page = html.unescape(r.get_data(as_text=True))
        assert r.status_code == 422
        said = html.unescape(field_error(page))
        assert said.startswith(f"{name} is a CSV file. Import takes a game file (.json)"), said
        assert "the CSV export is for spreadsheets" in said
        assert "Expecting" not in page and "Nothing was imported" not in page
    assert stored_games(app) == before


@pytest.mark.parametrize(
    "data, said",
    [
        (
            b'{\n  "format": "scorekeeper-game/1",\n  "variant": "pl-3"\n  "players": []\n}',
            "bad.json is not a game file: line 4, column 3: a comma is missing before this.",
        ),
        (
            b'{"format": "scorekeeper-game/1", "variant": \'pl-3\'}',
            "bad.json is not a game file: line 1, column 45: texts go in double quotes, "
            "not single quotes.",
        ),
        (b'{"hands": [1, 2,]}', "line 1, column 17: a value was expected here."),
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "bad.json is not a game file: it is not text."),
        (b"  \n", "bad.json is empty: there is no game in it."),
        (b"[1, 2, 3]", "bad.json is JSON, but not a game file:"),
        (b'{"name": "Ala", "age": 9}', "bad.json is JSON, but not a game file:"),
        (b"[" * 100_000, "bad.json is not a game file: its JSON is nested too deeply"),
    ],
)
def test_a_file_that_is_no_game_file_says_what_it_is_at_the_field(app, client, data, said):
    r = upload(client, "bad.json", data)
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and said in html.unescape(field_error(page))
    assert "Expecting" not in page and "char " not in page


def test_the_score_output_is_not_taken_for_a_game_file(client):
    out = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "score", str(EXAMPLE)],
        capture_output=True,
        check=True,
    ).stdout
    r = upload(client, "scores.json", out)
    assert r.status_code == 422
    assert "scores.json is JSON, but not a game file" in html.unescape(field_error(r.text))


def test_a_csv_inside_an_archive_is_named_in_the_report(app, client):
    """In a zip, each member that is no game file is one line of the refused, in words."""
    good = EXAMPLE.read_bytes()
    archive = zipped({"a.json": good, "b.json": b"line,kind\n1,hand\n"})
    page = imported(app, client, "games.zip", archive)
    assert "1 game stored; 0 already here, not imported again; 1 refused" in page
    assert "<li>b.json is a CSV file. Import takes a game file" in page


@pytest.mark.parametrize("lang", ["pl", "ru", "uk"])
def test_the_field_message_is_in_the_readers_language(client, lang):
    """Structure only (the lead translates the new messages): the message is at the field, in a
    page of that language, and the parser's English is nowhere."""
    r = client.post(
        "/import",
        data={"file": (io.BytesIO(b"line,kind,dealer\n1,hand,Ala\n"), "x.csv")},
        content_type="multipart/form-data",
        headers={"Accept-Language": lang},
    )
    page = r.get_data(as_text=True)
    assert r.status_code == 422 and f'lang="{lang}"' in page and field_error(page)
    assert "Expecting" not in page
