// Twin of scorekeeper/rules/replays.py (what the phone needs of it): a game scored again, every
// line in order, or with one line being entered.
import { Sheet } from "./sheet.js";

/**
 * @typedef {import("./hand.js").Line} Line
 * @typedef {import("./ruleset.js").Rules} Rules
 * @typedef {import("./tally.js").Tally} Tally
 */

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
