"""The words of the house rules' and club agreements' notes (scoring.md 5, 5.1), for notes.py."""

# A render takes a note's parameters, a translator and a function naming a seat; notes.py joins
# these to the notes of a hand's own steps. The messages are gettext messages with `{name}`
# fields, translated where they are shown.

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

Params = Mapping[str, Any]
Seat = Callable[[int], str]


class Words(Protocol):
    """What these notes need of a translator (notes.Translator is one)."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def give_up(p: Params, tr: Words, seat: Seat) -> str:
    score = signed(p["score"])
    if p["role"] == "declarer":
        if p.get("free"):  # 5.2 free: a seat's first give-ups cost nothing
            return tr.gettext(
                "gave up the contract of {contract}: free give-up {free} of {frees}, {score}"
            ).format(contract=p["contract"], free=p["free"], frees=p["frees"], score=score)
        return tr.gettext("gave up the contract of {contract}: {score}").format(
            contract=p["contract"], score=score
        )
    if p.get("least") is not None:  # 5.2 opponents_min: half the contract was less
        return tr.gettext(
            "{declarer} gave up: half of {contract} is less than {least}, {score}"
        ).format(
            declarer=seat(p["declarer"]), contract=p["contract"], least=p["least"], score=score
        )
    if p.get("half"):
        return tr.gettext("{declarer} gave up: half of {contract}, {score}").format(
            declarer=seat(p["declarer"]), contract=p["contract"], score=score
        )
    return tr.gettext("{declarer} gave up: {score}").format(
        declarer=seat(p["declarer"]), score=score
    )


def barrel(p: Params, tr: Words, seat: Seat) -> str:
    event = p["event"]
    if event == "climb":
        return tr.gettext("{total} reaches the barrel: climbs on it at {at}").format(**p)
    if event == "idle":
        if p.get("lost"):
            return tr.gettext("on the barrel: scores nothing ({lost} lost)").format(**p)
        return tr.gettext("on the barrel: scores nothing")
    if event == "stay":
        # notes stored before the total was in them said the barrel's mark
        return tr.gettext(
            "on the barrel: a made {contract} does not reach {target}, scores 0 and stays "
            "at {total}"
        ).format(**{"total": p["at"], **p})
    if event == "try":
        return tr.gettext("on the barrel: try {try} of {tries}").format(**p)
    if event == "fall":
        return tr.ngettext(
            "on the barrel for {tries} hand: falls off to {total} (-{penalty})",
            "on the barrel for {tries} hands: falls off to {total} (-{penalty})",
            p["tries"],
        ).format(**p)
    if event == "knock-off":
        return tr.gettext("knocked off the barrel by {by}: falls to {total}").format(
            by=seat(p["by"]), total=p["total"]
        )
    if event == "fall-zero":
        # 5.1 falls_to_zero: the seat's n-th fall sets its total to 0, whichever way it fell
        if p.get("by") is not None:
            return tr.gettext(
                "knocked off the barrel by {by}: fall {falls} from the barrel, back to 0"
            ).format(by=seat(p["by"]), falls=p["falls"])
        return tr.ngettext(
            "on the barrel for {tries} hand: fall {falls} from the barrel, back to 0",
            "on the barrel for {tries} hands: fall {falls} from the barrel, back to 0",
            p["tries"],
        ).format(**p)
    if event == "off":
        return tr.gettext("off the barrel")
    return _barrel_agreed(p, tr, seat)


def _barrel_agreed(p: Params, tr: Words, seat: Seat) -> str:
    """The barrel's notes of the agreements of 5.2."""
    event = p["event"]
    if event == "fail-try":
        return tr.gettext(
            "on the barrel: a failed {contract} scores 0, stays at {total} and uses a try"
        ).format(**p)
    if event == "finish":
        return tr.gettext("on the barrel, but {score} takes the total to {target}: counted").format(
            score=signed(p["score"]), target=p["target"]
        )
    if event == "together":
        if p.get("declarer") is not None:
            return tr.gettext(
                "{reached} reaches the barrel with the declarer {by}: only the declarer climbs, "
                "back to {total} (-{penalty})"
            ).format(by=seat(p["declarer"]), **p)
        return tr.gettext(
            "{reached} reaches the barrel in the same hand as another player: nobody climbs, "
            "back to {total} (-{penalty})"
        ).format(**p)
    return tr.gettext("on the barrel: {event}").format(event=event)


def bolt(p: Params, tr: Words, _seat: Seat) -> str:
    penalty = p["bolt"] == p["count"]
    if p.get("in_a_row"):  # 5.1 consecutive: only bolts in a row count
        if p.get("tricks"):
            if penalty:
                return tr.gettext("no trick: bolt {bolt} of {count} in a row, -{penalty}").format(
                    **p
                )
            return tr.gettext("no trick: bolt {bolt} of {count} in a row").format(**p)
        if penalty:
            return tr.gettext("no points: bolt {bolt} of {count} in a row, -{penalty}").format(**p)
        return tr.gettext("no points: bolt {bolt} of {count} in a row").format(**p)
    if p.get("tricks"):  # 5.1 kind tricks: a hand with no trick is the bolt
        if penalty:
            return tr.gettext("no trick: bolt {bolt} of {count}, -{penalty}").format(**p)
        return tr.gettext("no trick: bolt {bolt} of {count}").format(**p)
    if penalty:
        return tr.gettext("no points: bolt {bolt} of {count}, -{penalty}").format(**p)
    return tr.gettext("no points: bolt {bolt} of {count}").format(**p)


def bolt_run(p: Params, tr: Words, _seat: Seat) -> str:
    return tr.ngettext(
        "not a bolt: the run of {run} bolt ends, the count starts again",
        "not a bolt: the run of {run} bolts ends, the count starts again",
        p["run"],
    ).format(**p)


def give_up_penalty(p: Params, tr: Words, _seat: Seat) -> str:
    return tr.gettext(
        "give-up number {count} in the game: every {every} give-ups cost {penalty}, -{penalty}"
    ).format(**p)


def finish(p: Params, tr: Words, _seat: Seat) -> str:
    """5.2 finish exact: a score that would pass the target is not counted."""
    return tr.gettext("would pass {target}: {total}, not counted").format(**p)


def blind(p: Params, tr: Words, _seat: Seat) -> str:
    return tr.gettext("bid blind: {score} × {multiplier} = {blind}").format(**p)


def golden(p: Params, tr: Words, _seat: Seat) -> str:
    return tr.gettext(
        "golden hand {hand} of {hands}: scores × {multiplier}, {score} × {multiplier} = {golden}"
    ).format(**p)


def golden_reset(p: Params, tr: Words, _seat: Seat) -> str:
    return tr.gettext("nobody made a golden contract: the total of {total} goes back to 0").format(
        **p
    )


RENDER: dict[str, Callable[[Params, Words, Seat], str]] = {
    "lock": lambda p, tr, _s: tr.gettext(
        "{total} is at or above the lock at {lock}: points count only as declarer, {lost} lost"
    ).format(**p),
    "bolt": bolt,
    "dump": lambda p, tr, _s: tr.gettext("a total of exactly {total} is dumped: back to 0").format(
        **p
    ),
    "give-up": give_up,
    "barrel": barrel,
    "blind": blind,
    "golden": golden,
    "golden-reset": golden_reset,
    "give-up-penalty": give_up_penalty,
    "bolt-run": bolt_run,
    "finish": finish,
}
"""The renders of the notes of sections 5, 5.1 and 5.2, by rule key."""
