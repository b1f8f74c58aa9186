"""The rules page of a game: its sections in the order a hand is scored, house rules included."""

# What the game's own sections say is rulebook.py's; the house rules and the end are here, the
# club agreements' sections describeclub.py's, the decisions where the rule texts are silent
# describedecisions.py's.

from __future__ import annotations

from decimal import Decimal

from . import rulebook
from .describeclub import blind, golden, silence
from .describedecisions import decisions
from .errors import Term
from .rulebook import Block, Section, either, p, say
from .ruleset import Rules


def describe(rules: Rules) -> tuple[Section, ...]:
    """Every section that applies to `rules`: the game itself, then its house rules, the end
    and the decisions where the rule texts are silent."""
    o = rules.options
    sections = [
        Section("players", "players", rulebook.players(rules)),
        Section("deck", "deck", rulebook.deck(rules)),
        # with no auction there is no declarer: those two sections are called otherwise
        Section("auction", "auction" if o.auction else "no-auction", rulebook.auction(rules)),
        Section("scoring", "scoring" if o.auction else "all-score", rulebook.scoring(rules)),
        Section("marriages", "marriages", rulebook.marriages(rules)),
        Section("points", "points", rulebook.points(rules)),
    ]
    if o.rounding:
        sections.append(Section("rounding", "rounding", rulebook.rounding(rules)))
    return tuple(sections) + house_sections(rules)


def house_sections(rules: Rules) -> tuple[Section, ...]:
    """The sections of section 5's house rules that `rules` plays, then adjustments, the end
    and the decisions (scoring.md 5, 3.5, 4; docs/rules-decisions.md)."""
    o = rules.options
    shown = {
        "musik": bool(o.sitting_out and o.musik_bonus),
        "lock": o.lock is not None,
        "give_up": o.give_up is not None and o.auction,
        "barrel": o.barrel is not None,
        "bolts": o.bolts is not None,
        "dump": o.dump is not None,
        # the club agreements of 5.1 that are options of their own (the others are keys of
        # the give-up, the barrel and the bolts, said in their sections)
        "blind": o.blind is not None,
        "golden": o.golden is not None,
        "silence": o.silence is not None,
    }
    makers = {
        "musik": musik,
        "lock": lambda r: lock(r, shown),
        "give_up": give_up,
        "barrel": barrel,
        "bolts": bolts,
        "dump": dump,
        "blind": blind,
        "golden": golden,
        "silence": silence,
    }
    out = [Section(key, key, make(rules)) for key, make in makers.items() if shown[key]]
    out.append(
        Section("adjustments", "adjustments", (p(say("adjustment"), say("adjustment-no-rule")),))
    )
    out.append(Section("end", "end", end(rules)))
    out.append(Section("decisions", "decisions", decisions(rules)))
    return tuple(out)


