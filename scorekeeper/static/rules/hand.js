// Twin of scorekeeper/rules/hand.py: what was seen at the table; the input records of a hand and
// of an adjustment (game-file.md).

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
