"""Properties over random events: seats, match points, the order and places of the standings,
and the file written back."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events import InvalidEvent, counts, loads, standings, table_result, to_dict
from scorekeeper.events.standings import KEYS
from tests.profiles import examples
from tests.strategies import Seeded, make_game

PRESETS = {3: "pl-3", 4: "pl-4"}
NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk", "Iga", "Jan"]


def random_event(seed: int) -> dict:
    """An event of real games (dealt from a deck) and closed tables of adjustments."""
    rng = random.Random(seed)
    sizes = rng.choice([[3], [4], [3, 4], [4, 3]])
    players = NAMES[: rng.randint(1, len(NAMES))]
    confirm = rng.random() < 0.3
    points = {}
    for size in sizes:
        if rng.random() < 0.5:
            values = sorted((rng.randint(-400, 400) / 4 for _ in range(size)), reverse=True)
            points[str(size)] = values
    rounds = []
    for _ in range(rng.randint(0, 3)):
        order = rng.sample(range(len(players)), len(players))
        tables = []
        while order and rng.random() < 0.9:
            size = rng.choice(sizes)
            if len(order) < size:
                break
            seats, order = order[:size], order[size:]
            first, kind = 0, rng.random()
            if kind < 0.3:
                hands = [{"adjustment": [10 * rng.randint(-20, 20) for _ in seats], "reason": "r"}]
            elif kind < 0.6 and size == 3:  # a game that ends, with joint winners now and then
                carried = [rng.choice([200, 250, 280]) for _ in seats]
                made = rng.random() < 0.5
                hands = [
                    {"adjustment": carried, "reason": "carried over"},
                    {"declarer": 1, "bid": 100, "points": [10, 100, 10] if made else [50, 20, 50]},
                ]
            else:
                game = make_game(Seeded(rng), PRESETS[size], 1, 20, target=300)
                hands, first = game["hands"], game["first_dealer"]
            for hand in hands:
                if confirm and "declarer" in hand and rng.random() < 0.9:
                    hand["confirmed_by"] = hand["declarer"]  # a declarer always takes part
            closed = rng.random() < 0.5
            tables.append({"seats": seats, "first_dealer": first, "hands": hands, "closed": closed})
        rounds.append({"tables": tables})
    data = {
        "format": "scorekeeper-event/1",
        "name": "Random",
        "tables": {str(s): PRESETS[s] for s in sizes},
        "options": {"target": 300},
        "points": points,
        "ranking": rng.choice(["points", "totals", "margin"]),
        "confirm": confirm,
        "players": players,
        "rounds": rounds,
    }
    if rng.random() < 0.3:
        data["bye"] = rng.randint(-40, 40) / 4
    return data


@settings(max_examples=examples(200))
@given(st.integers(0, 2**32))
def test_standings_of_random_events(seed: int) -> None:
    event = loads(json.dumps(random_event(seed)))
    result = standings(event)
    for round_ in event.rounds:  # every player seated at most once per round
        seated = [p for t in round_.tables for p in t.seats]
        assert len(seated) == len(set(seated))
    for round_ in event.rounds:  # a counting table gives out exactly its size's points
        for table in round_.tables:
            if counts(event, table):
                seats = table_result(event, table)
                given = sum(event.points_for(len(table.seats)), Fraction(0))
                assert sum((s.points for s in seats), Fraction(0)) == given
                assert sum((s.margin for s in seats), Fraction(0)) == 0
                places = sorted(s.place for s in seats)
                assert places[0] == 1
                assert all(places.count(p) + p - 1 <= len(places) for p in places)
    rows = result.rows
    keys = [r.key(event.ranked_by) for r in rows]
    assert keys == sorted(keys, reverse=True)  # ordered by the ranking's keys
    assert sorted(r.player for r in rows) == list(range(len(event.players)))
    for i, row in enumerate(rows):  # 1, 2, 2, 4: a place is 1 + the players strictly before
        assert row.place == 1 + sum(1 for k in keys if k > keys[i])
        if i and keys[i] == keys[i - 1]:
            assert row.player > rows[i - 1].player  # equal players in the order of players
    assert KEYS[event.ranked_by][0] in ("points", "totals", "margin")
    again = loads(json.dumps(to_dict(event)))  # the file written back, read again
    assert standings(again) == result


@settings(max_examples=examples(100))
@given(st.integers(0, 2**32), st.data())
def test_a_player_seated_twice_in_a_round_is_refused(seed: int, data: st.DataObject) -> None:
    event = random_event(seed)
    tables = [t for r in event["rounds"] for t in r["tables"]]
    if not tables:
        return
    rounds = [r for r in event["rounds"] if r["tables"]]
    round_ = data.draw(st.sampled_from(rounds))
    seated = [p for t in round_["tables"] for p in t["seats"]]
    table = data.draw(st.sampled_from(round_["tables"]))
    other = data.draw(st.sampled_from(seated))
    if other in table["seats"] and len(round_["tables"]) == 1:
        return
    seat = data.draw(st.integers(0, len(table["seats"]) - 1))
    if table["seats"][seat] == other:
        return
    table["seats"][seat] = other
    with pytest.raises(InvalidEvent) as e:
        loads(json.dumps(event))
    assert any("is seated twice in the round" in str(p) for p in e.value.problems)
