// What was seen at the table. Twin of scorekeeper/rules/cards.py: the cards of Thousand; suits,
// card values of each deck, and the card points a deck can make; of rules/records.py: the nested
// house rules (scoring.md 5) and club agreements (5.1) as small immutable records, their fields
// the game file's keys of each, camelCased; and of rules/hand.py: the input records of a hand and
// of an adjustment (game-file.md).
import { DECKS as DECK_DATA, RANKS, SUITS } from "./data.js";

export { RANKS, SUITS };
/** "aces" is the ace marriage of the house rules (scoring.md section 5), never a trump. */
export const ACES = "aces";
export const MARRIAGE_SUITS = [...SUITS, ACES];

/**
 * Every sum that some set of the deck's 24 cards can make (4 cards of each value).
 * @param {readonly number[]} values
 * @returns {ReadonlySet<number>}
 */
function reachableSums(values) {
  const sums = new Set([0]);
  for (const value of values) {
    for (let i = 0; i < 4; i++) for (const s of [...sums]) sums.add(s + value);
  }
  return sums;
}

/** One deck's card values (scoring.md section 2, option `cards`); its values come from data.js. */
export class Deck {
  /** @param {import("./data.js").DeckData} fields */
  constructor({ key, ace, ten, king, queen, jack, nine }) {
    this.key = key;
    this.ace = ace;
    this.ten = ten;
    this.king = king;
    this.queen = queen;
    this.jack = jack;
    this.nine = nine;
    /** Every card points a seat can hold (the checks ask it of every hand). */
    this.reachable = reachableSums(this.values);
  }

  get values() {
    return [this.ace, this.ten, this.king, this.queen, this.jack, this.nine];
  }

  get total() {
    return 4 * this.values.reduce((a, b) => a + b, 0);
  }

  /** Card points of a marriage's two cards: a seat credited with one holds at least this. */
  get kingQueen() {
    return this.king + this.queen;
  }

  get fourAces() {
    return 4 * this.ace;
  }

  toString() {
    return this.key;
  }
}

/**
 * The decks by key: standard (the jack is 2, so that a deck holds 120) and moscow (king 5,
 * queen 4, jack 3: a deck of 132), scoring.md section 1. No prototype: "toString" is no deck.
 * @type {Readonly<Record<string, Deck>>}
 */
export const DECKS = Object.freeze(
  Object.assign(Object.create(null), Object.fromEntries(Object.entries(DECK_DATA).map(([k, d]) => [k, new Deck(d)]))),
);
/** On the barrel at `at`: `tries` hands to finish, else fall by `penalty` (section 5); every
 * `fallsToZero`-th fall of a seat sets its total to 0 instead (5.1; null: never). 5.2:
 * `onFail` "try" keeps a failed declarer on (0, one try); with `defenderFinishes` a seat on it
 * may finish as a defender; `together` says who climbs when several reach it at once. */
export class Barrel {
  /**
   * @param {{at?: number, tries?: number, penalty?: number, knockOff?: boolean,
   *   fallsToZero?: number | null, onFail?: string, defenderFinishes?: boolean,
   *   together?: string}} [fields]
   */
  constructor({
    at = 880,
    tries = 3,
    penalty = 120,
    knockOff = true,
    fallsToZero = null,
    onFail = "minus",
    defenderFinishes = false,
    together = "all",
  } = {}) {
    this.at = at;
    this.tries = tries;
    this.penalty = penalty;
    this.knockOff = knockOff;
    this.fallsToZero = fallsToZero;
    this.onFail = onFail;
    this.defenderFinishes = defenderFinishes;
    this.together = together;
  }
}

/** Every `count`-th bolt costs `penalty` (section 5). A bolt is a hand with no points
 * (`kind` "points") or with no trick ("tricks"); with `consecutive`, only a run of bolts in
 * a row counts (5.1). */
export class Bolts {
  /** @param {{count?: number, penalty?: number, kind?: string, consecutive?: boolean}} [fields] */
  constructor({ count = 3, penalty = 120, kind = "points", consecutive = false } = {}) {
    this.count = count;
    this.penalty = penalty;
    this.kind = kind;
    this.consecutive = consecutive;
  }
}

/** A total of exactly `at` (or -`at` with `negative`) after a hand becomes 0 (section 5). */
export class Dump {
  /** @param {{at?: number, negative?: boolean}} [fields] */
  constructor({ at = 555, negative = false } = {}) {
    this.at = at;
    this.negative = negative;
  }
}

/** Giving up after the musik (section 3.4): `opponents` is points or "half" the contract.
 * 5.1: every `every`-th give-up of a seat also costs it `penalty` (null: no such penalty);
 * with `onBarrel` false a seat on the barrel cannot give up. 5.2: with "half", each opponent
 * scores at least `opponentsMin`; a seat's first `free` give-ups cost it nothing. */
