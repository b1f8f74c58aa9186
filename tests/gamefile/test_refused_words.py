"""A refused value is shown as the player wrote it: a suit symbol is "♥", never "\\u2665"."""

import json
from pathlib import Path

import pytest

from scorekeeper.gamefile import parse
from scorekeeper.rules import InvalidHand

GAMES = Path(__file__).parent.parent / "games" / "invalid"


def test_a_refused_suit_is_shown_as_written() -> None:
    case = json.loads((GAMES / "ru-2-trump-symbol.json").read_text())
    with pytest.raises(InvalidHand) as e:
        parse(case["game"]).score()
    said = [str(p) for p in e.value.problems]
    assert any('got "♥"' in line for line in said), said
    assert not any("\\u" in line for line in said), said


def test_a_refused_number_is_shown_as_written() -> None:
    game = {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "players": ["Ala", "Bartek", "Celina"],
        "hands": [{"declarer": 1, "bid": "сто", "points": [0, 120, 0]}],
    }
    with pytest.raises(InvalidHand) as e:
        parse(game).score()
    assert any('got "сто"' in str(p) for p in e.value.problems), e.value.problems


def test_a_refused_value_that_no_page_can_show_as_text_stays_escaped() -> None:
    """A lone surrogate (a broken file, or hostile) is written \\ud800, as JSON writes it: shown
    as it was, it could not be encoded and the import's page answered 500."""
    game = {
        "format": "scorekeeper-game/1",
        "variant": "ru-3",
        "players": ["Ala", "Bartek", "Celina"],
        "hands": [{"declarer": 1, "bid": 100, "points": [0, 120, 0], "trump": ["\ud800", "♥"]}],
    }
    with pytest.raises(InvalidHand) as e:
        parse(game).score()
    said = " ".join(str(p) for p in e.value.problems)
    assert '"\\ud800"' in said and '"♥"' in said, said
    said.encode("utf-8")  # a page can send it
