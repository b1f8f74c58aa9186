"""House rules as data: one immutable options object per game, validated once (scoring.md 2, 5)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import Any

from .cards import STANDARD, Deck
from .errors import N_, InvalidHand, Message, Problem
from .optionspecs import DEFAULT_MARRIAGES, OPTION_SPECS
from .parsers import Bad
from .records import Barrel, Blind, Bolts, Dump, GiveUp, Golden, MusikBonus, Silence


@dataclass(frozen=True)
class Options:
    """Every option of scoring.md section 2, the house rules of section 5 and the club
    agreements of 5.1."""

    target: int = 1000
    deals: int | None = None  # a fixed number of deals: the game also ends after that hand
    cards: Deck = STANDARD
    bidding: str = "auction"
    min_bid: int = 100
    bid_step: int = 10
    max_contract: int = 400
    contract_raise: bool = True
    marriages: str = "declared"
    marriage_values: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_MARRIAGES))
    marriage_needs_trick: bool = True
    trump_marriage_double: bool = False
    double_on_switch: bool = False
    rounding: int = 10  # 0 means "none"
    round_declarer: bool = False
    lock: int | None = None
    sitting_out: str | None = None
    musik_bonus: MusikBonus | None = None
    give_up: GiveUp | None = None
    slam_counts_all: bool = False
    all_cards_in_play: bool = True
    stake: Decimal | None = None
    barrel: Barrel | None = None
    bolts: Bolts | None = None
    dump: Dump | None = None
    ace_marriage: int | None = None
    blind: Blind | None = None
    golden: Golden | None = None
    silence: Silence | None = None
    finish: str = "reach"  # 5.2: "exact": a total must land exactly on the target

    @property
    def auction(self) -> bool:
        return self.bidding == "auction"

    @classmethod
    def build(
        cls, preset: Mapping[str, Any], overrides: Mapping[str, Any] | None = None
    ) -> Options:
        """The preset's values with `overrides` on top; every bad key or value is a problem."""
        problems: list[Problem] = []
        values: dict[str, Any] = {}
        given = dict(overrides or {})
        for key in given:
            if key not in OPTION_SPECS:
                problems.append(
                    Problem(
                        None, f"options.{key}", N_("unknown option {key!r}"), None, {"key": key}
                    )
                )
        for key, raw in {**preset, **given}.items():
            if key not in OPTION_SPECS:
                continue
            try:
                values[key] = OPTION_SPECS[key].parse(raw)
            except Bad as bad:
                problems.append(
                    Problem(
                        None,
                        f"options.{key}",
                        N_("option {key}: {detail}"),
                        None,
                        {"key": key, "detail": bad.message},
                    )
                )
        if problems:
            raise InvalidHand(problems)
        options = cls(**values)
        options._check_consistent()
        return options

    def _check_consistent(self) -> None:
        problems: list[tuple[str, Message]] = []
        if self.auction:
            if self.min_bid % self.bid_step:
                problems.append(
                    (
                        "min_bid",
                        Message(
                            N_("the lowest bid {bid} is not a multiple of the bid step {step}"),
                            {"bid": self.min_bid, "step": self.bid_step},
                        ),
                    )
                )
            if self.max_contract < self.min_bid:
                problems.append(
                    (
                        "max_contract",
                        Message(
                            N_("the largest contract {most} is below the lowest bid {bid}"),
                            {"most": self.max_contract, "bid": self.min_bid},
                        ),
                    )
                )
        if self.lock is not None and not self.auction:
            # 3.2: with no declarer a locked seat could never score again
            problems.append(
                (
                    "lock",
                    Message(
                        N_(
                            "the lock needs an auction: with no declarer a locked player "
                            "could never finish"
                        ),
                        {},
                    ),
                )
            )
        if self.barrel and not self.barrel.at < self.target:
            problems.append(
                (
                    "barrel",
                    Message(
                        N_("the barrel at {at} must be below the target {target}"),
                        {"at": self.barrel.at, "target": self.target},
                    ),
                )
            )
        problems += self._club_problems()
        if problems:
            raise InvalidHand(
                Problem(
                    None,
                    f"options.{k}",
                    N_("option {key}: {detail}"),
                    None,
                    {"key": k, "detail": m},
                )
                for k, m in problems
            )

    def _club_problems(self) -> list[tuple[str, Message]]:
        """The club agreements of 5.1 and 5.2 that cannot be played with the other options."""
        out: list[tuple[str, Message]] = self._agreement_problems()
        if not self.auction:
            # a blind bid, a golden hand's forced opener and a silent seat are all declarers
            needs = {
                "blind": N_("a blind bid needs an auction: with no declarer nobody bids"),
                "golden": N_(
                    "the golden deal needs an auction: with no declarer nobody plays its contract"
                ),
                "silence": N_("silence needs an auction: with no declarer nobody bids"),
            }
            return out + [(k, Message(m)) for k, m in needs.items() if getattr(self, k) is not None]
        golden, blind = self.golden, self.blind
        if golden is not None and (
            golden.contract % self.bid_step
            or not self.min_bid <= golden.contract <= self.max_contract
        ):
            message = N_(
                "the golden contract {contract} is no contract of this game: a multiple of "
                "{step} from {least} to {most}"
            )
            params = {"step": self.bid_step, "least": self.min_bid, "most": self.max_contract}
            out.append(("golden", Message(message, {"contract": golden.contract, **params})))
        if blind is not None and blind.min_contract > self.max_contract:
            message = N_(
                "a blind contract of at least {least} is above the largest contract {most}: "
                "nobody could bid blind"
            )
            params = {"least": blind.min_contract, "most": self.max_contract}
            out.append(("blind", Message(message, params)))
        return out

    def _agreement_problems(self) -> list[tuple[str, Message]]:
        """The keys of 5.2 that mean nothing with the other options (one that only makes an
        agreement idle is accepted, docs/rules-decisions.md)."""
        out: list[tuple[str, Message]] = []
        g = self.give_up
        if g is not None and g.opponents_min is not None and g.opponents != "half":
            # 5.2: "60, or half the contract above 120" is a floor under half the contract
            message = N_("opponents_min needs opponents half, got {opponents}")
            out.append(("give_up", Message(message, {"opponents": g.opponents})))
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values, as the game file writes them (the inverse of `build`)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _plain(f.name, getattr(self, f.name))
        return out

    def overrides_from(self, preset: Options) -> dict[str, Any]:
        """The options that differ from `preset`: what a game file needs to store."""
        mine, theirs = self.to_dict(), preset.to_dict()
        return {k: v for k, v in mine.items() if theirs.get(k) != v}


def _plain(name: str, value: Any) -> Any:
    if name == "rounding":
        return value or "none"
    if isinstance(value, Deck):
        return value.key
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if value is not None and OPTION_SPECS[name].kind == "record":
        return {f.name: getattr(value, f.name) for f in fields(value)}
    if isinstance(value, Mapping):
        return dict(value)
    return value
