// An option's values. Twin of scorekeeper/rules/bounds.py: the bounds of every number and text a
// game can hold (scoring.md 3.2), read from data.js, and the checks of a text, a name and a
// stake; money (Python's Decimal of the stake: optionspecs.py, sheet.py, gamefile/output.py);
// of rules/parsers.py: the kinds of option values and their parsers (scoring.md 2, 5), JSON
// in, the typed value out; and of rules/optionspecs.py: every option (scoring.md 2, 5 and 5.1)
// with its parser: the kinds and bounds are data.js's, the values only some options take (the
// rounding's words, the deck, a value per suit, the stake) are parsed here.
import { BOUNDS, DEFAULT_MARRIAGES, OPTION_SPECS as DATA } from "./data.js";
import { Barrel, Blind, Bolts, DECKS, Dump, GiveUp, Golden, MusikBonus, Silence } from "./hand.js";
import { Message, N_ } from "./i18n.js";


export const {
  ADJUSTMENT_MAX,
  LINES_MAX,
  TRAIL_MAX,
  OPTION_POINTS_MAX,
  OPTION_SMALL_MAX,
  ACE_MARRIAGE_MAX,
  MULTIPLIER_MAX,
  STAKE_MAX,
  STAKE_PLACES,
  NAME_MAX,
  REASON_MAX,
  WHO_MAX,
  AT_MAX,
} = BOUNDS;

/** Python's white space (str.isspace, which split() and strip() use): JavaScript's \s but
 * U+FEFF, and U+001C to U+001F and U+0085 too. A character class for a RegExp. */
export const SPACE = "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const SPACES = new RegExp(`${SPACE}+`, "g");

// Control characters (C0, DEL, C1), lone surrogates (JSON's "\ud800" decodes to one) and the
// Unicode line and paragraph separators; NUL above all: PostgreSQL refuses it in text. A name
// is one line; a reason may have several, so tab, LF and CR pass there. (With the u flag a
// surrogate range matches lone surrogates only, as Python's code points.)
const ONE_LINE = /[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]/u; // eslint-disable-line no-control-regex
const LINES = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]/u; // eslint-disable-line no-control-regex

/**
 * A name as it is stored: its runs of white space one space (services.player).
 * @param {string} name
 */
export function normalName(name) {
  return name.split(SPACES).filter(Boolean).join(" ");
}

/**
 * Python's casefold() for the scripts players write (Latin, Cyrillic, Greek...): upper then
 * lower case, but "ı" stays, "ẞ" and "ß" are "ss" and every sigma "σ". Not as Python:
 * Cherokee, and letters newer than Python's Unicode.
 * @param {string} s
 */
export function casefold(s) {
  return s.replace(/[^ı]+/g, (t) => t.toUpperCase().toLowerCase()).replace(/ß/g, "ss").replace(/ς/g, "σ");
}

/**
 * Null if `text` fits its column; else what is wrong, for a Problem's detail. `lines`: tab,
 * LF and CR are allowed (a reason), else no control character at all (a name).
 * @param {string} text
 * @param {number} most
 * @param {boolean} [lines]
 * @returns {Message | null}
 */
export function textProblem(text, most, lines = false) {
  const size = [...text].length; // Python's len: code points
  if (size > most) return new Message({ template: N_("at most {most} characters, got {got}"), params: { most, got: size } });
  const found = (lines ? LINES : ONE_LINE).exec(text);
  if (!found) return null;
  const code = /** @type {number} */ (found[0].codePointAt(0));
  return new Message({
    template: N_("no control characters: found {char} at character {at}"),
    params: { char: `U+${code.toString(16).toUpperCase().padStart(4, "0")}`, at: [...text.slice(0, found.index)].length + 1 },
  });
}

/**
 * What is wrong with a player's name, or null: no control character as typed (a line
 * separator is white space to Python's split), then its length as stored (normalName), and
 * that of its case-folded key, whose column is as long and which folding can lengthen.
 * @param {string} name
 * @returns {Message | null}
 */
