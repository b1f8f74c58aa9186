"""Reading an upload to import, bounded: a game file or a zip of them (issue 11, 2 and 6)."""

# Each member is read through a bounded stream whatever its header claims, and every archive fault
# is a message. Nothing here touches the database: the whole upload is checked before any
# transaction opens (services/transfer.py stores it). The bounds keep an import well inside a
# worker's 30 s timeout and its memory within some 100 MB (bench/imports.py).

from __future__ import annotations

import zipfile
import zlib
from collections import Counter
from dataclasses import dataclass, field
from io import BytesIO
from typing import Any

from flask_babel import gettext as _

from scorekeeper.gamefile import decode, parse
from scorekeeper.gamefile.lines import PROBLEMS_MAX
from scorekeeper.rules import InvalidHand
from scorekeeper.rules.bounds import LINES_MAX
from scorekeeper.services.transfer import Checked
from scorekeeper.store.summaries import summary_of
from scorekeeper.web.i18n import translator
from scorekeeper.web.transfer.filekind import game_shaped, why_not

MAX_GAMES = 2_500  # games in one archive: a family's 2,000 fit (the old 5,000 took 41 s)
MAX_MEMBERS = 2 * MAX_GAMES  # entries of any kind (folders, notes) in one archive
MAX_LINES = 120_000  # lines and trail entries in all, in one import (2,000 games of 60)
MAX_GAME_LINES = LINES_MAX  # lines of one game: the bound the game file reader and the rules apply
MAX_MEMBER = 4 * 1024 * 1024  # bytes of one game file (2,000 lines are some 500 kB)
MAX_UNPACKED = 64 * 1024 * 1024  # bytes of all the game files of one archive, unpacked
_CHUNK = 64 * 1024  # read a member this much at a time: deflate never makes more at once
_READABLE = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)  # bzip2 and lzma bombs expand unbounded
# what zipfile, zlib and a cut-short deflate stream raise for a damaged archive
_DAMAGED = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, OSError, ValueError)


class Refused(Exception):
    """The upload as a whole is refused: the message says why (no member is read further)."""


@dataclass
class _Budget:
    """What the upload may still take: bytes unpacked and lines, over all its files."""

    bytes_left: int
    lines_left: int
    good: list[Checked] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def shown(name: str) -> str:
    return name if len(name) <= 120 else name[:117] + "…"


def read(filename: str, data: bytes) -> tuple[list[Checked], list[str]]:
    """The game files of an upload (itself, or the .json members of a zip), each parsed and
    scored; the problems of all of them, each named by file. Any problem: import nothing."""
    budget = _Budget(MAX_UNPACKED, MAX_LINES)
    try:
        if data.startswith(b"PK"):
            _read_zip(shown(filename), data, budget)
        else:
            if len(data) > MAX_MEMBER:
                raise Refused(_member_too_big(shown(filename)))
            _check(shown(filename), data, budget)
    except Refused as e:
        return [], [str(e)]
    return budget.good, budget.errors


def _member_too_big(name: str) -> str:
    return str(
        _(
            "%(file)s: too big; a game file is at most %(size)d MB",
            file=name,
            size=MAX_MEMBER // (1024 * 1024),
        )
    )


