// Twin of Checker (scorekeeper/rules/checks/__init__.py): whether a line could have happened at
// this table (scoring.md 3.2), as problems, not crashes; the cards' checks are in cards.js; and of
// AuctionChecks and ClubChecks (rules/checks/auction.py, club.py): a hand's bid, contract and
// declarer (3.2), its forced opening, a give-up, and the club agreements of 5.1 on one hand,
// entered or stored (a blind bid, a golden hand, a silent seat, a give-up on the barrel), each
// problem at the field that carries what is refused, naming the seat it is about.
import { Adjustment } from "../hand.js";
import { N_, Problem } from "../i18n.js";
import { ADJUSTMENT_MAX, LINES_MAX, REASON_MAX, textProblem } from "../optionspecs.js";
import {
  deal, marriages, musik, musikMarriage, PER_SEAT, points, trickPointsAlone, tricks, trump,
} from "./cards.js";

/** @typedef {import("../hand.js").Hand} Hand */
/** @typedef {import("../hand.js").Line} Line */
/** @typedef {import("../ruleset.js").Rules} Rules */
/** @typedef {import("../tally.js").Table} Table */
/** @typedef {import("../tally.js").GoldenHand} GoldenHand */

/** The problems of a line: the game's state, the auction, the club agreements (5.1), a
 * give-up, then the cards. The checks of each part take it as their context. */
export class Checker {
  /**
   * @param {Rules} rules
   * @param {Table} table
   * @param {readonly string[] | null} [names]
   */
  constructor(rules, table, names = null) {
    this.rules = rules;
    this.options = rules.options;
    this.table = table;
    this.names = names;
    /** False while stored lines are replayed (Sheet.replay): the checks that a real deal
     * gives these cards (forced opening, the deal, the musik's marriage) came after some
     * games were logged, and a game accepted once keeps scoring. Every new line gets them. */
    this.entry = true;
    this.number = 0;
    /** @type {Problem[]} */
    this.problems = [];
  }

  /**
   * A seat as messages name it: its player's name, else "seat 2".
   * @param {number} seat
   */
  who(seat) {
    return this.names?.[seat] ?? `seat ${seat}`;
  }

  /**
   * A problem of the current line: `template` is an N_() message filled from `params`.
   * @param {string} field
   * @param {string} template
   * @param {Record<string, unknown>} [params]
   * @param {number | null} [seat]
   */
  bad(field, template, params = {}, seat = null) {
    this.problems.push(new Problem({ hand: this.number, field, template, seat, params }));
  }

  /**
   * The problems of `line` as line `number` of the sheet (empty: it can be scored).
   * @param {Line} line
   * @param {number} number
   * @returns {Problem[]}
   */
  line(line, number) {
    this.number = number;
    this.problems = [];
    if (number > LINES_MAX) {
      // a real game is under 200 lines; this bounds a game's work (scoring.md 3.2)
      this.bad("hand", N_("a game has at most {most} lines; this would be line {line}"), {
        most: LINES_MAX,
        line: number,
      });
    } else if (this.table.endedAt !== null) {
      this.bad("hand", N_("the game ended with line {line}; nothing can be added after it"), {
        line: this.table.endedAt,
      });
    } else if (line instanceof Adjustment) {
      this.adjustment(line);
    } else {
      this.hand(line);
    }
    return this.problems;
  }

  /** @param {Adjustment} line */
  adjustment(line) {
    const seats = this.table.seats;
    if (line.values.length !== seats) {
      this.bad("adjustment", N_("an adjustment needs one number per player ({seats}), got {got}"), {
        seats,
        got: line.values.length,
      });
    }
    line.values.forEach((value, seat) => {
      // scoring.md 3.2 "Numbers": within +-10,000 per seat
      if (!(-ADJUSTMENT_MAX <= value && value <= ADJUSTMENT_MAX)) {
        this.bad(
          "adjustment",
          N_("an adjustment is from -{most} to {most} points, got {value} for {player}"),
          { most: ADJUSTMENT_MAX, value, player: this.who(seat) },
          seat,
        );
      }
    });
    const wrong = textProblem(line.reason, REASON_MAX, true);
    if (wrong !== null) this.bad("reason", N_("the reason: {detail}"), { detail: wrong });
  }

