"""The one error the rules raise: every problem names its hand, its field and says why in words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field

from .notes import ENGLISH, Translator, marriage_name, suit_name


def N_(message: str) -> str:
    """Marks a problem's message for the catalogue; it is translated when shown (gettext's N_)."""
    return message


@dataclass(frozen=True)
class Term:
    """A word inside a problem's message that is itself translated: a suit or a marriage."""

    kind: str  # "suit" or "marriage"
    key: str  # spades, clubs, diamonds, hearts, aces

    def text(self, tr: Translator = ENGLISH) -> str:
        return suit_name(self.key, tr) if self.kind == "suit" else marriage_name(self.key, tr)

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)


@dataclass(frozen=True)
class Message:
    """A sentence inside a problem's message, translated with it (an option's bad value)."""

    template: str
    params: Mapping[str, object] = dataclass_field(default_factory=dict)

    def text(self, tr: Translator = ENGLISH) -> str:
        return _fill(tr.gettext(self.template), self.params, tr)

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)


def _fill(message: str, params: Mapping[str, object], tr: Translator) -> str:
    if not params:  # a plain message: its braces, if any, are text
        return message
    return message.format(
        **{k: v.text(tr) if isinstance(v, (Term, Message)) else v for k, v in params.items()}
    )


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: `hand` counts lines from 1 (None: the game as a whole).

    `template` is an English gettext message with `{name}` fields filled from `params`, so the
    web app can show it in the reader's language; `message` is the English text.
    """

    hand: int | None
    field: str
    template: str
    seat: int | None = None
    params: Mapping[str, object] = dataclass_field(default_factory=dict)

    @property
    def message(self) -> str:
        return self.text()

    def text(self, tr: Translator = ENGLISH) -> str:
        """The message in the language of `tr`, without the hand's number."""
        return _fill(tr.gettext(self.template), self.params, tr)

    def located(self, tr: Translator = ENGLISH) -> str:
        """The message after where it is: "hand 3: ...", "game: ..."."""
        if self.hand is None:
            where = tr.gettext("game")
        else:
            where = tr.gettext("hand {number}").format(number=self.hand)
        return f"{where}: {self.text(tr)}"

    def __str__(self) -> str:
        return self.located()


class InvalidHand(ValueError):
    """Raised for any input the rules refuse; carries every problem found, first one first.

    It is the only exception the rules and the game file reader raise for bad input, so a caller
    (the command line, a form, the API) needs one `except` to turn input errors into messages.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        if not self.problems:
            raise ValueError("InvalidHand needs at least one problem")
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def hand(self) -> int | None:
        return self.problems[0].hand

    @property
    def field(self) -> str:
        return self.problems[0].field

    @property
    def message(self) -> str:
        return self.problems[0].message

    @classmethod
    def one(
        cls, hand: int | None, field: str, message: str, seat: int | None = None, **params: object
    ) -> InvalidHand:
        return cls([Problem(hand, field, message, seat, params)])