export function nameProblem(name) {
  const stored = normalName(name);
  if (!stored) return new Message({ template: N_("a player needs a name") });
  return textProblem(name, [...name].length) ?? textProblem(stored, NAME_MAX) ?? textProblem(casefold(stored), NAME_MAX);
}

/**
 * What is wrong with a stake (3.2: a decimal from 0 to 1,000 with at most 4 places).
 * @param {Decimal} value
 * @returns {Message | null}
 */
export function stakeProblem({ finite, negative, digits, exponent }) {
  // the place of the first digit: 3 is from 1,000 to 9,999, of which only 1,000 (digits "1")
  const place = exponent + BigInt(digits.length - 1);
  const zero = digits === "0";
  if (!finite || (!zero && (negative || place > 3n || (place === 3n && digits !== "1")))) {
    return new Message({ template: N_("must be from 0 to {most}"), params: { most: STAKE_MAX } });
  }
  if (!zero && exponent < -STAKE_PLACES) {
    return new Message({ template: N_("has at most {places} decimal places"), params: { places: STAKE_PLACES } });
  }
  return null;
}

/**
 * A number as Python's Decimal(text) holds it: (-1 if `negative`) × `digits` × 10 ** `exponent`,
 * `digits` with neither leading nor trailing zeros ("0" for zero); `finite` false for an
 * infinity or a NaN.
 * @typedef {{finite: boolean, negative: boolean, digits: string, exponent: bigint}} Decimal
 */

/** How many units of money make 1: money is a whole count of 10 ** -STAKE_PLACES. */
export const UNIT = 10 ** STAKE_PLACES;

// the exponents Python's Decimal() takes (its MAX_EMAX, and MIN_EMIN - MAX_PREC + 1)
const EMAX = 999999999999999999n;
const ETINY = -1999999999999999997n;
const STRIP = new RegExp(`^${SPACE}+|${SPACE}+$`, "g");
const SYNTAX = /^([-+]?)(?:(\d*)(?:\.(\d*))?(?:e([-+]?\d+))?|(inf(?:inity)?|s?nan\d*))$/i;

/**
 * Python's Decimal(text): white space around and underscores anywhere dropped, any Unicode
 * decimal digit read as its value. Null where Python raises InvalidOperation.
 * @param {string} text
 * @returns {Decimal | null}
 */
export function decimal(text) {
  const ascii = text
    .replace(STRIP, "")
    .replace(/_/g, "")
    .replace(/\p{Nd}/gu, (ch) => {
      const code = /** @type {number} */ (ch.codePointAt(0));
      let zero = code; // digits come in runs of ten, from 0 to 9
      while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
      return String((code - zero) % 10);
    });
  const [, sign, whole = "", fraction = "", power = "0", special] = SYNTAX.exec(ascii) ?? [];
  const negative = sign === "-";
  if (special) return { finite: false, negative, digits: "0", exponent: 0n };
  if (!(whole + fraction)) return null;
  const digits = (whole + fraction).replace(/^0+(?=.)/, "");
  const exponent = BigInt(power) - BigInt(fraction.length);
  const first = digits === "0" ? exponent : exponent + BigInt(digits.length - 1);
  if (first > EMAX || exponent < ETINY) return null;
  const kept = digits.replace(/(.)0+$/, "$1"); // 1.50 is 1.5: trailing zeros into the exponent
  return { finite: true, negative, digits: kept, exponent: exponent + BigInt(digits.length - kept.length) };
}

/**
 * The units of a decimal that bounds.stakeProblem passes (from 0 to STAKE_MAX with at most
 * STAKE_PLACES places).
 * @param {Decimal} value
 * @returns {number}
 */
export function units({ digits, exponent }) {
  return digits === "0" ? 0 : Number(digits + "0".repeat(Number(exponent) + STAKE_PLACES)); // 0 of any exponent
}

/**
 * What `points` cost at `stake` units a point (scoring.md 4), in units: exact while below
 * 2 ** 53 units, ~9 * 10 ** 11 in money, far beyond any game's.
 * @param {number} points
 * @param {number} stake
 * @returns {number}
 */