  /** @param {Hand} hand */
  hand(hand) {
    const n = this.table.seats;
    let dealer = hand.dealer;
    if (dealer === null) {
      dealer = this.table.nextDealer;
    } else if (!(0 <= dealer && dealer < n)) {
      this.bad("dealer", N_("the dealer must be a seat from 0 to {last}, got {dealer}"), { last: n - 1, dealer });
      return;
    }
    const playing = this.rules.participants(dealer);
    if (this.options.auction) {
      auction(this, hand, playing);
      if (this.entry) forced(this, hand, dealer, playing);
    } else {
      const variant = this.rules.key;
      if (hand.declarer !== null) {
        this.bad("declarer", N_("there is no auction in {variant}: leave out the declarer"), { variant });
      }
      if (hand.bid !== null) this.bad("bid", N_("there is no auction in {variant}: leave out the bid"), { variant });
      if (hand.contract !== null) {
        this.bad("contract", N_("there is no auction in {variant}: leave out the contract"), { variant });
      }
      if (hand.giveUp) this.bad("give_up", N_("there is no auction in {variant}, so nobody gives up"), { variant });
    }
    club(this, hand, dealer, playing);
    if (hand.giveUp) {
      givenUp(this, hand);
    } else {
      const before = this.problems.length;
      points(this, hand, playing);
      tricks(this, hand, playing);
      marriages(this, hand, playing);
      if (this.entry && this.problems.length === before) {
        deal(this, hand, playing); // each part is sound on its own: can one deal give them all?
      } else if (this.entry) {
        trickPointsAlone(this, hand, playing); // every problem, not the first part's
      }
    }
    trump(this, hand);
    musik(this, hand);
    if (this.entry && !hand.giveUp && !this.problems.some((p) => p.field === "musik")) musikMarriage(this, hand);
  }
}


// the bounds of a bid and a contract: what each says when a multiple, the least, the most fails
const LIMITS = /** @type {const} */ ([
  [
    "bid",
    [
      N_("the bid must be a multiple of {step}, got {value}"),
      N_("the bid must be at least {least}, got {value}"),
      N_("the bid can be at most {most}, got {value}"),
    ],
  ],
  [
    "contract",
    [
      N_("the contract must be a multiple of {step}, got {value}"),
      N_("the contract must be at least {least}, got {value}"),
      N_("the contract can be at most {most}, got {value}"),
    ],
  ],
]);

/**
 * The declarer, the bid and the contract of a hand with an auction.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {readonly number[]} playing
 */
export function auction(c, hand, playing) {
  const o = c.options;
  const d = hand.declarer;
  if (d === null) {
    c.bad("declarer", N_("say who won the auction (the declarer)"));
  } else if (!(0 <= d && d < c.table.seats)) {
    c.bad("declarer", N_("the declarer must be a seat from 0 to {last}"), { last: c.table.seats - 1 });
  } else if (!playing.includes(d)) {
    c.bad("declarer", N_("{player} deals and sits this hand out, so cannot be the declarer"), { player: c.who(d) });
  }
  for (const [field, [step, least, most]] of LIMITS) {
    const value = hand[field];
    if (value === null) continue;
    if (value % o.bid_step) c.bad(field, step, { step: o.bid_step, value });
    else if (value < o.min_bid) c.bad(field, least, { least: o.min_bid, value });
    else if (value > o.max_contract) c.bad(field, most, { most: o.max_contract, value });
  }
  const { bid, contract } = hand;
  if (bid === null || contract === null) return;
  if (!o.contract_raise && contract !== bid) {
    c.bad("contract", N_("in {variant} the contract is the bid ({bid}), got {contract}"), {
      variant: c.rules.key,
      bid,
      contract,
    });
  } else if (contract < bid) {
    c.bad("contract", N_("the contract ({contract}) cannot be below the winning bid ({bid})"), { contract, bid });
  }
}

