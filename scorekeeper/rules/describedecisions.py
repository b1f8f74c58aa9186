"""The rules page's last section: the project's decisions that bear on a game."""

# Where the rule texts are silent or differ, scoring.md and docs/rules-decisions.md decide; the
# page says those of them that bear on the game, with its numbers.

from __future__ import annotations

from .cards import STANDARD
from .rulebook import Block, Say, either, four_card_sums, p, say
from .ruleset import Rules


def decisions(rules: Rules) -> tuple[Block, ...]:
    """The project's decisions (scoring.md, docs/rules-decisions.md) that bear on `rules`."""
    o, key, d = rules.options, rules.key, rules.options.cards
    step, forced = o.rounding, rules.forced_opening
    in_tricks, declared = o.marriages == "in-tricks", o.marriages == "declared"
    half = o.give_up is not None and o.give_up.opponents == "half" and o.auction
    no_bolt = next((n for n in sorted(d.reachable) if n and rules.round(n) == 0), None)
    sums = four_card_sums(d.values)
    out_of_four = ", ".join(str(d.total - s) for s in range(4 * d.ace, -1, -1) if s not in sums)
    said: list[Block | None] = [
        p(say("decisions")),
        _if(d == STANDARD, say("jack", total=d.total, jack=d.jack)),
        _if(key in ("pl-3", "pl-4") and bool(step), say("polish-rounding", step=step)),
        _if(key in ("ru-2", "ru-4") and step == 10, say("five-up")),
        _if(key == "ru-2", say("ukrainian")),
        _if(key == "ru-4", say("no-850")),
        _if(not o.auction, say("moscow-marriages")),
        _if(
            o.trump_marriage_double,
            say("double-moment"),
            either(o.double_on_switch, say("double-on-switch"), say("no-double-on-switch")),
        ),
        _if(
            o.auction,
            either(forced, say("no-bid-forced", min=o.min_bid), say("no-bid", min=o.min_bid)),
        ),
        _if(
            o.auction,
            either(forced, say("opening-forced", min=o.min_bid), say("opening-may-pass")),
        ),
        _if(o.auction and o.give_up is None, say("no-give-up")),
        _if(
            rules.needs_trump(),
            either(in_tricks, say("trump-in-tricks"), say("trump-turned-up")),
        ),
        _if(bool(o.sitting_out), say("sitting-out")),
        _if(bool(o.sitting_out and o.musik_bonus), say("musik-recorded")),
        _if(o.ace_marriage is not None and in_tricks, say("ace-in-tricks", points=d.four_aces)),
        _if(o.slam_counts_all and o.auction, say("slam-exact", total=d.total)),
        _if(
            o.bolts is not None,
            say("bolt-before-rounding"),
            either(declared and o.marriage_needs_trick, say("bolt-marriage")),
            say("bolt-rounded-to-0", points=no_bolt) if no_bolt else None,
            either(o.lock is not None, say("bolt-locked")),
        ),
        _if(o.dump is not None, say("dump-order", at=o.dump.at if o.dump else 0)),
    ]
    if o.barrel is not None:
        said.append(p(say("barrel-stays", target=o.target)))
        said.append(p(say("barrel-adjustment", at=o.barrel.at, top=o.target - 1)))
        # several climb at once only where 5.2 `together` lets them
        said.append(_if(o.barrel.knock_off and o.barrel.together != "none", say("barrel-together")))
        said.append(
            _if(
                o.barrel.defender_finishes and o.sitting_out and o.musik_bonus,
                say("barrel-sitting-out-finish", target=o.target),
            )
        )
    said += [
        _if(half, say("half-odd", step=step or 5)),
        _if(
            not o.all_cards_in_play,
            say("out-of-four", least=d.total - 4 * d.ace, total=d.total, examples=out_of_four),
        ),
        _if(o.stake is not None, say("stake-level")),
        # 5.2 finish exact: a total put past the target, and the bolts before the barrel
        _if(
            o.finish == "exact",
            say("exact-adjustment", target=o.target),
            either(o.bolts is not None and o.barrel is not None, say("exact-bolts")),
        ),
        p(say("nothing-after-end")),
        p(say("end-after-hands", target=o.target)),
        _if(
            o.deals is not None,
            say("deals-target", target=o.target),
            either(o.barrel is not None, say("deals-barrel")),
        ),
    ]
    return tuple(block for block in said if block is not None)


def _if(condition: object, *says: Say | None) -> Block | None:
    """A paragraph of the decisions, if it bears on the game."""
    return p(*says) if condition else None
