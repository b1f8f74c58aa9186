"""Every field of a line and every option is set in some game (tests/everyfield.py), and the
game file carries each of them there and back."""

from __future__ import annotations

import json

from scorekeeper.gamefile import dumps, line_to_dict, loads, parse_line, to_dict
from scorekeeper.rules import Hand
from tests import everyfield


def test_the_games_set_every_field_of_a_line_away_from_its_default() -> None:
    # a field added to Hand, Marriage, Musik or Adjustment fails here, named, until a game of
    # tests/everyfield.py sets it: then every round trip that reads those games carries it
    missing = everyfield.missing_hand_fields()
    assert not missing, f"no game of tests/everyfield.py sets {missing}"


def test_the_games_set_every_option_and_record_key_away_from_its_default() -> None:
    missing = everyfield.missing_options()
    assert not missing, f"no game of tests/everyfield.py sets the options {missing}"


def test_every_game_of_every_field_is_a_game_the_rules_accept() -> None:
    for file in everyfield.parsed_games():
        file.score()  # InvalidHand names the hand and the field


def test_a_field_left_at_its_default_is_named() -> None:
    # the coverage above can fail: a hand that never bid blind leaves Hand.blind unset
    lines = [line for f in everyfield.parsed_games() for line in f.lines]
    seen = everyfield.hand_fields_set(
        line for line in lines if not (isinstance(line, Hand) and line.blind)
    )
    assert "Hand.blind" not in seen and "Hand.bid" in seen


def test_the_game_file_writes_and_reads_back_every_field_and_option() -> None:
    for file in everyfield.parsed_games():
        again = loads(dumps(file))
        changed = everyfield.differences(file.lines, again.lines)
        assert not changed, f"the game file's writer or reader (gamefile) dropped: {changed}"
        assert again.options == file.options, "the game file's options were not written back"
        assert json.loads(dumps(again)) == to_dict(file)


def test_each_line_is_written_and_read_alone_as_the_api_takes_it() -> None:
    for file in everyfield.parsed_games():
        again = [parse_line(n, line_to_dict(x)) for n, x in enumerate(file.lines, start=1)]
        changed = everyfield.differences(file.lines, again)
        assert not changed, f"gamefile.line_to_dict or parse_line dropped: {changed}"
