// Twin of scorekeeper/rules/formspec.py: what logging a hand asks for under these rules, for the
// hand form and the score page.
import { ACES, RANKS, SUITS } from "./hand.js";

// The pages hold no rule condition: whether there is an auction, when the trump is asked for,
// which marriages can be ticked, who sits out... are the rules' answers, given here as plain
// records for the forms (the output writes their fields under the Python names).

/**
 * @typedef {import("./ruleset.js").Rules} Rules
 * @typedef {import("./tally.js").GoldenHand} GoldenHand
 * @typedef {import("./tally.js").PlayerState} PlayerState
 */

/** Giving up after the musik (scoring.md 3.4), as the form's hint says it. */
export class GiveUpSpec {
  /**
   * @param {{declarerMinus: boolean, opponents: number | null, limit: number | null,
   *   every?: number | null, penalty?: number, onBarrel?: boolean, least?: number | null,
   *   free?: number}} fields
   */
  constructor({ declarerMinus, opponents, limit, every = null, penalty = 0, onBarrel = true, least = null, free = 0 }) {
    /** the declarer scores minus the contract (else nothing) */
    this.declarerMinus = declarerMinus;
    /** what each opponent scores; null: half the contract */
    this.opponents = opponents;
    /** times a player may give up in a game */
    this.limit = limit;
    /** 5.1: every so many give-ups of a player cost `penalty` */
    this.every = every;
    this.penalty = penalty;
    /** 5.1: false: a player on the barrel cannot give up */
    this.onBarrel = onBarrel;
    /** 5.2: with half the contract, each opponent at least this */
    this.least = least;
    /** 5.2: a player's first so many give-ups cost nothing */
    this.free = free;
  }
}

/** A blind bid (scoring.md 5.1), as the form's toggle and its hint say it. */
export class BlindSpec {
  /** @param {{multiplier: number, minContract: number, minTotal: number | null, onBarrel: boolean}} fields */
  constructor({ multiplier, minContract, minTotal, onBarrel }) {
    /** the declarer scores ±contract × this */
    this.multiplier = multiplier;
    /** a blind contract is at least this */
    this.minContract = minContract;
    /** the declarer's total before the hand is at least this */
    this.minTotal = minTotal;
    /** a declarer on the barrel may bid blind */
    this.onBarrel = onBarrel;
  }
}

/**
 * The fields of a hand form, as HandFormSpec takes them.
 * @typedef {object} HandFormFields
 * @property {boolean} auction a declarer and a bid are asked for
 * @property {boolean} contractRaise the contract may be raised above the bid after the musik
 * @property {number} minBid
 * @property {number} bidStep
 * @property {number} maxContract
 * @property {GiveUpSpec | null} giveUp null: nobody gives up in this game
 * @property {boolean} trump the form has the trump's buttons
 * @property {boolean} trumpWithMarriage needed only once a marriage is ticked (found in tricks)
 * @property {boolean} trumpTurnedUp the suit turned up at the deal, which doubles a marriage (Moscow)
 * @property {boolean} inTricks marriages are found in tricks after the hand, not declared
 * @property {readonly string[]} marriageSuits the boxes of each seat (the aces with the ace marriage)
 * @property {boolean} switches a marriage may make its suit the new trump (Moscow)
 * @property {number} dealer
 * @property {readonly number[]} playing the seats in this hand
 * @property {number | null} sittingOut the dealer who sits it out, if any
 * @property {boolean} musik what the sitting-out dealer found in the musik is asked for
 * @property {number} deckTotal all the card points of the deck
 * @property {boolean} allCardsInPlay the points add up to deckTotal: the last box can be suggested
 * @property {readonly (readonly [string, number])[]} cardValues the card counter's buttons: rank, points
 * @property {BlindSpec | null} [blind] null: no blind bids in this game (or in this hand)
 * @property {GoldenHand | null} [golden] a golden hand: its declarer and contract are fixed
 * @property {readonly (number | null)[]} [leastBids] per seat, the lowest bid it can have won with
 */

/** The fields of one hand's form and what they may hold. */
export class HandFormSpec {
  /** @param {HandFormFields} fields */
  constructor({ blind = null, golden = null, leastBids = [], ...rest }) {
    this.auction = rest.auction;
    this.contractRaise = rest.contractRaise;
    this.minBid = rest.minBid;
    this.bidStep = rest.bidStep;
    this.maxContract = rest.maxContract;
    this.giveUp = rest.giveUp;
    this.trump = rest.trump;
    this.trumpWithMarriage = rest.trumpWithMarriage;
    this.trumpTurnedUp = rest.trumpTurnedUp;
    this.inTricks = rest.inTricks;
    this.marriageSuits = rest.marriageSuits;
    this.switches = rest.switches;
    this.dealer = rest.dealer;
    this.playing = rest.playing;
    this.sittingOut = rest.sittingOut;
    this.musik = rest.musik;
    this.deckTotal = rest.deckTotal;
    this.allCardsInPlay = rest.allCardsInPlay;
    this.cardValues = rest.cardValues;
    this.blind = blind;
    this.golden = golden;
    this.leastBids = leastBids;
  }
}

/**
 * Per seat, the lowest bid that seat can have won the auction with in a hand dealt by
 * `dealer` (null: it sits out); the form offers it while the bid box is empty: 3.2, with a
 * forced opening every bid after the opener's is higher. Empty with no auction.
 * @param {Rules} rules
 * @param {number} dealer
 * @returns {(number | null)[]}
 */
