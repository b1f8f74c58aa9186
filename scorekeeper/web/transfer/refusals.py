"""Why an upload, or a game file in it, was refused: the faults and refusals put in words."""

# The archive's faults (gamefile/archive.py) and a refused game's reasons (services/transfer.check:
# what the file is instead, a game too long, the rules' problems) are kept as data, in the job's
# report too; they are said here, in the language of whoever reads the page.

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext, ngettext

from scorekeeper.store.imports import problem_of
from scorekeeper.web.i18n import translator
from scorekeeper.web.transfer.filekind import sentence

#: the kinds of gamefile.kinds.what_it_is: the upload is no game file at all
WHAT_IT_IS = {"not-text", "empty", "csv", "json", "deep", "other-json"}


def _(message: str, **params: object) -> str:
    return str(gettext(message, **params))


def fault(code: str, **params: Any) -> str:
    """An archive's fault, or one member's, as a sentence naming the file."""
    file = str(params.get("file", ""))
    count, size = int(params.get("count", 0)), int(params.get("size", 0))
    if code == "unreadable":
        return _("%(file)s: not a zip archive that can be read", file=file)
    if code == "too-many-files":
        return _(
            "%(file)s: too many files in the archive; at most %(count)d", file=file, count=count
        )
    if code == "no-game":
        return _("%(file)s: the archive holds no .json game file", file=file)
    if code == "too-many-games":
        return _(
            "%(file)s: too many games in one archive; at most %(count)d", file=file, count=count
        )
    if code == "twice":
        member = str(params.get("member", ""))
        return _("%(file)s: the archive holds %(member)s twice", file=file, member=member)
    if code == "too-big-in-all":
        return _(
            "%(file)s: too big unpacked; at most %(size)d MB of game files in one archive",
            file=file,
            size=size,
        )
    if code == "encrypted":
        return _("%(file)s: encrypted; export the archive again without a password", file=file)
    if code == "packed":
        return _(
            "%(file)s: packed in a way this app does not read (only stored or deflated); pack "
            "the archive again with an ordinary zip tool",
            file=file,
        )
    if code == "member-too-big":
        return _("%(file)s: too big; a game file is at most %(size)d MB", file=file, size=size)
    return _(
        "%(file)s: damaged or cut short in the archive; download or copy the archive again",
        file=file,
    )


def lines(refusal: Mapping[str, Any]) -> list[str]:
    """A refused game file ({"file", "why"}) as lines: one per problem, or one sentence."""
    name, why = str(refusal.get("file", "")), refusal.get("why") or {}
    kind = why.get("kind")
    if kind in WHAT_IT_IS:
        return [sentence(name, why)]
    if kind == "long":
        return [
            _(
                "%(file)s: %(count)d lines; a game holds at most %(max)d",
                file=name,
                count=int(why.get("count", 0)),
                max=int(why.get("max", 0)),
            )
        ]
    if kind == "fault":
        return [fault(str(why.get("code")), **{**why, "file": name})]
    if kind == "problems":
        tr = translator()
        out = [f"{name}: {problem_of(p).located(tr)}" for p in why.get("problems", [])]
        more = int(why.get("more", 0))
        if more:
            out.append(
                str(
                    ngettext(
                        "%(file)s: … and %(num)d more problem.",
                        "%(file)s: … and %(num)d more problems.",
                        more,
                        file=name,
                    )
                )
            )
        return out
    return [
        _(
            "%(file)s: the app failed to read it; whoever runs the app finds the details in "
            "its log",
            file=name,
        )
    ]


def reason(why: Mapping[str, Any] | None) -> str:
    """Why a whole import was refused, or given up."""
    if not why:
        return ""
    if why.get("kind") == "lines-in-all":
        return _(
            "%(file)s: too many lines in all; at most %(count)d in one import: import the "
            "games in parts",
            file=str(why.get("file", "")),
            count=int(why.get("count", 0)),
        )
    return _(
        "The import stopped: its worker was stopped %(num)d times in a row before it could "
        "store the next games. Import the same file again to store the rest: the games "
        "already here are recognised.",
        num=int(why.get("tries", 0)),
    )
