"""The browser's engine reads the notes' and problems' sentences in the reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest


def test_the_engine_catalogue_holds_the_rules_sentences_in_polish(anon):
    response = anon.get("/engine/messages-pl.json")
    assert response.status_code == 200
    data = response.get_json()
    # a note's sentence and a suit by its context, as the Polish page says them
    assert data["messages"]["{marriage}: {value}"] == "{marriage}: {value}"
    assert data["messages"]["spades marriage"] == "meldunek pikowy"
    assert data["contexts"]["suit\x04hearts"] == "kiery"
    # the plural form of 1, 2, 5, 22 and 112 games in Polish: gra, gry, gier, gry, gier
    plurals = data["plurals"]
    assert [plurals[n] if n < 200 else plurals[100 + n % 100] for n in (1, 2, 5, 22, 212)] == [
        0,
        1,
        2,
        1,
        2,
    ]
    # only what the engine can say: no page's words
    assert "Thousand Scorekeeper" not in data["messages"]


@pytest.mark.parametrize("lang", ["xx", "..%2Fpl", "PL"])
def test_a_language_the_app_does_not_speak_is_not_found(anon, lang):
    assert anon.get(f"/engine/messages-{lang}.json").status_code == 404


def test_an_unchanged_catalogue_is_not_sent_again(anon):
    first = anon.get("/engine/messages-uk.json")
    again = anon.get("/engine/messages-uk.json", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_every_page_names_the_offline_code_and_each_module_it_imports_is_sent(anon, app):
    html = anon.get("/signin").get_data(as_text=True)
    # pages/app.js imports it where it has work (docs/table.md): the page names its entry, a
    # module whose imports are relative paths under /js/
    src = re.search(r'<body[^>]* data-offline="(/js/offline/start\.js)"', html)
    assert src, "the offline code is not named"
    folder = Path(app.static_folder) / "offline"
    seen, todo = set(), [src.group(1)]
    while todo:  # the entry and every module it imports, as the browser follows them
        url = todo.pop()
        seen.add(url)
        sent = anon.get(url)
        assert sent.status_code == 200 and sent.mimetype == "text/javascript", url
        assert b"\n// " not in sent.data, url  # the comments stay in the file, not on the wire
        base = url.rsplit("/", 1)[0]
        for name in re.findall(rb'from ?"\./([a-z]+\.js)"', sent.data):
            if f"{base}/{name.decode()}" not in seen:
                todo.append(f"{base}/{name.decode()}")
    assert seen == {f"/js/offline/{p.name}" for p in folder.glob("*.js")}  # none left out