def musik(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    bonus = o.musik_bonus
    assert bonus is not None
    hearts = o.marriage_values["hearts"]
    if bonus.marriage:
        first = p(
            say("musik-aces-marriage", ace=bonus.ace),
            say(
                "musik-example-marriage",
                marriage=Term("marriage", "hearts"),
                ace=bonus.ace,
                value=hearts,
                total=bonus.ace + hearts,
            ),
        )
    else:
        first = p(say("musik-aces", ace=bonus.ace), say("musik-example-aces", total=2 * bonus.ace))
    return first, p(
        say("musik-nothing-else"),
        either(o.give_up and o.auction, say("musik-give-up")),
        either(o.barrel, say("musik-barrel")),
    )


def lock(rules: Rules, shown: dict[str, bool]) -> tuple[Block, ...]:
    o = rules.options
    assert o.lock is not None and o.auction  # 3.2: a lock without an auction is refused
    return (
        p(
            say("lock-declarer-only", lock=o.lock),
            say("lock-defender-lost"),
            either(shown["musik"], say("lock-musik")),
            either(shown["give_up"], say("lock-give-up")),
        ),
        p(say("lock-declarer-counts")),
    )


def give_up(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    g = o.give_up
    assert g is not None
    blocks = [
        p(
            say("give-up-when"),
            either(g.declarer == "minus", say("give-up-minus"), say("give-up-zero")),
        )
    ]
    if g.opponents == "half":
        step = o.rounding or 5
        blocks.append(
            p(
                say("give-up-half-least", step=step, least=g.opponents_min)
                if g.opponents_min is not None  # 5.2: "60, or half the contract above 120"
                else say("give-up-half", step=step)
            )
        )
        bids = list(range(o.min_bid, o.max_contract + 1, o.bid_step))[1:4]
        if g.opponents_min is not None:
            # 5.2: below the floor, at it, and above it
            least, step = 2 * g.opponents_min, o.bid_step
            wanted = {bids[0], least, least + 4 * step} if bids else set()
            bids = sorted(c for c in wanted if o.min_bid <= c <= o.max_contract and not c % step)
        examples = tuple(
            say("give-up-example", contract=c, points=rules.give_up_points(c)) for c in bids
        )
        blocks.append(Block("values", examples))
    else:
        assert isinstance(g.opponents, int)
        blocks.append(p(say("give-up-opponents", points=g.opponents)))
    blocks.append(
        p(
            either(o.sitting_out, say("give-up-dealer")),
            say("give-up-limit", num=g.limit) if g.limit else None,
            either(o.bolts, say("give-up-no-bolt")),
            either(o.barrel, say("give-up-barrel")),
        )
    )
    # 5.1: the give-up penalty, and no give-up on the barrel; 5.2: free give-ups
    every = g.every
    club = p(
        say("give-up-free", num=g.free) if g.free and g.declarer == "minus" else None,
        say("give-up-every", first=every, second=2 * every, third=3 * every, penalty=g.penalty)
        if every is not None
        else None,
        either(g.free and every is not None, say("give-up-free-every")),
        either(o.barrel and not g.on_barrel, say("give-up-not-on-barrel")),
    )
    if club.says:
        blocks.append(club)
    return tuple(blocks)


def barrel(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    b = o.barrel
    assert b is not None
    fall = b.at - b.penalty
    if b.on_fail == "try":  # 5.2: a failed contract is one of the tries
        failed = p(
            say("barrel-fail-try"), either(o.give_up and o.auction, say("barrel-give-up-off"))
        )
    else:
        failed = p(either(o.give_up and o.auction, say("barrel-fail-give-up"), say("barrel-fail")))
    finishes = (
        "barrel-defender-finishes-exact" if o.finish == "exact" else "barrel-defender-finishes"
    )
    defender = either(b.defender_finishes, say(finishes, target=o.target), say("barrel-defender"))
    tries = say("barrel-tries", num=b.tries, fall=fall, at=b.at, penalty=b.penalty)
    count = b.falls_to_zero
    zero = (
        say("barrel-falls-to-zero", count=count, second=2 * count, third=3 * count, fall=fall)
        if count is not None
        else None
    )
    together = {  # 5.2: two or more players reaching the barrel in one hand
        "declarer": say("barrel-together-declarer", fall=fall) if o.auction else None,
        "none": say("barrel-together-none", fall=fall),
    }.get(b.together)
    return (
        p(say("barrel-climb", at=b.at, top=o.target - 1), together),
        p(say("barrel-declarer", target=o.target, at=b.at), *failed.says, defender),
        p(tries, either(b.knock_off, say("barrel-knock-off", fall=fall), say("barrel-several"))),
        *((p(zero),) if zero else ()),  # 5.1: every so many falls go to 0
    )


def bolts(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    b = o.bolts
    assert b is not None
    # 5.1: a bolt as "no trick", and only bolts in a row
    what = either(b.kind == "tricks", say("bolt-no-trick"), say("bolt"))
    if b.consecutive:
        count = say("bolt-count-row", num=b.count, penalty=b.penalty)
        return (
            p(what, count, either(o.barrel, say("bolt-barrel"))),
            p(say("bolt-row-broken"), say("bolt-row-kept")),
        )
    count = say("bolt-count", num=b.count, penalty=b.penalty)
    return (p(what, count, either(o.barrel, say("bolt-barrel"))),)


def dump(rules: Rules) -> tuple[Block, ...]:
    d = rules.options.dump
    assert d is not None
    return (p(say("dump", at=d.at), either(d.negative, say("dump-negative", at=d.at))),)


def end(rules: Rules) -> tuple[Block, ...]:
    o = rules.options
    who = either(o.auction, say("end-declarer"), say("end-highest"))
    first: tuple[Block, ...] = (p(say("end-target", target=o.target), who, say("end-joint")),)
    if o.finish == "exact":  # 5.2: a total must land exactly on the target
        first = (
            p(
                say("end-exact", target=o.target),
                either(o.auction, say("end-exact-declarer"), say("end-exact-joint")),
            ),
        )
    if o.deals is not None:
        # section 4: a game of a fixed number of deals, counted as the table counts hands
        first += (p(say("end-deals", num=o.deals, target=o.target), say("end-deals-winner")),)
    if o.stake is None:
        return (*first, p(say("no-stake")))
    winner, loser = o.target + 20, o.target * 6 // 10
    amount = Decimal(winner - loser) * o.stake
    example = say("stake-example", winner=winner, loser=loser, amount=amount)
    return (*first, p(say("stake", stake=o.stake), example, say("stake-joint")))