/**
 * 3.2, forced opening: the first seat after the dealer that takes part opens at `min_bid`
 * without looking, and every later bid is higher; so a hand won at `min_bid` is that seat's
 * (seed 000 "na musiku", seed 001 "na setce").
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number} dealer
 * @param {readonly number[]} playing
 */
export function forced(c, hand, dealer, playing) {
  const o = c.options;
  const d = hand.declarer;
  if (!c.rules.forcedOpening || d === null || !playing.includes(d)) return;
  // a golden hand has no auction: its declarer is checked as such (5.1)
  if (c.rules.goldenHand(c.table.hands + 1, dealer) !== null) return;
  const opener = c.rules.opener(dealer);
  if (d === opener || (hand.bid ?? hand.contract ?? o.min_bid) !== o.min_bid) return;
  c.bad(
    hand.bid === null && hand.contract !== null ? "contract" : "bid",
    N_(
      "{opener} opens at {least} without looking, so {player} won the auction with " +
        "at least {more}, not {least}",
    ),
    { opener: c.who(opener), player: c.who(d), least: o.min_bid, more: o.min_bid + o.bid_step },
  );
}

/**
 * A hand given up (3.4): allowed, under the limit, and not played.
 * @param {Checker} c
 * @param {Hand} hand
 */
export function givenUp(c, hand) {
  const giveUp = c.options.give_up;
  const d = hand.declarer;
  const seats = c.table.seats;
  if (giveUp === null) {
    c.bad("give_up", N_("{variant} does not allow giving up"), { variant: c.rules.key });
  } else if (giveUp.limit !== null && d !== null && 0 <= d && d < seats) {
    const times = c.table.giveUps[d];
    if (times >= giveUp.limit) {
      c.bad("give_up", N_("{player} has given up {times} times already, the limit is {limit}"), {
        player: c.who(d),
        times,
        limit: giveUp.limit,
      });
    }
  }
  // its points or tricks, where given, are still one per seat (0 or null)
  for (const field of /** @type {const} */ (["points", "tricks"])) {
    const values = hand[field];
    if (values !== null && values.length !== seats) c.bad(field, PER_SEAT[field][0], { seats, got: values.length });
  }
  if (hand.points?.some(Boolean)) c.bad("points", N_("a hand given up is not played: it has no card points"));
  if (hand.marriages.length) c.bad("marriages", N_("a hand given up is not played: it has no marriages"));
  if (hand.tricks?.some(Boolean)) c.bad("tricks", N_("a hand given up is not played: it has no tricks"));
}

/**
 * The checks of 5.1, run on every hand (like a give-up's limit).
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number} dealer
 * @param {readonly number[]} playing
 */
export function club(c, hand, dealer, playing) {
  const d = hand.declarer;
  // a declarer the checks can ask about (else the auction's checks have said why)
  const seat = d !== null && playing.includes(d) ? d : null;
  const golden = c.rules.goldenHand(c.table.hands + 1, dealer);
  if (golden !== null) {
    goldenDeal(c, hand, seat, golden);
  } else {
    if (hand.blind) blind(c, hand, seat);
    // a golden hand has no auction, so nobody keeps silent in it
    if (seat !== null && c.rules.silent(c.table.totals[seat])) silent(c, hand, seat, dealer);
  }
  const giveUp = c.options.give_up;
  if (hand.giveUp && seat !== null && giveUp !== null && !giveUp.onBarrel && c.table.onBarrel[seat]) {
    c.bad(
      "give_up",
      N_("{player} is on the barrel, where nobody gives up in this game"),
      { player: c.who(seat) },
      seat,
    );
  }
}

