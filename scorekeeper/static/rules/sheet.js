// Twin of scorekeeper/rules/sheet.py: a score sheet being filled in, lines added one by one, and
// the tally derived at any point; of rules/replays.py (what the phone needs of it): a game
// scored again, every line in order, or with one line being entered; and of rules/stats.py,
// contractOutcome alone: the sheets' ✓ and ✗ (the players' records are the server's).
import { Checker } from "./checks/index.js";
import { Adjustment } from "./hand.js";
import { InvalidHand, N_, Problem } from "./i18n.js";
import { LINES_MAX, times } from "./optionspecs.js";
import { adjust, dealerOf, play } from "./scoring.js";
import { Payment, PlayerState, Table, Tally } from "./tally.js";

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
 * Scores every line in order; throws InvalidHand with every problem found (`stored`: lines
 * accepted when logged, Sheet.replay).
 * @param {Rules} rules
 * @param {Iterable<Line>} lines
 * @param {number} [firstDealer]
 * @param {readonly string[] | null} [names]
 * @param {boolean} [stored]
 * @returns {Tally}
 */
export function replay(rules, lines, firstDealer = 0, names = null, stored = false) {
  return new Sheet(rules, firstDealer, names).replay(lines, stored);
}

/**
 * Stored `lines` in which line `number` (from 1) is being entered: that line gets every check
 * of a new line, the others the checks of a stored line (Sheet.replay). The game file's engine
 * on the phone; the server changes a stored game with replay_changed.
 * @param {Rules} rules
 * @param {readonly Line[]} lines
 * @param {number} number
 * @param {number} [firstDealer]
 * @param {readonly string[] | null} [names]
 * @returns {Tally}
 */
export function replayEntered(rules, lines, number, firstDealer = 0, names = null) {
  if (!(1 <= number && number <= lines.length)) throw new RangeError(`no line ${number} to enter`);
  const sheet = new Sheet(rules, firstDealer, names);
  sheet.replay(lines.slice(0, number - 1), true);
  sheet.add(lines[number - 1]); // InvalidHand with this line's problems
  return sheet.replay(lines.slice(number), true);
}

/**
 * What became of the declarer's contract in a line: "made", "failed" or "given up", as the
 * rules scored it; null for a line without a declarer.
 * @param {import("./tally.js").LineResult} line
 * @returns {"made" | "failed" | "given up" | null}
 */
export function contractOutcome(line) {
  for (const { seat, rule, params } of line.notes) {
    if (seat !== line.declarer) continue;
    if (rule === "contract-made") return "made";
    if (rule === "contract-failed") return "failed";
    if (rule === "give-up" && params.role === "declarer") return "given up";
  }
  return null;
}
