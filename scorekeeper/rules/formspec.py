"""What logging a hand asks for under these rules: the hand form and the score page ask here."""

# The pages hold no rule condition: whether there is an auction, when the trump is
# asked for, which marriages can be ticked, who sits out... are the rules' answers, given here
# as plain records for the templates, the form's code and forms.js (through data attributes).

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACES, RANKS, SUITS
from .ruleset import Rules
from .tally import GoldenHand, PlayerState


@dataclass(frozen=True)
class GiveUpSpec:
    """Giving up after the musik (scoring.md 3.4), as the form's hint says it."""

    declarer_minus: bool  # the declarer scores minus the contract (else nothing)
    opponents: int | None  # what each opponent scores; None: half the contract
    limit: int | None  # times a player may give up in a game
    every: int | None = None  # 5.1: every so many give-ups of a player cost `penalty`
    penalty: int = 0
    on_barrel: bool = True  # 5.1: false: a player on the barrel cannot give up
    least: int | None = None  # 5.2: with half the contract, each opponent at least this
    free: int = 0  # 5.2: a player's first so many give-ups cost nothing


@dataclass(frozen=True)
class BlindSpec:
    """A blind bid (scoring.md 5.1), as the form's toggle and its hint say it."""

    multiplier: int  # the declarer scores ±contract × this
    min_contract: int  # a blind contract is at least this
    min_total: int | None  # the declarer's total before the hand is at least this
    on_barrel: bool  # a declarer on the barrel may bid blind


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
    blind: BlindSpec | None = None  # None: no blind bids in this game (or in this hand)
    golden: GoldenHand | None = None  # a golden hand: its declarer and contract are fixed
    # per seat, the lowest bid that seat can have won the auction with (None: it sits out);
    # the form offers it while the bid box is empty: 3.2, with a forced opening every bid
    # after the opener's is higher
    least_bids: tuple[int | None, ...] = ()


def hand_form(rules: Rules, dealer: int, hands: int = 0) -> HandFormSpec:
    """The form of a hand dealt by `dealer` under `rules`, after `hands` hands of the game
    (adjustments apart): the golden deal (5.1) counts them."""
    o = rules.options
    playing = rules.participants(dealer)
    give_up = None
    g = o.give_up
    if o.auction and g is not None:
        opponents = g.opponents
        give_up = GiveUpSpec(
            g.declarer == "minus",
            opponents if isinstance(opponents, int) else None,
            g.limit,
            g.every,
            g.penalty,
            g.on_barrel,
            g.opponents_min,
            g.free,
        )
    golden = rules.golden_hand(hands + 1, dealer)
    least_bids: tuple[int | None, ...] = ()
    if o.auction:
        opener = rules.opener(dealer) if rules.forced_opening else None
        least_bids = tuple(
            None
            if s not in playing
            else o.min_bid + o.bid_step
            if opener is not None and s != opener
            else o.min_bid
            for s in range(rules.seats)
        )
    b = o.blind
    # a golden hand has no blind bid (5.1)
    blind = BlindSpec(b.multiplier, b.min_contract, b.min_total, b.on_barrel) if b else None
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
        blind=blind if golden is None else None,
        golden=golden,
        least_bids=least_bids,
    )


@dataclass(frozen=True)
class Chips:
    """What the score page marks beside one player's total: only what is close to mattering,
    and nothing once the game is over (docs/table.md, "Chips")."""

    locked_at: int | None  # at or above the lock: it scores only as declarer
    bolts: tuple[int, int] | None  # bolts since the last penalty, of how many; None: none
    barrel_tries: int | None  # on the barrel: hands left to finish
    # the club agreements (5.1)
    silent_below: int | None = None  # keeps silent: its total is below this
    # give-ups until one costs the penalty (this one: 1), once it is one or two away
    give_ups_to_penalty: int | None = None
    # falls so far, of the fall that goes to 0; None before the first and from that one on
    barrel_falls: tuple[int, int] | None = None
    give_ups_left: int | None = None  # the last give-up allowed (1) or none left (0)


# A penalty is marked from two give-ups away (the next or the one after costs it), a limit
# from its last give-up on: earlier, the mark would sit on every player all game.
PENALTY_NEAR = 2
LIMIT_NEAR = 1


def chips(rules: Rules, player: PlayerState, finished: bool = False) -> Chips:
    """The marks of `player`'s total under `rules` (scoring.md sections 5, 5.1, 3.3 step 8),
    `finished`: the game is over, and nothing is marked."""
    if finished:
        return Chips(locked_at=None, bolts=None, barrel_tries=None)
    o = rules.options
    falls = o.barrel.falls_to_zero if o.barrel else None
    every = o.give_up.every if o.give_up else None
    penalty = player.give_ups_to_penalty
    # once the count has begun (a give-up since the last penalty, 5.1) and it is near
    if penalty is None or penalty == every or penalty > PENALTY_NEAR:
        penalty = None
    left = player.give_ups_left
    # a player who has given up, with one give-up left or none (scoring.md 3.4)
    if left is None or not player.give_ups or left > LIMIT_NEAR:
        left = None
    return Chips(
        locked_at=o.lock if player.locked else None,
        bolts=(player.bolts, o.bolts.count) if o.bolts and player.bolts else None,
        barrel_tries=player.tries_left if player.on_barrel else None,
        silent_below=o.silence.below if o.silence and player.silent else None,
        give_ups_to_penalty=penalty,
        # 5.1: the falls counted toward the next that goes to 0 (every `falls`-th does)
        barrel_falls=(
            (player.barrel_falls % falls, falls) if falls and player.barrel_falls % falls else None
        ),
        give_ups_left=left,
    )
