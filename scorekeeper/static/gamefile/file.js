// Twin of scorekeeper/gamefile/file.py: the game file (game-file.md), read with a clear problem
// for every malformed part, and written.
import { LINES_MAX } from "../rules/optionspecs.js";
import { InvalidHand, N_ } from "../rules/i18n.js";
import { rulesFor } from "../rules/ruleset.js";
import { replay } from "../rules/sheet.js";
import { get, isObject, lineToDict, players as readPlayers, Reader, trail as readTrail, unknownKeys } from "./lines.js";

/** @typedef {import("../rules/hand.js").Line} Line */
/** @typedef {import("../rules/ruleset.js").Rules} Rules */
/** @typedef {import("../rules/tally.js").Tally} Tally */
/** @typedef {import("./lines.js").JsonObject} JsonObject */

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
 * The game file as JSON text (names as written).
 * @param {GameFile} game
 */
export const dumps = (game) => JSON.stringify(toDict(game), null, 2) + "\n";
