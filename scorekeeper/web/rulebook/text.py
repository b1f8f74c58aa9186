"""What the rules pages say for one Rules object: its sections, their numbers, the decisions."""

from __future__ import annotations

from decimal import Decimal
from itertools import combinations
from typing import Any

from flask_babel import lazy_gettext as _l

from scorekeeper.rules import SUITS, VARIANTS, Rules, round_to
from scorekeeper.rules.cards import STANDARD
from scorekeeper.web.i18n import money
from scorekeeper.web.words import PRESET_SENTENCES

# base.Rules.marriage_points: a marriage found in tricks is worth these, whatever the options.
IN_TRICKS_TRUMP, IN_TRICKS_OTHER = 80, 40
MARRIAGE_ORDER = tuple(reversed(SUITS))  # hearts, diamonds, clubs, spades: as players list them

TITLES: dict[str, Any] = {
    "players": _l("Players and who sits out"),
    "deck": _l("The deck and card values"),
    "auction": _l("The auction"),
    "scoring": _l("What the declarer scores"),
    "marriages": _l("Marriages"),
    "points": _l("What the card points add up to"),
    "rounding": _l("Rounding"),
    "musik": _l("The sitting-out dealer's musik"),
    "lock": _l("The lock"),
    "give_up": _l("Giving up"),
    "barrel": _l("The barrel"),
    "bolts": _l("Bolts"),
    "dump": _l("The dump"),
    "adjustments": _l("Adjustments"),
    "end": _l("The end of the game"),
    "decisions": _l("Where the rule texts are silent or wrong"),
}
NO_AUCTION_TITLES: dict[str, Any] = {
    "auction": _l("No auction"),
    "scoring": _l("What each player scores"),
}


def summary(cls: type[Rules]) -> str:
    """The preset's sentence for the list of presets, in the reader's language (words.py)."""
    o = cls.preset_options()
    numbers = {
        "min_bid": o.min_bid,
        "max_contract": o.max_contract,
        "bid_step": o.bid_step,
        "rounding": o.rounding,
        "lock": o.lock,
        "total": o.cards.total,
        "ace": o.musik_bonus.ace if o.musik_bonus else None,
        "barrel": o.barrel.at if o.barrel else None,
        "dump": o.dump.at if o.dump else None,
    }
    return str(PRESET_SENTENCES[cls.key]) % numbers


def presets() -> list[tuple[str, int, str]]:
    return [(key, cls.seats, summary(cls)) for key, cls in VARIANTS.items()]


def sections(rules: Rules) -> list[tuple[str, str]]:
    """The sections the options call for, in the order a hand is scored, with their titles."""
    o = rules.options
    off = {
        "rounding": not o.rounding,
        "musik": not (o.sitting_out and o.musik_bonus),
        "lock": o.lock is None,
        "give_up": o.give_up is None or not o.auction,
        "barrel": o.barrel is None,
        "bolts": o.bolts is None,
        "dump": o.dump is None,
    }
    titles = TITLES if o.auction else {**TITLES, **NO_AUCTION_TITLES}
    return [(key, str(title)) for key, title in titles.items() if not off.get(key)]


def four_card_sums(values: tuple[int, ...]) -> set[int]:
    cards = [v for v in values for _copy in range(4)]
    return {sum(c) for c in combinations(cards, 4)}


def numbers(rules: Rules) -> dict[str, Any]:
    """Every number the pages print that takes more than reading one option."""
    o, deck = rules.options, rules.options.cards
    step = o.rounding
    base, up = {10: 40, 5: 15}.get(step, 4 * step), step - step // 2
    out: dict[str, Any] = {
        "cards": 4 * len(deck.values),
        "total": deck.total,
        "least": deck.total - 4 * deck.ace,
        "never": ", ".join(str(p) for p in range(deck.total + 1) if p not in deck.reachable),
        "up": up,
        # the last count that goes down and the first that goes up: 44 and 45, or 17 and 18
        "rounding": [(p, round_to(p, step)) for p in (base + up - 1, base + up)],
        "marriages": [(s, o.marriage_values[s]) for s in MARRIAGE_ORDER],
        "in_tricks": (IN_TRICKS_TRUMP, IN_TRICKS_OTHER),
        "contract": o.min_bid,
        "more": o.min_bid + 12,
        "less": o.min_bid - 15,
        "declarer_raw": o.min_bid - step // 2,
        "declarer_rounded": round_to(o.min_bid - step // 2, step),
        "no_bolt": next((p for p in sorted(deck.reachable) if p and rules.round(p) == 0), None),
    }
    sums = four_card_sums(deck.values)
    out["out_of_four"] = ", ".join(
        str(deck.total - s) for s in range(4 * deck.ace, -1, -1) if s not in sums
    )
    if o.musik_bonus:
        out["musik_marriage"] = o.musik_bonus.ace + (
            o.marriage_values["hearts"] if o.musik_bonus.marriage else 0
        )
    if o.give_up and o.give_up.opponents == "half" and o.auction:
        bids = range(o.min_bid, o.max_contract + 1, o.bid_step)
        out["half"] = [(c, rules.give_up_points(c)) for c in list(bids)[1:4]]
    if o.barrel:
        out["fall"] = o.barrel.at - o.barrel.penalty
    if o.stake is not None:
        winner, loser = o.target + 20, o.target * 6 // 10
        out["stake"] = (winner, loser, money(Decimal(winner - loser) * o.stake))
    return out


def decisions(rules: Rules) -> set[str]:
    """The project's decisions (scoring.md, docs/rules-decisions.md) that bear on `rules`."""
    o, key = rules.options, rules.key
    found = {
        "jack": o.cards == STANDARD,
        "polish_rounding": key in ("pl-3", "pl-4") and bool(o.rounding),
        "five_up": key in ("ru-2", "ru-4") and o.rounding == 10,
        "ukrainian": key == "ru-2",
        "no_850": key == "ru-4",
        "moscow_marriages": not o.auction,
        "double_moment": o.trump_marriage_double,
        "no_bid": o.auction,
        "opening": o.auction,
        "no_give_up": o.auction and o.give_up is None,
        "trump_required": rules.needs_trump(),
        "sitting_out": bool(o.sitting_out),
        "musik": bool(o.sitting_out and o.musik_bonus),
        "ace_in_tricks": o.ace_marriage is not None and o.marriages == "in-tricks",
        "slam": o.slam_counts_all and o.auction,
        "bolts": o.bolts is not None,
        "dump": o.dump is not None,
        "barrel": o.barrel is not None,
        "half": o.give_up is not None and o.give_up.opponents == "half" and o.auction,
        "out_of_play": not o.all_cards_in_play,
        "stake": o.stake is not None,
        "nothing_after_end": True,
        "end_after_hands": True,
    }
    return {k for k, on in found.items() if on}
