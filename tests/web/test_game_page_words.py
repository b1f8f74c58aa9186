"""The game page in words players use: short names in the narrow
columns, the variant's name for a title, explanations in words, the language's own variant."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from scorekeeper.web.common import short_names

from .helpers import hand, new_game


@pytest.mark.parametrize(
    "names, short",
    [
        (["Ala", "Bartek", "Celina"], ["Ala", "Bar.", "Cel."]),
        # two names with one start keep the letters that tell them apart
        (["Marek", "Marta", "Małgorzata"], ["Marek", "Marta", "Mał."]),
        (["Константин", "Костя"], ["Кон.", "Кос."]),
        (["Jan Kowalski", "Jan Nowak"], ["Jan K.", "Jan N."]),
        (["Aleksander", "Aleksandra"], ["Ale…e", "Ale…r"]),
        (["Ala", "Alan"], ["Ala", "Alan"]),
        (["Kasia", "Kasia B."], ["Kasia", "Kasia B."]),
    ],
)
def test_short_names_are_distinct_and_never_longer(names, short):
    assert short_names(names) == short
    assert len({s.casefold() for s in short_names(names)}) == len(names)


def test_the_sheet_heads_columns_with_short_names_and_keeps_the_full_ones(client):
    game = new_game(client, "pl-4", ("Małgorzata", "Marek", "Marta", "Константин"))
    hand(client, game, [None, 100, 10, 10], declarer=1, bid=100)
    page = client.get(game).get_data(as_text=True)
    head = re.search(r"<thead>.*?</thead>", page, re.S).group(0)
    assert '<abbr title="Małgorzata" aria-hidden="true">Mał.</abbr>' in head
    assert '<span class="visually-hidden">Константин</span>' in head
    assert ">Marek<" in head and ">Marta<" in head  # "Mare." would save nothing
    # the totals have room for every full name
    totals = re.search(r'<section class="totals.*?</section>', page, re.S).group(0)
    assert all(f'class="name">{n}<' in totals for n in ("Małgorzata", "Константин"))


def test_the_title_is_the_variants_name(client):
    game = new_game(client, "ru-3")
    page = client.get(game).get_data(as_text=True)
    assert re.search(r"<h1>Russian Thousand, 3 players <small>game \d+</small></h1>", page)
    assert '<span class="variant">Russian Thousand, 3 players</span>' in client.get("/").text


def test_the_explanation_tags_are_words_in_english(client):
    game = new_game(client)
    hand(client, game, [107, 6, 7], declarer=0, bid=120)
    page = client.get(f"{game}/hands/1").get_data(as_text=True)
    assert ">contract failed<" in page and ">card points<" in page
    assert ">contract-failed<" not in page


@pytest.mark.parametrize("lang, variant", [("en", "pl-3"), ("pl", "pl-3"), ("ru", "ru-3")])
def test_a_new_game_starts_from_the_languages_variant(client, lang, variant):
    client.post("/language", data={"lang": lang, "next": "/"})
    page = client.get("/games/new").get_data(as_text=True)
    checked = re.findall(r'<input checked[^>]*value="([^"]+)"', page)
    assert checked == [variant], checked


def test_ukrainian_readers_start_from_ru3(client):
    client.post("/language", data={"lang": "uk", "next": "/"})
    page = client.get("/games/new").get_data(as_text=True)
    assert re.findall(r'<input checked[^>]*value="([^"]+)"', page) == ["ru-3"]


def _chips(page: str) -> dict[str, list[str]]:
    """Each player's marks beside their total, by name."""
    out = {}
    for name, chips in re.findall(
        r'<span class="name">([^<]+)</span>.*?<span class="chips">(.*?)</span>\s*</div>', page, re.S
    ):
        out[name] = re.findall(r'<span class="chip[^"]*">([^<]+)</span>', chips)
    return out


