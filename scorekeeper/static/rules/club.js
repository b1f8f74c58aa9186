// Twin of scorekeeper/rules/club.py: the club agreements of scoring.md 5.1 in a hand, the
// golden deal and the give-up penalty (a blind bid is step 4's: Rules.declarerScore).
import * as house from "./house.js";
import { Note } from "./notes.js";

/**
 * @typedef {import("./ruleset.js").Rules} Rules
 * @typedef {import("./table.js").Table} Table
 * @typedef {import("./tally.js").GoldenHand} GoldenHand
 */

/**
 * 3.3 step 9: the barrel, the bolts, the dump. In a golden hand (5.1) the bolts come first,
 * then every score is multiplied, then the barrel and the dump take the multiplied totals.
 * @param {Rules} rules
 * @param {Table} table
 * @param {GoldenHand | null} golden
 * @param {number | null} declarer
 * @param {number} contract
 * @param {boolean} made
 * @param {boolean} givenUp
 * @param {readonly number[]} playing
 * @param {readonly boolean[]} took
 * @param {readonly (number | null)[]} raw
 * @param {number[]} scores changed in place
 * @param {Note[]} notes
 */
export function houseRules(rules, table, golden, declarer, contract, made, givenUp, playing, took, raw, scores, notes) {
  const o = rules.options;
  const onBarrelBefore = [...table.onBarrel];
  const bolts = o.bolts !== null && !givenUp;
  const countBolts = () => house.bolts(rules, table, declarer, playing, took, raw, onBarrelBefore, scores, notes);
  if (golden !== null) {
    if (bolts) countBolts();
    multiply(golden, scores, notes);
    table.goldenMade ||= made;
  }
  if (o.barrel !== null) house.barrel(rules, table, declarer, contract, made, givenUp, scores, notes);
  if (golden === null && bolts) countBolts();
  if (o.dump !== null) house.dump(rules, table, scores, notes);
  if (golden !== null && golden.hand === golden.hands && o.golden?.resetIfNobody && !table.goldenMade) {
    reset(table, scores, notes);
  }
}

/**
 * 5.1: every score of every seat in a golden hand, after 3.3 and the bolts, × multiplier.
 * @param {GoldenHand} golden
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function multiply(golden, scores, notes) {
  const { hand, hands, multiplier } = golden;
  scores.forEach((score, seat) => {
    if (!score) return;
    const times = score * multiplier;
    notes.push(new Note({ seat, rule: "golden", params: { hand, hands, multiplier, score, golden: times } }));
    scores[seat] = times;
  });
}

/**
 * 5.1 reset_if_nobody: after the last golden hand with no contract made, every total is 0.
 * A total of 0 is no barrel's: whoever was on it is off (docs/rules-decisions.md).
 * @param {Table} table
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function reset(table, scores, notes) {
  for (let seat = 0; seat < table.seats; seat++) {
    const total = table.totals[seat] + scores[seat];
    if (total) notes.push(new Note({ seat, rule: "golden-reset", params: { total } }));
    scores[seat] = -table.totals[seat];
    table.onBarrel[seat] = false;
    table.barrelHands[seat] = 0;
  }
}

/**
 * 5.1: at every `every`-th give-up of a seat in the game it also scores -`penalty`.
 * @param {Rules} rules
 * @param {Table} table
 * @param {number} declarer
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function giveUpPenalty(rules, table, declarer, scores, notes) {
  const { every, penalty } = /** @type {import("./records.js").GiveUp} */ (rules.options.give_up);
  const count = table.giveUps[declarer];
  if (every !== null && count % every === 0) {
    scores[declarer] -= penalty;
    notes.push(new Note({ seat: declarer, rule: "give-up-penalty", params: { count, every, penalty } }));
  }
}
