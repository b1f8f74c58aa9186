"""Seasons through the services: what is refused (at its field), the ladder from the events'
standings, and what an event deleted, a table closed or N changed does to it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.services import events as running
from scorekeeper.services import seasons
from scorekeeper.services.seasons import InvalidSeason
from scorekeeper.store import seasons as kept
from scorekeeper.store.db import db
from scorekeeper.store.models import Account
from tests.seasonnights import NIGHTS, night


def _nights(owner: int) -> list[int]:
    return [running.create_event(n, owner).id for n in NIGHTS]


def _ladder(season: seasons.Season) -> list[tuple[int, str, Fraction, int, list[str]]]:
    """Each row: place, player, score, tie-break, and the names of the events that count."""
    found = seasons.season_ladder(season)
    names = [e.name for e in found.events]
    return [
        (r.place, r.player, r.score, r.tiebreak, [names[x.event] for x in r.results if x.counted])
        for r in found.ladder.rows
    ]


def test_the_ladder_sums_the_n_best_and_breaks_ties_by_their_totals(owner: int) -> None:
    season = seasons.create_season(owner, "  Autumn   league ", "2", _nights(owner))
    assert season.name == "Autumn league" and season.best == 2
    assert _ladder(season) == [
        (1, "Celina", 3, 200, ["Night 2", "Night 3"]),
        (2, "ala", 3, 160, ["Night 1", "Night 2"]),
        (3, "Bartek", 3, 140, ["Night 1", "Night 3"]),
    ]
    seasons.change_season(season, "Autumn league", 1)
    # one best night each: Celina 2 (120), Ala 2 (100), Bartek 2 (90)
    assert [(r[1], r[2], r[3], r[4]) for r in _ladder(season)] == [
        ("Celina", 2, 120, ["Night 2"]),
        ("ala", 2, 100, ["Night 1"]),
        ("Bartek", 2, 90, ["Night 3"]),
    ]


def test_a_deleted_event_leaves_the_season_and_its_ladder(owner: int) -> None:
    ids = _nights(owner)
    season = seasons.create_season(owner, "Autumn", 2, ids)
    running.delete_event(kept.events([ids[1]], owner)[0])
    db.session.expire_all()
    season = kept.load(season.id, owner)
    assert season is not None and {e.event_id for e in season.events} == {ids[0], ids[2]}
    # without night 2: Bartek 2 (90) + 1 (50); Ala 2 (100) + 0 (10); Celina 1 (80) + 0 (0)
    assert _ladder(season) == [
        (1, "Bartek", 3, 140, ["Night 1", "Night 3"]),
        (2, "ala", 2, 110, ["Night 1", "Night 3"]),
        (3, "Celina", 1, 80, ["Night 1", "Night 3"]),
    ]


def test_events_added_and_removed(owner: int) -> None:
    first, second, third = _nights(owner)
    season = seasons.create_season(owner, "Autumn", 3, [first])
    seasons.add_event(season, third)
    seasons.add_event(season, third)  # once only
    assert sorted(e.event_id for e in season.events) == [first, third]
    seasons.remove_event(season, first)
    assert [e.event_id for e in season.events] == [third]
    assert [(r[1], r[2]) for r in _ladder(season)] == [("Bartek", 2), ("Celina", 1), ("ala", 0)]
    seasons.change_season(season, "Autumn", 3, [second, first])
    assert sorted(e.event_id for e in season.events) == [first, second]
    seasons.delete_season(season)
    assert kept.load(season.id) is None and len(kept.events([first, second], owner)) == 2


@pytest.mark.parametrize(
    ("name", "best", "fields"),
    [
        ("", "2", {"name"}),
        ("   ", "2", {"name"}),
        ("x" * 121, "2", {"name"}),
        ("Aut\x00umn", "2", {"name"}),  # no control character (PostgreSQL refuses a NUL)
        ("Autumn\nleague", "2", {"name"}),  # one line
        ("Autumn", "0", {"best"}),
        ("Autumn", "-1", {"best"}),
        ("Autumn", "1.5", {"best"}),
        ("Autumn", "two", {"best"}),
        ("Autumn", "", {"best"}),
        ("Autumn", None, {"best"}),
        ("Autumn", "1001", {"best"}),
        ("Autumn", "٣", {"best"}),  # a digit, but not one a form's number means
        ("", "0", {"name", "best"}),  # every field's problem at once
    ],
)
def test_bad_input_is_refused_at_its_field(
    owner: int, name: str, best: str | None, fields: set[str]
) -> None:
    with pytest.raises(InvalidSeason) as refused:
        seasons.create_season(owner, name, best)
    assert {p.field for p in refused.value.problems} == fields
    assert kept.owned(owner) == []


def test_an_event_of_another_account_is_refused(owner: int) -> None:
    other = Account(username="other", password_hash="-")
    db.session.add(other)
    db.session.commit()
    theirs = running.create_event(NIGHTS[0], other.id).id
    mine = running.create_event(NIGHTS[1], owner).id
    for ids in ([theirs], [mine, theirs], [mine, 9999]):
        with pytest.raises(InvalidSeason) as refused:
            seasons.create_season(owner, "Autumn", 2, ids)
        assert [p.field for p in refused.value.problems] == ["events"]
    season = seasons.create_season(owner, "Autumn", 2, [mine])
    with pytest.raises(InvalidSeason):
        seasons.add_event(season, theirs)
    with pytest.raises(InvalidSeason):
        seasons.change_season(season, "Autumn", 2, [theirs])
    assert [e.event_id for e in season.events] == [mine]
    # nor does the other account see it
    assert kept.load(season.id, other.id) is None and kept.load(season.id, owner) is season


def test_an_event_being_played_counts_as_it_stands_and_says_so(owner: int) -> None:
    """A table not over adds nothing yet (events.md section 2); an event with no round
    started gives no one a result."""
    done = running.create_event(night("Night 1", {"Ala": 100, "Bartek": 50, "Celina": 0}), owner)
    playing = running.create_event(
        night(
            "Night 2",
            {"Ala": 0, "Bartek": 10, "Celina": 20},
            {"Darek": 100, "Ewa": 50, "Franek": 0},
            pending=True,
        ),
        owner,
    )
    later = running.create_event({**night("Night 3"), "players": ["Gosia"], "rounds": []}, owner)
    season = seasons.create_season(owner, "Autumn", 2, [done.id, playing.id, later.id])
    found = seasons.season_ladder(season)
    assert [(e.name, e.state, e.players) for e in found.events] == [
        ("Night 1", "final", 3),
        ("Night 2", "provisional", 6),
        ("Night 3", "unplayed", 0),
    ]
    assert found.provisional
    assert [(r.player, r.score) for r in found.ladder.rows][:1] == [("Ala", 2)]
    assert "Gosia" not in [r.player for r in found.ladder.rows]
    # the director closes the round: its tables count, by their totals so far
    running.close_round(kept.events([playing.id], owner)[0])
    found = seasons.season_ladder(season)
    assert [e.state for e in found.events] == ["final", "final", "unplayed"]
    assert not found.provisional
    # Celina 2 (20) + 0 (0); Ala 2 (100) + 0 (0); Darek 2 (100); Bartek 1 + 1
    assert [(r.place, r.player, r.score, r.tiebreak) for r in found.ladder.rows] == [
        (1, "Ala", 2, 100),
        (1, "Darek", 2, 100),
        (3, "Bartek", 2, 60),
        (4, "Celina", 2, 20),
        (5, "Ewa", 1, 50),
        (6, "Franek", 0, 0),
    ]


def test_a_hand_corrected_after_the_night_changes_the_ladder(owner: int) -> None:
    """The ladder is remembered by the versions of the games it read: the director's
    correction of one table's line (with a reason, the round being closed) is seen at once."""
    from scorekeeper import services
    from scorekeeper.rules import Adjustment
    from scorekeeper.store.models import Game

    season = seasons.create_season(owner, "Autumn", 2, _nights(owner))
    assert [r[1] for r in _ladder(season)] == ["Celina", "ala", "Bartek"]
    first = kept.events([season.events[0].event_id], owner)[0]
    game = db.session.get(Game, first.rounds[0].tables[0].game_id)
    # night 1 was Ala 100, Bartek 50, Celina 0: Bartek's 50 was 150 (he wins the table)
    fixed = Adjustment(values=(100, 150, 0), reason="time called")
    services.update_line(game, 1, fixed, game.version, "misread")
    # Bartek 2 (150) + 2 (90) = 4; Ala 1 (100) + 1 (60) = 2; Celina 2 (120) + 1 (80) = 3
    assert [(r[1], r[2], r[3]) for r in _ladder(season)] == [
        ("Bartek", 4, 240),
        ("Celina", 3, 200),
        ("ala", 2, 160),
    ]
