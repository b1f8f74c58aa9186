"""Writing a game's lines straight through the services: conflicts, retries by key, renumbering
after a delete, a restore, and refused writes that change nothing."""

from __future__ import annotations

import pytest

from scorekeeper import services
from scorekeeper.rules import Adjustment, Hand, InvalidHand
from scorekeeper.services import Conflict, KeyReused, lifecycle
from scorekeeper.store import derived, trail
from scorekeeper.store.db import db

from .helpers import adjust, lines, log, new_game, opener, play_hands, totals


def test_a_hand_is_stored_and_scored(owner: int) -> None:
    game = new_game(owner)
    done = log(game, 0, 100, (100, 10, 10))
    assert done.number == 1 and not done.repeated
    assert done.tally.totals == totals(game) == (100, 10, 10)
    assert lines(game) == [Hand(declarer=0, bid=100, points=(100, 10, 10))]


def test_two_phones_writing_from_the_same_version_the_second_is_a_conflict(owner: int) -> None:
    game = new_game(owner)
    seen = game.version  # both phones opened the hand form now
    log(game, 0, 100, (100, 10, 10), version=seen)
    with pytest.raises(Conflict):
        log(game, 1, 100, (10, 100, 10), version=seen)
    assert len(lines(game)) == 1 and totals(game) == (100, 10, 10)


def test_a_retried_key_stores_the_hand_once(owner: int) -> None:
    game = new_game(owner)
    first = log(game, 0, 100, (100, 10, 10), token="tap-1")
    again = log(game, 0, 100, (100, 10, 10), token="tap-1")
    assert (again.number, again.repeated) == (first.number, True)
    assert len(lines(game)) == 1 and totals(game) == (100, 10, 10)


def test_the_same_key_with_another_hand_is_refused_and_stores_nothing(owner: int) -> None:
    game = new_game(owner)
    log(game, 0, 100, (100, 10, 10), token="tap-1")
    with pytest.raises(KeyReused) as reused:
        log(game, 0, 100, (90, 20, 10), token="tap-1")
    assert reused.value.number == 1
    assert len(lines(game)) == 1 and totals(game) == (100, 10, 10)


def test_a_key_belongs_to_its_game(owner: int) -> None:
    one, other = new_game(owner), new_game(owner)
    log(one, 0, 100, (100, 10, 10), token="same-key")
    done = log(other, 0, 100, (100, 10, 10), token="same-key")
    assert not done.repeated and len(lines(other)) == 1


def test_deleting_line_3_of_6_moves_the_later_lines_up_and_derives_them_again(
    owner: int,
) -> None:
    game = new_game(owner)
    play_hands(game, 6)
    before = lines(game)
    assert totals(game) == (240, 240, 240)  # each seat declared twice: 2 x 100 + 4 x 10
    done = services.delete_line(game, 3, game.version, "a hand logged twice", "owner")
    assert done.number == 3
    assert lines(game) == before[:2] + before[3:]
    # Celina's first hand went: she has 100 less and 10 more (Ala's and Bartek's 10 from it go)
    assert totals(game) == (230, 230, 140)
    assert [line.number for line in derived.tally(game).lines] == [1, 2, 3, 4, 5]


def test_a_deleted_line_is_restored_where_it_was(owner: int) -> None:
    game = new_game(owner)
    play_hands(game, 4)
    before, sums = lines(game), totals(game)
    services.delete_line(game, 2, game.version, "", "owner")
    (gone,) = trail.marks(game)[0]
    back = services.restore_line(game, gone.id, game.version, "owner")
    assert back.number == 2
    assert lines(game) == before and totals(game) == sums
    assert trail.marks(game)[0] == []


def test_a_double_tap_on_restore_brings_the_line_back_once(owner: int) -> None:
    game = new_game(owner)
    play_hands(game, 3)
    services.delete_line(game, 3, game.version, "", "owner")
    (gone,) = trail.marks(game)[0]
    seen = game.version  # both taps were made from this page
    first = services.restore_line(game, gone.id, seen, "owner")
    twin = services.restore_line(game, gone.id, seen, "owner")
    assert (twin.number, twin.repeated) == (first.number, True)
    assert len(lines(game)) == 3


def test_a_line_deleted_from_a_game_now_shorter_comes_back_last(owner: int) -> None:
    game = new_game(owner)
    play_hands(game, 4)
    services.delete_line(game, 4, game.version, "", "owner")
    (gone,) = trail.marks(game)[0]
    services.delete_line(game, None, game.version, "undo", "owner")  # the last line goes too
    back = services.restore_line(game, gone.id, game.version, "owner")
    assert back.number == 3 and len(lines(game)) == 3


def test_an_edit_that_breaks_a_later_hand_is_refused_and_changes_nothing(owner: int) -> None:
    game = new_game(owner)
    adjust(game, (0, 860, 0), "carried over from last night")
    play_hands(game, 2)
    before, sums, version = lines(game), totals(game), game.version
    # Bartek given 1,000 by the first line: the game ends with the next hand, and the third
    # line could not follow it
    with pytest.raises(InvalidHand):
        services.update_line(game, 1, Adjustment((0, 1000, 0), "typo"), version, "", "owner")
    db.session.expire_all()
    assert lines(game) == before and totals(game) == sums and game.version == version


def test_an_edit_from_a_stale_form_is_a_conflict(owner: int) -> None:
    game = new_game(owner)
    play_hands(game, 2)
    stale = game.version
    log(game, opener(game), 100, tuple(100 if s == opener(game) else 10 for s in range(3)))
    with pytest.raises(Conflict):
        services.update_line(game, 1, Hand(declarer=0, bid=100, points=(90, 20, 10)), stale)
    assert lines(game)[0] == Hand(declarer=0, bid=100, points=(100, 10, 10))


def test_no_hand_is_added_to_an_abandoned_game(owner: int) -> None:
    game = new_game(owner)
    play_hands(game, 1)
    lifecycle.abandon(game)
    with pytest.raises(services.Abandoned):
        log(game, opener(game), 100, (10, 100, 10))
    assert len(lines(game)) == 1
