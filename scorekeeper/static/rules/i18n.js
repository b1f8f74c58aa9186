// The words of the engine. Twin of the server's gettext catalogues (scorekeeper/catalogues.py):
// the engine's translators; and of scorekeeper/rules/errors.py: the one error the rules raise;
// every problem names its hand, its field and says why in words.
import { marriageName, suitName } from "./notes.js";

/**
 * What the notes and problems need of a catalogue: gettext's NullTranslations and Babel's fit.
 * @typedef {object} Translator
 * @property {(message: string) => string} gettext
 * @property {(singular: string, plural: string, n: number) => string} ngettext
 * @property {(context: string, message: string) => string} pgettext
 */

/**
 * The server's /engine/messages-<lang>.json (catalogues.engine_catalogue): the plural form of
 * n for n = 0..199, the messages (a plural message's forms as a list), and the messages with a
 * context under "context\u0004msgid".
 * @typedef {object} CatalogueData
 * @property {number[]} [plurals]
 * @property {Record<string, string | string[]>} [messages]
 * @property {Record<string, string>} [contexts]
 */

/** English, as gettext.NullTranslations says it: every message as it is. @type {Translator} */
export const ENGLISH = {
  gettext: (message) => message,
  ngettext: (singular, plural, n) => (n === 1 ? singular : plural),
  pgettext: (_context, message) => message,
};

/**
 * A translator from an exported catalogue. A count of 200 or more takes the form of
 * 100 + n % 100 (catalogues.plural_table checks that the language's rule repeats so); with no
 * table the form is English's. A message the catalogue lacks, or whose translation is empty, is
 * said in English, as gettext's GNUTranslations does.
 * @param {CatalogueData | null} [json]
 * @returns {Translator}
 */
export function catalogue(json) {
  const { messages = {}, contexts = {}, plurals } = json ?? {};
  /** @type {(table: Record<string, string | string[]>, key: string) => string | string[] | undefined} */
  const lookup = (table, key) => (Object.hasOwn(table, key) && table[key] !== "" ? table[key] : undefined);
  return {
    gettext(message) {
      const t = lookup(messages, message);
      return typeof t === "string" ? t : message;
    },
    ngettext(singular, plural, n) {
      const forms = lookup(messages, singular);
      const form = plurals ? plurals[n < 200 ? n : 100 + (n % 100)] : Number(n !== 1);
      const t = Array.isArray(forms) ? forms[form] : undefined;
      return t ? t : n === 1 ? singular : plural;
    },
    pgettext(context, message) {
      const t = lookup(contexts, `${context}\u0004${message}`);
      return typeof t === "string" ? t : message;
    },
  };
}

/** @typedef {Readonly<Record<string, unknown>>} Params */

/**
 * Marks a problem's message for the catalogue; it is translated when shown (gettext's N_).
 * @param {string} message
 * @returns {string}
 */
export const N_ = (message) => message;

/** A word inside a problem's message that is itself translated: a suit or a marriage. */
export class Term {
  /** @param {{kind: "suit" | "marriage", key: string}} fields */
  constructor({ kind, key }) {
    /** "suit" or "marriage" */
    this.kind = kind;
    /** spades, clubs, diamonds, hearts, aces */
    this.key = key;
  }

  /**
   * @param {Translator} [tr]
   * @returns {string}
   */
  text(tr = ENGLISH) {
    return this.kind === "suit" ? suitName(this.key, tr) : marriageName(this.key, tr);
  }
}

/** A sentence inside a problem's message, translated with it (an option's bad value). */
export class Message {
  /** @param {{template: string, params?: Params}} fields */
  constructor({ template, params = {} }) {
    this.template = template;
    this.params = params;
  }

  /**
   * @param {Translator} [tr]
   * @returns {string}
   */
  text(tr = ENGLISH) {
    return fill(tr.gettext(this.template), this.params, tr);
  }
}

/**
 * A translated message's fields filled, its words and sentences in its language.
 * @param {string} message
 * @param {Params} params
 * @param {Translator} tr
 * @returns {string}
 */
function fill(message, params, tr) {
  const entries = Object.entries(params);
  if (!entries.length) return message; // a plain message: its braces, if any, are text
  return format(
    message,
    Object.fromEntries(entries.map(([k, v]) => [k, v instanceof Term || v instanceof Message ? v.text(tr) : v])),
  );
}

/** One thing wrong with the input: `hand` counts lines from 1 (null: the game as a whole).
 *
 * `template` is an English gettext message with `{name}` fields filled from `params`, so the
 * app can show it in the reader's language; `message` is the English text.
 */
export class Problem {
  /** @param {{hand: number | null, field: string, template: string, seat?: number | null, params?: Params}} fields */
  constructor({ hand, field, template, seat = null, params = {} }) {
    this.hand = hand;
    this.field = field;
    this.template = template;
    this.seat = seat;
    this.params = params;
  }

