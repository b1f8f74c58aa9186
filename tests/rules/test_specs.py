"""The options' metadata (rules.OPTION_SPECS): one entry per option with a kind its parser
agrees with, the bounds the parser holds, and usual values the parser takes."""

from dataclasses import fields

import pytest

from scorekeeper.rules import OPTION_SPECS, SUITS, InvalidHand, Options, Spec, rules_for
from scorekeeper.rules.parsers import Bad

# a value of each kind that its parser takes (bounds and choices apart)
TAKEN = {"int": 1, "bool": True, "choice": None, "record": True, "per_suit": {}, "money": "0.5"}


def test_every_option_has_exactly_one_spec() -> None:
    assert list(OPTION_SPECS) == [f.name for f in fields(Options)]


def _all() -> list[tuple[str, Spec]]:
    """Every option and every key of a record or of a value per suit."""
    out = []
    for name, spec in OPTION_SPECS.items():
        out.append((name, spec))
        out.extend((f"{name}.{key}", sub) for key, sub in spec.keys.items())
    return out


@pytest.mark.parametrize("name, spec", _all(), ids=[n for n, _s in _all()])
def test_the_kind_is_what_the_parser_takes(name: str, spec: Spec) -> None:
    if spec.kind == "choice":
        for choice in spec.choices:
            spec.parse(choice)
        with pytest.raises(Bad):
            spec.parse("no such value")
    else:
        spec.parse(TAKEN[spec.kind])
    for wrong in ([], "no such value"):
        if wrong not in spec.choices:
            with pytest.raises(Bad):
                spec.parse(wrong)
    if spec.optional:
        assert spec.parse(None) is None
    elif name != "rounding":  # rounding takes null for "none"
        with pytest.raises(Bad):
            spec.parse(None)


@pytest.mark.parametrize("name, spec", [(n, s) for n, s in _all() if s.kind == "int"])
def test_the_bounds_are_the_parsers(name: str, spec: Spec) -> None:
    assert spec.low is not None and spec.high is not None, name
    assert spec.parse(spec.low) == spec.low and spec.parse(spec.high) == spec.high
    for beyond in (spec.low - 1, spec.high + 1):
        with pytest.raises(Bad, match="must be between"):
            spec.parse(beyond)


def test_the_stakes_bounds_are_the_parsers() -> None:
    stake = OPTION_SPECS["stake"]
    assert (stake.kind, stake.low, stake.high, stake.places) == ("money", 0, 1000, 4)
    stake.parse(stake.high)
    for wrong in (stake.high + 1, "0.00001", -1):
        with pytest.raises(Bad):
            stake.parse(wrong)


def test_records_list_their_keys_with_the_records_defaults() -> None:
    for name in ("musik_bonus", "give_up", "barrel", "bolts", "dump"):
        spec = OPTION_SPECS[name]
        assert spec.kind == "record" and spec.optional, name
        default = spec.parse(True)
        assert default == spec.usual
        assert list(spec.keys) == [f.name for f in fields(default)]
        for key, sub in spec.keys.items():
            assert sub.usual == getattr(default, key), (name, key)
            assert spec.parse({key: sub.usual}) == default


def test_marriage_values_are_per_suit_with_the_usual_values() -> None:
    spec = OPTION_SPECS["marriage_values"]
    assert spec.kind == "per_suit" and set(spec.keys) == set(SUITS)
    assert {suit: sub.usual for suit, sub in spec.keys.items()} == Options().marriage_values
    assert spec.keys["hearts"].high == spec.high


def test_the_usual_lock_is_the_polish_presets() -> None:
    assert OPTION_SPECS["lock"].usual == rules_for("pl-3").options.lock
    assert OPTION_SPECS["lock"].usual == rules_for("pl-4").options.lock


def test_build_reports_the_parsers_words() -> None:
    with pytest.raises(InvalidHand) as e:
        Options.build({}, {"barrel": {"tries": 0}})
    assert e.value.problems[0].text() == "option barrel: tries must be between 1 and 1000, got 0"
