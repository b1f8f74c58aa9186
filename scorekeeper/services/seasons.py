"""Seasons written and their ladders read: a new season, renamed, its N changed, events added
and removed, deleted; the ladder from its events' standings. One call = one transaction."""

# A season belongs to the account that directs its events (events.md: an event is its
# director's); only that account sees or changes it, as only the director sees an event.
# Every refusal is an InvalidSeason whose problems name their field.

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorekeeper.events import Standings
from scorekeeper.events.season import EventResult, Ladder, Row
from scorekeeper.events.season import ladder as rank
from scorekeeper.rules.bounds import normal_name, text_problem
from scorekeeper.rules.errors import N_, Problem
from scorekeeper.services import events as running
from scorekeeper.services import summaries
from scorekeeper.services.writing import commit
from scorekeeper.store import events as stored
from scorekeeper.store import memo
from scorekeeper.store import seasons as kept
from scorekeeper.store.db import db
from scorekeeper.store.eventmodels import Event as EventRow
from scorekeeper.store.seasonmodels import Season, SeasonEvent

NAME_MAX = 120
#: N at most: more than a club plays in years, and a bound on what a form may ask
BEST_MAX = 1000
#: events in a season at most (a season of weekly nights for ten years)
EVENTS_MAX = 500


class InvalidSeason(ValueError):
    """A season's input refused: one problem per field, each an N_() message with params."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(p.message for p in self.problems))

    def at(self, field: str) -> list[Problem]:
        return [p for p in self.problems if p.field == field]


def _problem(field: str, message: str, **params: object) -> Problem:
    return Problem(None, field, message, None, params)


def _name(raw: Any) -> str | Problem:
    """The name as stored (runs of white space one space), one line with no control character
    as typed (PostgreSQL refuses a NUL), at most NAME_MAX characters."""
    typed = str(raw or "")
    name = normal_name(typed)
    if not name:
        return _problem("name", N_("give the season a name"))
    bad = text_problem(typed, len(typed)) or text_problem(name, NAME_MAX)
    if bad is not None:
        return _problem("name", bad.template, **bad.params)
    return name


def _best(raw: Any) -> int | Problem:
    """N from a form's text or a number: a whole number from 1 to BEST_MAX."""
    text = str(raw).strip() if raw is not None else ""
    if isinstance(raw, bool) or not (text.isascii() and text.isdigit()):
        return _problem(
            "best", N_("a whole number from 1 to {most}, got {raw}"), most=BEST_MAX, raw=text[:20]
        )
    value = int(text)
    if not 1 <= value <= BEST_MAX:
        return _problem(
            "best", N_("a whole number from 1 to {most}, got {raw}"), most=BEST_MAX, raw=text[:20]
        )
    return value


def _events(owner_id: int, ids: Sequence[int]) -> list[int] | Problem:
    """The events of `ids`, each once, if the account directs every one."""
    wanted = list(dict.fromkeys(ids))
    if len(wanted) > EVENTS_MAX:
        return _problem("events", N_("a season has at most {most} events"), most=EVENTS_MAX)
    mine = {event_id for event_id, _ in kept.owned_events(owner_id)}
    if any(event_id not in mine for event_id in wanted):
        # another account's event, or one deleted meanwhile: it cannot be told which (404)
        return _problem("events", N_("only events you direct can be in your season"))
    return wanted


def _checked(values: dict[str, Any]) -> dict[str, Any]:
    problems = [v for v in values.values() if isinstance(v, Problem)]
    if problems:
        raise InvalidSeason(problems)
    return values


def create_season(owner_id: int, name: Any, best: Any, event_ids: Sequence[int] = ()) -> Season:
    """A new season of `owner_id`: its name, its N and its events (the account's own)."""
    values = _checked(
        {"name": _name(name), "best": _best(best), "events": _events(owner_id, event_ids)}
    )
    season = Season(owner_id=owner_id, name=values["name"], best=values["best"])
    season.events = [SeasonEvent(event_id=e) for e in values["events"]]
    db.session.add(season)
    commit()
    return season


def change_season(
    season: Season, name: Any, best: Any, event_ids: Sequence[int] | None = None
) -> None:
    """The season renamed, its N changed and, with `event_ids`, its events those (the edit
    form's one save); every field checked before anything is written."""
    values = _checked(
        {
            "name": _name(name),
            "best": _best(best),
            "events": _events(season.owner_id, event_ids) if event_ids is not None else [],
        }
    )
    season.name, season.best = values["name"], values["best"]
    if event_ids is not None:
        _set_events(season, values["events"])
    commit()


