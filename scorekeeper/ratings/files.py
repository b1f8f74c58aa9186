"""The matches of game files and event files, as `scorekeeper ratings` reads them."""

# ratings.md section 1: a game counts when it has ended (scoring.md section 4); an event's
# table when it counts (events.md section 2: ended or closed, and with `confirm` every hand
# confirmed), in the file's order, round by round, table by table. A player is a name compared
# with casefold, across every file given.

from __future__ import annotations

from scorekeeper.events import FORMAT as EVENT_FORMAT
from scorekeeper.events import Event, InvalidEvent, counts
from scorekeeper.events import parse as parse_event
from scorekeeper.events.results import places, ranked
from scorekeeper.gamefile import GameFile, decode
from scorekeeper.gamefile import parse as parse_game
from scorekeeper.rules import InvalidHand

from .model import Match


class InvalidFile(Exception):
    """A file refused as `scorekeeper score` or `scorekeeper standings` refuses it: one line
    per problem."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def key(name: str) -> str:
    """A player as the ratings know them: the name compared case-insensitively."""
    return name.casefold()


def file_matches(data: str | bytes, label: str = "") -> tuple[list[Match], dict[str, str]]:
    """The counting games of one file (a game file or an event file, told by its `format`)
    as matches, and each player's key -> name as written; InvalidFile when the file is
    refused."""
    try:
        decoded = decode(data)
        if isinstance(decoded, dict) and decoded.get("format") == EVENT_FORMAT:
            return event_matches(parse_event(decoded), label)
        return game_matches(parse_game(decoded), label)
    except InvalidHand as e:
        raise InvalidFile([str(p) for p in e.problems]) from None
    except InvalidEvent as e:
        raise InvalidFile([str(p) for p in e.problems]) from None


def game_matches(game: GameFile, label: str = "") -> tuple[list[Match], dict[str, str]]:
    """A game file's match, if it ended; scored (and so checked) as `scorekeeper score`
    scores it."""
    tally = game.score()
    names = {key(n): n for n in game.players}
    if not tally.finished:
        return [], names
    at = ranked(tally.totals, tally.winners)
    return [Match(tuple(key(n) for n in game.players), at, label)], names


def event_matches(event: Event, label: str = "") -> tuple[list[Match], dict[str, str]]:
    """An event's tables that count, round by round, table by table."""
    names = {key(n): n for n in event.players}
    out = []
    for number, round_ in enumerate(event.rounds, start=1):
        for table_number, table in enumerate(round_.tables, start=1):
            if counts(event, table):
                players = tuple(key(event.players[p]) for p in table.seats)
                out.append(Match(players, places(table), (label, number, table_number)))
    return out, names
