"""Why a number is what it is: notes with a stable rule key and their numbers, in any language."""

# The sentences are gettext messages with `{name}` fields. The rules stay free of Flask: the caller
# passes a translator (the web app its Babel catalogue for the reader's language); without one the
# text is English, as the command line prints it (scoring.md section 6).

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from typing import NamedTuple, Protocol

from .housenotes import RENDER as HOUSE_RENDER
from .housenotes import Params, signed


class Translator(Protocol):
    """What the notes need of a catalogue: `gettext.NullTranslations` and Babel's both fit."""

    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...


ENGLISH: Translator = gettext.NullTranslations()


class Note(NamedTuple):
    """One rule that shaped `seat`'s score in a line; `params` holds the numbers it used.

    The rule key and the parameter names are stable: they are the game file's `notes` and the
    statistics read them. Only `text()` turns them into words.
    """

    seat: int
    rule: str
    params: Params


def suit_name(suit: str, tr: Translator = ENGLISH) -> str:
    """A suit as a noun ("trump: hearts")."""
    names = {
        "spades": tr.pgettext("suit", "spades"),
        "clubs": tr.pgettext("suit", "clubs"),
        "diamonds": tr.pgettext("suit", "diamonds"),
        "hearts": tr.pgettext("suit", "hearts"),
        "aces": tr.pgettext("suit", "aces"),
    }
    return names.get(suit, suit)


def marriage_name(suit: str, tr: Translator = ENGLISH) -> str:
    """A marriage named by its suit, as players say it ("hearts marriage", "meldunek kierowy")."""
    names = {
        "spades": tr.gettext("spades marriage"),
        "clubs": tr.gettext("clubs marriage"),
        "diamonds": tr.gettext("diamonds marriage"),
        "hearts": tr.gettext("hearts marriage"),
        "aces": tr.gettext("aces marriage"),
    }
    return names.get(suit, suit)


Render = Callable[[Params, Translator, Callable[[int], str]], str]


def _marriage(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    name = marriage_name(p["suit"], tr)
    if p.get("in_tricks"):
        if p["trump"]:
            return tr.gettext("trump {marriage} in tricks: {value}").format(
                marriage=name, value=p["value"]
            )
        return tr.gettext("{marriage} in tricks: {value}").format(marriage=name, value=p["value"])
    return tr.gettext("{marriage}: {value}").format(marriage=name, value=p["value"])


def _points(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    if p["marriages"]:
        return tr.gettext("{cards} card points + {marriages} for marriages = {raw}").format(**p)
    return tr.gettext("{cards} card points").format(**p)


def _took(p: Params, tr: Translator) -> str:
    if p.get("rounded") is None:
        return str(p["points"])
    return tr.gettext("{points}, rounded to {rounded}").format(**p)


def _contract_made(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    return tr.gettext("made the contract of {contract} (took {took}): +{contract}").format(
        contract=p["contract"], took=_took(p, tr)
    )


def _contract_failed(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    return tr.gettext(
        "failed the contract of {contract} (took {took}, {short} short): -{contract}"
    ).format(contract=p["contract"], took=_took(p, tr), short=p["short"])


def _musik(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    parts = []
    if p["aces"]:
        parts.append(
            tr.ngettext("{aces} ace x {ace}", "{aces} aces x {ace}", p["aces"]).format(**p)
        )
    if p["marriage"]:
        parts.append(f"{marriage_name(p['marriage'], tr)} {p['marriage_value']}")
    return tr.gettext("musik bonus for the dealer: {parts} = {bonus}").format(
        parts=" + ".join(parts) or tr.gettext("nothing"), bonus=p["bonus"]
    )


def _game_won(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    if p["why"] == "declarer":
        return tr.gettext("reached {target} as declarer with {total}: wins").format(**p)
    if p["why"] == "exact":  # 5.2 finish exact
        return tr.gettext("exactly {target}: wins").format(**p)
    if p["why"] == "exact-joint":
        return tr.gettext("exactly {target}, as another player: wins jointly").format(**p)
    if p["why"] == "joint":
        return tr.gettext("shares the highest total, {total}: wins jointly").format(**p)
    return tr.gettext("highest total, {total}: wins").format(**p)


def _deals(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    # section 4: a game of a fixed number of deals that no total ended before
    return tr.ngettext(
        "the game ended after {deals} deal", "the game ended after {deals} deals", p["deals"]
    ).format(**p)


def _adjustment(p: Params, tr: Translator, _seat: Callable[[int], str]) -> str:
    if p["reason"]:
        return tr.gettext("adjustment {value}: {reason}").format(
            value=signed(p["value"]), reason=p["reason"]
        )
    return tr.gettext("adjustment {value}").format(value=signed(p["value"]))


def _plain(message: Callable[[Translator], str]) -> Render:
    return lambda p, tr, _seat: message(tr).format(**p)


_RENDER: dict[str, Render] = {
    "points": _points,
    "marriage": _marriage,
    "trump-double": lambda p, tr, _s: (
        tr.gettext("{marriage} switches trump to {suit}: {base} doubled to {value}")
        if p.get("switch")
        else tr.gettext("{marriage} declared with {suit} trump: {base} doubled to {value}")
    ).format(
        marriage=marriage_name(p["suit"], tr),
        suit=suit_name(p["suit"], tr),
        base=p["base"],
        value=p["value"],
    ),
    "trump-switch": lambda p, tr, _s: tr.gettext(
        "the {marriage} makes {suit} trump for the rest of the hand"
    ).format(marriage=marriage_name(p["suit"], tr), suit=suit_name(p["suit"], tr)),
    "marriage-no-trick": lambda p, tr, _s: tr.gettext(
        "{marriage} {value} does not count: took no trick"
    ).format(marriage=marriage_name(p["suit"], tr), value=p["value"]),
    "rounding": _plain(lambda tr: tr.gettext("{raw} rounded to {rounded}")),
    "contract-made": _contract_made,
    "contract-failed": _contract_failed,
    "slam": _plain(
        lambda tr: tr.gettext(
            "all tricks for {contract} with no marriage: the cards out of play count, "
            "the contract is made with {points} in hand"
        )
    ),
    "musik-bonus": _musik,
    "lock": HOUSE_RENDER["lock"],
    "bolt": HOUSE_RENDER["bolt"],
    "dump": HOUSE_RENDER["dump"],
    "adjustment": _adjustment,
    "deals": _deals,
    "game-won": _game_won,
    **HOUSE_RENDER,  # give-up, barrel, then the club agreements' notes (5.1)
}


def text(note: Note, names: Sequence[str] | None = None, tr: Translator = ENGLISH) -> str:
    """The note in words; `names` (seat order) replaces "seat N" where a note names a seat."""

    def seat(n: int) -> str:
        if names and 0 <= n < len(names):
            return names[n]
        return tr.gettext("seat {n}").format(n=n)

    render = _RENDER.get(note.rule)
    return render(note.params, tr, seat) if render else note.rule


RULE_KEYS: tuple[str, ...] = tuple(_RENDER)
