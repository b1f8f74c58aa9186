"""The rules page's sections of the club agreements that are options of their own (5.1)."""

# The blind bid, the golden deal and silence; the agreements that are keys of the give-up, the
# barrel and the bolts are said in those sections (describe.py).

from __future__ import annotations

from .rulebook import Block, Say, either, p, say
from .ruleset import Rules


def blind(rules: Rules) -> tuple[Block, ...]:
    """5.1 blind bid: who may bid blind, and what the declarer scores."""
    o = rules.options
    b = o.blind
    assert b is not None
    least = b.min_contract
    return (
        p(
            say("blind-what"),
            say("blind-least", least=least),
            say("blind-total", total=b.min_total) if b.min_total is not None else None,
            say("blind-barrel" if b.on_barrel else "blind-no-barrel") if o.barrel else None,
            either(o.give_up, say("blind-no-give-up")),
            either(o.golden, say("blind-no-golden")),
        ),
        p(
            say("blind-score", multiplier=b.multiplier),
            say("blind-example", contract=least, score=least * b.multiplier),
            say("blind-rest"),
        ),
    )


def golden(rules: Rules) -> tuple[Block, ...]:
    """5.1 golden deal: which hands, who plays them at what, the multiplier and the reset."""
    o = rules.options
    g = o.golden
    assert g is not None
    score = g.contract * g.multiplier
    return (
        p(
            say("golden-hands", num=rules.golden_hands),
            say("golden-declarer", contract=g.contract),
            either(o.give_up, say("golden-no-give-up")),
        ),
        p(
            say("golden-times", multiplier=g.multiplier),
            either(o.bolts, say("golden-bolts")),
            say("golden-example", contract=g.contract, score=score),
            _takes_golden(rules),
        ),
        p(
            either(g.reset_if_nobody, say("golden-reset"), say("golden-no-reset")),
            either(g.reset_if_nobody and o.barrel, say("golden-reset-barrel")),
        ),
    )


def _takes_golden(rules: Rules) -> Say | None:
    """Which of the barrel and the dump take a golden hand's multiplied totals."""
    o = rules.options
    if o.barrel and o.dump:
        return say("golden-barrel-dump")
    return say("golden-barrel") if o.barrel else either(o.dump, say("golden-dump"))


def silence(rules: Rules) -> tuple[Block, ...]:
    """5.1 silence: who keeps silent and what they may still declare."""
    o = rules.options
    s = o.silence
    assert s is not None
    return (
        p(
            say("silence", below=s.below, min=o.min_bid),
            either(o.contract_raise, say("silence-raise")),
            say("silence-scores"),
        ),
        p(say("silence-exact", below=s.below), either(o.golden, say("silence-golden"))),
    )
