// Twin of scorekeeper/rules/ruleset.py: the rules of one game, a preset with the game's
// options, and the hooks the steps of a hand ask (scoring.md 3.3, 3.4); and of
// rules/__init__.py: the variants by key, and the rules of a variant with a game's overrides.
import { ACES, Hand } from "./hand.js";
import { InvalidHand, N_ } from "./i18n.js";
import { marriagePoints } from "./scoring.js";
import { Note } from "./notes.js";
import { Options, PRESETS } from "./options.js";
import { Bidding, GoldenHand } from "./tally.js";

/** @typedef {import("./options.js").Preset} Preset */
/** @typedef {import("./tally.js").Table} Table */

/**
 * Rounds to `step` (scoring.md section 2): 10 takes 44 to 40 and 45 to 50 (seed 001); 5 takes
 * a remainder of 1-2 down and 3-4 up (17 to 15, 18 to 20); 0 leaves it.
 * @param {number} points
 * @param {number} step
 */
export function roundTo(points, step) {
  return step === 0 ? points : Math.floor((points + Math.floor(step / 2)) / step) * step;
}

/** A preset with the game's options (scoring.md sections 1, 2 and 5). The order of a hand
 * (3.3) is scoring.js's; its steps ask these hooks. Presets are data: nothing overrides one. */
export class Rules {
  /** @type {readonly (readonly number[])[]} the seats of a hand by its dealer: asked for in every check */
  #participants;

  /**
   * @param {Preset} preset
   * @param {Readonly<Record<string, unknown>> | null} [options] the game's overrides
   */
  constructor(preset, options = null) {
    this.preset = preset;
    this.key = preset.key;
    this.seats = preset.seats;
    this.tricks = preset.tricks;
    this.forcedOpening = preset.forcedOpening;
    this.skipBiddingAt = preset.skipBiddingAt;
    this.options = Options.build(preset.options, options);
    if (this.options.sitting_out && this.seats < 3) {
      const template = N_("option sitting_out: the dealer can sit out only with three players or more");
      throw InvalidHand.one(null, "options.sitting_out", template);
    }
    const all = [...Array(this.seats).keys()];
    const out = this.options.sitting_out === "dealer";
    this.#participants = all.map((dealer) => (out ? all.filter((s) => s !== dealer) : all));
    const golden = this.options.golden;
    /** 5.1: the golden deal's usual length is one hand dealt by each player */
    this.goldenHands = golden === null ? 0 : golden.hands || this.seats;
    const { deals } = this.options;
    if (golden !== null && deals !== null && deals <= this.goldenHands) {
      // a game that is all golden deal has no hand a player bids for (docs/rules-decisions)
      const template = N_("option deals: a game of {deals} deals would be all golden deal ({hands} hands): play more deals than that");
      throw InvalidHand.one(null, "options.deals", template, { deals, hands: this.goldenHands });
    }
  }

  /**
   * Seats in a hand dealt by `dealer`: all, or all but a sitting-out dealer.
   * @param {number} dealer
   */
  participants(dealer) {
    return this.#participants[dealer];
  }

  /**
   * The first seat after `dealer` that takes part: the forced opener (3.2), and the declarer
   * of a golden hand (5.1).
   * @param {number} dealer
   * @returns {number}
   */
  opener(dealer) {
    const playing = this.participants(dealer);
    for (let i = 1; ; i++) {
      const seat = (dealer + i) % this.seats;
      if (playing.includes(seat)) return seat;
    }
  }

  /**
   * Hand `number` (counting hands from 1) dealt by `dealer`, if the golden deal has it.
   * @param {number} number
   * @param {number} dealer
   */
  goldenHand(number, dealer) {
    const golden = this.options.golden;
    if (golden === null || number > this.goldenHands) return null;
    const { contract, multiplier } = golden;
    return new GoldenHand({ hand: number, hands: this.goldenHands, declarer: this.opener(dealer), contract, multiplier });
  }

  /**
   * 5.1: whether a seat with `total` before a hand keeps silent.
   * @param {number} total
   */
  silent(total) {
    const silence = this.options.silence;
    return silence !== null && total < silence.below;
  }

  /**
   * Whether a played hand must name its trump (3.2): Moscow's turned-up trump that doubles a
   * marriage, always; with marriages found in tricks, when one is credited (the trump decides
   * 80 or 40). Without `hand`: whether the variant ever asks for it.
   * @param {Hand | null} [hand]
   */
  needsTrump(hand = null) {
    const o = this.options;
    if (o.trump_marriage_double && !o.auction) return true;
    if (o.marriages !== "in-tricks") return false;
    return hand === null || hand.marriages.some((m) => m.suit !== ACES);
  }

  /** Whether the trump is asked for only in a hand with a marriage (the hand form shows it
   * once one is ticked): marriages found in tricks, where it decides 80 or 40. */
  trumpOnlyWithMarriage() {
    return this.needsTrump() && !this.needsTrump(new Hand());
  }

  /**
   * A defender's (or, with `round_declarer`, the declarer's) points as they are written.
   * @param {number} points
   */
  round(points) {
    return roundTo(points, this.options.rounding);
  }

  /**
   * 3.3 step 1, per seat: from the trick counts where given, else from the card points.
   * @param {Hand} hand a played hand
   */
  tookTricks(hand) {
    return /** @type {readonly (number | null)[]} */ (hand.tricks ?? hand.points).map(Boolean);
  }

