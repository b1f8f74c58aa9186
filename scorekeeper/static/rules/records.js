// Twin of scorekeeper/rules/records.py: the nested house rules (scoring.md 5) and club agreements
// (5.1) as small immutable records; their fields are the game file's keys of each, camelCased.

/** On the barrel at `at`: `tries` hands to finish, else fall by `penalty` (section 5); the
 * `fallsToZero`-th fall of a seat sets its total to 0 instead (5.1; null: never). */
export class Barrel {
  /**
   * @param {{at?: number, tries?: number, penalty?: number, knockOff?: boolean,
   *   fallsToZero?: number | null}} [fields]
   */
  constructor({ at = 880, tries = 3, penalty = 120, knockOff = true, fallsToZero = null } = {}) {
    this.at = at;
    this.tries = tries;
    this.penalty = penalty;
    this.knockOff = knockOff;
    this.fallsToZero = fallsToZero;
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
 * with `onBarrel` false a seat on the barrel cannot give up. */
export class GiveUp {
  /**
   * @param {{declarer?: string, opponents?: number | string, limit?: number | null,
   *   every?: number | null, penalty?: number, onBarrel?: boolean}} [fields]
   */
  constructor({
    declarer = "minus",
    opponents = 60,
    limit = null,
    every = null,
    penalty = 120,
    onBarrel = true,
  } = {}) {
    this.declarer = declarer;
    this.opponents = opponents;
    this.limit = limit;
    this.every = every;
    this.penalty = penalty;
    this.onBarrel = onBarrel;
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
