// Twin of scorekeeper/rules/options.py: house rules as data, one options object per game,
// validated once (scoring.md 2, 5): its values, then what cannot be played together; and of
// rules/presets.py: the seven presets of scoring.md section 1, as data (data.js): what each
// variant plays, in values.
import { OPTION_DEFAULTS, PRESET_KEYS, PRESETS as DATA } from "./data.js";
import { InvalidHand, Message, N_, Problem } from "./i18n.js";
import { Bad, OPTION_SPECS } from "./optionspecs.js";

/**
 * @typedef {import("./hand.js").Barrel} Barrel
 * @typedef {import("./hand.js").Blind} Blind
 * @typedef {import("./hand.js").Bolts} Bolts
 * @typedef {import("./hand.js").Dump} Dump
 * @typedef {import("./hand.js").GiveUp} GiveUp
 * @typedef {import("./hand.js").Golden} Golden
 * @typedef {import("./hand.js").MusikBonus} MusikBonus
 * @typedef {import("./hand.js").Silence} Silence
 */

/**
 * A problem of option `key`: what is wrong with it, `detail`, a Message.
 * @param {string} key
 * @param {Message} detail
 */
const problem = (key, detail) =>
  new Problem({ hand: null, field: `options.${key}`, template: N_("option {key}: {detail}"), params: { key, detail } });

/** What an option is when neither the preset nor the game gives it. */
const DEFAULTS = Object.fromEntries(Object.entries(OPTION_DEFAULTS).map(([key, raw]) => [key, OPTION_SPECS[key].parse(raw)]));

/** Every option of scoring.md section 2, the house rules of section 5 and the club agreements
 * of 5.1; its fields are the options' names as the game file spells them. */
export class Options {
  /** @param {Record<string, unknown>} values every option's value, parsed */
  constructor(values) {
    /** @type {number} */ this.target;
    /** @type {number | null} a fixed number of deals */ this.deals;
    /** @type {import("./hand.js").Deck} */ this.cards;
    /** @type {string} */ this.bidding;
    /** @type {number} */ this.min_bid;
    /** @type {number} */ this.bid_step;
    /** @type {number} */ this.max_contract;
    /** @type {boolean} */ this.contract_raise;
    /** @type {string} */ this.marriages;
    /** @type {Readonly<Record<string, number>>} */ this.marriage_values;
    /** @type {boolean} */ this.marriage_needs_trick;
    /** @type {boolean} */ this.trump_marriage_double;
    /** @type {boolean} */ this.double_on_switch;
    /** @type {number} 0 means "none" */ this.rounding;
    /** @type {boolean} */ this.round_declarer;
    /** @type {number | null} */ this.lock;
    /** @type {string | null} */ this.sitting_out;
    /** @type {MusikBonus | null} */ this.musik_bonus;
    /** @type {GiveUp | null} */ this.give_up;
    /** @type {boolean} */ this.slam_counts_all;
    /** @type {boolean} */ this.all_cards_in_play;
    /** @type {number | null} in units of money (optionspecs.js) */ this.stake;
    /** @type {Barrel | null} */ this.barrel;
    /** @type {Bolts | null} */ this.bolts;
    /** @type {Dump | null} */ this.dump;
    /** @type {number | null} */ this.ace_marriage;
    /** @type {Blind | null} */ this.blind;
    /** @type {Golden | null} */ this.golden;
    /** @type {Silence | null} */ this.silence;
    /** @type {string} 5.2: "exact": a total must land exactly on the target */ this.finish;
    Object.assign(this, values);
  }

  get auction() {
    return this.bidding === "auction";
  }

