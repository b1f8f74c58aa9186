"""The nested house rules (scoring.md 5) and club agreements (5.1, 5.2) as immutable records."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Barrel:
    """On the barrel at `at`: `tries` hands to finish, else fall by `penalty` (section 5); every
    `falls_to_zero`-th fall of a seat sets its total to 0 instead (5.1; None: never). 5.2:
    `on_fail` "try" keeps a failed declarer on (0, one try); with `defender_finishes` a seat on
    it may finish as a defender; `together` says who climbs when several reach it at once."""

    at: int = 880
    tries: int = 3
    penalty: int = 120
    knock_off: bool = True
    falls_to_zero: int | None = None
    on_fail: str = "minus"
    defender_finishes: bool = False
    together: str = "all"


@dataclass(frozen=True)
class Bolts:
    """Every `count`-th bolt costs `penalty` (section 5). A bolt is a hand with no points
    (`kind` "points") or with no trick ("tricks"); with `consecutive`, only a run of bolts in
    a row counts (5.1)."""

    count: int = 3
    penalty: int = 120
    kind: str = "points"
    consecutive: bool = False


@dataclass(frozen=True)
class Dump:
    """A total of exactly `at` (or -`at` with `negative`) after a hand becomes 0 (section 5)."""

    at: int = 555
    negative: bool = False


@dataclass(frozen=True)
class GiveUp:
    """Giving up after the musik (section 3.4): `opponents` is points or "half" the contract.
    5.1: every `every`-th give-up of a seat also costs it `penalty` (None: no such penalty);
    with `on_barrel` false a seat on the barrel cannot give up. 5.2: with "half", each opponent
    scores at least `opponents_min`; a seat's first `free` give-ups cost it nothing."""

    declarer: str = "minus"
    opponents: int | str = 60
    limit: int | None = None
    every: int | None = None
    penalty: int = 120
    on_barrel: bool = True
    opponents_min: int | None = None
    free: int = 0


@dataclass(frozen=True)
class MusikBonus:
    """The sitting-out dealer's musik: `ace` per ace, and a marriage's value when `marriage`."""

    ace: int = 50
    marriage: bool = True


@dataclass(frozen=True)
class Blind:
    """A blind bid (5.1): the declarer bid before seeing the musik; ±contract × `multiplier`.
    The contract is at least `min_contract`; with `min_total`, the declarer's total before the
    hand is at least it; `on_barrel`: whether a declarer on the barrel may bid blind."""

    multiplier: int = 2
    min_contract: int = 120
    min_total: int | None = None
    on_barrel: bool = False


@dataclass(frozen=True)
class Golden:
    """The golden deal (5.1): the first `hands` hands (None: as many as there are players),
    each played by the forced opener at exactly `contract`, every score × `multiplier`; with
    `reset_if_nobody`, all totals go back to 0 after them when no declarer made it."""

    hands: int | None = None
    contract: int = 120
    multiplier: int = 2
    reset_if_nobody: bool = True


@dataclass(frozen=True)
class Silence:
    """Silence (5.1): a seat whose total before the hand is below `below` may be declarer only
    as the forced opener at the lowest bid."""

    below: int = -120
