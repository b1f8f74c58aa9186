"""The rules pages: every preset's rules from its options, and a game's rules with its house
rules; public for presets, the game's own page only for those who may see the game."""

from __future__ import annotations

import html
import re

import pytest

from scorekeeper.rules import VARIANTS
from tests.conftest import signed_up

from .helpers import new_game


def text(response) -> str:  # type: ignore[no-untyped-def]
    """The page's main part as a reader sees it: tags dropped, spaces squeezed."""
    assert response.status_code == 200, response.status_code
    page = response.get_data(as_text=True)
    main = page.split('<main id="main">', 1)[1].split("</main>", 1)[0]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)))


def section_ids(response) -> set[str]:  # type: ignore[no-untyped-def]
    return set(re.findall(r'<h2 id="([\w-]+)"', response.get_data(as_text=True)))


def test_the_list_of_presets_is_public_and_names_all_seven(anon):
    r = anon.get("/rules/")
    page = text(r)
    for key in VARIANTS:
        assert f'href="/rules/{key}"' in r.get_data(as_text=True)
        assert key in page
    assert len(VARIANTS) == 7
    assert "3 players" in page and "4 players" in page and "2 players" in page
    assert "the lock at 900" in page and "the barrel at 880" in page


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_preset_page_renders_for_anyone(anon, key):
    r = anon.get(f"/rules/{key}")
    page = text(r)
    assert f"Rules of {key}" in page
    assert "Where the rule texts are silent or wrong" in page
    # the table of contents lists exactly the sections on the page
    nav = re.findall(r'<li><a href="#([\w-]+)">', r.get_data(as_text=True))
    assert set(nav) == section_ids(r)


def test_unknown_preset_is_404(anon):
    assert anon.get("/rules/pl-5").status_code == 404


def test_pl3_lock_forced_bid_and_no_house_rules_of_ru3(anon):
    r = anon.get("/rules/pl-3")
    page = text(r)
    assert "A player with 900 or more before the hand scores only as declarer." in page
    assert "The player after the dealer must open at 100 and cannot pass." in page
    assert "Bids start at 100 and go up in steps of 10. The highest contract is 400." in page
    assert "44 becomes 40" in page and "45 becomes 50" in page
    assert "One Polish rule text gives the jack 1 point" in page
    assert "This game has no giving up" in page
    ids = section_ids(r)
    assert {"lock", "rounding", "auction"} <= ids
    assert not {"barrel", "bolts", "dump", "give_up", "musik"} & ids
    assert "barrel" not in page


def test_ru3_barrel_bolts_dump_and_rounding_by_five(anon):
    r = anon.get("/rules/ru-3")
    page = text(r)
    assert "stops at 880 and climbs on the barrel" in page
    assert "the player has 3 hands to win" in page and "fall off to 760" in page
    assert "Each time a player reaches 3 bolts, they lose 120 points" in page
    assert "exactly 555 goes back to 0" in page
    assert "rounded to the nearest 5: a remainder of 3 or more goes up" in page
    assert "17 becomes 15" in page and "18 becomes 20" in page
    assert "Bids start at 100 and go up in steps of 5." in page
    assert "Every other player in the hand scores 60." in page
    assert "But 2 card points, rounded to 0, are not a bolt." in page
    ids = section_ids(r)
    assert {"barrel", "bolts", "dump", "give_up"} <= ids
    assert "lock" not in ids and "The lock" not in page
    assert "Polish players round them" not in page  # a pl-3/pl-4 decision only


def test_pl4_dealer_sits_out_and_scores_the_musik(anon):
    page = text(anon.get("/rules/pl-4"))
    assert "This game is for 4 players." in page
    assert "The dealer deals and sits the hand out" in page
    assert "scores 50 for each ace in the musik" in page
    assert "An ace and the hearts marriage in the musik: 50 + 100 = 150." in page
    assert "So is a sitting-out dealer's musik bonus." in page  # under the lock
    assert "leave the card points and tricks empty or write 0" in page


def test_moscow_no_auction_deck_of_132_and_trump_marriages_double(anon):
    r = anon.get("/rules/moscow")
    page = text(r)
    assert "No auction" in page and "There is no auction and no declarer." in page
    assert "All the cards together hold 132 points." in page
    assert "King 5" in page and "Queen 4" in page and "Jack 3" in page
    assert "counts double: the hearts marriage is then worth 200" in page
    assert "changes the trump to its own suit is not doubled" in page
    assert "A marriage counts even for a player who takes no trick." in page
    assert "as they are: nothing is rounded" in page
    assert "What the declarer scores" not in page
    assert not {"rounding", "lock", "give_up", "barrel"} & section_ids(r)
    assert "One Polish rule text gives the jack" not in page  # not the standard deck


def test_ru2_give_up_marriages_in_tricks_and_the_850_rule(anon):
    page = text(anon.get("/rules/ru-2"))
    assert "Every other player in the hand scores 60." in page
    assert "count 80 if that suit is trump and 40 if not" in page
    assert "Bids start at 60 and go up in steps of 10. The highest contract is 120." in page
    assert "The contract is the winning bid: it cannot be raised." in page
    assert "A player with 850 points or more may stay out of the auction" in page
    assert "A contract of 120 is also made" in page  # slam_counts_all
    assert "add up to between 76 and 120" in page
    assert "plays 60. Any hand with no bid written is played at 60." in page
    assert "hearts marriage: 100" not in page  # no declared values here
    ru4 = text(anon.get("/rules/ru-4"))
    assert "850 rule" in ru4 and "may stay out of the auction" not in ru4
    assert "A contract of 120 is also made" not in ru4


