// Twin of scorekeeper/gamefile/lines.py: a line of a game file, both ways: JSON values in, a
// Hand or an Adjustment out (or problems), and back (lineToDict), the one mapping between a
// line and its JSON; and of gamefile/parts.py: the parts of a game file besides its lines, the
// players' names and the trail, each checked against the bounds of its column.
import { HAND_FIELDS, MARRIAGE_FIELDS, MUSIK_FIELDS } from "../rules/data.js";
import { Adjustment, Hand, Marriage, MARRIAGE_SUITS, Musik } from "../rules/hand.js";
import { N_, Problem } from "../rules/i18n.js";
import { AT_MAX, casefold, LINES_MAX, nameProblem, normalName, REASON_MAX, textProblem, TRAIL_MAX, WHO_MAX } from "../rules/optionspecs.js";

/** @typedef {import("../rules/hand.js").Line} Line */
/** @typedef {Record<string, unknown>} JsonObject */

const HAND_KEYS = new Set(HAND_FIELDS); // a hand's keys are its fields' names
const ADJUSTMENT_KEYS = new Set(["adjustment", "reason"]);
const MARRIAGE_KEYS = new Set(MARRIAGE_FIELDS);
const MUSIK_KEYS = new Set(MUSIK_FIELDS);
const TRUMPS = MARRIAGE_SUITS.slice(0, 4);

/** Problems kept of one file: a file of a million bad values says what is wrong in a thousand. */
export const PROBLEMS_MAX = 1000;

/**
 * Whether a JSON value is an object (Python's dict), not null nor a list.
 * @param {unknown} raw
 * @returns {raw is JsonObject}
 */
export const isObject = (raw) => typeof raw === "object" && raw !== null && !Array.isArray(raw);

/**
 * The keys of `raw` that `known` lacks, sorted.
 * @param {JsonObject} raw
 * @param {Set<string>} known
 */
export const unknownKeys = (raw, known) => Object.keys(raw).filter((k) => !known.has(k)).sort();

/**
 * `raw[key]`, or `fallback` where the object has no such key (Python's dict.get).
 * @param {JsonObject} raw
 * @param {string} key
 * @param {unknown} [fallback]
 * @returns {unknown}
 */
export const get = (raw, key, fallback = null) => (Object.hasOwn(raw, key) ? raw[key] : fallback);

/** The problems of a reading, and the values a line is made of. */
export class ValueReader {
  constructor() {
    /** @type {Problem[]} */
    this.problems = [];
    /** problems found, kept or not */
    this.found = 0;
  }

  /**
   * Keeps `problem`, up to PROBLEMS_MAX of them.
   * @param {Problem} problem
   */
  add(problem) {
    this.found += 1;
    if (this.problems.length < PROBLEMS_MAX) this.problems.push(problem);
  }

  /**
   * A problem: `template` is an N_() message with `{name}` fields from `params`.
   * @param {number | null} hand
   * @param {string} field
   * @param {string} template
   * @param {Record<string, unknown>} [params]
   */
  bad(hand, field, template, params = {}) {
    this.add(new Problem({ hand, field, template, params }));
  }

  /**
   * A whole number (at least `low`), or null and a problem.
   * @param {number | null} hand
   * @param {string} field
   * @param {unknown} raw
   * @param {number | null} [low]
   * @returns {number | null}
   */
  int(hand, field, raw, low = null) {
    if (!Number.isInteger(raw)) {
      const got = JSON.stringify(raw);
      this.bad(hand, field, N_("{key} must be a whole number, got {raw}"), { key: field, raw: got });
      return null;
    }
    const value = /** @type {number} */ (raw);
    if (low !== null && value < low) {
      this.bad(hand, field, N_("{key} cannot be below {low}, got {raw}"), { key: field, low, raw });
      return null;
    }
    return value;
  }

  /**
   * A number (or null) per seat, each at least 0; null and a problem per bad value.
   * @param {number} hand
   * @param {string} field
   * @param {unknown} raw
   * @returns {(number | null)[] | null}
   */
  seatList(hand, field, raw) {
    if (!Array.isArray(raw)) {
      this.bad(hand, field, N_("{key} must be a list with a number (or null) per player"), {
        key: field,
      });
      return null;
    }
    const values = raw.map((v) => (v === null ? null : this.int(hand, field, v, 0)));
    return values.every((v, i) => v !== null || raw[i] === null) ? values : null;
  }

  /**
   * One of `suits`, or null and a problem.
   * @param {number} hand
   * @param {string} field
   * @param {unknown} raw
   * @param {readonly string[]} suits
   * @returns {string | null}
   */
  suit(hand, field, raw, suits) {
    if (typeof raw !== "string" || !suits.includes(raw)) {
      this.bad(hand, field, N_("{key} must be one of {suits}, got {raw}"), {
        key: field,
        suits: suits.join(", "),
        raw: JSON.stringify(raw),
      });
      return null;
    }
    return raw;
  }
}

