// Twin of scorekeeper/rules/parsers.py: the kinds of option values and their parsers
// (scoring.md 2, 5), JSON in, the typed value out; the options are optionspecs.js's.
import { N_, Message } from "./errors.js";

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
 * @param {new (values: any) => unknown} [Type] a record's class (records.js)
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
