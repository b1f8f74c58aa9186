"""The one mapping of a line between its rows and the rules (store/facts.py), both ways."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.gamefile import parse
from scorekeeper.rules import Hand
from scorekeeper.rules import Line as RuleLine
from scorekeeper.store.db import db
from scorekeeper.store.facts import facts_by_game, read_facts
from scorekeeper.store.models import Game
from tests.profiles import examples
from tests.strategies import PRESETS, games


def _as_rows_give_it(line: RuleLine) -> RuleLine:
    """A list of card points or tricks holding only nulls is stored as none at all."""
    if not isinstance(line, Hand):
        return line
    points, tricks = (
        None if v is not None and all(x is None for x in v) else v
        for v in (line.points, line.tricks)
    )
    return dataclasses.replace(line, points=points, tricks=tricks)


# a quarter of 25 games a run on each engine, 25 in the deep profile (tests/profiles.py)
@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.sampled_from(PRESETS).flatmap(games))
def test_every_line_read_back_from_its_rows_is_the_line_stored(owner, data) -> None:  # type: ignore[no-untyped-def]
    file = parse(data)
    game = services.create_game(file, owner)
    read = facts_by_game([game.id])[game.id]
    assert read == [_as_rows_give_it(x) for x in file.lines]
    db.session.delete(game)
    db.session.commit()


def test_many_games_are_read_in_two_queries_whatever_their_lines(owner) -> None:  # type: ignore[no-untyped-def]
    from sqlalchemy import event

    first = {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "players": ["Ala", "Bartek", "Celina"],
        "hands": [
            {"declarer": 0, "bid": 100, "points": [100, 10, 10], "dealer": 2},
            {"adjustment": [0, -50, 0], "reason": "misdeal penalty"},
        ],
    }
    ids = [services.create_game(parse(first), owner).id for _ in range(5)]
    statements: list[str] = []

    def count(*args) -> None:  # type: ignore[no-untyped-def]
        statements.append(args[2])

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        read = facts_by_game(ids)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    assert len(statements) == 2
    assert all(len(lines) == 2 for lines in read.values())


def test_lines_read_while_another_phone_writes_are_not_taken_for_either_version(owner) -> None:  # type: ignore[no-untyped-def]
    # the facts are remembered per version (derived.rule_lines): lines read across a write
    # belong to no version, and are not remembered under one
    from sqlalchemy import event, update

    data = {
        "format": "scorekeeper-game/1",
        "variant": "pl-3",
        "players": ["Ala", "Bartek", "Celina"],
        "hands": [{"declarer": 0, "bid": 100, "points": [100, 10, 10], "dealer": 2}],
    }
    game = services.create_game(parse(data), owner)
    gid, version = game.id, game.version
    written: list[bool] = []

    def another_phone(*args) -> None:  # type: ignore[no-untyped-def]
        if not written:  # after the first of the two queries
            written.append(True)
            with db.engine.begin() as other:
                other.execute(update(Game).where(Game.id == gid).values(version=version + 1))

    event.listen(db.engine, "after_cursor_execute", another_phone)
    try:
        read, versions = read_facts([gid])
    finally:
        event.remove(db.engine, "after_cursor_execute", another_phone)
    assert written and versions == {gid: None}
    assert len(read[gid]) == 1
    db.session.rollback()
    assert read_facts([gid])[1] == {gid: version + 1}
