"""An invalid event's problems: each the rules' Problem said with its place in the event."""

# events.md section 4: one problem per line, said with its place
# (`round 2, table 3: hand 4: card points must add up to 120, got 118`).

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.gamefile.lines import PROBLEMS_MAX
from scorekeeper.rules.errors import N_, Problem
from scorekeeper.rules.notes import ENGLISH, Translator


@dataclass(frozen=True)
class EventProblem:
    """`problem` at round `round`, table `table` (both counted from 1; None: the event as a
    whole, or the round as a whole). The problem's `hand` is a line of that table's game."""

    problem: Problem
    round: int | None = None
    table: int | None = None

    def located(self, tr: Translator = ENGLISH) -> str:
        """The message after its place: "event: ...", "round 2: ...", "round 2, table 3:
        hand 4: ..." (a table's game as a whole is the table itself: no "game:")."""
        if self.round is None:
            where = tr.gettext(N_("event"))
        elif self.table is None:
            where = tr.gettext(N_("round {round}")).format(round=self.round)
        else:
            where = tr.gettext(N_("round {round}, table {table}")).format(
                round=self.round, table=self.table
            )
        if self.problem.hand is not None:
            return f"{where}: {self.problem.located(tr)}"
        return f"{where}: {self.problem.text(tr)}"

    def __str__(self) -> str:
        return self.located()


class InvalidEvent(ValueError):
    """Raised for an event file that cannot be read; carries every problem found, in order."""

    def __init__(self, problems: Iterable[EventProblem]) -> None:
        self.problems: tuple[EventProblem, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("InvalidEvent needs at least one problem")
        super().__init__("\n".join(str(p) for p in self.problems))


class Problems:
    """The problems found so far, up to the game file's PROBLEMS_MAX (a file of a million bad
    values would otherwise make a million lines)."""

    def __init__(self) -> None:
        self.kept: list[EventProblem] = []
        self.found = 0

    def add(self, problem: Problem, round: int | None = None, table: int | None = None) -> None:
        self.found += 1
        if len(self.kept) < PROBLEMS_MAX:
            self.kept.append(EventProblem(problem, round, table))

    def bad(
        self,
        field: str,
        template: str,
        round: int | None = None,
        table: int | None = None,
        hand: int | None = None,
        **params: object,
    ) -> None:
        """`template` is an N_() message with `{name}` fields from `params` (rules.Problem)."""
        self.add(Problem(hand, field, template, None, params), round, table)

    def raise_any(self) -> None:
        if self.kept:
            raise InvalidEvent(self.kept)
