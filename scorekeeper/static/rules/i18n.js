// Twin of the server's gettext catalogues (scorekeeper/catalogues.py): the engine's translators.

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