/**
 * The field a contract's problem goes to: the bid where only the bid was given.
 * @param {Hand} hand
 */
const contractField = (hand) => (hand.contract === null && hand.bid !== null ? "bid" : "contract");

/**
 * 5.1 blind bid: the option on, the contract high enough, the declarer's total and the barrel
 * as the option says, and no give-up.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number | null} seat
 */
function blind(c, hand, seat) {
  const b = c.options.blind;
  if (b === null) {
    c.bad("blind", N_("this game has no blind bids: its blind option is off"));
    return;
  }
  if (hand.giveUp) c.bad("give_up", N_("a blind bid cannot be given up"), {}, seat);
  const contract = hand.finalContract || c.options.min_bid;
  if (contract < b.minContract) {
    c.bad(
      contractField(hand),
      N_("a blind bid needs a contract of at least {least}, got {contract}"),
      { least: b.minContract, contract },
      seat,
    );
  }
  if (seat === null) return;
  const total = c.table.totals[seat];
  if (b.minTotal !== null && total < b.minTotal) {
    c.bad(
      "blind",
      N_("{player} has {total}: a blind bid needs a total of at least {least}"),
      { player: c.who(seat), total, least: b.minTotal },
      seat,
    );
  }
  if (!b.onBarrel && c.table.onBarrel[seat]) {
    c.bad("blind", N_("{player} is on the barrel, where nobody bids blind in this game"), { player: c.who(seat) }, seat);
  }
}

/**
 * 5.1 golden deal: the forced opener plays exactly the golden contract, no give-up, no blind
 * bid.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number | null} seat
 * @param {GoldenHand} golden
 */
function goldenDeal(c, hand, seat, golden) {
  const where = { hand: golden.hand, hands: golden.hands };
  if (seat !== null && seat !== golden.declarer) {
    c.bad(
      "declarer",
      N_("golden hand {hand} of {hands} is played by {opener}, not {player}"),
      { opener: c.who(golden.declarer), player: c.who(seat), ...where },
      seat,
    );
  }
  const contract = hand.finalContract || golden.contract; // neither given: the fixed one
  if (contract !== golden.contract) {
    c.bad(
      contractField(hand),
      N_("golden hand {hand} of {hands} is played at exactly {contract}, got {got}"),
      { contract: golden.contract, got: contract, ...where },
      seat,
    );
  }
  if (hand.giveUp) c.bad("give_up", N_("golden hand {hand} of {hands} cannot be given up"), where, seat);
  if (hand.blind) c.bad("blind", N_("golden hand {hand} of {hands} has no blind bid"), where, seat);
}

/**
 * 5.1 silence: a seat below the mark declares only as the first seat after the dealer, at the
 * lowest bid (the bid, else the contract, else the lowest bid: 3.2).
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number} seat
 * @param {number} dealer
 */
function silent(c, hand, seat, dealer) {
  const opener = c.rules.opener(dealer);
  const least = c.options.min_bid;
  const params = {
    player: c.who(seat),
    total: c.table.totals[seat],
    below: /** @type {import("../hand.js").Silence} */ (c.options.silence).below,
  };
  if (seat !== opener) {
    c.bad(
      "declarer",
      N_(
        "{player} has {total}, below {below}, so keeps silent: a silent player declares only as " +
          "the first player after the dealer ({opener}), at {least}",
      ),
      { opener: c.who(opener), least, ...params },
      seat,
    );
    return;
  }
  const bid = hand.bid ?? hand.contract;
  if (bid !== null && bid !== least) {
    c.bad(
      hand.bid === null ? "contract" : "bid",
      N_(
        "{player} has {total}, below {below}, so keeps silent: a silent player declares only at " +
          "the opening {least}, got {bid}",
      ),
      { least, bid, ...params },
      seat,
    );
  }
}
