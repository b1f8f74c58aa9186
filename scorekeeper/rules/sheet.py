"""A score sheet being filled in: lines added one by one, and the tally derived at any point."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal

from . import scoring
from .bounds import LINES_MAX
from .checks import Checker
from .errors import N_, InvalidHand, Problem
from .gcpause import paused_gc
from .hand import Adjustment, Hand, Line
from .ruleset import Rules
from .table import Table
from .tally import LineResult, Payment, PlayerState, Tally


class Sheet:
    """Folds lines through the rules; a refused line leaves the sheet as it was."""

    def __init__(
        self, rules: Rules, first_dealer: int = 0, names: Sequence[str] | None = None
    ) -> None:
        if not 0 <= first_dealer < rules.seats:
            raise InvalidHand.one(
                None,
                "first_dealer",
                N_("the first dealer must be a seat from 0 to {last}, got {dealer}"),
                last=rules.seats - 1,
                dealer=first_dealer,
            )
        self.rules, self.names = rules, names
        self.table = Table(rules.seats, first_dealer)
        self.lines: list[LineResult] = []
        self._number = 0
        self._checker = Checker(rules, self.table, names)

    def copy(self) -> Sheet:
        """An independent sheet in the same state: add to it without touching this one."""
        other = Sheet.__new__(Sheet)
        other.rules, other.names = self.rules, self.names
        other.table = self.table.copy()
        other.lines = list(self.lines)
        other._number = self._number
        other._checker = Checker(self.rules, other.table, self.names)
        return other

    def check(self, line: Line) -> list[Problem]:
        """The problems `line` would have as the next line (empty: it can be added)."""
        return self._checker.line(line, self._number + 1)

    def add(self, line: Line) -> LineResult:
        """Scores `line` as the next line; InvalidHand (and no change) if it is refused."""
        problems = self.check(line)
        if problems:
            raise InvalidHand(problems)
        return self._score(line)

    def _score(self, line: Line) -> LineResult:
        self._number += 1
        if isinstance(line, Adjustment):
            result = scoring.adjust(self.rules, line, self.table, self._number)
        else:
            result = scoring.play(self.rules, line, self.table, self._number)
        self.lines.append(result)
        return result

    def replay(self, lines: Iterable[Line], stored: bool = False) -> Tally:
        """Adds every line; raises InvalidHand with every problem of every line.

        A refused line is skipped (its deal still moves the rotation) so that the lines after
        it are checked too, and one run reports all problems. `stored`: the lines were
        accepted when they were logged, so the checks of what a real deal gives (forced
        opening, the cards, added later: Checker.entry) do not refuse them now; a game kept
        for years still scores. Every line entered (a form, the API, a game file) gets them.
        """
        checker = self._checker
        checker.entry = not stored
        try:
            with paused_gc():
                return self._replay(lines)
        finally:
            checker.entry = True

    def trust(self, lines: Sequence[Line]) -> bool:
        """Scores a stored game's `lines` without checking them again; False when one of them
        needs the checks' verdict (the sheet is then spoilt: start a new one and `replay`).

        Every stored line was checked when it was written, and a change to a line re-checks
        every line after it (services/lines.py, removal.py), so a read scores them as they were
        accepted: the checks were a third of a replay's time. A line past the most,
        a line after the end, or one the scoring cannot take goes back through the checks,
        which name its problems."""
        table = self.table
        if self._number + len(lines) > LINES_MAX:
            return False
        try:
            with paused_gc():
                for line in lines:
                    if table.ended_at is not None:
                        return False
                    self._score(line)
        except Exception:  # noqa: BLE001 - a line the scoring cannot take: the checks name it
            return False
        return True

    def _replay(self, lines: Iterable[Line]) -> Tally:
        problems: list[Problem] = []
        table = self.table
        for line in lines:
            found = self.check(line)
            if not found:
                self._score(line)
                continue
            self._number += 1
            if table.ended_at is not None:
                problems.append(
                    Problem(
                        self._number,
                        "hand",
                        N_("the game ended with line {line}; nothing can be added after it"),
                        None,
                        {"line": table.ended_at},
                    )
                )
                break  # one message for the whole tail, not one per line
            problems.extend(found)
            if self._number > LINES_MAX:
                break  # one message for the lines past the most, not one each
            if isinstance(line, Hand):
                table.next_dealer = (scoring.dealer_of(self.rules, line, table) + 1) % table.seats
                table.hands += 1  # and its place among the hands: the golden deal counts it
        if problems:
            raise InvalidHand(problems)
        return self.tally()

    def tally(self) -> Tally:
        """The derived state after the lines so far."""
        rules, table = self.rules, self.table
        o = rules.options
        barrel_tries = o.barrel.tries if o.barrel else 0
        limit = o.give_up.limit if o.give_up else None
        every = o.give_up.every if o.give_up else None
        players = tuple(
            PlayerState(
                seat=s,
                total=table.totals[s],
                on_barrel=table.on_barrel[s],
                tries_left=barrel_tries - table.barrel_hands[s] if table.on_barrel[s] else None,
                bolts=table.bolts[s],
                give_ups=table.give_ups[s],
                give_ups_left=None if limit is None else max(0, limit - table.give_ups[s]),
                locked=o.lock is not None and table.totals[s] >= o.lock,
                barrel_falls=table.barrel_falls[s],
                # 5.1: the next give-up that costs the penalty, counted from here (1: the next)
                give_ups_to_penalty=None if every is None else every - table.give_ups[s] % every,
                silent=rules.silent(table.totals[s]),
            )
            for s in range(table.seats)
        )
        finished = table.ended_at is not None
        settlement: tuple[Payment, ...] = ()
        if finished and len(table.winners) == 1 and o.stake is not None:
            w = table.winners[0]
            # section 4: every other player pays max(0, winner's total - own total) x stake; a
            # seat level with or above a declarer who won pays 0, and is listed as paying it
            settlement = tuple(
                Payment(s, w, Decimal(max(0, table.totals[w] - table.totals[s])) * o.stake)
                for s in range(table.seats)
                if s != w
            )
        nxt = table.next_dealer
        return Tally(
            lines=tuple(self.lines),
            totals=tuple(table.totals),
            players=players,
            next_dealer=nxt,
            sitting_out=nxt if o.sitting_out == "dealer" else None,
            bidding=rules.bidding(table),
            finished=finished,
            winners=table.winners,
            settlement=settlement,
            hands=table.hands,
        )


def hand_numbers(lines: Iterable[LineResult]) -> tuple[int | None, ...]:
    """Each line's number as the table counts hands (1, 2, 3 over the hands only), None for an
    adjustment, which is a line of its own kind: after one adjustment the first hand is still
    hand 1. A line's position (its URL, the game file's `number`) stays the line number."""
    out: list[int | None] = []
    hands = 0
    for line in lines:
        if line.kind == "adjustment":
            out.append(None)
        else:
            hands += 1
            out.append(hands)
    return tuple(out)