  get message() {
    return this.text();
  }

  /**
   * The message in the language of `tr`, without the hand's number.
   * @param {Translator} [tr]
   * @returns {string}
   */
  text(tr = ENGLISH) {
    return fill(tr.gettext(this.template), this.params, tr);
  }

  /**
   * The message after where it is: "hand 3: ...", "game: ...".
   * @param {Translator} [tr]
   * @returns {string}
   */
  located(tr = ENGLISH) {
    const where = this.hand === null ? tr.gettext("game") : format(tr.gettext("hand {number}"), { number: this.hand });
    return `${where}: ${this.text(tr)}`;
  }

  toString() {
    return this.located();
  }
}

/** Thrown for any input the rules refuse; carries every problem found, first one first.
 *
 * It is the only error the rules and the game file reader throw for bad input, so a caller
 * needs one `catch` to turn input errors into messages. Its `message` is Python's str(e):
 * every problem, located, one a line (the first problem's own text is `problems[0].message`).
 */
export class InvalidHand extends Error {
  /** @param {Iterable<Problem>} problems */
  constructor(problems) {
    const all = [...problems];
    if (!all.length) throw new RangeError("InvalidHand needs at least one problem");
    super(all.map((p) => p.located()).join("\n"));
    this.name = "InvalidHand";
    /** @type {readonly Problem[]} */
    this.problems = all;
  }

  get hand() {
    return this.problems[0].hand;
  }

  get field() {
    return this.problems[0].field;
  }

  /**
   * One problem, as Python's InvalidHand.one (its keyword parameters as one object).
   * @param {number | null} hand
   * @param {string} field
   * @param {string} template
   * @param {Params} [params]
   * @param {number | null} [seat]
   */
  static one(hand, field, template, params = {}, seat = null) {
    return new InvalidHand([new Problem({ hand, field, template, seat, params })]);
  }
}

/**
 * Python's str.format(**params) of a message: `{name}` (str), `{name!s}`, `{name!r}` (repr),
 * `{{` and `}}`. A name not in `params` or a stray brace throws, as Python raises.
 * @param {string} template
 * @param {Params} params
 * @returns {string}
 */
export function format(template, params) {
  return template.replace(/\{\{|\}\}|\{(\w+)(?:!([rs]))?\}|[{}]/g, (field, name, conversion) => {
    if (field.length === 2) return field[0];
    if (name === undefined) throw new SyntaxError(`bad format string: ${template}`);
    if (!Object.hasOwn(params, name)) throw new RangeError(`no parameter ${name} for: ${template}`);
    return conversion === "r" ? repr(params[name]) : str(params[name]);
  });
}

/**
 * Python's str(v): a str as it is, a word or sentence in English, anything else its repr.
 * @param {unknown} v
 * @returns {string}
 */
function str(v) {
  if (typeof v === "string") return v;
  return v instanceof Term || v instanceof Message ? v.text() : repr(v);
}

/**
 * Python's repr(v) of a str, int, float, bool, None (null), list (array) or dict (object).
 * @param {unknown} v
 * @returns {string}
 */
export function repr(v) {
  if (v == null) return "None";
  if (typeof v === "boolean") return v ? "True" : "False";
  if (typeof v === "string") return reprString(v);
  if (typeof v === "number") return reprNumber(v);
  if (Array.isArray(v)) return `[${v.map(repr).join(", ")}]`;
  if (typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${repr(k)}: ${repr(x)}`).join(", ")}}`;
  return String(v);
}

/** @param {number} x */
function reprNumber(x) {
  if (Number.isInteger(x)) return Math.abs(x) < 1e21 ? String(x) : BigInt(x).toString();
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x < 0 ? "-inf" : "inf";
  // both write the shortest digits that read back; Python turns to an exponent below 1e-4
  return Math.abs(x) < 1e-4 ? x.toExponential().replace(/e-(\d)$/, "e-0$1") : String(x);
}

// What repr() escapes of a str: its quote, the backslash, and what Python does not print
// (categories C and Z but the space).
const ESCAPES = /** @type {Record<string, string>} */ ({ "\t": "\\t", "\n": "\\n", "\r": "\\r", "\\": "\\\\" });

/** @param {string} s */
function reprString(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  return (
    quote +
    s.replace(new RegExp(`[\\\\${quote}]|(?! )[\\p{C}\\p{Z}]`, "gu"), (ch) => {
      if (ESCAPES[ch]) return ESCAPES[ch];
      if (ch === quote) return `\\${ch}`;
      const c = /** @type {number} */ (ch.codePointAt(0));
      const [prefix, width] = c < 0x100 ? ["x", 2] : c < 0x10000 ? ["u", 4] : ["U", 8];
      return `\\${prefix}${c.toString(16).padStart(width, "0")}`;
    }) +
    quote
  );
}
