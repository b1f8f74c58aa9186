"""Options: presets as data, overrides validated once, unknown options refused clearly."""

import pytest

from scorekeeper.rules import VARIANTS, InvalidHand, Options, find_variant, rules_for

# scoring.md section 1, the preset table, one row per option that differs between presets
PRESET_TABLE = {
    "cards": ["standard", "standard", "standard", "standard", "standard", "moscow", "standard"],
    "bidding": ["auction"] * 5 + ["none", "auction"],
    "min_bid": [100, 100, 100, 60, 60, None, 100],
    "bid_step": [10, 10, 10, 10, 10, None, 5],
    "max_contract": [400, 400, 400, 120, 120, None, 400],
    "contract_raise": [True, True, True, False, False, None, True],
    "marriages": ["declared"] * 3 + ["in-tricks"] * 2 + ["declared"] * 2,
    "marriage_needs_trick": [True, True, True, None, None, False, True],
    "trump_marriage_double": [False] * 5 + [True, False],
    "rounding": [10, 10, 10, 10, 10, "none", 5],
    "lock": [900, 900, None, None, None, None, None],
    "sitting_out": [None, "dealer", None, None, None, None, None],
    "slam_counts_all": [False, False, False, True, False, False, False],
    "all_cards_in_play": [True, True, False, False, True, True, True],
}
ORDER = ["pl-3", "pl-4", "pl-2", "ru-2", "ru-4", "moscow", "ru-3"]


@pytest.mark.parametrize("option", PRESET_TABLE)
def test_preset_values(option):
    for key, expected in zip(ORDER, PRESET_TABLE[option]):
        if expected is not None:
            assert VARIANTS[key].preset_options().to_dict()[option] == expected, (key, option)


def test_preset_house_rules():
    ru3 = VARIANTS["ru-3"].preset_options().to_dict()
    # the 5.1 and 5.2 sub-keys are off in every preset (falls_to_zero, every: None; kind:
    # points; on_fail: minus; together: all)
    assert ru3["barrel"] == {
        "at": 880,
        "tries": 3,
        "penalty": 120,
        "knock_off": True,
        "falls_to_zero": None,
        "on_fail": "minus",
        "defender_finishes": False,
        "together": "all",
    }
    assert all(VARIANTS[k].preset_options().finish == "reach" for k in ORDER)
    assert ru3["bolts"] == {"count": 3, "penalty": 120, "kind": "points", "consecutive": False}
    assert ru3["dump"] == {"at": 555, "negative": False}
    for key in ("ru-2", "ru-4", "ru-3"):
        assert VARIANTS[key].preset_options().to_dict()["give_up"] == {
            "declarer": "minus",
            "opponents": 60,
            "limit": None,
            "every": None,
            "penalty": 120,
            "on_barrel": True,
            "opponents_min": None,
            "free": 0,
        }
    for key in ORDER:  # the club agreements of 5.1 are off in every preset
        o = VARIANTS[key].preset_options()
        assert (o.blind, o.golden, o.silence) == (None, None, None), key
    assert VARIANTS["pl-4"].preset_options().to_dict()["musik_bonus"] == {
        "ace": 50,
        "marriage": True,
    }
    assert [VARIANTS[k].seats for k in ORDER] == [3, 4, 2, 2, 4, 2, 3]


@pytest.mark.parametrize(
    "overrides, message",
    [
        ({"colour": "red"}, "game: unknown option 'colour'"),
        ({"rounding": 3}, "game: option rounding: must be none, 5 or 10, got 3"),
        ({"lock": "high"}, "game: option lock: must be a whole number, got 'high'"),
        ({"lock": True}, "game: option lock: must be a whole number, got True"),
        ({"barrel": {"at": 880, "height": 2}}, "game: option barrel: unknown key 'height'"),
        ({"give_up": {"declarer": "maybe"}}, "game: option give_up: declarer must be one of"),
        ({"stake": "lots"}, "game: option stake: must be an amount of money per point"),
        ({"min_bid": 103}, "game: option min_bid: the lowest bid 103 is not a multiple"),
        ({"barrel": {"at": 1200}}, "game: option barrel: the barrel at 1200 must be below"),
        ({"marriage_values": {"stars": 10}}, "game: option marriage_values: unknown suit 'stars'"),
    ],
)
def test_bad_options(overrides, message):
    with pytest.raises(InvalidHand) as e:
        rules_for("ru-3", overrides)
    assert str(e.value).startswith(message), str(e.value)


def test_overrides_replace_one_value_and_keep_the_rest():
    rules = rules_for("pl-3", {"lock": 800, "barrel": True, "rounding": "5"})
    o = rules.options
    assert (o.lock, o.rounding, o.min_bid) == (800, 5, 100)
    assert o.barrel is not None and o.barrel.at == 880
    assert o.overrides_from(VARIANTS["pl-3"].preset_options()) == {
        "lock": 800,
        "rounding": 5,
        "barrel": {
            "at": 880,
            "tries": 3,
            "penalty": 120,
            "knock_off": True,
            "falls_to_zero": None,
            "on_fail": "minus",
            "defender_finishes": False,
            "together": "all",
        },
    }


def test_options_are_immutable():
    o = Options.build({})
    with pytest.raises(AttributeError):
        o.lock = 5  # type: ignore[misc]


def test_unknown_variant():
    with pytest.raises(InvalidHand) as e:
        find_variant("poker")
    assert "unknown variant 'poker'" in str(e.value)


def test_sitting_out_needs_three_players():
    with pytest.raises(InvalidHand):
        rules_for("pl-2", {"sitting_out": "dealer"})