export class GiveUp {
  /**
   * @param {{declarer?: string, opponents?: number | string, limit?: number | null,
   *   every?: number | null, penalty?: number, onBarrel?: boolean,
   *   opponentsMin?: number | null, free?: number}} [fields]
   */
  constructor({
    declarer = "minus",
    opponents = 60,
    limit = null,
    every = null,
    penalty = 120,
    onBarrel = true,
    opponentsMin = null,
    free = 0,
  } = {}) {
    this.declarer = declarer;
    this.opponents = opponents;
    this.limit = limit;
    this.every = every;
    this.penalty = penalty;
    this.onBarrel = onBarrel;
    this.opponentsMin = opponentsMin;
    this.free = free;
  }
}

/** The sitting-out dealer's musik: `ace` per ace, and a marriage's value when `marriage`. */
export class MusikBonus {
  /** @param {{ace?: number, marriage?: boolean}} [fields] */
  constructor({ ace = 50, marriage = true } = {}) {
    this.ace = ace;
    this.marriage = marriage;
  }
}

/** A blind bid (5.1): the declarer bid before seeing the musik; ±contract × `multiplier`.
 * The contract is at least `minContract`; with `minTotal`, the declarer's total before the
 * hand is at least it; `onBarrel`: whether a declarer on the barrel may bid blind. */
export class Blind {
  /** @param {{multiplier?: number, minContract?: number, minTotal?: number | null, onBarrel?: boolean}} [fields] */
  constructor({ multiplier = 2, minContract = 120, minTotal = null, onBarrel = false } = {}) {
    this.multiplier = multiplier;
    this.minContract = minContract;
    this.minTotal = minTotal;
    this.onBarrel = onBarrel;
  }
}

/** The golden deal (5.1): the first `hands` hands (null: as many as there are players),
 * each played by the forced opener at exactly `contract`, every score × `multiplier`; with
 * `resetIfNobody`, all totals go back to 0 after them when no declarer made it. */
export class Golden {
  /** @param {{hands?: number | null, contract?: number, multiplier?: number, resetIfNobody?: boolean}} [fields] */
  constructor({ hands = null, contract = 120, multiplier = 2, resetIfNobody = true } = {}) {
    this.hands = hands;
    this.contract = contract;
    this.multiplier = multiplier;
    this.resetIfNobody = resetIfNobody;
  }
}

/** Silence (5.1): a seat whose total before the hand is below `below` may be declarer only
 * as the forced opener at the lowest bid. */
export class Silence {
  /** @param {{below?: number}} [fields] */
  constructor({ below = -120 } = {}) {
    this.below = below;
  }
}

/** A marriage of `seat` in `suit`, in the order declared (or found in tricks). */
export class Marriage {
  /** @param {{seat: number, suit: string, switch?: boolean}} fields */
  constructor({ seat, suit, switch: switched = false }) {
    this.seat = seat;
    this.suit = suit;
    /** Moscow: declaring it makes its suit trump (scoring.md 3.3 step 2) */
    this.switch = switched;
  }
}

/** What the musik held, for the sitting-out dealer's bonus in pl-4. */
export class Musik {
  /** @param {{aces?: number, marriage?: string | null}} [fields] */
  constructor({ aces = 0, marriage = null } = {}) {
    this.aces = aces;
    this.marriage = marriage;
  }
}

/**
 * The fields of a hand; a seat's points or tricks are null where they were not logged.
 * @typedef {object} HandFields
 * @property {number | null} [declarer]
 * @property {number | null} [bid]
 * @property {number | null} [contract]
 * @property {boolean} [giveUp]
 * @property {readonly (number | null)[] | null} [points]
 * @property {readonly Marriage[]} [marriages]
 * @property {string | null} [trump]
 * @property {readonly (number | null)[] | null} [tricks]
 * @property {Musik | null} [musik]
 * @property {number | null} [dealer]
 * @property {boolean} [blind]
 */

/** One dealt hand, as logged; `points` is null in a given-up hand. */
export class Hand {
  /** @param {HandFields} [fields] */
  constructor({
    declarer = null,
    bid = null,
    contract = null,
    giveUp = false,
    points = null,
    marriages = [],
    trump = null,
    tricks = null,
    musik = null,
    dealer = null,
    blind = false,
  } = {}) {
    this.declarer = declarer;
    this.bid = bid;
    this.contract = contract;
    this.giveUp = giveUp;
    this.points = points;
    this.marriages = marriages;
    this.trump = trump;
    this.tricks = tricks;
    this.musik = musik;
    this.dealer = dealer;
    /** the declarer bid before seeing the musik (scoring.md 5.1) */
    this.blind = blind;
  }

  /** The contract: the bid when no contract is given (game-file.md). */
  get finalContract() {
    return this.contract ?? this.bid;
  }
}

/** A penalty or an agreed correction: added as it is, through no rule (scoring.md 3.5). */
export class Adjustment {
  /** @param {{values: readonly number[], reason?: string}} fields */
  constructor({ values, reason = "" }) {
    this.values = values;
    this.reason = reason;
  }
}

/** @typedef {Hand | Adjustment} Line */
