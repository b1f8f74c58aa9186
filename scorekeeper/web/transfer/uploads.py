"""Checking an upload to import in the request, fast and bounded: a game file or a zip of them."""

# What is quick stays here: the upload's kind and size, the archive's listing, and every member
# unpacked through a bounded stream (a zip bomb, a damaged or encrypted archive is refused at once,
# with a message, and nothing is queued). The games themselves are read, checked and stored by a
# job outside the request (services/importjobs.py), as long as that takes. A game file on its own
# is at most one game of 4 MB: it is read and checked here too, so its problems show at once.

from __future__ import annotations

from dataclasses import dataclass, field

from scorekeeper.gamefile import archive
from scorekeeper.gamefile.lines import PROBLEMS_MAX
from scorekeeper.services import transfer
from scorekeeper.web.transfer import refusals


@dataclass
class Upload:
    """What the request found: the game files to queue, or why nothing is queued (problems
    listed, or one sentence at the file field when the upload is no game file at all)."""

    games: int = 0
    errors: list[str] = field(default_factory=list)
    at_field: str | None = None


def check(filename: str, data: bytes) -> Upload:
    """The upload checked as far as it can be quickly; errors: queue nothing."""
    name = archive.shown(filename)
    if archive.is_zip(data):
        return _check_zip(name, data)
    if len(data) > archive.MAX_MEMBER:
        return Upload(errors=[refusals.fault("member-too-big", file=name, size=_mb())])
    found = transfer.check(name, data, PROBLEMS_MAX)
    if isinstance(found, transfer.Checked):
        return Upload(games=1)
    why = found["why"]
    if why["kind"] in refusals.WHAT_IT_IS:  # no game file at all (a CSV, say): at the field
        return Upload(at_field=refusals.lines(found)[0])
    return Upload(errors=refusals.lines(found))


def _mb() -> int:
    return archive.MAX_MEMBER // (1024 * 1024)


def _check_zip(name: str, data: bytes) -> Upload:
    errors: list[str] = []
    try:
        z = archive.open_zip(name, data)
        with z:
            members = archive.game_members(name, z)
            room = archive.MAX_UNPACKED
            for info in members:
                if len(errors) >= PROBLEMS_MAX:
                    break  # refused already, and the page shows the first 200 problems
                try:
                    room -= len(archive.unpack(name, z, info, room))
                except archive.Fault as fault:
                    if fault.code == "too-big-in-all":
                        raise
                    errors.append(refusals.fault(fault.code, **fault.params))
    except archive.Fault as fault:
        return Upload(errors=[refusals.fault(fault.code, **fault.params)])
    return Upload(games=len(members), errors=errors)
