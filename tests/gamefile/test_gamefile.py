"""The game file: every malformed input is one clear problem line; what is written reads back."""

import json

import pytest

from scorekeeper.gamefile import loads, parse, to_dict
from scorekeeper.rules import InvalidHand

GOOD = {
    "format": "scorekeeper-game/1",
    "variant": "pl-3",
    "options": {"lock": 800},
    "players": ["Ala", "Bartek", "Celina"],
    "first_dealer": 0,
    "hands": [
        {
            "declarer": 1,
            "bid": 110,
            "contract": 120,
            "points": [35, 70, 15],
            "marriages": [{"seat": 1, "suit": "hearts"}],
        },
        {"adjustment": [0, -120, 0], "reason": "exposed a card while dealing"},
    ],
}


def errors(data):
    with pytest.raises(InvalidHand) as e:
        parse(data) if not isinstance(data, str) else loads(data)
    return [str(p) for p in e.value.problems]


@pytest.mark.parametrize(
    "data, expected",
    [
        ("{not json", "game: the file is not JSON"),
        # JSON all the same, but no bound of a game file is that long: said as such
        (
            '{"hands": [{"bid": -' + "1" * 5000 + "}]}",
            "game: a number in the file is too long (5000 digits); the numbers of a game file "
            "have at most 4300 digits",
        ),
        ("[1, 2]", "game: a game file is a JSON object"),
        ({**GOOD, "format": "other/2"}, "game: format must be 'scorekeeper-game/1'"),
        ({**GOOD, "variant": "bridge"}, "game: unknown variant 'bridge'"),
        ({**GOOD, "players": ["Ala", "Bartek"]}, "game: pl-3 is played by 3 players, got 2"),
        ({**GOOD, "players": "Ala"}, "game: players must be a list of names"),
        ({**GOOD, "players": ["Ala", "Ala", "Ola"]}, "game: two players have the same name"),
        ({**GOOD, "options": {"lock": "x"}}, "game: option lock: must be a whole number"),
        # an empty list, 0 or false is no object of overrides either (it was taken as none)
        ({**GOOD, "options": []}, "game: options must be an object of option overrides"),
        ({**GOOD, "options": 0}, "game: options must be an object of option overrides"),
        ({**GOOD, "options": False}, "game: options must be an object of option overrides"),
        ({**GOOD, "options": [1]}, "game: options must be an object"),
        ({**GOOD, "first_dealer": 3}, "game: first_dealer must be a seat from 0 to 2"),
        ({**GOOD, "hands": {}}, "game: hands must be a list"),
        ({**GOOD, "extra": 1}, "game: unknown field 'extra' in a game file"),
        ({**GOOD, "hands": [7]}, "hand 1: a hand must be an object"),
        (
            {**GOOD, "hands": [{"declarer": "one", "bid": 100, "points": [100, 10, 10]}]},
            'hand 1: declarer must be a whole number, got "one"',
        ),
        (
            {**GOOD, "hands": [{"declarer": True, "bid": 100, "points": [100, 10, 10]}]},
            "hand 1: declarer must be a whole number, got true",
        ),
        (
            {**GOOD, "hands": [{"declarer": 0, "bid": 100, "points": [100, 10, -10]}]},
            "hand 1: points cannot be below 0, got -10",
        ),
        (
            {**GOOD, "hands": [{"declarer": 0, "bid": 100, "points": [100, 10, 10], "color": 1}]},
            "hand 1: unknown field 'color' in a hand",
        ),
        (
            {
                **GOOD,
                "hands": [
                    {"declarer": 0, "bid": 100, "points": [100, 10, 10], "marriages": [{"seat": 0}]}
                ],
            },
            "hand 1: each marriage is an object with seat and suit",
        ),
        (
            {**GOOD, "hands": [{"adjustment": [1, "x", 0], "reason": "r"}]},
            'hand 1: adjustment must be a whole number, got "x"',
        ),
        (
            {**GOOD, "hands": [{"adjustment": [1, 2, 0], "reason": 5}]},
            "hand 1: the reason of an adjustment must be text",
        ),
    ],
)
def test_malformed(data, expected):
    found = errors(data)
    assert found[0].startswith(expected), found


def test_all_problems_at_once():
    data = {**GOOD, "format": None, "hands": [7, {"declarer": "x"}]}
    assert [p.split(":")[0] for p in errors(data)] == ["game", "hand 1", "hand 2"]


def test_round_trip():
    game = parse(GOOD)
    again = parse(json.loads(json.dumps(to_dict(game))))
    assert again == game
    assert again.score().totals == game.score().totals == (40, 0, 20)


def test_dumps_reads_back_with_options_and_every_field():
    from scorekeeper.gamefile import dumps

    data = {
        **GOOD,
        "variant": "pl-4",
        "players": ["Ala", "Bartek", "Celina", "Darek"],
        "options": {"give_up": {"declarer": "zero", "opponents": "half"}},
        "hands": [
            {
                "dealer": 1,
                "declarer": 2,
                "bid": 100,
                "contract": 110,
                "points": [60, None, 40, 20],
                "tricks": [5, None, 2, 1],
                "musik": {"aces": 1, "marriage": None},
                "marriages": [{"seat": 0, "suit": "clubs", "switch": True}],
            },
            {"declarer": 3, "bid": 120, "give_up": True},
        ],
    }
    game = parse(data)
    assert loads(dumps(game)) == game
