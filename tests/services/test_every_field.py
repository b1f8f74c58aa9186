"""Every field of a line and every option (tests/everyfield.py) is stored and read back by each
way a game reaches the database: a new game, an import's bulk rows, a hand added to a game; and
the game file exported from the rows is the file stored."""

from __future__ import annotations

import dataclasses
import json

from sqlalchemy import select

from scorekeeper import services
from scorekeeper.gamefile import GameFile, dumps, to_dict
from scorekeeper.services import transfer
from scorekeeper.store.db import db
from scorekeeper.store.facts import facts_by_game
from scorekeeper.store.files import to_file
from scorekeeper.store.models import Game
from tests import everyfield

# the store's facts (store/facts.py): line_fields, entry_fields and marriage_fields write a
# line's rows, read_facts builds the line again from them
STORE = "the store's rows (store/facts.py, written by its *_fields and read by read_facts)"


def _read_back(game_id: int) -> list[object]:
    db.session.expire_all()  # from the database, not the session's objects
    return facts_by_game([game_id])[game_id]


def _exported(game_id: int, file: GameFile) -> None:
    """The game file of the stored game (the export, the archive, the API) is the one stored."""
    game = db.session.get(Game, game_id)
    assert game is not None
    again = to_file(game)
    changed = everyfield.differences(file.lines, again.lines)
    assert not changed, f"the export (store/files.py) dropped: {changed}"
    assert dict(again.options) == dict(file.options), "the game's options row (store/models.py)"
    assert json.loads(dumps(again)) == to_dict(file)


def test_a_new_game_of_every_field_is_read_back_and_exported_as_stored(owner: int) -> None:
    for file in everyfield.parsed_games():
        game = services.create_game(file, owner)
        changed = everyfield.differences(file.lines, _read_back(game.id))
        assert not changed, f"{STORE} dropped, for a new game (facts.fill_line): {changed}"
        _exported(game.id, file)


def test_an_imported_game_of_every_field_is_read_back_as_the_file(owner: int) -> None:
    for file in everyfield.parsed_games():
        checked = transfer.check("every-field.json", dumps(file).encode(), 5)
        assert isinstance(checked, transfer.Checked), checked
        transfer.store_chunk([checked], owner)
        db.session.commit()
        newest = select(Game.id).where(Game.owner_id == owner).order_by(Game.id.desc())
        game_id = db.session.execute(newest.limit(1)).scalar_one()
        changed = everyfield.differences(file.lines, _read_back(game_id))
        assert not changed, f"{STORE} dropped, for an import's bulk rows (store/bulk.py): {changed}"
        _exported(game_id, file)


def test_each_line_of_every_field_added_to_a_game_is_read_back(owner: int) -> None:
    # the hand form and the API add one line at a time (services/lines.add_line, facts.new_line)
    for file in everyfield.parsed_games():
        game = services.create_game(dataclasses.replace(file, lines=()), owner)
        for line in file.lines:
            services.add_line(game, line)
        changed = everyfield.differences(file.lines, _read_back(game.id))
        assert not changed, f"{STORE} dropped, for a line added (facts.new_line): {changed}"
        _exported(game.id, file)