  /**
   * The preset's values with `overrides` on top; every bad key or value is a problem, and so
   * is every pair of values that cannot be played together.
   * @param {Readonly<Record<string, unknown>>} preset
   * @param {Readonly<Record<string, unknown>> | null} [overrides]
   * @returns {Options}
   */
  static build(preset, overrides = null) {
    const given = overrides ?? {};
    const problems = Object.keys(given)
      .filter((key) => !Object.hasOwn(OPTION_SPECS, key))
      .map((key) => new Problem({ hand: null, field: `options.${key}`, template: N_("unknown option {key!r}"), params: { key } }));
    /** @type {Record<string, unknown>} */
    const values = {};
    for (const [key, raw] of Object.entries({ ...preset, ...given })) {
      if (!Object.hasOwn(OPTION_SPECS, key)) continue;
      try {
        values[key] = OPTION_SPECS[key].parse(raw);
      } catch (bad) {
        if (!(bad instanceof Bad)) throw bad;
        problems.push(problem(key, bad.detail));
      }
    }
    if (problems.length) throw new InvalidHand(problems);
    const options = new Options({ ...DEFAULTS, ...values });
    const wrong = [...options.#inconsistent(), ...options.#clubProblems()];
    if (wrong.length) throw new InvalidHand(wrong.map(([key, detail]) => problem(key, detail)));
    return options;
  }

  /** @returns {[string, Message][]} the options that contradict each other */
  #inconsistent() {
    /** @type {[string, Message][]} */
    const out = [];
    /** @param {string} key @param {string} template @param {Record<string, unknown>} [params] */
    const add = (key, template, params = {}) => out.push([key, new Message({ template, params })]);
    if (this.auction) {
      if (this.min_bid % this.bid_step) {
        add("min_bid", N_("the lowest bid {bid} is not a multiple of the bid step {step}"), { bid: this.min_bid, step: this.bid_step });
      }
      if (this.max_contract < this.min_bid) {
        add("max_contract", N_("the largest contract {most} is below the lowest bid {bid}"), { most: this.max_contract, bid: this.min_bid });
      }
    }
    if (this.lock !== null && !this.auction) {
      // 3.2: with no declarer a locked seat could never score again
      add("lock", N_("the lock needs an auction: with no declarer a locked player could never finish"));
    }
    if (this.barrel && !(this.barrel.at < this.target)) {
      add("barrel", N_("the barrel at {at} must be below the target {target}"), { at: this.barrel.at, target: this.target });
    }
    // 5.2: the give-up's floor means nothing but under half the contract
    const g = this.give_up;
    if (g?.opponentsMin != null && g.opponents !== "half") add("give_up", N_("opponents_min needs opponents half, got {opponents}"), { opponents: g.opponents });
    return out;
  }

  /** @returns {[string, Message][]} the club agreements of 5.1 that cannot be played with the other options */
  #clubProblems() {
    if (!this.auction) {
      // a blind bid, a golden hand's forced opener and a silent seat are all declarers
      /** @type {[string, string, unknown][]} */
      const needs = [
        ["blind", N_("a blind bid needs an auction: with no declarer nobody bids"), this.blind],
        ["golden", N_("the golden deal needs an auction: with no declarer nobody plays its contract"), this.golden],
        ["silence", N_("silence needs an auction: with no declarer nobody bids"), this.silence],
      ];
      return needs.filter(([, , on]) => on !== null).map(([key, template]) => [key, new Message({ template })]);
    }
    /** @type {[string, Message][]} */
    const out = [];
    const { golden, blind, bid_step: step, min_bid: least, max_contract: most } = this;
    if (golden !== null && (golden.contract % step || golden.contract < least || golden.contract > most)) {
      const template = N_("the golden contract {contract} is no contract of this game: a multiple of {step} from {least} to {most}");
      out.push(["golden", new Message({ template, params: { contract: golden.contract, step, least, most } })]);
    }
    if (blind !== null && blind.minContract > most) {
      const template = N_("a blind contract of at least {least} is above the largest contract {most}: nobody could bid blind");
      out.push(["blind", new Message({ template, params: { least: blind.minContract, most } })]);
    }
    return out;
  }
}

// Every difference between the variants is a value: an option, or one of two facts a preset
// states beside its options, the forced opening and ru-2's 850 rule. One Rules class
// (ruleset.js) reads them where the order of scoring.md 3.3 asks.

/** One preset: its seats, tricks and option values, and how its auction opens. */
export class Preset {
  /**
   * @param {{key: string, seats: number, tricks: number,
   *   options: Readonly<Record<string, unknown>>, forcedOpening?: boolean,
   *   skipBiddingAt?: number | null}} fields
   */
  constructor({ key, seats, tricks, options, forcedOpening = true, skipBiddingAt = null }) {
    this.key = key;
    this.seats = seats;
    /** tricks in one hand (scoring.md 3.2) */
    this.tricks = tricks;
    this.options = options;
    /** The player after the dealer must open at the lowest bid ("na musiku", "na setce"); in
     * Russian two- and four-hand the first hand may pass (seed 002). */
    this.forcedOpening = forcedOpening;
    /** ru-2 (seed 002): at this total a player may stay out of the auction, and then the
     * opponent may not pass. null: no such rule. */
    this.skipBiddingAt = skipBiddingAt;
  }
}

/** The presets, in the order of scoring.md section 1. */
export const PRESETS = DATA.map(({ forced_opening: forcedOpening, skip_bidding_at: skipBiddingAt, options, ...fields }) => {
  // data.js writes only the values that differ from the defaults; a preset sets every key
  const values = Object.fromEntries(PRESET_KEYS.map((key) => [key, Object.hasOwn(options, key) ? options[key] : OPTION_DEFAULTS[key]]));
  return new Preset({ ...fields, options: values, forcedOpening, skipBiddingAt });
});
