// Twin of Checker (scorekeeper/rules/checks/__init__.py): whether a line could have happened at
// this table (scoring.md 3.2), as problems, not crashes; the checks of each part are in this folder.
import { ADJUSTMENT_MAX, LINES_MAX, REASON_MAX, textProblem } from "../bounds.js";
import { N_, Problem } from "../errors.js";
import { Adjustment } from "../hand.js";
import { auction, forced, givenUp } from "./auction.js";
import { marriages, musik, trump } from "./cards.js";
import { club } from "./club.js";
import { deal, musikMarriage, trickPointsAlone } from "./deal.js";
import { points, tricks } from "./points.js";

/** @typedef {import("../hand.js").Hand} Hand */
/** @typedef {import("../hand.js").Line} Line */
/** @typedef {import("../ruleset.js").Rules} Rules */
/** @typedef {import("../table.js").Table} Table */

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
