// Twin of scorekeeper/rules/presets.py: the seven presets of scoring.md section 1, as data
// (data.js): what each variant plays, in values.
import { PRESETS as DATA, OPTION_DEFAULTS, PRESET_KEYS } from "./data.js";

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
