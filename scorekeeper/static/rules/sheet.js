// Twin of scorekeeper/rules/sheet.py: a score sheet being filled in, lines added one by one, and
// the tally derived at any point.
import { LINES_MAX } from "./bounds.js";
import { Checker } from "./checks/index.js";
import { N_, InvalidHand, Problem } from "./errors.js";
import { Adjustment } from "./hand.js";
import { times } from "./money.js";
import { adjust, dealerOf, play } from "./scoring.js";
import { Table } from "./table.js";
import { Payment, PlayerState, Tally } from "./tally.js";

/**
 * @typedef {import("./hand.js").Line} Line
 * @typedef {import("./ruleset.js").Rules} Rules
 * @typedef {import("./tally.js").LineResult} LineResult
 */

/** Folds lines through the rules; a refused line leaves the sheet as it was. */
export class Sheet {
  /** lines scored or refused so far */
  #number = 0;
  /** @type {Checker} */
  #checker;

  /**
   * @param {Rules} rules
   * @param {number} [firstDealer]
   * @param {readonly string[] | null} [names]
   */
  constructor(rules, firstDealer = 0, names = null) {
    if (!(0 <= firstDealer && firstDealer < rules.seats)) {
      const template = N_("the first dealer must be a seat from 0 to {last}, got {dealer}");
      throw InvalidHand.one(null, "first_dealer", template, { last: rules.seats - 1, dealer: firstDealer });
    }
    this.rules = rules;
    this.names = names;
    this.table = new Table(rules.seats, firstDealer);
    /** @type {LineResult[]} */
    this.lines = [];
    this.#checker = new Checker(rules, this.table, names);
  }

  /** An independent sheet in the same state: add to it without touching this one. */
  copy() {
    const other = new Sheet(this.rules, 0, this.names);
    other.table = this.table.copy();
    other.lines = [...this.lines];
    other.#number = this.#number;
    other.#checker = new Checker(this.rules, other.table, this.names);
    return other;
  }

  /**
   * The problems `line` would have as the next line (empty: it can be added).
   * @param {Line} line
   * @returns {Problem[]}
   */
  check(line) {
    return this.#checker.line(line, this.#number + 1);
  }

  /**
   * Scores `line` as the next line; InvalidHand (and no change) if it is refused.
   * @param {Line} line
   * @returns {LineResult}
   */
  add(line) {
    const problems = this.check(line);
    if (problems.length) throw new InvalidHand(problems);
    return this.#score(line);
  }

  /** @param {Line} line */
  #score(line) {
    const number = ++this.#number;
    const result =
      line instanceof Adjustment ? adjust(this.rules, line, this.table, number) : play(this.rules, line, this.table, number);
    this.lines.push(result);
    return result;
  }

  /**
   * Adds every line; throws InvalidHand with every problem of every line.
   *
   * A refused line is skipped (its deal still moves the rotation) so that the lines after it
   * are checked too, and one run reports all problems. `stored`: the lines were accepted when
   * they were logged, so the checks of what a real deal gives (forced opening, the cards, added
   * later: Checker.entry) do not refuse them now; a game kept for years still scores. Every
   * line entered (a form, the API, a game file) gets them.
   * @param {Iterable<Line>} lines
   * @param {boolean} [stored]
   * @returns {Tally}
   */
  replay(lines, stored = false) {
    this.#checker.entry = !stored;
    try {
      return this.#replay(lines);
    } finally {
      this.#checker.entry = true;
    }
  }

  /** @param {Iterable<Line>} lines */
  #replay(lines) {
    /** @type {Problem[]} */
    const problems = [];
    const table = this.table;
    for (const line of lines) {
      const found = this.check(line);
      if (!found.length) {
        this.#score(line);
        continue;
      }
      this.#number += 1;
      if (table.endedAt !== null) {
        const template = N_("the game ended with line {line}; nothing can be added after it");
        problems.push(new Problem({ hand: this.#number, field: "hand", template, params: { line: table.endedAt } }));
        break; // one message for the whole tail, not one per line
      }
      problems.push(...found);
      if (this.#number > LINES_MAX) break; // one message for the lines past the most, not one each
      if (!(line instanceof Adjustment)) {
        table.nextDealer = (dealerOf(this.rules, line, table) + 1) % table.seats;
        table.hands += 1; // and its place among the hands: the golden deal counts it
      }
    }
    if (problems.length) throw new InvalidHand(problems);
    return this.tally();
  }

  /**
   * The derived state after the lines so far.
   * @returns {Tally}
   */
  tally() {
    const { rules, table } = this;
    const o = rules.options;
    const barrelTries = o.barrel ? o.barrel.tries : 0;
    const limit = o.give_up ? o.give_up.limit : null;
    const every = o.give_up ? o.give_up.every : null;
    const players = table.totals.map(
      (total, seat) =>
        new PlayerState({
          seat,
          total,
          onBarrel: table.onBarrel[seat],
          triesLeft: table.onBarrel[seat] ? barrelTries - table.barrelHands[seat] : null,
          bolts: table.bolts[seat],
          giveUps: table.giveUps[seat],
          giveUpsLeft: limit === null ? null : Math.max(0, limit - table.giveUps[seat]),
          locked: o.lock !== null && total >= o.lock,
          barrelFalls: table.barrelFalls[seat],
          // 5.1: the next give-up that costs the penalty, counted from here (1: the next)
          giveUpsToPenalty: every === null ? null : every - (table.giveUps[seat] % every),
          silent: rules.silent(total),
        }),
    );
    const finished = table.endedAt !== null;
    /** @type {Payment[]} */
    const settlement = [];
    const stake = o.stake;
    if (finished && table.winners.length === 1 && stake !== null) {
      const payee = table.winners[0];
      // section 4: every other player pays max(0, winner's total - own total) x stake; a
      // seat level with or above a declarer who won pays 0, and is listed as paying it
      for (let payer = 0; payer < table.seats; payer++) {
        if (payer === payee) continue;
        const amount = times(Math.max(0, table.totals[payee] - table.totals[payer]), stake);
        settlement.push(new Payment({ payer, payee, amount }));
      }
    }
    const nextDealer = table.nextDealer;
    return new Tally({
      lines: [...this.lines],
      totals: [...table.totals],
      players,
      nextDealer,
      sittingOut: o.sitting_out === "dealer" ? nextDealer : null,
      bidding: rules.bidding(table),
      finished,
      winners: table.winners,
      settlement,
      hands: table.hands,
    });
  }
}

/**
 * Each line's number as the table counts hands (1, 2, 3 over the hands only), null for an
 * adjustment, which is a line of its own kind: after one adjustment the first hand is still
 * hand 1. A line's position (its URL, the game file's `number`) stays the line number.
 * @param {Iterable<LineResult>} lines
 * @returns {(number | null)[]}
 */
export function handNumbers(lines) {
  let hands = 0;
  return Array.from(lines, (line) => (line.kind === "adjustment" ? null : ++hands));
}
