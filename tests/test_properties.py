"""Properties over realistic games dealt from a real deck (tests/strategies.py), every preset."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.gamefile import loads, parse
from scorekeeper.rules import InvalidHand

from .strategies import PRESETS, dealt_hand, games, malformed_games

SLOW = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("preset", PRESETS)
@SLOW
@given(data=st.data())
def test_totals_are_sums_of_scores_and_every_score_is_explained(preset, data):
    tally = parse(data.draw(games(preset))).score()
    previous = (0,) * len(tally.totals)
    for line in tally.lines:
        assert tuple(p + s for p, s in zip(previous, line.scores)) == line.totals
        previous = line.totals
        explained = {n.seat for n in line.notes}
        for seat, score in enumerate(line.scores):
            if score:
                assert seat in explained, (line, seat)
    assert tally.totals == previous
    assert tuple(p.total for p in tally.players) == tally.totals


@pytest.mark.parametrize("preset", PRESETS)
@SLOW
@given(data=st.data())
def test_a_prefix_does_not_depend_on_later_hands(preset, data):
    game = parse(data.draw(games(preset, min_hands=2)))
    full = game.score()
    k = data.draw(st.integers(0, len(game.lines)))
    prefix = game.rules().replay(game.lines[:k], game.first_dealer, game.players)
    assert prefix.lines == full.lines[:k]


@pytest.mark.parametrize("preset", PRESETS)
@SLOW
@given(data=st.data())
def test_changing_hand_k_changes_nothing_before_it(preset, data):
    raw = data.draw(games(preset, min_hands=2))
    full = parse(raw).score()
    hands = [i for i, line in enumerate(full.lines) if line.kind == "hand"]
    k = data.draw(st.sampled_from(hands))
    replacement = data.draw(dealt_hand(preset, full.lines[k].dealer))
    changed = {
        **raw,
        "hands": [
            *raw["hands"][:k],
            {"dealer": full.lines[k].dealer, **replacement},
            *raw["hands"][k + 1 :],
        ],
    }
    try:
        tally = parse(changed).score()
    except InvalidHand as e:
        # a later hand may no longer fit (e.g. a give-up over the limit), never an earlier one
        assert all(p.hand is not None and p.hand > k for p in e.problems), e
        return
    assert tally.lines[:k] == full.lines[:k]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(malformed_games())
def test_malformed_input_raises_only_the_validation_error(data):
    try:
        parse(data).score()
    except InvalidHand as e:
        assert e.problems and all(str(p).startswith(("game: ", "hand ")) for p in e.problems)
    try:
        loads(json.dumps(data)).score()
    except InvalidHand:
        pass


@given(st.binary(max_size=200))
def test_any_bytes_raise_only_the_validation_error(blob):
    try:
        loads(blob).score()
    except InvalidHand:
        pass
