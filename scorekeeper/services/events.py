"""Events written: a new event (or one imported from its file), its players, a round drawn,
moved, started and closed, a table's link. One call = one transaction."""

# Every check of what the director gives is the event file's (scorekeeper.events): the header
# as a file's header, the players as a file's players; a refusal is an InvalidEvent whose
# problems name their field, as `scorekeeper standings` says them.

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.events import FORMAT, Event, EventProblem, InvalidEvent, parse
from scorekeeper.events.draw import METHODS, next_round
from scorekeeper.gamefile import GameFile
from scorekeeper.rules.errors import N_, Problem
from scorekeeper.services import standings as reading
from scorekeeper.services.games import create_game
from scorekeeper.services.writing import Conflict, _take, commit
from scorekeeper.store import derived
from scorekeeper.store import events as stored
from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.store.eventmodels import EventConfirmation, EventPlayer, EventRound, EventTable
from scorekeeper.store.models import Game, Line, now

HEADER_FIELDS = ("name", "tables", "options", "points", "bye", "ranking", "confirm")


def refused(field: str, message: str, **params: object) -> InvalidEvent:
    """One problem at `field`, in the event file's words (`message` is an N_() message)."""
    return InvalidEvent([EventProblem(Problem(None, field, message, None, params))])


def _decimal(value: Fraction) -> str:
    """An exact number of the file as text (at most 4 decimal places: events.numbers)."""
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def _header_row(event: Event, owner_id: int) -> EventRow:
    return EventRow(
        owner_id=owner_id,
        name=event.name,
        tables=[[size, preset] for size, preset in event.tables.items()],
        options=dict(event.options),
        points={str(s): [_decimal(p) for p in ps] for s, ps in event.points.items()} or None,
        bye=_decimal(event.bye) if event.bye is not None else None,
        ranking=event.ranking,
        confirm=event.confirm,
    )


def create_event(data: Any, owner_id: int) -> EventRow:
    """A new event of `owner_id` from an event file's decoded JSON, with its rounds, tables
    and their games as played; an invalid file raises InvalidEvent and stores nothing."""
    event = parse(data)
    row = _header_row(event, owner_id)
    for position, name in enumerate(event.players):
        row.players.append(EventPlayer(position=position, name=name))
    db.session.add(row)
    try:
        for number, round_ in enumerate(event.rounds, start=1):
            round_row = EventRound(number=number, method="import", started_at=now())
            # a round of the file that every table finished or was closed in is over
            if all(t.tally.finished or t.closed for t in round_.tables):
                round_row.closed_at = round_row.started_at
            row.rounds.append(round_row)
            for table_number, table in enumerate(round_.tables, start=1):
                game = create_game(table.game, owner_id, commit_now=False)
                round_row.tables.append(
                    EventTable(
                        number=table_number,
                        seats=list(table.seats),
                        first_dealer=table.game.first_dealer,
                        closed=table.closed,
                        game_id=game.id,
                        link_salt=secrets.token_hex(16),
                    )
                )
                _confirm(game.id, table.confirmed_by)
        commit()
    except BaseException:
        db.session.rollback()
        raise
    return row


def _confirm(game_id: int, confirmed_by: Sequence[int | None]) -> None:
    if not any(by is not None for by in confirmed_by):
        return
    db.session.flush()
    lines = db.session.execute(
        db.select(Line.id, Line.position).where(Line.game_id == game_id)
    ).all()
    at = {position: line_id for line_id, position in lines}
    for number, seat in enumerate(confirmed_by, start=1):
        if seat is not None:
            db.session.add(EventConfirmation(line_id=at[number], seat=seat))


@contextmanager
def _writing(event: EventRow) -> Iterator[None]:
    """One write to the event: its row held first (a second tab of the director waits), its
    version bumped, committed; a clash is a Conflict, every error rolled back."""
    try:
        _take(EventRow.__table__, event.id, "version")
        db.session.refresh(event)
        yield
        event.version += 1
        db.session.commit()
    except (IntegrityError, StaleDataError):
        db.session.rollback()
        raise Conflict() from None
    except BaseException:
        db.session.rollback()
        raise


def seated(event: EventRow) -> set[int]:
    """The players (positions) who have had a seat in a round, drawn or started."""
    return {p for r in event.rounds for t in r.tables for p in t.seats}


