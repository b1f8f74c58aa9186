// Twin of scorekeeper/rules/table.py: the running state of a game while its lines are replayed,
// totals and per-seat counters; and of rules/tally.py: what the rules give back, per-line
// results, each player's state, and the tally of a game.

/** Mutable state folded over the lines; only the rules' replay touches it. */
export class Table {
  /**
   * @param {number} seats
   * @param {number} firstDealer
   */
  constructor(seats, firstDealer) {
    this.seats = seats;
    this.totals = Array(seats).fill(0);
    /** @type {boolean[]} */
    this.onBarrel = Array(seats).fill(false);
    /** hands played on the barrel since climbing (tries used) */
    this.barrelHands = Array(seats).fill(0);
    /** falls from the barrel in the game (5.1 falls_to_zero) */
    this.barrelFalls = Array(seats).fill(0);
    /** bolts since the last bolt penalty (or the run's break) */
    this.bolts = Array(seats).fill(0);
    this.giveUps = Array(seats).fill(0);
    this.nextDealer = firstDealer;
    /** hands dealt so far, adjustments apart (the golden deal counts them) */
    this.hands = 0;
    /** a declarer made its contract in a golden hand (5.1) */
    this.goldenMade = false;
    /** @type {number | null} line number of the hand that ended the game */
    this.endedAt = null;
    /** @type {readonly number[]} */
    this.winners = [];
  }

  /** @returns {Table} */
  copy() {
    const other = new Table(this.seats, this.nextDealer);
    other.totals = [...this.totals];
    other.onBarrel = [...this.onBarrel];
    other.barrelHands = [...this.barrelHands];
    other.barrelFalls = [...this.barrelFalls];
    other.bolts = [...this.bolts];
    other.giveUps = [...this.giveUps];
    other.hands = this.hands;
    other.goldenMade = this.goldenMade;
    other.endedAt = this.endedAt;
    other.winners = this.winners; // a tuple in Python: replaced, never changed in place
    return other;
  }
}

/** @typedef {import("./notes.js").Note} Note */

/** One line of the score sheet: a hand (kind "hand") or an adjustment. */
export class LineResult {
  /**
   * @param {{number: number, kind: string, dealer: number | null, declarer: number | null,
   *   scores: readonly number[], totals: readonly number[], notes: readonly Note[],
   *   contract?: number | null}} fields
   */
  constructor({ number, kind, dealer, declarer, scores, totals, notes, contract = null }) {
    this.number = number;
    this.kind = kind;
    this.dealer = dealer;
    this.declarer = declarer;
    this.scores = scores;
    this.totals = totals;
    this.notes = notes;
    /** the contract played (the lowest bid when none was given) */
    this.contract = contract;
  }
}

/** What a scoreboard shows of one seat after the last line. */
export class PlayerState {
  /**
   * @param {{seat: number, total: number, onBarrel: boolean, triesLeft: number | null,
   *   bolts: number, giveUps: number, giveUpsLeft: number | null, locked: boolean,
   *   barrelFalls?: number, giveUpsToPenalty?: number | null, silent?: boolean}} fields
   */
  constructor({
    seat,
    total,
    onBarrel,
    triesLeft,
    bolts,
    giveUps,
    giveUpsLeft,
    locked,
    barrelFalls = 0,
    giveUpsToPenalty = null,
    silent = false,
  }) {
    this.seat = seat;
    this.total = total;
    this.onBarrel = onBarrel;
    /** hands left on the barrel; null when not on it */
    this.triesLeft = triesLeft;
    /** bolts since the last bolt penalty */
    this.bolts = bolts;
    this.giveUps = giveUps;
    /** null: no limit (or no giving up at all) */
    this.giveUpsLeft = giveUpsLeft;
    /** at or above the lock: scores only as declarer */
    this.locked = locked;
    // the club agreements of scoring.md 5.1
    /** falls from the barrel so far in the game (tries out, knocked off) */
    this.barrelFalls = barrelFalls;
    /** give-ups until the next one costs the penalty */
    this.giveUpsToPenalty = giveUpsToPenalty;
    /** below silence's mark: may declare only as the forced opener */
    this.silent = silent;
  }
}

/** A hand of the golden deal (scoring.md 5.1): hand `hand` of `hands`, played by the forced
 * opener `declarer` at exactly `contract`, every score × `multiplier`. */
export class GoldenHand {
  /** @param {{hand: number, hands: number, declarer: number, contract: number, multiplier: number}} fields */
  constructor({ hand, hands, declarer, contract, multiplier }) {
    this.hand = hand;
    this.hands = hands;
    this.declarer = declarer;
    this.contract = contract;
    this.multiplier = multiplier;
  }
}

/** Who opens the next auction, and the variant's hints (musik "na setce", the 850 rule,
 * the club agreements' silent seats and golden hand). */
export class Bidding {
  /**
   * @param {{opener: number | null, forced: boolean, minBid: number | null,
   *   maySkip?: readonly number[], mayNotPass?: readonly number[], silent?: readonly number[],
   *   golden?: GoldenHand | null}} fields
   */
  constructor({ opener, forced, minBid, maySkip = [], mayNotPass = [], silent = [], golden = null }) {
    /** null: no auction in this variant */
    this.opener = opener;
    /** the opener must bid `minBid` and cannot pass */
    this.forced = forced;
    this.minBid = minBid;
    /** ru-2, 850 rule: these seats may stay out of the auction */
    this.maySkip = maySkip;
    /** ... and then these may not pass */
    this.mayNotPass = mayNotPass;
    /** 5.1: these may declare only as the opener at `minBid` */
    this.silent = silent;
    /** 5.1: the next hand is golden (no auction: it is fixed) */
    this.golden = golden;
  }
}

/** `payer` pays `payee` `amount` (scoring.md section 4): money as the engine keeps it, an
 * integer count of the smallest unit (STAKE_PLACES decimals, optionspecs.js), exact to the cent. */
export class Payment {
  /** @param {{payer: number, payee: number, amount: number}} fields */
  constructor({ payer, payee, amount }) {
    this.payer = payer;
    this.payee = payee;
    this.amount = amount;
  }
}

/** The whole derived score sheet of a game, recomputed from its lines. */
export class Tally {
  /**
   * @param {{lines: readonly LineResult[], totals: readonly number[],
   *   players: readonly PlayerState[], nextDealer: number, sittingOut: number | null,
   *   bidding: Bidding, finished: boolean, winners: readonly number[],
   *   settlement: readonly Payment[], hands?: number}} fields
   */
  constructor({ lines, totals, players, nextDealer, sittingOut, bidding, finished, winners, settlement, hands = 0 }) {
    this.lines = lines;
    this.totals = totals;
    this.players = players;
    this.nextDealer = nextDealer;
    /** who sits out the next hand (pl-4: its dealer) */
    this.sittingOut = sittingOut;
    this.bidding = bidding;
    this.finished = finished;
    this.winners = winners;
    this.settlement = settlement;
    /** hands played (adjustments are not hands): the golden deal counts them */
    this.hands = hands;
  }
}
