// Twin of scorekeeper/gamefile/output.py: the scored game as `scorekeeper score` prints it, and
// as the phone's engine gives it (engineOutput, docs/engine.md): the score output with each
// line's kind, contract, outcome and note parameters, each seat's state and marks, the next
// hand's bidding hints and form, or the file's problems. tests/rules/test_js_twin.py compares it
// with the Python's, key for key.
import { ENGLISH, InvalidHand, Message, Term } from "../rules/i18n.js";
import { chips, handForm } from "../rules/formspec.js";
import { amount } from "../rules/optionspecs.js";
import { text } from "../rules/notes.js";
import { contractOutcome, replayEntered, Sheet } from "../rules/sheet.js";
import { parse } from "./file.js";

export { amount };

/** @typedef {import("../rules/i18n.js").Translator} Translator */
/** @typedef {import("../rules/i18n.js").Problem} Problem */
/** @typedef {import("../rules/tally.js").Tally} Tally */
/** @typedef {import("./file.js").GameFile} GameFile */
/** @typedef {import("./lines.js").JsonObject} JsonObject */
/**
 * @typedef {{seat: number, rule: string, text: string, params?: unknown}} NoteOutput
 * @typedef {{number: number, dealer: number | null, declarer: number | null,
 *   scores: number[], totals: number[], notes: NoteOutput[], kind?: string,
 *   contract?: number | null, outcome?: string | null}} HandOutput
 * @typedef {{variant: string, players: string[], hands: HandOutput[], totals: number[],
 *   finished: boolean, winners: number[], settlement: {from: number, to: number, amount: number}[]}} ScoreOutput
 * @typedef {{hand: number | null, field: string, seat: number | null, template: string,
 *   params: unknown, text: string}} ProblemOutput
 * @typedef {ScoreOutput & {states: JsonObject[], chips: JsonObject[], next_dealer: number,
 *   sitting_out: number | null, bidding: JsonObject, form: JsonObject}} Scored
 */

/**
 * The game file's output (game-file.md) of a scored game, its notes in the language of `tr`.
 * @param {GameFile} game
 * @param {Tally} tally
 * @param {Translator} [tr]
 * @returns {ScoreOutput}
 */
export function scoreOutput(game, tally, tr = ENGLISH) {
  const names = game.players;
  return {
    variant: game.variant,
    players: [...names],
    hands: tally.lines.map((line) => ({
      number: line.number,
      dealer: line.dealer,
      declarer: line.declarer,
      scores: [...line.scores],
      totals: [...line.totals],
      notes: line.notes.map((n) => ({ seat: n.seat, rule: n.rule, text: text(n, names, tr) })),
    })),
    totals: [...tally.totals],
    finished: tally.finished,
    winners: [...tally.winners],
    settlement: tally.settlement.map((p) => ({ from: p.payer, to: p.payee, amount: amount(p.amount) })),
  };
}

// JSON's words for a record's fields: Python's names (`triesLeft` is "tries_left")
const snake = (/** @type {string} */ name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A value as JSON: a translated word or sentence (a note's or problem's parameter) as its key,
 * a record (a class's object: a state, a form's spec) as an object of its fields under their
 * Python names, as dataclasses.asdict gives them; a plain object keeps its keys.
 * @param {unknown} value
 * @returns {unknown}
 */
export function plain(value) {
  if (value instanceof Term) return { term: value.kind, key: value.key };
  if (value instanceof Message) return { message: value.template, params: plain(value.params) };
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value !== "object" || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  const record = proto !== Object.prototype && proto !== null;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [record ? snake(k) : k, plain(v)]));
}

/**
 * A problem as JSON, its text in the language of `tr`.
 * @param {Problem} p
 * @param {Translator} [tr]
 * @returns {ProblemOutput}
 */
export const problemOutput = (p, tr = ENGLISH) => ({
  hand: p.hand,
  field: p.field,
  seat: p.seat,
  template: p.template,
  params: plain(p.params),
  text: p.text(tr),
});

/**
 * The engine's answer for a decoded game file `data`: every line scored (`stored`: the lines
 * were accepted when logged; `entered`: line `entered` is new and gets every check, the others
 * are stored), or {problems} with every problem found, in the language of `tr`.
 * @param {unknown} data
 * @param {{entered?: number | null, stored?: boolean, tr?: Translator}} [how]
 * @returns {Scored | {problems: ProblemOutput[]}}
 */
export function engineOutput(data, { entered = null, stored = false, tr = ENGLISH } = {}) {
  let game, rules, tally;
  try {
    game = parse(data);
    rules = game.rules();
    tally =
      entered !== null
        ? replayEntered(rules, game.lines, entered, game.firstDealer, game.players)
        : new Sheet(rules, game.firstDealer, game.players).replay(game.lines, stored);
  } catch (e) {
    if (!(e instanceof InvalidHand)) throw e;
    return { problems: e.problems.map((p) => problemOutput(p, tr)) };
  }
  const out = scoreOutput(game, tally, tr);
  tally.lines.forEach((line, i) => {
    const hand = out.hands[i];
    hand.kind = line.kind;
    hand.contract = line.contract;
    hand.outcome = contractOutcome(line); // the sheets' ✓ and ✗
    hand.notes.forEach((note, j) => (note.params = plain(line.notes[j].params)));
  });
  const { players, finished, nextDealer } = tally;
  return {
    ...out,
    states: /** @type {JsonObject[]} */ (plain(players)),
    chips: players.map((p) => /** @type {JsonObject} */ (plain(chips(rules, p, finished)))),
    next_dealer: nextDealer,
    sitting_out: tally.sittingOut,
    bidding: /** @type {JsonObject} */ (plain(tally.bidding)),
    form: /** @type {JsonObject} */ (plain(handForm(rules, nextDealer, tally.hands))),
  };
}
