"""A stored game read back (rules.stored_sheet): scored as its lines were accepted, without
checking them again, and the same tally as the checked replay whenever the lines are sound."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.gamefile import parse
from scorekeeper.rules import (
    Adjustment,
    InvalidHand,
    replay,
    replay_changed,
    replay_entered,
    stored_sheet,
)
from scorekeeper.rules.bounds import LINES_MAX
from tests.clubgames import club_games
from tests.profiles import examples
from tests.rules.helpers import game
from tests.strategies import PRESETS, games, malformed_games


def both(data: dict) -> tuple[object, object]:
    """What the checked stored replay and the read without checks give for one game file:
    a tally, or the problems' sentences."""
    file = parse(data)
    rules = file.rules()

    def outcome(fn):
        try:
            return fn()
        except InvalidHand as e:
            return [str(p) for p in e.problems]

    checked = outcome(
        lambda: replay(rules, file.lines, file.first_dealer, file.players, stored=True)
    )
    read = outcome(lambda: stored_sheet(rules, file.lines, file.first_dealer, file.players).tally())
    return checked, read


def a_change_checked_from_its_line_on_scores_as_every_check_does(
    raw: dict, data: st.DataObject
) -> None:
    # replay_changed (the server's edit, delete and restore) reads the lines before the change
    # as accepted: on a sound game that is the tally the checks of every line give
    file = parse(raw)
    if not file.lines:
        return
    rules, lines, who = file.rules(), file.lines, (file.first_dealer, file.players)
    number = data.draw(st.integers(1, len(lines)))
    try:
        entered = replay_entered(rules, lines, number, *who)
    except InvalidHand as e:
        entered = [str(p) for p in e.problems]
    try:
        changed = replay_changed(rules, lines, number, *who, entered=True)
    except InvalidHand as e:
        changed = [str(p) for p in e.problems]
    assert changed == entered, f"line {number} changed"
    assert replay_changed(rules, lines, number, *who) == replay(rules, lines, *who, stored=True)


@pytest.mark.properties
@pytest.mark.parametrize("dealt", [games, club_games], ids=["house-rules", "club-agreements"])
@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=examples(40))
@given(data=st.data())
def test_a_stored_game_reads_back_and_changes_as_the_checked_replay_scores_it(dealt, preset, data):
    raw = data.draw(dealt(preset))
    checked, read = both(raw)
    assert read == checked
    a_change_checked_from_its_line_on_scores_as_every_check_does(raw, data)


@pytest.mark.properties
@settings(max_examples=examples(300))
@given(malformed_games())
def test_a_damaged_stored_game_is_read_back_or_refused_with_the_checks_sentences(data):
    # whatever the rows hold, a read gives a tally or the checks' problems, never a crash; a
    # sound game (the checks pass) always reads back as the checks score it
    try:
        checked, read = both(data)
    except InvalidHand:
        return  # the file itself (players, options) is refused before any line
    if not isinstance(checked, list):
        assert read == checked
    elif isinstance(read, list):
        assert read == checked


def test_a_line_after_the_end_is_refused_as_when_it_was_entered():
    won = {"declarer": 0, "bid": 120, "points": [120, 0, 0]}
    hands = [{"adjustment": [880, 0, 0], "reason": "carried over"}, won, won]
    checked, read = both(game("pl-3", hands))
    assert read == checked == ["hand 3: the game ended with line 2; nothing can be added after it"]


def test_a_line_the_scoring_cannot_take_goes_through_the_checks():
    file = parse(game("pl-3", [{"declarer": 0, "bid": 100, "points": [100, 20, 0]}]))
    # rows that give two points for three players (a damaged database): the checks name it
    short = dataclasses.replace(file.lines[0], points=(100, 20))
    with pytest.raises(InvalidHand) as e:
        stored_sheet(file.rules(), [short], 0, file.players)
    assert [p.field for p in e.value.problems] == ["points"]


def test_more_lines_than_a_game_holds_are_refused_once():
    file = parse(game("pl-3", []))
    lines = [Adjustment((0, 0, 0))] * (LINES_MAX + 1)
    with pytest.raises(InvalidHand) as e:
        stored_sheet(file.rules(), lines, 0, file.players)
    assert [str(p) for p in e.value.problems] == [
        f"hand {LINES_MAX + 1}: a game has at most {LINES_MAX} lines; this would be line "
        f"{LINES_MAX + 1}"
    ]


def test_a_stored_line_a_later_check_would_refuse_still_scores_as_it_was_accepted():
    # docs/rules-decisions.md: a line is checked when it is written; a game kept for years is
    # read back as it was accepted, whatever a later release checks (here: 110 card points,
    # which a release that checks the sum refuses)
    checked, read = both(game("pl-3", [{"declarer": 0, "bid": 100, "points": [100, 10, 0]}]))
    assert checked == ["hand 1: card points must add up to 120, got 110"]
    assert read.totals == (100, 10, 0)


def test_a_line_a_later_check_refuses_does_not_block_a_change_after_it():
    hands = [  # each won at 100 by the seat after the dealer, who must open (forced opening)
        {"declarer": 1, "bid": 100, "points": [10, 100, 10]},
        {"declarer": 2, "bid": 100, "points": [10, 10, 100]},
        {"declarer": 0, "bid": 100, "points": [100, 10, 10]},
    ]
    file = parse(game("pl-3", hands))
    rules, players = file.rules(), file.players
    old = dataclasses.replace(file.lines[0], points=(10, 100, 0))  # 110 card points, stored
    lines = [old, *file.lines[1:]]
    with pytest.raises(InvalidHand) as e:  # the game file's engine checks every line
        replay_entered(rules, lines, 3, 0, players)
    assert [p.hand for p in e.value.problems] == [1]
    # the server's change: line 3 checked as entered, line 1 read as it was accepted
    assert replay_changed(rules, lines, 3, 0, players, entered=True).totals == (120, 120, 110)
    assert replay_changed(rules, lines[:2], 2, 0, players).totals == (20, 110, 100)  # a delete
    # the change itself still gets every check
    bad = dataclasses.replace(lines[2], points=(100, 10, 0))
    with pytest.raises(InvalidHand) as e:
        replay_changed(rules, [*lines[:2], bad], 3, 0, players, entered=True)
    assert [p.hand for p in e.value.problems] == [3]
