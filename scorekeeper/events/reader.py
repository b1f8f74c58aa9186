"""The event file read (events.md section 4): every problem found, each with its place; each
table's game read and scored as `scorekeeper score` reads and scores a game file."""

from __future__ import annotations

from typing import Any

from scorekeeper.gamefile import FORMAT as GAME_FORMAT
from scorekeeper.gamefile import parse as parse_game
from scorekeeper.rules import InvalidHand, Rules
from scorekeeper.rules.bounds import name_problem, normal_name
from scorekeeper.rules.errors import N_

from .header import Header, read_header
from .model import Event, Round, Table
from .numbers import decode
from .problems import Problems

_EVENT_KEYS = {
    "format",
    "name",
    "tables",
    "options",
    "points",
    "bye",
    "ranking",
    "confirm",
    "players",
    "rounds",
}
_TABLE_KEYS = {"seats", "first_dealer", "hands", "closed"}
#: entrants of an event (events.md section 4)
PLAYERS_MAX = 1_000
#: tables of a round (events.md section 4)
TABLES_MAX = 250
#: rounds of an event: the spec sets none; this bounds the work of reading a file (a season of
#: weekly rounds is about 50), as LINES_MAX bounds a game's
ROUNDS_MAX = 100


def loads(text: str | bytes) -> Event:
    """An Event from the event file's text; InvalidEvent lists every problem."""
    return parse(decode(text))


def parse(data: Any) -> Event:
    """An Event from decoded JSON; InvalidEvent lists every problem."""
    p = Problems()
    if not isinstance(data, dict):
        p.bad("event", N_("an event file is a JSON object (see events.md)"))
        p.raise_any()
    for key in sorted(set(data) - _EVENT_KEYS):
        p.bad(key, N_("unknown field {key!r} in an event file"), key=key)
    header = read_header(p, data)
    players, names_ok = _players(p, data.get("players"))
    raw = data.get("players")
    # the seats are checked against the number of players, even when some names are wrong
    count = len(raw) if isinstance(raw, list) else None
    rounds = _rounds(p, data.get("rounds", []), header, players, names_ok, count)
    p.raise_any()
    return Event(
        name=header.name,
        tables=header.tables,
        players=players,
        rounds=rounds,
        options=header.options,
        points=header.points,
        bye=header.bye,
        ranking=header.ranking,
        confirm=header.confirm,
    )


def _players(p: Problems, raw: Any) -> tuple[tuple[str, ...], bool]:
    """The names as stored (normal_name), and whether they are right."""
    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        p.bad("players", N_("players must be a list of names"))
        return (), False
    if len(raw) > PLAYERS_MAX:  # before reading the names: one problem, not a million
        p.bad(
            "players",
            N_("an event has at most {most} players, got {got}"),
            most=PLAYERS_MAX,
            got=len(raw),
        )
        return (), False
    ok = True
    first: dict[str, int] = {}
    for index, name in enumerate(raw):
        wrong = name_problem(name)
        if wrong:
            p.bad(
                "players", N_("the name of players[{index}]: {detail}"), index=index, detail=wrong
            )
            ok = False
            continue
        key = normal_name(name).casefold()  # as the players' list compares names
        if key in first:
            p.bad(
                "players",
                N_("players[{index}] has the name of players[{other}], {name!r}"),
                index=index,
                other=first[key],
                name=normal_name(raw[first[key]]),
            )
            ok = False
        first.setdefault(key, index)
    return tuple(normal_name(name) for name in raw), ok


def _rounds(
    p: Problems,
    raw: Any,
    header: Header,
    players: tuple[str, ...],
    names_ok: bool,
    count: int | None,
) -> tuple[Round, ...]:
    if not isinstance(raw, list):
        p.bad("rounds", N_("rounds must be a list of rounds"))
        return ()
    if len(raw) > ROUNDS_MAX:
        p.bad(
            "rounds",
            N_("an event has at most {most} rounds, got {got}"),
            most=ROUNDS_MAX,
            got=len(raw),
        )
        return ()
    out = []
    for number, round_ in enumerate(raw, start=1):
        if not isinstance(round_, dict) or set(round_) != {"tables"}:
            p.bad("rounds", N_("a round is an object with its tables"), number)
            continue
        tables = round_["tables"]
        if not isinstance(tables, list):
            p.bad("tables", N_("a round's tables must be a list"), number)
            continue
        if len(tables) > TABLES_MAX:
            p.bad(
                "tables",
                N_("a round has at most {most} tables, got {got}"),
                number,
                most=TABLES_MAX,
                got=len(tables),
            )
            continue
        seated: dict[int, int] = {}
        read = []
        for table_number, table in enumerate(tables, start=1):
            if p.found >= 1_000:  # the problems kept are full: the rest costs time, says nothing
                return ()
            read.append(
                _table(p, table, number, table_number, header, players, names_ok, count, seated)
            )
        out.append(Round(tuple(t for t in read if t is not None)))
    return tuple(out)