export function times(points, stake) {
  return points * stake;
}

/**
 * Money as a JSON number (output.amount): a whole amount an integer, else the float nearest
 * it, as Python's float(Decimal) (JavaScript reads a decimal text to the nearest number too).
 * @param {number} value units
 * @returns {number}
 */
export function amount(value) {
  return value % UNIT === 0 ? value / UNIT + 0 : Number(`${value}e-${STAKE_PLACES}`);
}

/** @typedef {import("./data.js").SpecData} SpecData */
/** @typedef {(raw: unknown) => unknown} Parse */
/**
 * What one option takes (data.js: its kind, bounds, choices, keys, usual value) and `parse`,
 * which checks a JSON value and gives the option's value.
 * @typedef {SpecData & {parse: Parse}} Spec
 */

/** A value that an option cannot take; `detail` says what it can take. */
export class Bad extends Error {
  /**
   * @param {string} template
   * @param {Record<string, unknown>} [params]
   */
  constructor(template, params = {}) {
    super(template);
    this.detail = new Message({ template, params });
  }
}

/**
 * Whether `raw` is a JSON object (Python's Mapping).
 * @param {unknown} raw
 * @returns {raw is Record<string, unknown>}
 */
export const isObject = (raw) => typeof raw === "object" && raw !== null && !Array.isArray(raw);

/**
 * A whole number from `low` to `high` (a float such as 5.0 is one: JSON.parse reads it 5).
 * @param {unknown} raw
 * @param {number} low
 * @param {number} high
 * @returns {number}
 */
export function int(raw, low, high) {
  if (typeof raw !== "number" || !Number.isInteger(raw)) throw new Bad(N_("must be a whole number, got {raw!r}"), { raw });
  if (raw < low || raw > high) throw new Bad(N_("must be between {low} and {high}, got {raw}"), { low, high, raw });
  return raw + 0; // -0 is 0
}

/** @type {Parse} */
function bool(raw) {
  if (typeof raw !== "boolean") throw new Bad(N_("must be true or false, got {raw!r}"), { raw });
  return raw;
}

/**
 * One of the words `allowed`.
 * @param {string[]} allowed
 * @returns {(raw: unknown) => string}
 */
export const choice = (allowed) => (raw) => {
  const found = allowed.find((word) => word === raw);
  if (found === undefined) throw new Bad(N_("must be one of {allowed}, got {raw!r}"), { allowed: allowed.join(", "), raw });
  return found;
};

/**
 * A house rule's record: true for its usual values, or an object whose missing keys keep
 * them (the record's defaults).
 * @param {(values: Record<string, unknown>) => unknown} make
 * @param {Record<string, Parse>} parsers
 * @returns {Parse}
 */
function record(make, parsers) {
  const keys = Object.keys(parsers).join(", ");
  return (raw) => {
    if (raw === true) return make({});
    if (!isObject(raw)) throw new Bad(N_("must be an object with {keys}, true, or null"), { keys });
    const unknown = Object.keys(raw).filter((key) => !Object.hasOwn(parsers, key)).sort();
    if (unknown.length) throw new Bad(N_("unknown key {key!r} (it takes {keys})"), { key: unknown[0], keys });
    /** @type {Record<string, unknown>} */
    const values = {};
    for (const [key, value] of Object.entries(raw)) {
      try {
        values[key] = parsers[key](value);
      } catch (bad) {
        if (!(bad instanceof Bad)) throw bad;
        throw new Bad(N_("{key} {detail}"), { key, detail: bad.detail });
      }
    }
    return make(values);
  };
}

/**
 * The parser of an option or a record's key by its kind and bounds (data.js); null (or
 * false) turns an optional one off. An int's `choices` are the words it takes besides a number
 * (a give-up's "half"). The kinds with a parser of their own (per_suit, money) and the choices
 * that give more than their word are optionspecs.js's.
 * @param {SpecData} data
 * @param {new (values: any) => unknown} [Type] a record's class (hand.js)
 * @returns {Parse}
 */