def _members(filename: str, z: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The game files of the archive: .json members in any folder, not a Mac's resource forks
    (__MACOSX/, ._name), each once; Refused if there are too many."""
    infos = z.infolist()
    if len(infos) > MAX_MEMBERS:
        raise Refused(
            _(
                "%(file)s: too many files in the archive; at most %(count)d",
                file=filename,
                count=MAX_MEMBERS,
            )
        )
    members = [
        i
        for i in infos
        if not i.is_dir()
        and i.filename.lower().endswith(".json")
        and not i.filename.startswith("__MACOSX/")
        and not i.filename.rsplit("/", 1)[-1].startswith("._")
    ]
    if not members:
        raise Refused(_("%(file)s: the archive holds no .json game file", file=filename))
    if len(members) > MAX_GAMES:
        raise Refused(
            _(
                "%(file)s: too many games in one archive; at most %(count)d",
                file=filename,
                count=MAX_GAMES,
            )
        )
    twice = sorted(n for n, k in Counter(i.filename for i in members).items() if k > 1)
    if twice:
        raise Refused(
            _(
                "%(file)s: the archive holds %(member)s twice",
                file=filename,
                member=shown(twice[0]),
            )
        )
    # the sizes the archive claims: refuse early what is surely too big (and never trust them)
    if sum(i.file_size for i in members) > MAX_UNPACKED:
        raise Refused(_too_big_in_all(filename))
    return members


def _too_big_in_all(filename: str) -> str:
    return str(
        _(
            "%(file)s: too big unpacked; at most %(size)d MB of game files in one archive",
            file=filename,
            size=MAX_UNPACKED // (1024 * 1024),
        )
    )


def _read_zip(filename: str, data: bytes, budget: _Budget) -> None:
    try:
        z = zipfile.ZipFile(BytesIO(data))
    except (*_DAMAGED, NotImplementedError):
        raise Refused(_("%(file)s: not a zip archive that can be read", file=filename)) from None
    with z:
        for info in _members(filename, z):
            name = shown(info.filename)
            if len(budget.errors) >= PROBLEMS_MAX:
                break  # refused already, and the page shows the first 200 problems
            if info.flag_bits & 0x1:
                budget.errors.append(
                    _("%(file)s: encrypted; export the archive again without a password", file=name)
                )
            elif info.compress_type not in _READABLE:
                budget.errors.append(
                    _(
                        "%(file)s: packed in a way this app does not read (only stored or "
                        "deflated); pack the archive again with an ordinary zip tool",
                        file=name,
                    )
                )
            elif info.file_size > MAX_MEMBER:
                budget.errors.append(_member_too_big(name))
            else:
                member = _unpack(filename, z, info, budget)
                if member is not None:
                    _check(name, member, budget)


def _unpack(
    filename: str, z: zipfile.ZipFile, info: zipfile.ZipInfo, budget: _Budget
) -> bytes | None:
    """One member, read a chunk at a time and stopped at the bounds whatever its header says
    (a 2.4 kB upload claiming a small size drove a worker to 6.2 GB through z.read())."""
    limit = min(MAX_MEMBER, budget.bytes_left)
    out = bytearray()
    try:
        with z.open(info) as stream:
            while chunk := stream.read(_CHUNK):
                out += chunk
                if len(out) > limit:
                    if limit < MAX_MEMBER:
                        raise Refused(_too_big_in_all(filename))
                    budget.errors.append(_member_too_big(shown(info.filename)))
                    return None
    except (*_DAMAGED, NotImplementedError, RuntimeError):
        budget.errors.append(
            _(
                "%(file)s: damaged or cut short in the archive; download or copy the archive again",
                file=shown(info.filename),
            )
        )
        return None
    budget.bytes_left -= len(out)
    return bytes(out)


def _check(name: str, data: bytes, budget: _Budget) -> None:
    """Parses and scores one game file within the line bounds; its problems go to the budget."""
    try:
        raw: Any = decode(data)
    except InvalidHand as e:
        # what the file is instead, in words (a CSV, not text, a mistake at a line and column)
        budget.errors.append(
            why_not(name, data) or f"{name}: {e.problems[0].located(translator())}"
        )
        return
    if not game_shaped(raw):  # JSON of another kind: one sentence, not a problem per key
        budget.errors.append(why_not(name, data) or name)
        return
    # counted before the lines are read: a 140k-line game in an 8 kB zip took 144 s and 2.5 GB.
    # (A trail is held to TRAIL_MAX by the game file's reader, before it reads its changes.)
    raw_dict = raw if isinstance(raw, dict) else {}
    counted = [raw_dict.get(k) for k in ("hands", "trail")]
    sizes = [len(v) if isinstance(v, list) else 0 for v in counted]
    if sizes[0] > MAX_GAME_LINES:
        budget.errors.append(
            _(
                "%(file)s: %(count)d lines; a game holds at most %(max)d",
                file=name,
                count=sizes[0],
                max=MAX_GAME_LINES,
            )
        )
        return
    budget.lines_left -= sum(sizes)
    if budget.lines_left < 0:
        raise Refused(
            _(
                "%(file)s: too many lines in all; at most %(count)d in one import: import the "
                "games in parts",
                file=name,
                count=MAX_LINES,
            )
        )
    try:
        game = parse(raw)
        tally = game.score()  # every hand is checked by the rules
    except InvalidHand as e:
        room = PROBLEMS_MAX - len(budget.errors)  # each put in words: some 70 µs
        budget.errors.extend(f"{name}: {p.located(translator())}" for p in e.problems[:room])
        return
    budget.good.append(Checked(name, game, summary_of(game, tally)))