def test_the_totals_are_marked_with_the_lock_the_bolts_and_the_barrel(client):
    """The marks beside a total are the rules' answers for that player (rules/formspec.chips)."""
    lock = client.post(
        "/api/games",
        json={
            "format": "scorekeeper-game/1",
            "variant": "pl-3",
            "players": ["Ala", "Bartek", "Celina"],
            "hands": [{"adjustment": [900, 0, 0], "reason": "carried over"}],
        },
    ).json["id"]
    marks = _chips(client.get(f"/games/{lock}").get_data(as_text=True))
    assert "locked at 900" in marks["Ala"] and not any("locked" in c for c in marks["Bartek"])
    ru3 = client.post(
        "/api/games",
        json={
            "format": "scorekeeper-game/1",
            "variant": "ru-3",
            "players": ["Ala", "Bartek", "Celina"],
            "first_dealer": 2,
            "hands": [
                {"adjustment": [0, 860, 0], "reason": "carried over"},
                {"declarer": 0, "bid": 100, "points": [90, 30, 0]},
            ],
        },
    ).json["id"]
    marks = _chips(client.get(f"/games/{ru3}").get_data(as_text=True))
    assert "bolts 1/3" in marks["Celina"]  # no points at all: a bolt of three
    assert "on the barrel, 3 tries left" in marks["Bartek"]  # 890 climbs on at 880
    assert not any(c.startswith("bolts") for c in marks["Ala"] + marks["Bartek"])


def _long_game(client, hands: int) -> str:
    """A pl-3 game of `hands` lines whose declarers take turns failing 120 (it never ends)."""
    lines = [
        {"declarer": i % 3, "bid": 120, "points": [35 if s != i % 3 else 50 for s in range(3)]}
        for i in range(hands)
    ]
    game = {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "players": ["Ala", "Bartek", "Celina"],
    }
    response = client.post("/api/games", json={**game, "hands": lines})
    assert response.status_code == 201, response.get_data(as_text=True)
    return f"/games/{response.get_json()['id']}"


def test_a_long_game_lists_its_last_40_lines_and_the_rest_a_tap_away(client):
    game = _long_game(client, 60)
    page = client.get(game).get_data(as_text=True)
    rows = re.findall(r'<tr id="h(\d+)">', page)
    assert rows == [str(n) for n in range(60, 20, -1)]  # the newest first, 40 of them
    assert f'href="{game}?all=1#hands">Show all 60 lines</a>' in page
    assert 'aria-label="Explain hand 60"' in page and "Cel. 120" in page  # 60: Celina's
    everything = client.get(f"{game}?all=1").get_data(as_text=True)
    assert re.findall(r'<tr id="h(\d+)">', everything) == [str(n) for n in range(60, 0, -1)]
    assert "Show all" not in everything
    short = client.get(_long_game(client, 40)).get_data(as_text=True)
    assert len(re.findall(r'<tr id="h\d+">', short)) == 40 and "Show all" not in short


def test_the_rows_words_are_translated_once_and_still_per_row(client):
    game = _long_game(client, 3)
    client.post("/language", data={"lang": "pl", "next": "/"})
    page = client.get(game).get_data(as_text=True)
    for n in (1, 2, 3):
        assert f'aria-label="Objaśnienie rozdania {n}"' in page


def test_a_blind_hand_is_marked_on_the_sheet(client):
    game = json.loads((Path(__file__).parents[1] / "games" / "pl-3-blind.json").read_text())
    response = client.post("/api/games", json=game["game"])
    assert response.status_code == 201, response.get_data(as_text=True)
    page = client.get(f"/games/{response.get_json()['id']}").get_data(as_text=True)
    blind = [n for n, line in enumerate(game["game"]["hands"], 1) if line.get("blind")]
    assert blind
    for number in blind:
        row = re.search(rf'<tr id="h{number}">(.*?)</tr>', page, re.S)
        assert row and '<span class="chip">blind</span>' in row[1]
    assert page.count('<span class="chip">blind</span>') == len(blind)


def _words(page: str, element_id: str) -> dict:
    found = re.search(rf"id=\"{element_id}\"[^>]*data-words='([^']*)'", page)
    assert found, element_id
    return json.loads(html.unescape(found.group(1)))


