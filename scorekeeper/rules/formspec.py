"""What logging a hand asks for under these rules: the hand form and the score page ask here."""

# The pages hold no rule condition (issue 13): whether there is an auction, when the trump is
# asked for, which marriages can be ticked, who sits out... are the rules' answers, given here
# as plain records for the templates, the form's code and forms.js (through data attributes).

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACES, RANKS, SUITS
from .ruleset import Rules
from .tally import PlayerState


@dataclass(frozen=True)
class GiveUpSpec:
    """Giving up after the musik (scoring.md 3.4), as the form's hint says it."""

    declarer_minus: bool  # the declarer scores minus the contract (else nothing)
    opponents: int | None  # what each opponent scores; None: half the contract
    limit: int | None  # times a player may give up in a game


@dataclass(frozen=True)
class HandFormSpec:
    """The fields of one hand's form and what they may hold."""

    auction: bool  # a declarer and a bid are asked for
    contract_raise: bool  # the contract may be raised above the bid after the musik
    min_bid: int
    bid_step: int
    max_contract: int
    give_up: GiveUpSpec | None  # None: nobody gives up in this game
    trump: bool  # the form has the trump's buttons
    trump_with_marriage: bool  # needed only once a marriage is ticked (found in tricks)
    trump_turned_up: bool  # the suit turned up at the deal, which doubles a marriage (Moscow)
    in_tricks: bool  # marriages are found in tricks after the hand, not declared
    marriage_suits: tuple[str, ...]  # the boxes of each seat (the aces with the ace marriage)
    switches: bool  # a marriage may make its suit the new trump (Moscow)
    dealer: int
    playing: tuple[int, ...]  # the seats in this hand
    sitting_out: int | None  # the dealer who sits it out, if any
    musik: bool  # what the sitting-out dealer found in the musik is asked for
    deck_total: int  # all the card points of the deck
    all_cards_in_play: bool  # the points add up to deck_total: the last box can be suggested
    card_values: tuple[tuple[str, int], ...]  # the card counter's buttons: rank, points


def hand_form(rules: Rules, dealer: int) -> HandFormSpec:
    """The form of a hand dealt by `dealer` under `rules`."""
    o = rules.options
    playing = rules.participants(dealer)
    give_up = None
    if o.auction and o.give_up is not None:
        opponents = o.give_up.opponents
        give_up = GiveUpSpec(
            o.give_up.declarer == "minus",
            opponents if isinstance(opponents, int) else None,
            o.give_up.limit,
        )
    return HandFormSpec(
        auction=o.auction,
        contract_raise=o.contract_raise,
        min_bid=o.min_bid,
        bid_step=o.bid_step,
        max_contract=o.max_contract,
        give_up=give_up,
        trump=rules.needs_trump() or o.trump_marriage_double or o.marriages == "in-tricks",
        trump_with_marriage=rules.trump_only_with_marriage(),
        trump_turned_up=o.trump_marriage_double,
        in_tricks=o.marriages == "in-tricks",
        marriage_suits=SUITS + ((ACES,) if o.ace_marriage else ()),
        switches=o.trump_marriage_double,
        dealer=dealer,
        playing=playing,
        sitting_out=dealer if dealer not in playing else None,
        musik=bool(o.musik_bonus and o.sitting_out),
        deck_total=o.cards.total,
        all_cards_in_play=o.all_cards_in_play,
        card_values=tuple(zip(RANKS, o.cards.values, strict=True)),
    )


@dataclass(frozen=True)
class Chips:
    """What the score page marks beside one player's total."""

    locked_at: int | None  # at or above the lock: it scores only as declarer
    bolts: tuple[int, int] | None  # bolts since the last penalty, of how many; None: none
    barrel_tries: int | None  # on the barrel: hands left to finish


def chips(rules: Rules, player: PlayerState) -> Chips:
    """The marks of `player`'s total under `rules` (scoring.md section 5, 3.3 step 8)."""
    o = rules.options
    return Chips(
        locked_at=o.lock if player.locked else None,
        bolts=(player.bolts, o.bolts.count) if o.bolts and player.bolts else None,
        barrel_tries=player.tries_left if player.on_barrel else None,
    )