def _set_events(season: Season, ids: list[int]) -> None:
    have = {link.event_id: link for link in season.events}
    for event_id, link in have.items():
        if event_id not in ids:
            season.events.remove(link)
    for event_id in ids:
        if event_id not in have:
            season.events.append(SeasonEvent(event_id=event_id))


def add_event(season: Season, event_id: int) -> None:
    """An event of the season's owner added (once: adding it again changes nothing)."""
    ids = [link.event_id for link in season.events]
    values = _checked({"events": _events(season.owner_id, [*ids, event_id])})
    _set_events(season, values["events"])
    commit()


def remove_event(season: Season, event_id: int) -> None:
    """An event taken out of the season (the event itself stays)."""
    _set_events(season, [link.event_id for link in season.events if link.event_id != event_id])
    commit()


def delete_season(season: Season) -> None:
    """The season goes; its events stay."""
    db.session.delete(season)
    commit()


@dataclass(frozen=True)
class LadderEvent:
    """An event of a season as its ladder says it: `state` "final" (nothing being played,
    nothing pending), "provisional" (a round being played or a table pending: its standings
    as they are now count) or "unplayed" (no round started: no one has a result there)."""

    id: int
    name: str
    created_at: datetime
    state: str
    players: int  # players with a result in it


@dataclass(frozen=True)
class SeasonLadder:
    """A season's events in its order and its ladder."""

    events: tuple[LadderEvent, ...]
    ladder: Ladder

    @property
    def provisional(self) -> bool:
        return any(e.state == "provisional" for e in self.events)

    @property
    def rows(self) -> tuple[Row, ...]:
        # what the memo weighs an entry by (store/memo._event_bytes)
        return self.ladder.rows


def _state(event: EventRow, table: Standings | None) -> str:
    if table is None:
        return "unplayed"
    if running.running(event) is not None or table.pending:
        return "provisional"
    return "final"


@dataclass(frozen=True)
class Read:
    """What the ladder reads of one event: how it says the event, and each entrant's result
    (`rows`: what the memo weighs an entry by, store/memo._event_bytes)."""

    event: LadderEvent
    rows: tuple[EventResult, ...]


def _read(event: EventRow, versions: dict[int, int]) -> Read:
    """One event's results from its standings (remembered per version: store/events.py)."""
    table = None
    results: tuple[EventResult, ...] = ()
    if stored.started(event):
        # the event's summaries are made and kept before the next event's are read: a first
        # view after an import that a worker's timeout cuts short keeps what it did
        pure, table = stored.standings(event, versions, _outcomes(event, versions))
        names = pure.players
        results = tuple(EventResult(names[r.player], r.points, r.totals) for r in table.rows)
    # not begun: its entrants have no result yet
    state = _state(event, table)
    return Read(LadderEvent(event.id, event.name, event.created_at, state, len(results)), results)


def season_ladder(season: Season) -> SeasonLadder:
    """The ladder from the events' standings, each remembered per version of its event and
    games (store/events.standings), the ladder per all of those and N: no game is replayed
    on a view unless it changed (or this worker never read it)."""
    ids = [link.event_id for link in season.events]
    # remembered by what it is made of, read in two light queries: a warm view loads no
    # event's players, rounds and tables (20 nights of 100 players: ~30,000 rows), and a
    # ladder after a hand at one table loads that table's event alone
    heads = kept.versions(ids, season.owner_id)
    key = ("season", season.best, tuple(heads))
    found: SeasonLadder | None = memo.memos().events.get(key)
    if found is not None:
        return found
    reads: dict[int, Read] = {}
    for head in heads:
        known = memo.memos().events.get(("season-event", head))
        if known is not None:
            reads[head[0]] = known
    missing = [head for head in heads if head[0] not in reads]
    loaded = {e.id: e for e in kept.events([h[0] for h in missing], season.owner_id)}
    for head in missing:
        event = loaded.get(head[0])
        if event is None:
            continue  # deleted since the light read: the next view's key says so
        reads[head[0]] = _read(event, dict(head[3]))
        memo.memos().events.put(("season-event", head), reads[head[0]])
    order = [head[0] for head in heads if head[0] in reads]
    found = SeasonLadder(
        tuple(reads[i].event for i in order), rank([reads[i].rows for i in order], season.best)
    )
    memo.memos().events.put(key, found)
    return found


def _outcomes(event: EventRow, versions: dict[int, int]) -> dict[int, Any]:
    """The summaries of the event's games this worker does not remember, made (and kept) for
    those that have none yet (services/standings._outcomes)."""
    wanted = stored.unremembered(event, versions)
    if not wanted:
        return {}
    found = summaries.summary_data(wanted)
    return {gid: data for gid, data in found.items() if data.get("error") is None}
