"""A stored game scored again: read as accepted, changed from a line on, or with a line entered."""

# Every stored line was checked when it was written, so a read scores them without the checks
# (Sheet.trust); a change is checked from the line it changes on (docs/rules-decisions.md,
# "Checked when written, read as accepted").

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .hand import Line
from .ruleset import Rules
from .sheet import Sheet
from .tally import Tally


def replay(
    rules: Rules,
    lines: Iterable[Line],
    first_dealer: int = 0,
    names: Sequence[str] | None = None,
    stored: bool = False,
) -> Tally:
    """Scores every line in order; raises InvalidHand with every problem found (`stored`:
    lines accepted when logged, Sheet.replay)."""
    return Sheet(rules, first_dealer, names).replay(lines, stored)


def stored_sheet(
    rules: Rules,
    lines: Sequence[Line],
    first_dealer: int = 0,
    names: Sequence[str] | None = None,
) -> Sheet:
    """The sheet after a stored game's `lines`, scored as accepted when they were written
    (Sheet.trust); through every check of a stored line when one of them needs it (InvalidHand
    with its problems)."""
    sheet = Sheet(rules, first_dealer, names)
    if sheet.trust(lines):
        return sheet
    sheet = Sheet(rules, first_dealer, names)
    sheet.replay(lines, stored=True)
    return sheet


def replay_entered(
    rules: Rules,
    lines: Sequence[Line],
    number: int,
    first_dealer: int = 0,
    names: Sequence[str] | None = None,
) -> Tally:
    """Stored `lines` in which line `number` (from 1) is being entered: that line gets every
    check of a new line, the others the checks of a stored line (Sheet.replay). The game file's
    engine (and its JavaScript twin, offline); the server changes a stored game with
    replay_changed."""
    sheet = Sheet(rules, first_dealer, names)
    sheet.replay(lines[: number - 1], stored=True)
    sheet.add(lines[number - 1])  # InvalidHand with this line's problems
    return sheet.replay(lines[number:], stored=True)


def replay_changed(
    rules: Rules,
    lines: Sequence[Line],
    number: int,
    first_dealer: int = 0,
    names: Sequence[str] | None = None,
    entered: bool = False,
) -> Tally:
    """A stored game's `lines` changed at line `number` (from 1): edited there (`entered`: that
    line gets every check of a new line), or a line deleted or brought back there. The lines
    before it stand as accepted (stored_sheet) and the rest get the checks of a stored line:
    a change is checked from where it is on, and a line before it that a later release would
    refuse does not block it."""
    sheet = stored_sheet(rules, lines[: number - 1], first_dealer, names)
    rest = lines[number - 1 :]
    if entered:
        sheet.add(rest[0])  # InvalidHand with this line's problems
        rest = rest[1:]
    return sheet.replay(rest, stored=True)
