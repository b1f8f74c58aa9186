"""A game's derived state, remembered per version: its facts, score sheet and tally (memo.py)."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules import Line as RuleLine
from scorekeeper.rules import (
    Rules,
    Sheet,
    Tally,
    find_variant,
    replay_changed,
    stored_sheet,
)
from scorekeeper.store import memo
from scorekeeper.store.facts import read_facts
from scorekeeper.store.models import Game


def rules_for(game: Game) -> Rules:
    return Rules(find_variant(game.variant), game.options)


def names(game: Game) -> list[str]:
    return [seat.player.name for seat in game.seats]


def rule_lines(game: Game) -> list[RuleLine]:
    """The game's lines as rule input (a fresh list: callers may change it), read once per
    version of the game (memo.py)."""
    key = (game.id, game.version)
    facts = memo.memos().facts.get(key)
    if facts is None:
        found, versions = read_facts([game.id])
        facts = tuple(found[game.id])
        # Another phone may have written after the game was read: remember the facts only
        # under a version they surely belong to.
        if versions.get(game.id) == game.version:
            memo.memos().facts.put(key, facts)
    return list(facts)


def tally(
    game: Game,
    lines: Sequence[RuleLine] | None = None,
    entered: int | None = None,
    since: int = 1,
) -> Tally:
    """The game's derived score sheet, from its stored lines; or from `lines` instead, changed
    from line `since` on, or with line `entered` edited and given every check of a new line
    (rules.replay_changed: the lines before it stand as accepted, the rest get the checks of a
    stored line)."""
    if lines is not None:
        rules, who = rules_for(game), names(game)
        if entered is not None:
            return replay_changed(rules, lines, entered, game.first_dealer, who, entered=True)
        return replay_changed(rules, lines, since, game.first_dealer, who)
    key = (game.id, game.version, tuple(names(game)))
    found: Tally | None = memo.memos().tallies.get(key)
    if found is None:
        found = sheet_for(game).tally()
        if (game.id, game.version) in memo.memos().facts:
            memo.memos().tallies.put(key, found)
    return found


def sheet_for(game: Game) -> Sheet:
    """The rules' score sheet after every stored line (shared: `copy()` it to add to it)."""
    key = (game.id, game.version, tuple(names(game)))
    found: Sheet | None = memo.memos().states.get(key)
    if found is None:
        # scored as accepted when written: every line was checked then (Sheet.trust)
        found = stored_sheet(rules_for(game), rule_lines(game), game.first_dealer, names(game))
        if (game.id, game.version) in memo.memos().facts:
            memo.memos().states.put(key, found)
    return found


def remember(
    game: Game, lines: Sequence[RuleLine], result: Tally, sheet: Sheet | None = None
) -> None:
    """After a successful write: the new version's facts and tally are what we just computed
    (the version check of the write guarantees nobody else wrote in between)."""
    memos, key = memo.memos(), (game.id, game.version, tuple(names(game)))
    memos.facts.put((game.id, game.version), tuple(lines))
    memos.tallies.put(key, result)
    if sheet is not None:
        memos.states.put(key, sheet)
