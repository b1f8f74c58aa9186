// Twin of scorekeeper/rules/bounds.py: the bounds of every number and text a game can hold
// (scoring.md 3.2), read from data.js, and the checks of a text, a name and a stake.
import { BOUNDS } from "./data.js";
import { N_, Message } from "./errors.js";

/** @typedef {import("./money.js").Decimal} Decimal */

export const {
  DB_INT_MAX,
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
 * `value` if a stored id or integer can be it, else null (an id that cannot exist).
 * @param {number | null | undefined} value
 * @returns {number | null}
 */
export function dbInt(value) {
  return value != null && value >= 0 && value <= DB_INT_MAX ? value : null;
}