export function leastBids(rules, dealer) {
  const o = rules.options;
  if (!o.auction) return [];
  const playing = rules.participants(dealer);
  const opener = rules.forcedOpening ? rules.opener(dealer) : null;
  return Array.from({ length: rules.seats }, (_, s) =>
    !playing.includes(s) ? null : opener !== null && s !== opener ? o.min_bid + o.bid_step : o.min_bid,
  );
}

/**
 * The form of a hand dealt by `dealer` under `rules`, after `hands` hands of the game
 * (adjustments apart): the golden deal (5.1) counts them.
 * @param {Rules} rules
 * @param {number} dealer
 * @param {number} [hands]
 * @returns {HandFormSpec}
 */
export function handForm(rules, dealer, hands = 0) {
  const o = rules.options;
  const playing = rules.participants(dealer);
  const g = o.give_up;
  const giveUp =
    o.auction && g !== null
      ? new GiveUpSpec({
          declarerMinus: g.declarer === "minus",
          opponents: typeof g.opponents === "number" ? g.opponents : null,
          limit: g.limit,
          every: g.every,
          penalty: g.penalty,
          onBarrel: g.onBarrel,
          least: g.opponentsMin,
          free: g.free,
        })
      : null;
  const golden = rules.goldenHand(hands + 1, dealer);
  const b = o.blind;
  const inTricks = o.marriages === "in-tricks";
  const values = o.cards.values;
  return new HandFormSpec({
    auction: o.auction,
    contractRaise: o.contract_raise,
    minBid: o.min_bid,
    bidStep: o.bid_step,
    maxContract: o.max_contract,
    giveUp,
    trump: rules.needsTrump() || o.trump_marriage_double || inTricks,
    trumpWithMarriage: rules.trumpOnlyWithMarriage(),
    trumpTurnedUp: o.trump_marriage_double,
    inTricks,
    marriageSuits: o.ace_marriage ? [...SUITS, ACES] : [...SUITS],
    switches: o.trump_marriage_double,
    dealer,
    playing,
    sittingOut: playing.includes(dealer) ? null : dealer,
    musik: Boolean(o.musik_bonus && o.sitting_out),
    deckTotal: o.cards.total,
    allCardsInPlay: o.all_cards_in_play,
    cardValues: RANKS.map((rank, i) => /** @type {const} */ ([rank, values[i]])),
    // a golden hand has no blind bid (5.1)
    blind: b && golden === null ? new BlindSpec(b) : null,
    golden,
    leastBids: leastBids(rules, dealer),
  });
}

/** What the score page marks beside one player's total: only what is close to mattering, and
 * nothing once the game is over (docs/table.md, "Chips"). */
export class Chips {
  /**
   * @param {{lockedAt: number | null, bolts: readonly [number, number] | null, barrelTries: number | null,
   *   silentBelow?: number | null, giveUpsToPenalty?: number | null,
   *   barrelFalls?: readonly [number, number] | null, giveUpsLeft?: number | null}} fields
   */
  constructor({ lockedAt, bolts, barrelTries, silentBelow = null, giveUpsToPenalty = null, barrelFalls = null, giveUpsLeft = null }) {
    /** at or above the lock: it scores only as declarer */
    this.lockedAt = lockedAt;
    /** bolts since the last penalty, of how many; null: none */
    this.bolts = bolts;
    /** on the barrel: hands left to finish */
    this.barrelTries = barrelTries;
    // the club agreements (5.1)
    /** keeps silent: its total is below this */
    this.silentBelow = silentBelow;
    /** give-ups until one costs the penalty (this one: 1), once it is one or two away */
    this.giveUpsToPenalty = giveUpsToPenalty;
    /** falls so far, of the fall that goes to 0; null before the first and from that one on */
    this.barrelFalls = barrelFalls;
    /** the last give-up allowed (1) or none left (0) */
    this.giveUpsLeft = giveUpsLeft;
  }
}

// A penalty is marked from two give-ups away (the next or the one after costs it), a limit from
// its last give-up on: earlier, the mark would sit on every player all game.
export const PENALTY_NEAR = 2;
export const LIMIT_NEAR = 1;

/**
 * The marks of `player`'s total under `rules` (scoring.md sections 5, 5.1, 3.3 step 8);
 * `finished`: the game is over, and nothing is marked.
 * @param {Rules} rules
 * @param {PlayerState} player
 * @param {boolean} [finished]
 * @returns {Chips}
 */
export function chips(rules, player, finished = false) {
  if (finished) return new Chips({ lockedAt: null, bolts: null, barrelTries: null });
  const o = rules.options;
  const falls = o.barrel?.fallsToZero;
  let penalty = player.giveUpsToPenalty;
  // once the count has begun (a give-up since the last penalty, 5.1) and it is near
  if (penalty === null || penalty === o.give_up?.every || penalty > PENALTY_NEAR) penalty = null;
  let left = player.giveUpsLeft;
  // a player who has given up, with one give-up left or none (scoring.md 3.4)
  if (left === null || !player.giveUps || left > LIMIT_NEAR) left = null;
  const fell = player.barrelFalls;
  return new Chips({
    lockedAt: player.locked ? o.lock : null,
    bolts: o.bolts && player.bolts ? [player.bolts, o.bolts.count] : null,
    barrelTries: player.onBarrel ? player.triesLeft : null,
    silentBelow: o.silence && player.silent ? o.silence.below : null,
    giveUpsToPenalty: penalty,
    // 5.1: the falls counted toward the next that goes to 0 (every `falls`-th does)
    barrelFalls: falls && fell % falls ? [fell % falls, falls] : null,
    giveUpsLeft: left,
  });
}