def test_the_offline_words_follow_the_language_of_each_page(client):
    """Rendered once per language and worker (web/offlinewords.py): a page in Polish after one
    in English has the Polish words, and a finished game's words offer no next hand."""
    game = new_game(client)
    english = client.get(game, headers={"Accept-Language": "en"}).get_data(as_text=True)
    polish = client.get(game, headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert _words(english, "sync-status")["offline"] == "Offline"
    assert _words(polish, "sync-status")["offline"] == "Brak połączenia"
    assert _words(polish, "offline-game")["log"] == "Zapisz rozdanie {number}"
    for _ in range(9):  # Bartek makes 120 nine times, past 1000: the game is over
        hand(client, game, [0, 120, 0], declarer=1, bid=120)
    over = client.get(game, headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert "log" not in _words(over, "offline-game")
    assert _words(over, "offline-game")["unsent"] == _words(polish, "offline-game")["unsent"]


def _text(page: str) -> str:
    """What a reader sees: no tags, no attributes."""
    return html.unescape(" ".join(re.sub(r"<[^>]+>", " ", page).split()))


CODES = re.compile(r"\b(?:pl-[234]|ru-[234]|moscow)\b")


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "uk"])
def test_the_variant_picker_and_the_history_filter_name_variants_in_words(client, lang):
    client.post("/language", data={"lang": lang, "next": "/"})
    new = client.get("/games/new").get_data(as_text=True)
    picker = re.search(r"<fieldset>.*?</fieldset>", new, re.S).group(0)
    assert not CODES.findall(_text(picker)), CODES.findall(_text(picker))
    title = {"en": "Polish Tysiąc, 3 players", "pl": "Polski Tysiąc – 3 graczy"}.get(lang)
    if title:
        assert f"<b>{title}</b>" in new
    history = client.get("/history").get_data(as_text=True)
    options = re.findall(r'<option value="([^"]+)"[^>]*>([^<]+)</option>', history)
    variants = [(v, words) for v, words in options if CODES.fullmatch(v)]
    assert len(variants) == 7 and not any(CODES.search(w) for _v, w in variants)


def test_lists_count_hands_as_the_table_does(client):
    """A game of an adjustment and 5 hands is "5 hands" in the games list, the history and
    the player's page."""
    data = json.loads(Path("tests/games/ru-3-bolt-dump-adjustment.json").read_text("utf-8"))
    r = client.post("/api/games", json=data["game"])
    assert r.status_code == 201
    assert len(data["game"]["hands"]) == 6
    player = re.search(r'href="(/players/\d+)"', client.get("/players/").text).group(1)
    for url in ("/", "/history", player):
        text = _text(client.get(url).get_data(as_text=True))
        assert "5 hands" in text and "6 lines" not in text, url


def test_a_player_with_no_finished_game_reads_so(client):
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, bid=110)
    player = re.search(r'href="(/players/\d+)"', client.get("/players/").text).group(1)
    text = _text(client.get(player).get_data(as_text=True))
    assert "Games played 0 Won 0 Hands declared 0" in text  # no rate of no game
    assert "1 game still being played is not counted yet" in text
    assert "Contracts made 0 Average contract – Average bid above the lowest –" in text
    assert "By variant" not in text and "No finished game yet" in text


def test_the_explanation_says_each_seats_card_points_once(client):
    """Celina's card points are the note "15 card points": no second "card points 15" under
    it; Bartek the declarer took 70 and the note says what he scored: his card points stay."""
    game = new_game(client)
    hand(client, game, [35, 70, 15], declarer=1, bid=100)
    page = client.get(f"{game}/hands/1").get_data(as_text=True)
    celina = _text(page[page.index("<h2>Celina") :])
    assert celina.count("card points") == 2  # the note's tag and the note: "15 card points"
    assert "15 card points" in celina
    assert '<p class="facts">card points 70</p>' in page
    assert '<p class="facts">card points 15</p>' not in page