/** Turns JSON values into typed lines, collecting a problem per malformed value. */
export class Reader extends ValueReader {
  /**
   * Line `number` (from 1) of a file, or null when it has problems.
   * @param {number} number
   * @param {unknown} raw
   * @returns {Line | null}
   */
  line(number, raw) {
    if (!isObject(raw)) {
      this.bad(number, "hand", N_("a hand must be an object (see game-file.md)"));
      return null;
    }
    if (Object.hasOwn(raw, "adjustment")) return this.adjustment(number, raw);
    const [unknown] = unknownKeys(raw, HAND_KEYS);
    if (unknown !== undefined) {
      this.bad(number, unknown, N_("unknown field {key!r} in a hand"), { key: unknown });
    }
    const before = this.found;
    /** @param {string} key */
    const int = (key) => (get(raw, key) === null ? null : this.int(number, key, raw[key], 0));
    const [dealer, declarer, bid, contract] = ["dealer", "declarer", "bid", "contract"].map(int);
    const giveUp = get(raw, "give_up", false);
    const blind = get(raw, "blind", false);
    if (typeof giveUp !== "boolean") this.bad(number, "give_up", N_("give_up must be true or false"));
    if (typeof blind !== "boolean") this.bad(number, "blind", N_("blind must be true or false"));
    /** @param {string} key */
    const seats = (key) => (get(raw, key) === null ? null : this.seatList(number, key, raw[key]));
    const points = seats("points");
    const tricks = seats("tricks");
    const trump = get(raw, "trump") === null ? null : this.suit(number, "trump", raw.trump, TRUMPS);
    const marriages = this.marriages(number, get(raw, "marriages"));
    const musik = get(raw, "musik") === null ? null : this.musik(number, raw.musik);
    if (this.found > before) return null;
    return new Hand({
      declarer,
      bid,
      contract,
      giveUp: giveUp === true,
      points,
      marriages,
      trump,
      tricks,
      musik,
      dealer,
      blind: blind === true,
    });
  }

  /**
   * @param {number} number
   * @param {unknown} raw
   * @returns {Marriage[]}
   */
  marriages(number, raw) {
    if (raw === null) return [];
    if (!Array.isArray(raw)) {
      this.bad(number, "marriages", N_("marriages must be a list of {seat, suit}"));
      return [];
    }
    /** @type {Marriage[]} */
    const out = [];
    for (const m of raw) {
      if (!isObject(m) || !Object.hasOwn(m, "seat") || !Object.hasOwn(m, "suit")) {
        this.bad(number, "marriages", N_("each marriage is an object with seat and suit"));
        continue;
      }
      const [unknown] = unknownKeys(m, MARRIAGE_KEYS);
      if (unknown !== undefined) {
        this.bad(number, "marriages", N_("unknown field {key!r} in a marriage"), { key: unknown });
      }
      const seat = this.int(number, "marriages", m.seat, 0);
      const suit = this.suit(number, "marriages", m.suit, MARRIAGE_SUITS);
      const switched = get(m, "switch", false);
      if (typeof switched !== "boolean") {
        this.bad(number, "marriages", N_("a marriage's switch must be true or false"));
      } else if (seat !== null && suit !== null) {
        out.push(new Marriage({ seat, suit, switch: switched }));
      }
    }
    return out;
  }

  /**
   * @param {number} number
   * @param {unknown} raw
   * @returns {Musik | null}
   */
  musik(number, raw) {
    if (!isObject(raw) || unknownKeys(raw, MUSIK_KEYS).length) {
      this.bad(number, "musik", N_("musik must be an object with aces and marriage"));
      return null;
    }
    const aces = this.int(number, "musik", get(raw, "aces", 0), 0);
    let marriage = /** @type {string | null} */ (null);
    if (get(raw, "marriage") !== null) {
      marriage = this.suit(number, "musik", raw.marriage, TRUMPS);
      if (marriage === null) return null;
    }
    return aces === null ? null : new Musik({ aces, marriage });
  }

  /**
   * @param {number} number
   * @param {JsonObject} raw
   * @returns {Adjustment | null}
   */
  adjustment(number, raw) {
    const [unknown] = unknownKeys(raw, ADJUSTMENT_KEYS);
    if (unknown !== undefined) {
      const message = N_("an adjustment has only adjustment and reason, not {key!r}");
      this.bad(number, unknown, message, { key: unknown });
    }
    const values = raw.adjustment;
    const reason = get(raw, "reason", "");
    if (typeof reason !== "string") {
      this.bad(number, "reason", N_("the reason of an adjustment must be text"));
    }
    if (!Array.isArray(values)) {
      this.bad(number, "adjustment", N_("adjustment must be a list with a number per player"));
      return null;
    }
    const ints = values.map((v) => this.int(number, "adjustment", v));
    if (ints.includes(null) || typeof reason !== "string" || unknown !== undefined) return null;
    return new Adjustment({ values: /** @type {number[]} */ (ints), reason });
  }
}

/**
 * One line in game-file shape, with only the fields that carry information.
 * @param {Line} line
 * @returns {JsonObject}
 */
export function lineToDict(line) {
  if (line instanceof Adjustment) return { adjustment: [...line.values], reason: line.reason };
  /** @type {JsonObject} */
  const out = {};
  for (const key of /** @type {const} */ (["dealer", "declarer", "bid", "contract"])) {
    if (line[key] !== null) out[key] = line[key];
  }
  if (line.giveUp) out.give_up = true;
  if (line.blind) out.blind = true;
  if (line.points !== null) out.points = [...line.points];
  if (line.marriages.length) {
    out.marriages = line.marriages.map(({ seat, suit, switch: switched }) =>
      switched ? { seat, suit, switch: true } : { seat, suit },
    );
  }
  if (line.trump !== null) out.trump = line.trump;
  if (line.tricks !== null) out.tricks = [...line.tricks];
  if (line.musik !== null) out.musik = { aces: line.musik.aces, marriage: line.musik.marriage };
  return out;
}

/** @typedef {import("../rules/ruleset.js").Rules} Rules */

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
