"""The one error the rules raise: every problem names its hand, its field and says why in words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: `hand` counts lines from 1 (None: the game as a whole)."""

    hand: int | None
    field: str
    message: str
    seat: int | None = None

    def __str__(self) -> str:
        where = "game" if self.hand is None else f"hand {self.hand}"
        return f"{where}: {self.message}"


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
        cls, hand: int | None, field: str, message: str, seat: int | None = None
    ) -> InvalidHand:
        return cls([Problem(hand, field, message, seat)])
