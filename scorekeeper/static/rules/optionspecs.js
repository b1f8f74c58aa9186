// Twin of scorekeeper/rules/optionspecs.py: every option of the rules (scoring.md 2, 5 and
// 5.1) with its parser: the kinds and bounds are data.js's, the values only some options take
// (the rounding's words, the deck, a value per suit, the stake) are parsed here.
import { STAKE_MAX, STAKE_PLACES, stakeProblem } from "./bounds.js";
import { DECKS } from "./cards.js";
import { OPTION_SPECS as DATA, DEFAULT_MARRIAGES } from "./data.js";
import { N_ } from "./errors.js";
import { decimal, units } from "./money.js";
import { Bad, choice, int, isObject, parser } from "./parsers.js";
import { Barrel, Blind, Bolts, Dump, GiveUp, Golden, MusikBonus, Silence } from "./records.js";

/** @typedef {import("./parsers.js").Spec} Spec */

/** The house rules' records by option (records.js), their keys camelCased from the file's. */
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
 * The stake: Python's Decimal(str(raw)) of a number or a text, in units of money (money.js).
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

/** @type {Record<string, import("./parsers.js").Parse>} */
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
