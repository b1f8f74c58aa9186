// Twin of scorekeeper/gamefile/parts.py: the parts of a game file besides its lines, the
// players' names and the trail, each checked against the bounds of its column.
import {
  AT_MAX,
  LINES_MAX,
  REASON_MAX,
  TRAIL_MAX,
  WHO_MAX,
  casefold,
  nameProblem,
  normalName,
  textProblem,
} from "../rules/bounds.js";
import { N_, Problem } from "../rules/errors.js";
import { Adjustment } from "../rules/hand.js";
import { Reader, isObject } from "./lines.js";

/** @typedef {import("../rules/ruleset.js").Rules} Rules */
/** @typedef {import("./lines.js").JsonObject} JsonObject */

const TRAIL_KEYS = new Set(["action", "hand", "before", "after", "reason", "who", "at"]);
const TEXTS = /** @type {const} */ ([
  ["reason", REASON_MAX],
  ["who", WHO_MAX],
  ["at", AT_MAX],
]);

/**
 * The players' names as stored (normalName); a problem per bad name, at its seat.
 * @param {Reader} r
 * @param {unknown} raw
 * @param {Rules | null} rules
 * @returns {string[]}
 */
export function players(r, raw, rules) {
  if (!Array.isArray(raw) || !raw.every((p) => typeof p === "string")) {
    r.bad(null, "players", N_("players must be a list of names in seat order"));
    return [];
  }
  if (rules !== null && raw.length !== rules.seats) {
    // before the names are read: a file of 380,000 bad names is one problem
    r.bad(null, "players", N_("{variant} is played by {seats} players, got {got}"), {
      variant: rules.key,
      seats: rules.seats,
      got: raw.length,
    });
    return [];
  }
  let wrong = false;
  raw.forEach((name, seat) => {
    const detail = nameProblem(name);
    if (detail === null) return;
    wrong = true;
    const template = N_("player {number}'s name: {detail}");
    r.add(new Problem({ hand: null, field: "players", template, seat, params: { number: seat + 1, detail } }));
  });
  if (wrong) return [];
  const names = raw.map(normalName);
  // compared as the players' list compares them (Player.key): "ala" is Ala
  if (new Set(names.map(casefold)).size !== names.length) {
    r.bad(null, "players", N_("two players have the same name"));
  }
  return names;
}

/**
 * The trail of an export: checked for shape and bounds (it never changes a score).
 * @param {Reader} r
 * @param {unknown} raw
 * @returns {JsonObject[]}
 */
export function trail(r, raw) {
  if (!Array.isArray(raw)) {
    r.bad(null, "trail", N_("trail must be a list of changes"));
    return [];
  }
  if (raw.length > TRAIL_MAX) {
    const template = N_("a trail has at most {most} changes, got {got}");
    r.bad(null, "trail", template, { most: TRAIL_MAX, got: raw.length });
    return [];
  }
  for (const [i, item] of raw.entries()) {
    const number = i + 1;
    if (!changeOk(item)) {
      const template = N_(
        "change {number} of the trail: each change has action, hand (a line " +
          "number from 1 to {most}), before and after (lines), reason, who and at",
      );
      r.bad(null, "trail", template, { number, most: LINES_MAX });
      return [];
    }
    for (const [key, most] of TEXTS) {
      const text = /** @type {string | null | undefined} */ (item[key]);
      const detail = text ? textProblem(text, most, key === "reason") : null;
      if (detail) {
        const template = N_("change {number} of the trail: {key}: {detail}");
        r.bad(null, "trail", template, { number, key, detail });
        return [];
      }
    }
  }
  return raw.map((item) => ({ ...item }));
}

/**
 * One change of a trail in shape: its line number stored as an INTEGER, its lines read.
 * @param {unknown} item
 * @returns {item is JsonObject}
 */
function changeOk(item) {
  if (!isObject(item) || Object.keys(item).some((k) => !TRAIL_KEYS.has(k))) return false;
  const { action, hand } = item;
  return (
    (action === "edit" || action === "delete" || action === "restore") &&
    Number.isInteger(hand) &&
    1 <= /** @type {number} */ (hand) &&
    /** @type {number} */ (hand) <= LINES_MAX &&
    ["before", "after"].every((k) => item[k] == null || lineOk(item[k])) &&
    ["reason", "who", "at"].every((k) => item[k] == null || typeof item[k] === "string")
  );
}

/**
 * A line of a change as the game file holds one (a restore reads it back as a line).
 * @param {unknown} raw
 */
function lineOk(raw) {
  const reader = new Reader();
  const line = reader.line(1, raw);
  if (reader.problems.length || line === null) return false;
  return !(line instanceof Adjustment) || textProblem(line.reason, REASON_MAX, true) === null;
}