  /**
   * 3.3 step 2: marriage points per seat, in the order the marriages were declared.
   * @param {Hand} hand
   * @param {readonly boolean[]} took
   * @param {Note[]} notes
   */
  marriagePoints(hand, took, notes) {
    return marriagePoints(this.options, this.seats, hand, took, notes);
  }

  /**
   * 3.3 step 4: +contract when made, -contract when not; never the points themselves.
   * @param {Hand} hand
   * @param {number} contract
   * @param {number} raw the declarer's points
   * @param {readonly boolean[]} took
   * @param {Note[]} notes
   */
  declarerScore(hand, contract, raw, took, notes) {
    const o = this.options;
    const seat = /** @type {number} */ (hand.declarer);
    const compared = o.round_declarer ? this.round(raw) : raw;
    const rounded = compared !== raw ? compared : null;
    let made = compared >= contract;
    if (!made && o.slam_counts_all && this.#slam(hand, contract, took)) {
      notes.push(new Note({ seat, rule: "slam", params: { contract, points: raw } }));
      made = true;
    }
    let score = made ? contract : -contract;
    const params = made ? { contract, points: raw, rounded } : { contract, points: raw, rounded, short: contract - compared };
    notes.push(new Note({ seat, rule: made ? "contract-made" : "contract-failed", params }));
    const blind = o.blind;
    if (hand.blind && blind !== null) {
      // 5.1: a blind bid scores ±contract × multiplier; every later rule takes this
      const { multiplier } = blind;
      notes.push(new Note({ seat, rule: "blind", params: { score, multiplier, blind: score * multiplier } }));
      score *= multiplier;
    }
    return score;
  }

  /**
   * Seed 002: a 120 with no marriage declared and every trick taken: the four cards out of
   * play count for the declarer.
   * @param {Hand} hand
   * @param {number} contract
   * @param {readonly boolean[]} took
   */
  #slam(hand, contract, took) {
    const d = hand.declarer;
    return (
      contract === this.options.cards.total &&
      !hand.marriages.some((m) => m.seat === d) &&
      !took.some((t, s) => t && s !== d && s < this.seats)
    );
  }

  /**
   * 3.3 step 7: the sitting-out dealer's points for aces and a marriage in the musik.
   * @param {Hand} hand
   * @param {number} seat
   * @param {Note[]} notes
   */
  musikBonus(hand, seat, notes) {
    const bonus = this.options.musik_bonus;
    const musik = hand.musik;
    if (bonus === null || musik === null) return 0;
    const marriage = musik.marriage && bonus.marriage ? this.options.marriage_values[musik.marriage] : 0;
    const total = musik.aces * bonus.ace + marriage;
    if (total) {
      const params = { aces: musik.aces, ace: bonus.ace, marriage: marriage ? musik.marriage : null, marriage_value: marriage, bonus: total };
      notes.push(new Note({ seat, rule: "musik-bonus", params }));
    }
    return total;
  }

  /**
   * 3.4: what each opponent of a give-up scores.
   * @param {number} contract
   * @returns {number}
   */
  giveUpPoints(contract) {
    const { opponents, opponentsMin } = /** @type {import("./hand.js").GiveUp} */ (this.options.give_up);
    // 5.2: "half" is at least `opponentsMin` ("60, or half the contract above 120")
    return opponents === "half" ? Math.max(this.giveUpHalf(contract), opponentsMin ?? 0) : /** @type {number} */ (opponents);
  }

  /**
   * 3.4 "half": half the contract up to a whole point, then rounded (with `none`: to 5).
   * @param {number} contract
   * @returns {number}
   */
  giveUpHalf(contract) {
    return roundTo(Math.ceil(contract / 2), this.options.rounding || 5);
  }

  /**
   * Whether `total` ends the game (section 4): at or above the target, or with `finish`
   * "exact" exactly on it (5.2).
   * @param {number} total
   * @returns {boolean}
   */
  reached(total) {
    const { target, finish } = this.options;
    return finish === "exact" ? total === target : total >= target;
  }

  /**
   * Who opens the next auction and what constrains it.
   * @param {Table} table
   */
  bidding(table) {
    const o = this.options;
    if (!o.auction) return new Bidding({ opener: null, forced: false, minBid: null });
    const dealer = table.nextDealer;
    const playing = this.participants(dealer);
    const at = this.skipBiddingAt;
    const maySkip = at === null ? [] : playing.filter((s) => table.totals[s] >= at);
    const mayNotPass = maySkip.length ? playing.filter((s) => !maySkip.includes(s)) : [];
    return new Bidding({
      opener: this.opener(dealer),
      forced: this.forcedOpening,
      minBid: o.min_bid,
      maySkip,
      mayNotPass,
      silent: playing.filter((s) => this.silent(table.totals[s])),
      golden: this.goldenHand(table.hands + 1, dealer),
    });
  }
}

/** The presets by key, in the order of PRESETS. */
export const VARIANTS = new Map(PRESETS.map((preset) => [preset.key, preset]));

/**
 * The preset of `key`; InvalidHand names the presets for an unknown one.
 * @param {unknown} key
 */
export function findVariant(key) {
  const preset = typeof key === "string" ? VARIANTS.get(key) : undefined;
  if (preset) return preset;
  const template = N_("unknown variant {key!r}; the variants are {variants}");
  throw InvalidHand.one(null, "variant", template, { key, variants: [...VARIANTS.keys()].join(", ") });
}

/**
 * The rules of preset `key` with option overrides.
 * @param {unknown} key
 * @param {Readonly<Record<string, unknown>> | null} [options]
 */
export function rulesFor(key, options = null) {
  return new Rules(findVariant(key), options);
}