def set_players(event: EventRow, players: Sequence[tuple[str, int | None]]) -> None:
    """The event's players in order: (name, the director's player or None). A player who has
    been seated keeps their place and name (the rounds count them by it); names are checked
    as the event file's players are."""
    check = parse(
        {
            "format": FORMAT,
            **stored.header(event),
            "players": [name for name, _ in players],
            "rounds": [],
        }
    )
    with _writing(event):
        kept = seated(event)
        old = {p.position: p for p in event.players}
        for position in sorted(kept):
            if position >= len(check.players) or old[position].name != check.players[position]:
                raise refused(
                    "players",
                    N_("{name} has played or is seated in a round: keep them, in their place"),
                    name=old[position].name,
                )
        for position, (name, player_id) in enumerate(zip(check.players, (p for _, p in players))):
            row = old.pop(position, None)
            if row is None:
                event.players.append(EventPlayer(position=position, name=name, player_id=player_id))
            else:
                row.name, row.player_id = name, player_id
        for row in old.values():
            event.players.remove(row)


def drawn(event: EventRow) -> EventRound | None:
    """The round drawn and not started yet, if any."""
    last = event.rounds[-1] if event.rounds else None
    return last if last is not None and last.started_at is None else None


def running(event: EventRow) -> EventRound | None:
    """The round started and not closed, if any."""
    last = event.rounds[-1] if event.rounds else None
    return last if last is not None and last.started_at and not last.closed_at else None


def draw_round(
    event: EventRow, method: str, present: Sequence[int] | None = None, seed: int | None = None
) -> EventRound:
    """The next round drawn (events.draw: `random` with the fewest repeats, or by standings;
    byes to the fewest-byes lowest-placed), or the round drawn and not started drawn again."""
    if method not in METHODS:
        raise refused("method", N_("draw by one of {methods}"), methods=", ".join(METHODS))
    if running(event) is not None:
        raise refused("round", N_("close the round being played before drawing the next"))
    if not event.players:
        raise refused("players", N_("enter the players before drawing a round"))
    here = list(range(len(event.players))) if present is None else list(present)
    if len(here) < min(int(size) for size, _ in event.tables):
        raise refused("players", N_("too few players for a table of this event"))
    result = next_round(
        reading.pure(event), here, method, secrets.randbits(32) if seed is None else seed
    )
    with _writing(event):
        again = drawn(event)
        if again is None:
            again = EventRound(number=len(event.rounds) + 1, method=method)
            event.rounds.append(again)
        again.method = method
        again.tables.clear()
        db.session.flush()  # the old tables go before the new ones take their numbers
        for number, seats in enumerate(result.tables, start=1):
            again.tables.append(EventTable(number=number, seats=list(seats)))
    return again


def move(event: EventRow, tables: Sequence[Sequence[int]]) -> None:
    """The drawn round seated by hand: each table's players in seat order (an empty table
    is dropped; a player left out has a bye). Only before the round starts."""
    round_ = drawn(event)
    if round_ is None:
        raise refused("round", N_("a round once started keeps its seating"))
    sizes = [int(size) for size, _ in event.tables]
    seen: set[int] = set()
    kept = [list(t) for t in tables if t]
    for number, seats in enumerate(kept, start=1):
        if len(seats) not in sizes:
            raise refused(
                f"table-{number}",
                N_("table {table}: {size} players; the event's tables are of {sizes}"),
                table=number,
                size=len(seats),
                sizes=", ".join(map(str, sizes)),
            )
        for player in seats:
            if not 0 <= player < len(event.players):
                raise refused(f"table-{number}", N_("no such player"))
            if player in seen:
                raise refused(
                    f"table-{number}",
                    N_("{name} is seated twice in the round"),
                    name=event.players[player].name,
                )
            seen.add(player)
    with _writing(event):
        round_.tables.clear()
        db.session.flush()
        for number, seats in enumerate(kept, start=1):
            round_.tables.append(EventTable(number=number, seats=seats))


def start_round(event: EventRow, version: int | None = None) -> EventRound:
    """The drawn round started: each table's game made (owned by the director, the event's
    preset for its size and options, the seated names) with its table link; the seating is
    fixed from now on. With `version`, the event's version the page showed: a seating drawn
    again or moved in another tab since is a Conflict, not started unseen."""
    round_ = drawn(event)
    if round_ is None:
        raise refused("round", N_("draw a round first"))
    if not round_.tables:
        raise refused("round", N_("this round has no table: draw it again"))
    presets = {int(size): preset for size, preset in event.tables}
    names = [p.name for p in event.players]
    with _writing(event):
        # read again under the event's lock: a second tap, or a tab that drew or moved, wrote
        db.session.refresh(round_)
        if (version is not None and version != event.version) or round_.started_at is not None:
            raise Conflict()
        for table in round_.tables:
            file = GameFile(
                presets[len(table.seats)],
                tuple(names[s] for s in table.seats),
                dict(event.options),
                table.first_dealer,
            )
            game = create_game(file, event.owner_id, commit_now=False)
            table.game_id = game.id
            table.link_salt = secrets.token_hex(16)
        round_.started_at = now()
    return round_