def test_a_game_page_shows_its_overridden_options_as_house_rules(client):
    game = new_game(client, opt_lock="off", stake="0.05", opt_target="1500")
    r = client.get(f"{game}/rules")
    page = text(r)
    assert "House rules of this game" in page
    assert "Lock: off in this game (900 in pl-3)" in page
    assert "Game to: 1500 in this game (1000 in pl-3)" in page
    assert "Stake per point: 0.05 in this game (off in pl-3)" in page
    ids = section_ids(r)
    assert "lock" not in ids and "A player with 900" not in page
    assert "any total reaches 1500 or more" in page
    assert "The stake is 0.05 per point." in page
    assert "A winner on 1520 and a player on 900: that player pays 31.00." in page
    # the sections the house rules change are marked as this game's
    assert re.search(r'<h2 id="end">[^<]*<span class="chip hot">house rule of this game', r.text)
    assert 'id="auction">The auction</h2>' in r.text


def test_a_ru3_game_with_the_barrel_at_900(client):
    game = new_game(client, "ru-3", opt_barrel="on", opt_barrel_at="900", opt_barrel_tries="2")
    page = text(client.get(f"{game}/rules"))
    assert "Barrel: at: 900; tries: 2 in this game (at: 880; tries: 3 in ru-3)" in page
    assert "stops at 900 and climbs on the barrel" in page
    assert "the player has 2 hands to win" in page and "fall off to 780" in page
    assert "stops at 880" not in page


def test_a_game_as_its_preset_has_no_house_rules(client):
    game = new_game(client, "pl-4", ("A", "B", "C", "D"))
    page = text(client.get(f"{game}/rules"))
    assert "This game plays pl-4 as it is, with no house rules." in page
    assert "A, B, C, D" in page and "scores 50 for each ace in the musik" in page


def test_game_rules_are_for_its_scorers_only(app, client, anon):
    game = new_game(client)
    stranger = signed_up(app, "mallory")
    assert stranger.get(f"{game}/rules").status_code == 404
    assert stranger.get("/games/99999/rules").status_code == 404
    r = anon.get(f"{game}/rules")
    assert r.status_code == 302 and "/signin" in r.headers["Location"]
    assert anon.get("/rules/pl-3").status_code == 200  # the presets stay public


HOUSE_RULES = [
    {},
    {"rounding": "none", "stake": "0.25", "lock": None},
    {"give_up": {"declarer": "zero", "opponents": "half", "limit": 1}, "barrel": True},
    {"bolts": True, "dump": {"at": 555, "negative": True}, "ace_marriage": 200},
    {"trump_marriage_double": True, "double_on_switch": True, "round_declarer": True},
    {"slam_counts_all": True, "all_cards_in_play": False, "marriage_needs_trick": False},
    {"barrel": {"knock_off": False}, "musik_bonus": {"ace": 40, "marriage": False}},
    # the club agreements of scoring.md 5.1
    {
        "blind": {"min_total": 200, "on_barrel": True},
        "golden": {"hands": 1},
        "silence": True,
        "give_up": {"every": 3, "on_barrel": False},
        "barrel": {"falls_to_zero": 3},
        "bolts": {"kind": "tricks", "consecutive": True},
        "dump": True,
    },
    {"blind": True, "golden": {"reset_if_nobody": False}, "barrel": True, "contract_raise": False},
    {"golden": True, "bolts": True, "give_up": True},
]


@pytest.mark.parametrize("lang", ["en", "pl", "ru", "uk"])
def test_every_sentence_the_rules_can_say_has_its_words(app, lang):
    """Whatever the preset and its house rules, each sentence describe() chooses is said in
    the reader's language, its numbers filled in (no key without words, no placeholder left)."""
    from scorekeeper.rules import VARIANTS, InvalidHand, rules_for
    from scorekeeper.rules.describe import describe
    from scorekeeper.web.rulebook.sentences import said

    seen = set()
    with app.test_request_context(headers={"Accept-Language": lang}):
        for key in VARIANTS:
            for options in HOUSE_RULES:
                try:
                    rules = rules_for(key, options)
                except InvalidHand:
                    continue  # not every house rule fits every preset
                for section in describe(rules):
                    for block in section.blocks:
                        for sentence in block.says:
                            text = str(said(sentence))
                            assert text and "%(" not in text and "{" not in text, sentence
                            seen.add(sentence.key)
    assert len(seen) > 100  # nearly every sentence of the pages came up


def test_a_marriage_in_a_rules_sentence_is_named_in_the_readers_language(anon):
    """pl-4's musik and Moscow's doubled marriage named the hearts marriage in English on the
    Polish, Russian and Ukrainian pages (the filter inside the message was not translated)."""
    for lang, hearts in (("pl", "meldunek kierowy"), ("ru", "червовый марьяж")):
        anon.post("/language", data={"lang": lang, "next": "/"})
        for preset in ("pl-4", "moscow"):
            page = anon.get(f"/rules/{preset}").get_data(as_text=True)
            assert "hearts marriage" not in page and hearts in page, (lang, preset)
