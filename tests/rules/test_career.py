"""A player's records (ratings.md 3) on golden games whose figures were worked out by hand."""

import json
from pathlib import Path

import pytest

from scorekeeper.gamefile import parse
from scorekeeper.rules.career import (
    FIGURES,
    Career,
    SeatFigures,
    Versus,
    placed_higher,
    seat_figures,
)

RECORDS = Path(__file__).parent.parent / "records"
CASES = sorted(RECORDS.glob("*.json"))


def figures_of(case: dict) -> tuple[SeatFigures, ...]:  # type: ignore[type-arg]
    game = parse(case["game"])
    tally = game.score()
    options = game.rules().options
    return seat_figures(tally, game.lines, options.min_bid, options.stake is not None)


def test_there_are_record_games():
    assert len(CASES) >= 2


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_records_golden(path):
    case = json.loads(path.read_text(encoding="utf-8"))
    expected = case["expected"]
    game = parse(case["game"])
    tally = game.score()
    assert list(tally.totals) == expected["totals"]
    assert list(tally.winners) == expected["winners"]
    got = figures_of(case)
    for seat, (figures, want) in enumerate(zip(got, expected["seats"], strict=True)):
        assert set(want) == set(FIGURES), f"seat {seat}: every figure is worked out"
        assert figures.as_row() == want, f"{path.stem}: seat {seat}"


def test_a_players_career_sums_the_games_and_derives_rates_and_averages():
    # Ala in both golden games: pl-3 (won, 100 made, no bid above the lowest) and ru-3 (won
    # from the barrel, 120 and 120 made, each 20 above the lowest bid)
    ala = [figures_of(json.loads(p.read_text(encoding="utf-8")))[0] for p in CASES]
    career = Career.of(ala)
    assert career.played == 2 and career.sums.won == 2 and career.win_rate == 1
    assert career.sums.declared == 3 and career.sums.made == 3 and career.made_rate == 1
    assert career.average_contract == pytest.approx(340 / 3)  # 100 + 120 + 120
    assert career.average_bid_over == pytest.approx(40 / 3)  # 0 + 20 + 20
    assert career.marriages == {"diamonds": 1, "hearts": 1, "spades": 1}
    assert career.sums.climbs == 1 and career.sums.barrel_wins == 1
    assert career.money == (210, 0)
    # Bartek: a failed 120 (bid 110) and a failed blind 120
    bartek = Career.of(figures_of(json.loads(p.read_text(encoding="utf-8")))[1] for p in CASES)
    assert bartek.made_rate == 0 and bartek.average_contract == 120
    assert bartek.average_bid_over == 15  # (10 + 20) / 2
    assert bartek.sums.blind == 1 and bartek.blind_rate == 0
    empty = Career.of([])
    assert empty.played == 0 and empty.made_rate is None and empty.average_bid_over is None


@pytest.mark.parametrize(
    ("won", "total", "other_won", "other_total", "place"),
    [
        (True, 1000, False, 1000, 1),  # the winning declarer's total is not a first place
        (False, 990, True, 1000, -1),
        (True, 1005, True, 1005, 0),  # joint winners share the first place
        (False, 400, False, 300, 1),  # the rest by final total
        (False, 300, False, 300, 0),
        (False, -20, False, 40, -1),  # a closed table: no winners, totals alone
    ],
)
def test_who_placed_higher(won, total, other_won, other_total, place):
    assert placed_higher(won, total, other_won, other_total) == place


def test_head_to_head_counts_places_and_points():
    class M:
        def __init__(self, total: int, other_total: int, place: int) -> None:
            self.total, self.other_total, self.place = total, other_total, place

    score = Versus.of([M(1000, 500, 1), M(300, 1010, -1), M(200, 200, 0), M(700, 100, 1)])
    assert score == Versus(games=4, higher=2, lower=1, same=1, points=2200, other_points=1810)
