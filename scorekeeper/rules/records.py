"""The nested house rules of scoring.md section 5 as small immutable records."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Barrel:
    """On the barrel at `at`: `tries` hands to finish, else fall by `penalty` (section 5)."""

    at: int = 880
    tries: int = 3
    penalty: int = 120
    knock_off: bool = True


@dataclass(frozen=True)
class Bolts:
    """Every `count`-th hand with no points costs `penalty` (section 5)."""

    count: int = 3
    penalty: int = 120


@dataclass(frozen=True)
class Dump:
    """A total of exactly `at` (or -`at` with `negative`) after a hand becomes 0 (section 5)."""

    at: int = 555
    negative: bool = False


@dataclass(frozen=True)
class GiveUp:
    """Giving up after the musik (section 3.4): `opponents` is points or "half" the contract."""

    declarer: str = "minus"
    opponents: int | str = 60
    limit: int | None = None


@dataclass(frozen=True)
class MusikBonus:
    """The sitting-out dealer's musik: `ace` per ace, and a marriage's value when `marriage`."""

    ace: int = 50
    marriage: bool = True
