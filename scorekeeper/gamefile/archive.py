"""An archive of game files (a zip) read within bounds: each member once, never past them."""

# The same reading serves the upload's checks in the request (web/transfer/uploads.py) and the job
# that stores its games later (services/importjobs.py). Each member is read through a bounded
# stream whatever its header claims: a 2.4 kB upload that claimed a small size once drove a worker
# to 6.2 GB through ZipFile.read(). Faults carry a code and the values of their words; the web
# puts them in the reader's language.

from __future__ import annotations

import zipfile
import zlib
from collections import Counter
from io import BytesIO

from scorekeeper.rules.bounds import LINES_MAX

MAX_GAMES = 2_500  # games in one archive: a family's 2,000 fit
MAX_MEMBERS = 2 * MAX_GAMES  # entries of any kind (folders, notes) in one archive
MAX_LINES = 120_000  # lines and trail entries in all, in one import (2,000 games of 60)
MAX_GAME_LINES = LINES_MAX  # lines of one game: the bound the game file reader and the rules apply
MAX_MEMBER = 4 * 1024 * 1024  # bytes of one game file (2,000 lines are some 500 kB)
MAX_UNPACKED = 64 * 1024 * 1024  # bytes of all the game files of one archive, unpacked
_CHUNK = 64 * 1024  # read a member this much at a time: deflate never makes more at once
_READABLE = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)  # bzip2 and lzma bombs expand unbounded
# what zipfile, zlib and a cut-short deflate stream raise for a damaged archive
_DAMAGED = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, EOFError, OSError, ValueError)


class Fault(Exception):
    """Why an archive, or one member of it, cannot be read: `code` names the fault and
    `params` hold the values its sentence names (the file, a count, a size)."""

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


def shown(name: str) -> str:
    """A file's name as pages show it: at most 120 characters."""
    return name if len(name) <= 120 else name[:117] + "…"


def is_zip(data: bytes) -> bool:
    return data.startswith(b"PK")


def open_zip(filename: str, data: bytes) -> zipfile.ZipFile:
    """The archive, or Fault("unreadable") when it is none that can be read."""
    try:
        return zipfile.ZipFile(BytesIO(data))
    except (*_DAMAGED, NotImplementedError):
        raise Fault("unreadable", file=filename) from None


def game_members(filename: str, z: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The game files of the archive, in its order: .json members in any folder, not a Mac's
    resource forks (__MACOSX/, ._name), each once. Fault if there are too many of them, none,
    one name twice, or more bytes than an import takes by the sizes the archive claims."""
    infos = z.infolist()
    if len(infos) > MAX_MEMBERS:
        raise Fault("too-many-files", file=filename, count=MAX_MEMBERS)
    members = [
        i
        for i in infos
        if not i.is_dir()
        and i.filename.lower().endswith(".json")
        and not i.filename.startswith("__MACOSX/")
        and not i.filename.rsplit("/", 1)[-1].startswith("._")
    ]
    if not members:
        raise Fault("no-game", file=filename)
    if len(members) > MAX_GAMES:
        raise Fault("too-many-games", file=filename, count=MAX_GAMES)
    twice = sorted(n for n, k in Counter(i.filename for i in members).items() if k > 1)
    if twice:
        raise Fault("twice", file=filename, member=shown(twice[0]))
    # the sizes the archive claims: refuse early what is surely too big (and never trust them)
    if sum(i.file_size for i in members) > MAX_UNPACKED:
        raise Fault("too-big-in-all", file=filename, size=MAX_UNPACKED // (1024 * 1024))
    return members


def unreadable(info: zipfile.ZipInfo) -> Fault | None:
    """What keeps one member from being read at all, by its header: a password, a packing
    whose unpacking has no bound here, a claimed size past a game file's."""
    name = shown(info.filename)
    if info.flag_bits & 0x1:
        return Fault("encrypted", file=name)
    if info.compress_type not in _READABLE:
        return Fault("packed", file=name)
    if info.file_size > MAX_MEMBER:
        return Fault("member-too-big", file=name, size=MAX_MEMBER // (1024 * 1024))
    return None


def unpack(filename: str, z: zipfile.ZipFile, info: zipfile.ZipInfo, room: int) -> bytes:
    """One member, read a chunk at a time and stopped at the bounds whatever its header says:
    a game file's size, and `room`, the bytes the archive may still unpack. Fault when it is
    too big (for the archive as a whole once `room` is the tighter bound) or damaged."""
    if (fault := unreadable(info)) is not None:
        raise fault
    limit = min(MAX_MEMBER, room)
    out = bytearray()
    try:
        with z.open(info) as stream:
            while chunk := stream.read(_CHUNK):
                out += chunk
                if len(out) > limit:
                    if limit < MAX_MEMBER:
                        raise Fault(
                            "too-big-in-all", file=filename, size=MAX_UNPACKED // (1024 * 1024)
                        )
                    raise Fault(
                        "member-too-big",
                        file=shown(info.filename),
                        size=MAX_MEMBER // (1024 * 1024),
                    )
    except (*_DAMAGED, NotImplementedError, RuntimeError):
        raise Fault("damaged", file=shown(info.filename)) from None
    return bytes(out)


def counted_lines(raw: object) -> tuple[int, int]:
    """The lines and the trail entries of decoded JSON shaped like a game file, counted
    before they are read: a 140k-line game in an 8 kB zip took 144 s and 2.5 GB to read."""
    found = raw if isinstance(raw, dict) else {}
    hands, trail = found.get("hands"), found.get("trail")
    return (
        len(hands) if isinstance(hands, list) else 0,
        len(trail) if isinstance(trail, list) else 0,
    )