def confirm_hand(
    event: EventRow, table: EventTable, number: int, seat: int, version: int | None
) -> None:
    """Hand `number` of the table's game confirmed by `seat` (events.md: with `confirm`, a
    hand counts once a seat that took part in it says it is right). Refused: an event without
    `confirm`, and what confirm_line refuses; Conflict when the game changed since the page."""
    if not event.confirm:
        raise refused("confirm", N_("this event's hands need no confirmation"))
    game = db.session.get(Game, table.game_id) if table.game_id is not None else None
    if game is None:
        raise refused("round", N_("draw a round first"))
    line_id = _confirmable(game, number, seat, version)
    # the event's version is part of the standings' memo key: a confirmation bumps it
    with _writing(event):
        if db.session.get(EventConfirmation, line_id) is None:
            db.session.add(EventConfirmation(line_id=line_id, seat=seat))


def confirm_line(game: Game, number: int, seat: int, version: int | None) -> None:
    """Hand `number` of an ordinary game whose owner asked for confirmations, confirmed by
    `seat`; refused as confirm_hand refuses. A hand confirmed already keeps its first one."""
    if not game.confirm:
        raise refused("confirm", N_("this game's hands need no confirmation"))
    line_id = _confirmable(game, number, seat, version)
    if db.session.get(EventConfirmation, line_id) is None:
        db.session.add(EventConfirmation(line_id=line_id, seat=seat))
    commit()


def _confirmable(game: Game, number: int, seat: int, version: int | None) -> int:
    """The id of line `number` if `seat` may confirm it: a hand (not an adjustment) the seat
    took part in, of the version the page was of (Conflict otherwise: the hand confirmed must
    be the one the seat read)."""
    if version is None or version != game.version:
        raise Conflict()
    lines = derived.tally(game).lines
    if not 1 <= number <= len(lines) or lines[number - 1].kind != "hand":
        raise refused("hand", N_("only a hand is confirmed, not an adjustment"))
    dealer = lines[number - 1].dealer
    rules = derived.rules_for(game)
    if dealer is not None and seat not in rules.participants(dealer):
        raise refused("seat", N_("confirmed_by: seat {seat} takes no part in this hand"), seat=seat)
    line_id: int = db.session.execute(
        select(Line.id).where(Line.game_id == game.id, Line.position == number)
    ).scalar_one()
    return line_id


def confirmations(game_id: int) -> dict[int, int]:
    """Line number -> the seat that confirmed it, for one table's game."""
    rows = db.session.execute(
        select(Line.position, EventConfirmation.seat)
        .join(EventConfirmation, EventConfirmation.line_id == Line.id)
        .where(Line.game_id == game_id)
    ).all()
    return {position: seat for position, seat in rows}


def unfinished(event: EventRow, round_: EventRound) -> list[EventTable]:
    """The tables of a started round whose game has not ended (closing closes them)."""
    pure = reading.pure(event)
    at = stored.started(event).index(round_)
    return [
        table
        for table, read in zip(round_.tables, pure.rounds[at].tables)
        if not read.tally.finished and not table.closed
    ]


def close_round(event: EventRow, number: int | None = None) -> list[EventTable]:
    """The round being played closed: its tables not ended by the rules become `closed`
    (events.md: they count, places by final totals). Returns the tables it closed. With
    `number`, the round the director's page named: a page kept open in a second tab after
    that round closed and the next started is a Conflict, not the next round closed."""
    round_ = running(event)
    if round_ is None:
        raise refused("round", N_("no round is being played"))
    if number is not None and number != round_.number:
        raise Conflict()
    ending = unfinished(event, round_)
    with _writing(event):
        for table in ending:
            table.closed = True
        round_.closed_at = now()
    return ending


def new_link(event: EventRow, table: EventTable) -> None:
    """A new link for the table (the old one stops working; a phone it opened is let go)."""
    with _writing(event):
        table.link_salt = secrets.token_hex(16)


def set_timer(event: EventRow, minutes: int | None) -> None:
    """The round being played counts down `minutes` from now (None: no timer). At zero the
    tables see "last deal"; the director still closes the round."""
    round_ = running(event)
    if round_ is None:
        raise Conflict()  # no round being played: the page was of a moment before
    with _writing(event):
        round_.timer_ends_at = None if minutes is None else now() + timedelta(minutes=minutes)


def publish_results(event: EventRow, publish: bool, signed_in: bool = False) -> None:
    """The event's results published by a new link (the old one stops working), read by anyone
    with it or, `signed_in`, only by the accounts of this server; or not published at all."""
    with _writing(event):
        event.results_token = secrets.token_urlsafe(24) if publish else None
        event.results_signed_in = publish and signed_in


def delete_event(event: EventRow) -> None:
    """The event goes; its tables' games stay the director's games."""
    db.session.delete(event)
    commit()
