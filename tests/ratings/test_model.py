"""The ratings against openskill called directly on the same matches: random sequences of
games of 2 to 4 players, with ties, rated one after another (ratings.md section 1)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper.events.results import ranked
from scorekeeper.ratings import Match, Ratings, rate

NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek"]


@st.composite
def matches(draw: st.DrawFn) -> list[Match]:
    out = []
    for number in range(draw(st.integers(0, 25))):
        size = draw(st.integers(2, 4))
        players = draw(st.permutations(NAMES))[:size]
        # few distinct places: ties are common
        places = tuple(draw(st.lists(st.integers(1, size), min_size=size, max_size=size)))
        out.append(Match(tuple(players), places, number))
    return out


def by_the_library(games: list[Match]) -> dict[str, tuple[float, float, int]]:
    """Each player's mu, sigma and games, the library's model driven by hand."""
    model = PlackettLuce()
    now: dict[str, object] = {}
    count: dict[str, int] = {}
    for game in games:
        teams = [[now.get(p) or model.rating()] for p in game.players]
        after = model.rate(teams, ranks=list(game.places))  # type: ignore[arg-type]
        for player, (rating,) in zip(game.players, after):
            now[player] = rating
            count[player] = count.get(player, 0) + 1
    return {p: (r.mu, r.sigma, count[p]) for p, r in now.items()}  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(matches())
def test_the_ratings_are_the_librarys_after_every_game(games: list[Match]) -> None:
    rated = rate(games)
    expected = by_the_library(games)
    got = {r.player: (r.mu, r.sigma, r.games) for r in rated.ranking()}
    assert got == expected
    # the ranking: ordinal (mu - 3 sigma) highest first, ties in the order first played
    first = list(dict.fromkeys(p for g in games for p in g.players))
    want = sorted(first, key=lambda p: expected[p][0] - 3 * expected[p][1], reverse=True)
    assert [r.player for r in rated.ranking()] == want
    # one step a game, the last one the rating now
    for r in rated.ranking():
        steps = rated.steps[r.player]
        assert len(steps) == r.games and (steps[-1].mu, steps[-1].sigma) == (r.mu, r.sigma)


@settings(max_examples=40, deadline=None)
@given(matches(), st.data())
def test_extended_by_one_game_or_rewound_is_rated_from_scratch(
    games: list[Match], data: st.DataObject
) -> None:
    cut = data.draw(st.integers(0, len(games)))
    whole = rate(games)
    assert rate(games[cut:], rate(games[:cut])).steps == whole.steps
    assert whole.rewound(cut).steps == rate(games[:cut]).steps
    # extending gives a new object: the one shared by other requests is left as it was
    before = rate(games[:cut])
    kept = {p: list(s) for p, s in before.steps.items()}
    before.extended(games[cut:])
    assert before.steps == kept


def test_a_first_game_with_two_tied_winners() -> None:
    """Ala and Bartek share the first place, Celina is third: the library's figures."""
    rated = rate([Match(("Ala", "Bartek", "Celina"), (1, 1, 3))])
    (a, b, c) = (rated.rating(p) for p in ("Ala", "Bartek", "Celina"))
    assert a is not None and b is not None and c is not None
    assert (
        (round(a.mu, 3), round(a.sigma, 3))
        == (25.717, 8.205)
        == (round(b.mu, 3), round(b.sigma, 3))
    )
    assert (round(c.mu, 3), round(c.sigma, 3)) == (23.565, 8.205)
    assert round(a.ordinal, 3) == round(25.717262170187357 - 3 * 8.205243377397993, 3)
    assert [r.player for r in rated.ranking()] == ["Ala", "Bartek", "Celina"]


def test_a_player_twice_in_one_match_is_refused() -> None:
    try:
        Ratings().add(Match(("Ala", "Ala"), (1, 2)))
    except ValueError:
        return
    raise AssertionError("a player twice in one match was rated")


def test_places_winners_first_then_totals_ties_shared() -> None:
    # events.md section 2: the winner first even when another has the same total
    assert ranked([1000, 1000, 500], [0]) == (1, 2, 3)
    assert ranked([700, 700, 500, 700], [0, 1]) == (1, 1, 4, 3)
    assert ranked([300, 300, 100], []) == (1, 1, 3)