export function parser(data, Type) {
  const { kind, low = 0, high = 0, choices = [], keys = {} } = data;
  /** @type {Parse} */
  let parse;
  if (kind === "int") parse = (raw) => choices.find((word) => word === raw) ?? int(raw, low, high);
  else if (kind === "bool") parse = bool;
  else if (kind === "choice") parse = choice(choices);
  else if (kind === "record" && Type) {
    const parsers = Object.fromEntries(Object.entries(keys).map(([key, spec]) => [key, parser(spec)]));
    // the record's fields are its keys camelCased (knock_off is knockOff)
    const camel = (/** @type {string} */ key) => key.replace(/_(.)/g, (_, c) => c.toUpperCase());
    parse = record((values) => new Type(Object.fromEntries(Object.entries(values).map(([k, v]) => [camel(k), v]))), parsers);
  } else throw new TypeError(`no parser of ${kind} without its own`);
  return data.optional ? (raw) => (raw == null || raw === false ? null : parse(raw)) : parse;
}


/** The house rules' records by option (hand.js), their keys camelCased from the file's. */
const RECORDS = { musik_bonus: MusikBonus, give_up: GiveUp, barrel: Barrel, bolts: Bolts, dump: Dump, blind: Blind, golden: Golden, silence: Silence };

/** the words and numbers of a rounding; 0 is none */
const ROUNDING = new Map(/** @type {[unknown, number][]} */ ([["none", 0], [null, 0], [0, 0], ["0", 0], [5, 5], ["5", 5], [10, 10], ["10", 10]]));

/** @param {unknown} raw */
function rounding(raw) {
  const step = ROUNDING.get(raw);
  if (step === undefined) throw new Bad(N_("must be none, 5 or 10, got {raw!r}"), { raw });
  return step;
}

const deckKey = choice(Object.keys(DECKS));

/** @param {unknown} raw */
function marriageValues(raw) {
  if (!isObject(raw)) throw new Bad(N_("must be an object with a value per suit"));
  const unknown = Object.keys(raw).filter((suit) => !Object.hasOwn(DEFAULT_MARRIAGES, suit)).sort();
  if (unknown.length) throw new Bad(N_("unknown suit {suit!r}"), { suit: unknown[0] });
  const { low = 0, high = 0 } = DATA.marriage_values;
  return { ...DEFAULT_MARRIAGES, ...Object.fromEntries(Object.entries(raw).map(([suit, v]) => [suit, int(v, low, high)])) };
}

/**
 * The stake: Python's Decimal(str(raw)) of a number or a text, in units of money (above).
 * false is refused, not off: the stake is no house rule's record.
 * @param {unknown} raw
 */
function stake(raw) {
  if (raw === null) return null;
  const value = typeof raw === "number" || typeof raw === "string" ? decimal(String(raw)) : null;
  if (!value) throw new Bad(N_("must be an amount of money per point, got {raw!r}"), { raw });
  if (stakeProblem(value)) {
    // scoring.md 3.2: from 0 to 1,000 with at most 4 decimal places
    const template = N_("must be an amount of money per point from 0 to {most}, with at most {places} decimal places, got {raw!r}");
    throw new Bad(template, { most: STAKE_MAX, places: STAKE_PLACES, raw });
  }
  return units(value);
}

/** @type {Record<string, Parse>} */
const OWN = { cards: (raw) => DECKS[deckKey(raw)], rounding, marriage_values: marriageValues, stake };

/**
 * Every option of scoring.md sections 2, 5 and 5.1, in the order of the game file and the
 * docs. No prototype: a game file's key is looked up in it.
 * @type {Readonly<Record<string, Spec>>}
 */
export const OPTION_SPECS = Object.assign(
  Object.create(null),
  Object.fromEntries(
    Object.entries(DATA).map(([name, data]) => {
      const Type = /** @type {Record<string, new (values: any) => unknown>} */ (RECORDS)[name];
      return [name, { ...data, parse: OWN[name] ?? parser(data, Type) }];
    }),
  ),
);