def _table(
    p: Problems,
    raw: Any,
    round_: int,
    number: int,
    header: Header,
    players: tuple[str, ...],
    names_ok: bool,
    count: int | None,
    seated: dict[int, int],
) -> Table | None:
    """A table of round `round_`; `seated` (player -> table) gathers the round's players."""
    if not isinstance(raw, dict):
        p.bad("table", N_("a table is an object with its seats and hands"), round_, number)
        return None
    for key in sorted(set(raw) - _TABLE_KEYS):
        p.bad(key, N_("unknown field {key!r} in a table"), round_, number, key=key)
    seats = raw.get("seats")
    if (
        not isinstance(seats, list)
        or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats)
        or (count is not None and not all(0 <= s < count for s in seats))
    ):
        p.bad(
            "seats",
            N_("seats must be a list of players, each a number from 0 to {last} (players)"),
            round_,
            number,
            last=(count or 0) - 1,
        )
        seats = None
    elif len(seats) not in header.sizes:
        p.bad(
            "seats",
            N_("a table of {size} players; the event's tables are of {sizes}"),
            round_,
            number,
            size=len(seats),
            sizes=", ".join(str(s) for s in header.sizes),
        )
    closed = raw.get("closed", False)
    if not isinstance(closed, bool):
        p.bad("closed", N_("closed must be true or false"), round_, number)
    twice = False
    for player in seats or ():
        where = seated.get(player)
        if where is None:
            seated[player] = number
            continue
        twice = True
        if where > 0:
            p.bad(
                "seats",
                N_("{name} (players[{index}]) is seated twice in the round"),
                round_,
                index=player,
                name=players[player] if player < len(players) else f"#{player}",
            )
            seated[player] = -1  # said once
    rules = header.rules.get(len(seats)) if header.rules and seats is not None else None
    if seats is None or rules is None or twice or count is None:
        return None
    return _game(p, raw, round_, number, header, rules, players, names_ok, seats, closed)


def _game(
    p: Problems,
    raw: dict[str, Any],
    round_: int,
    number: int,
    header: Header,
    rules: Rules,
    players: tuple[str, ...],
    names_ok: bool,
    seats: list[int],
    closed: Any,
) -> Table | None:
    """The table's game as a game file (events.md section 1), its `confirmed_by` taken out of
    its hands and checked (section 4: a seat of the table taking part in that hand)."""
    before = p.found
    hands = raw.get("hands", [])
    confirmed: list[Any] = []
    if isinstance(hands, list):
        hands, confirmed = _confirmations(hands)
    names = [players[s] if names_ok else f"#{s}" for s in seats]
    game_data = {
        "format": GAME_FORMAT,
        "variant": rules.key,
        "options": header.options,
        "players": names,
        "first_dealer": raw.get("first_dealer", 0),
        "hands": hands,
    }
    game, tally = None, None
    try:
        game = parse_game(game_data)
        tally = game.score()
    except InvalidHand as e:
        for problem in e.problems:
            p.add(problem, round_, number)
    by: list[int | None] = []
    for line, seat in enumerate(confirmed, start=1):
        if seat is None:
            by.append(None)
            continue
        if not header.confirm:
            message = N_("confirmed_by is only for an event with confirm")
            p.bad("confirmed_by", message, round_, number, line)
        elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            p.bad(
                "confirmed_by",
                N_("confirmed_by must be a seat of the table, from 0 to {last}"),
                round_,
                number,
                line,
                last=len(seats) - 1,
            )
        elif tally is not None:
            dealer = tally.lines[line - 1].dealer
            if dealer is not None and seat not in rules.participants(dealer):
                p.bad(
                    "confirmed_by",
                    N_("confirmed_by: seat {seat} takes no part in this hand"),
                    round_,
                    number,
                    line,
                    seat=seat,
                )
        by.append(seat)
    if game is None or tally is None or p.found > before:
        return None
    return Table(tuple(seats), game, tally, tuple(by), closed is True)


def _confirmations(hands: list[Any]) -> tuple[list[Any], list[Any]]:
    """The hands without `confirmed_by`, and it per line (None where absent). An adjustment
    keeps it, and the game file reader refuses it there (events.md section 1: hands only)."""
    out, by = [], []
    for hand in hands:
        if isinstance(hand, dict) and "confirmed_by" in hand and "adjustment" not in hand:
            hand = dict(hand)
            by.append(hand.pop("confirmed_by"))
        else:
            by.append(None)
        out.append(hand)
    return out, by
