// Twin of scorekeeper/gamefile/file.py: the game file (game-file.md), read with a clear problem
// for every malformed part, and written; and of gamefile/output.py: the scored game as
// `scorekeeper score` prints it, and as the phone's engine gives it (engineOutput,
// docs/engine.md): the score output with each line's kind, contract, outcome and note parameters,
// each seat's state and marks, the next hand's bidding hints and form, or the file's problems.
// tests/rules/test_js_twin.py compares it with the Python's, key for key.
import { ENGLISH, InvalidHand, Message, N_, Term } from "../rules/i18n.js";
import { chips, handForm } from "../rules/formspec.js";
import { amount, LINES_MAX } from "../rules/optionspecs.js";
import { text } from "../rules/notes.js";
import { rulesFor } from "../rules/ruleset.js";
import { contractOutcome, replay, replayEntered, Sheet } from "../rules/sheet.js";
import { get, isObject, lineToDict, players as readPlayers, Reader, trail as readTrail, unknownKeys } from "./lines.js";

export { amount };

/** @typedef {import("../rules/hand.js").Line} Line */
/** @typedef {import("../rules/ruleset.js").Rules} Rules */
/** @typedef {import("../rules/tally.js").Tally} Tally */
/** @typedef {import("./lines.js").JsonObject} JsonObject */
/** @typedef {import("../rules/i18n.js").Translator} Translator */
/** @typedef {import("../rules/i18n.js").Problem} Problem */

export const FORMAT = "scorekeeper-game/1";
const UTF8 = new TextDecoder("utf-8", { fatal: true });
const GAME_KEYS = new Set(["format", "variant", "options", "players", "first_dealer", "hands", "trail"]);

/** A whole game as facts: variant, option overrides, players, first dealer and its lines. */
export class GameFile {
  /**
   * @param {{variant: string, players: readonly string[], options?: JsonObject,
   *   firstDealer?: number, lines?: readonly Line[], trail?: readonly JsonObject[]}} fields
   */
  constructor({ variant, players, options = {}, firstDealer = 0, lines = [], trail = [] }) {
    this.variant = variant;
    this.players = players;
    this.options = options;
    this.firstDealer = firstDealer;
    this.lines = lines;
    /** the app's record of corrections (edits, deletes, restores); scoring ignores it */
    this.trail = trail;
  }

  /** @returns {Rules} */
  rules() {
    return rulesFor(this.variant, this.options);
  }

  /**
   * Replays every line; InvalidHand lists every problem.
   * @returns {Tally}
   */
  score() {
    return replay(this.rules(), this.lines, this.firstDealer, this.players);
  }
}

/**
 * A GameFile from decoded JSON; InvalidHand lists every problem of its shape.
 * @param {unknown} data
 * @returns {GameFile}
 */
export function parse(data) {
  if (!isObject(data)) {
    throw InvalidHand.one(null, "game", N_("a game file is a JSON object (see game-file.md)"));
  }
  const r = new Reader();
  for (const key of unknownKeys(data, GAME_KEYS)) {
    r.bad(null, key, N_("unknown field {key!r} in a game file"), { key });
  }
  if (data.format !== FORMAT) {
    const got = JSON.stringify(get(data, "format"));
    r.bad(null, "format", N_("format must be {format!r}, got {got}"), { format: FORMAT, got });
  }
  const given = get(data, "options") ?? {}; // left out, or null: the preset as it is
  /** @type {JsonObject} */
  const options = isObject(given) ? given : {};
  if (options !== given) {
    // [], 0, "" and false too: not overrides
    r.bad(null, "options", N_("options must be an object of option overrides"));
  }
  /** @type {Rules | null} */
  let rules = null;
  try {
    rules = rulesFor(get(data, "variant"), options);
  } catch (e) {
    if (!(e instanceof InvalidHand)) throw e;
    e.problems.forEach((p) => r.add(p)); // an unknown option each: as many as the file has
  }
  const players = readPlayers(r, get(data, "players"), rules);
  const first = r.int(null, "first_dealer", get(data, "first_dealer", 0), 0);
  if (first !== null && rules !== null && first >= rules.seats) {
    const template = N_("first_dealer must be a seat from 0 to {last}");
    r.bad(null, "first_dealer", template, { last: rules.seats - 1 });
  }
  let hands = get(data, "hands", []);
  if (!Array.isArray(hands)) {
    r.bad(null, "hands", N_("hands must be a list"));
    hands = [];
  } else if (hands.length > LINES_MAX) {
    // refused before reading them: a long file costs no more than a short one
    const template = N_("a game has at most {most} lines, got {got}");
    r.bad(null, "hands", template, { most: LINES_MAX, got: hands.length });
    hands = [];
  }
  const lines = /** @type {unknown[]} */ (hands).map((h, i) => r.line(i + 1, h));
  const trail = readTrail(r, get(data, "trail", []));
  if (r.problems.length) throw new InvalidHand(r.problems);
  return new GameFile({
    variant: /** @type {string} */ (data.variant),
    players,
    options: { ...options },
    firstDealer: first ?? 0,
    lines: lines.filter((line) => line !== null),
    trail,
  });
}

/**
 * The JSON values of a game file's text (a string, or its UTF-8 bytes, whose byte-order mark is
 * dropped: editors on some phones and desktops save UTF-8 with one), not yet read as a game;
 * not JSON at all is a problem (InvalidHand).
 * @param {string | Uint8Array} text
 * @returns {unknown}
 */
export function decode(text) {
  try {
    // the decoder drops a byte-order mark; a string with one is not JSON, as to Python
    return JSON.parse(typeof text === "string" ? text : UTF8.decode(text));
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    throw InvalidHand.one(null, "game", N_("the file is not JSON ({error})"), { error: e.message });
  }
}

/**
 * A GameFile from JSON text; not JSON at all is a problem too.
 * @param {string | Uint8Array} text
 */
export const loads = (text) => parse(decode(text));

/**
 * The game file as JSON values; `parse(toDict(g))` gives `g` back.
 * @param {GameFile} game
 * @returns {JsonObject}
 */
export function toDict(game) {
  return {
    format: FORMAT,
    variant: game.variant,
    options: { ...game.options },
    players: [...game.players],
    first_dealer: game.firstDealer,
    hands: game.lines.map(lineToDict),
    ...(game.trail.length ? { trail: game.trail.map((t) => ({ ...t })) } : {}),
  };
}

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
