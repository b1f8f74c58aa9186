"""The rules of a game described: what each section says, as sentence keys with their numbers."""

# The rules pages hold no rule condition: which sections a game has, which of two
# sentences is true of it and every number they quote are decided here (describe.py puts the
# sections in order); the web holds the words of each sentence key (web/rulebook/sentences.py)
# and lays them out. The house rules' own sections and the decisions are in describe.py.

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import combinations

from .cards import SUITS
from .errors import Term
from .ruleset import Rules, round_to

# rules/marriages.py: a marriage found in tricks is worth these, whatever the options
IN_TRICKS_TRUMP, IN_TRICKS_OTHER = 80, 40
MARRIAGE_ORDER = tuple(reversed(SUITS))  # hearts, diamonds, clubs, spades: as players list them

Param = int | str | Decimal | Term


@dataclass(frozen=True)
class Say:
    """One sentence: its key (the web has its words) and the numbers it quotes. With `num`,
    the sentence has a plural form chosen by it."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)


@dataclass(frozen=True)
class Block:
    """A paragraph ("p"), a list of examples ("values") or the deck's card values ("cards")."""

    kind: str
    says: tuple[Say, ...]


@dataclass(frozen=True)
class Section:
    """A section of the rules page; `title` names its heading (it differs with no auction)."""

    key: str
    title: str
    blocks: tuple[Block, ...]


def p(*says: Say | None) -> Block:
    """A paragraph of the sentences that apply (None: one that does not)."""
    return Block("p", tuple(s for s in says if s is not None))


def say(key: str, **params: Param) -> Say:
    return Say(key, params)


def either(condition: object, yes: Say, no: Say | None = None) -> Say | None:
    return yes if condition else no


def players(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    first = p(say("seats", num=rules.seats), say("deal-passes"), say("dealer-named"))
    if o.sitting_out == "dealer":
        scores = either(o.musik_bonus, say("dealer-scores-musik"), say("dealer-scores-nothing"))
        second = p(say("dealer-sits-out"), scores)
    else:
        second = p(say("everyone-plays"))
    return first, second, p(say("tricks", num=rules.tricks))


def deck(rules: Rules) -> tuple[Block, ...]:
    d = rules.options.cards
    values = (d.ace, d.ten, d.king, d.queen, d.jack, d.nine)
    cards = Block("cards", tuple(say(rank, points=v) for rank, v in zip(RANKS_SAID, values)))
    never = ", ".join(str(n) for n in range(d.total + 1) if n not in d.reachable)
    return (
        p(say("deck-cards", cards=4 * len(d.values))),
        cards,
        p(say("deck-total", total=d.total), say("deck-never", never=never)),
    )


RANKS_SAID = ("card-ace", "card-ten", "card-king", "card-queen", "card-jack", "card-nine")


def auction(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    if not o.auction:
        return (p(say("no-auction")),)
    opening = either(
        rules.forced_opening, say("forced-opening", min=o.min_bid), say("first-may-pass")
    )
    skip = rules.skip_bidding_at
    raising = either(
        o.contract_raise, say("contract-raise", max=o.max_contract), say("contract-is-bid")
    )
    return (
        p(say("bids", min=o.min_bid, step=o.bid_step, max=o.max_contract)),
        p(opening, say("skip-bidding", at=skip) if skip is not None else None),
        p(say("declarer-takes-musik"), raising),
    )


def scoring(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    step = o.rounding
    if not o.auction:
        return (p(either(step, say("each-rounded", step=step), say("each-as-is"))),)
    blocks = [
        p(say("declarer-scores")),
        p(
            say(
                "contract-not-points",
                contract=o.min_bid,
                more=o.min_bid + 12,
                less=o.min_bid - 15,
            )
        ),
    ]
    if step:
        raw = o.min_bid - step // 2
        rounded = say(
            "declarer-rounded",
            step=step,
            raw=raw,
            rounded=round_to(raw, step),
            contract=o.min_bid,
        )
        blocks.append(p(either(o.round_declarer, rounded, say("declarer-not-rounded"))))
    if o.slam_counts_all:
        blocks.append(p(say("slam", total=o.cards.total)))
    blocks.append(p(either(step, say("others-rounded", step=step), say("others-as-is"))))
    return tuple(blocks)


def marriages(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    blocks: list[Block] = []
    if o.marriages == "declared":
        blocks.append(p(say("declared")))
        values = [
            say("marriage-value", marriage=Term("marriage", s), value=o.marriage_values[s])
            for s in MARRIAGE_ORDER
        ]
        blocks.append(Block("values", tuple(values)))
        blocks.append(
            p(either(o.marriage_needs_trick, say("needs-trick"), say("counts-without-trick")))
        )
        if o.trump_marriage_double:
            hearts = Term("marriage", "hearts")
            double = say("trump-double", marriage=hearts, value=2 * o.marriage_values["hearts"])
            switch = either(o.double_on_switch, say("switch-doubles"), say("switch-not-doubled"))
            blocks.append(p(double, switch))
    else:
        blocks.append(
            p(
                say("in-tricks", trump=IN_TRICKS_TRUMP, other=IN_TRICKS_OTHER),
                say("declarer-names-trump"),
            )
        )
    if o.ace_marriage is not None:
        blocks.append(p(say("ace-marriage", value=o.ace_marriage)))
    return tuple(blocks)


def points(rules: Rules) -> tuple[Block, ...]:
    o, d = rules.options, rules.options.cards
    total = either(
        o.all_cards_in_play,
        say("all-cards", total=d.total),
        say("out-of-play", least=d.total - 4 * d.ace, total=d.total),
    )
    took = (o.marriages == "declared" and o.marriage_needs_trick) or o.slam_counts_all
    return (
        p(total),
        p(say("tricks-add-up", tricks=rules.tricks), either(took, say("took-a-trick"))),
    )


def rounding(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    step = o.rounding
    base, up = {10: 40, 5: 15}.get(step, 4 * step), step - step // 2
    rule = either(
        o.auction,
        say("rounded-others", step=step, up=up),
        say("rounded-everyone", step=step, up=up),
    )
    # the last count that goes down and the first that goes up: 44 and 45, or 17 and 18
    examples = tuple(
        say("becomes", raw=n, rounded=round_to(n, step)) for n in (base + up - 1, base + up)
    )
    blocks = [p(rule), Block("values", examples)]
    if o.auction:
        blocks.append(p(say("declarer-never-rounded")))
    return tuple(blocks)


def four_card_sums(values: tuple[int, ...]) -> set[int]:
    """Every sum four cards of the deck can make."""
    cards = [v for v in values for _copy in range(4)]
    return {sum(c) for c in combinations(cards, 4)}
