// Money (Python's Decimal of the stake: optionspecs.py, sheet.py, gamefile/output.py): read
// as Python reads it, kept as an integer count of 10 ** -STAKE_PLACES (docs/engine.md), a
// number only in the output, so that a settlement is exact to the cent on both sides.
import { SPACE, STAKE_PLACES } from "./bounds.js";

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
