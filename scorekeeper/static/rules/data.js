// Written by `python -m scorekeeper.enginedata` from scorekeeper/rules/: do not edit.
// The options, presets, bounds and fields the browser's engine shares with the server.

/**
 * @typedef {"int" | "bool" | "choice" | "record" | "per_suit" | "money"} Kind
 * @typedef {{kind: Kind, optional?: boolean, low?: number, high?: number, places?: number,
 *   choices?: string[], keys?: Record<string, SpecData>, usual?: unknown}} SpecData
 * @typedef {{key: string, seats: number, tricks: number, summary: string,
 *   options: Record<string, unknown>, forced_opening: boolean,
 *   skip_bidding_at: number | null}} PresetData
 * @typedef {{key: string, ace: number, ten: number, king: number, queen: number, jack: number,
 *   nine: number}} DeckData
 */

/** @type {Record<string, SpecData>} */
export const OPTION_SPECS = {
  "target": {"kind": "int", "low": 1, "high": 1000000},
  "deals": {"kind": "int", "optional": true, "low": 1, "high": 2000},
  "cards": {"kind": "choice", "choices": ["standard", "moscow"]},
  "bidding": {"kind": "choice", "choices": ["auction", "none"]},
  "min_bid": {"kind": "int", "low": 1, "high": 1000000},
  "bid_step": {"kind": "int", "low": 1, "high": 1000},
  "max_contract": {"kind": "int", "low": 1, "high": 1000000},
  "contract_raise": {"kind": "bool"},
  "marriages": {"kind": "choice", "choices": ["declared", "in-tricks"]},
  "marriage_values": {"kind": "per_suit", "low": 0, "high": 1000, "keys": {"hearts": {"kind": "int", "low": 0, "high": 1000, "usual": 100}, "diamonds": {"kind": "int", "low": 0, "high": 1000, "usual": 80}, "clubs": {"kind": "int", "low": 0, "high": 1000, "usual": 60}, "spades": {"kind": "int", "low": 0, "high": 1000, "usual": 40}}, "usual": {"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40}},
  "marriage_needs_trick": {"kind": "bool"},
  "trump_marriage_double": {"kind": "bool"},
  "double_on_switch": {"kind": "bool"},
  "rounding": {"kind": "choice", "choices": ["none", "5", "10"]},
  "round_declarer": {"kind": "bool"},
  "lock": {"kind": "int", "optional": true, "low": 1, "high": 1000000, "usual": 900},
  "sitting_out": {"kind": "choice", "optional": true, "choices": ["dealer"], "usual": "dealer"},
  "musik_bonus": {"kind": "record", "optional": true, "keys": {"ace": {"kind": "int", "low": 0, "high": 1000, "usual": 50}, "marriage": {"kind": "bool", "usual": true}}, "usual": {"ace": 50, "marriage": true}},
  "give_up": {"kind": "record", "optional": true, "keys": {"declarer": {"kind": "choice", "choices": ["minus", "zero"], "usual": "minus"}, "opponents": {"kind": "int", "low": 0, "high": 1000, "choices": ["half"], "usual": 60}, "limit": {"kind": "int", "optional": true, "low": 1, "high": 1000}, "every": {"kind": "int", "optional": true, "low": 1, "high": 1000}, "penalty": {"kind": "int", "low": 0, "high": 1000000, "usual": 120}, "on_barrel": {"kind": "bool", "usual": true}}, "usual": {"declarer": "minus", "opponents": 60, "limit": null, "every": null, "penalty": 120, "on_barrel": true}},
  "slam_counts_all": {"kind": "bool"},
  "all_cards_in_play": {"kind": "bool"},
  "stake": {"kind": "money", "optional": true, "low": 0, "high": 1000, "places": 4},
  "barrel": {"kind": "record", "optional": true, "keys": {"at": {"kind": "int", "low": 1, "high": 1000000, "usual": 880}, "tries": {"kind": "int", "low": 1, "high": 1000, "usual": 3}, "penalty": {"kind": "int", "low": 0, "high": 1000000, "usual": 120}, "knock_off": {"kind": "bool", "usual": true}, "falls_to_zero": {"kind": "int", "optional": true, "low": 1, "high": 1000}}, "usual": {"at": 880, "tries": 3, "penalty": 120, "knock_off": true, "falls_to_zero": null}},
  "bolts": {"kind": "record", "optional": true, "keys": {"count": {"kind": "int", "low": 1, "high": 1000, "usual": 3}, "penalty": {"kind": "int", "low": 0, "high": 1000000, "usual": 120}, "kind": {"kind": "choice", "choices": ["points", "tricks"], "usual": "points"}, "consecutive": {"kind": "bool", "usual": false}}, "usual": {"count": 3, "penalty": 120, "kind": "points", "consecutive": false}},
  "dump": {"kind": "record", "optional": true, "keys": {"at": {"kind": "int", "low": 1, "high": 1000000, "usual": 555}, "negative": {"kind": "bool", "usual": false}}, "usual": {"at": 555, "negative": false}},
  "ace_marriage": {"kind": "int", "optional": true, "low": 0, "high": 10000},
  "blind": {"kind": "record", "optional": true, "keys": {"multiplier": {"kind": "int", "low": 1, "high": 10, "usual": 2}, "min_contract": {"kind": "int", "low": 1, "high": 1000000, "usual": 120}, "min_total": {"kind": "int", "optional": true, "low": -1000000, "high": 1000000}, "on_barrel": {"kind": "bool", "usual": false}}, "usual": {"multiplier": 2, "min_contract": 120, "min_total": null, "on_barrel": false}},
  "golden": {"kind": "record", "optional": true, "keys": {"hands": {"kind": "int", "optional": true, "low": 1, "high": 1000}, "contract": {"kind": "int", "low": 1, "high": 1000000, "usual": 120}, "multiplier": {"kind": "int", "low": 1, "high": 10, "usual": 2}, "reset_if_nobody": {"kind": "bool", "usual": true}}, "usual": {"hands": null, "contract": 120, "multiplier": 2, "reset_if_nobody": true}},
  "silence": {"kind": "record", "optional": true, "keys": {"below": {"kind": "int", "low": -1000000, "high": 1000000, "usual": -120}}, "usual": {"below": -120}},
};
export const OPTION_NAMES = ["target", "deals", "cards", "bidding", "min_bid", "bid_step", "max_contract", "contract_raise", "marriages", "marriage_values", "marriage_needs_trick", "trump_marriage_double", "double_on_switch", "rounding", "round_declarer", "lock", "sitting_out", "musik_bonus", "give_up", "slam_counts_all", "all_cards_in_play", "stake", "barrel", "bolts", "dump", "ace_marriage", "blind", "golden", "silence"];
export const OPTION_DEFAULTS = {
  "target": 1000,
  "deals": null,
  "cards": "standard",
  "bidding": "auction",
  "min_bid": 100,
  "bid_step": 10,
  "max_contract": 400,
  "contract_raise": true,
  "marriages": "declared",
  "marriage_values": {"hearts": 100, "diamonds": 80, "clubs": 60, "spades": 40},
  "marriage_needs_trick": true,
  "trump_marriage_double": false,
  "double_on_switch": false,
  "rounding": 10,
  "round_declarer": false,
  "lock": null,
  "sitting_out": null,
  "musik_bonus": null,
  "give_up": null,
  "slam_counts_all": false,
  "all_cards_in_play": true,
  "stake": null,
  "barrel": null,
  "bolts": null,
  "dump": null,
  "ace_marriage": null,
  "blind": null,
  "golden": null,
  "silence": null,
};
/** @type {PresetData[]} */
export const PRESETS = [
  {"key": "pl-3", "seats": 3, "tricks": 8, "summary": "Polish auction Tysiąc: forced 100, musik of 3, lock at 900", "options": {"cards": "standard", "bidding": "auction", "min_bid": 100, "bid_step": 10, "max_contract": 400, "contract_raise": true, "marriages": "declared", "marriage_needs_trick": true, "trump_marriage_double": false, "rounding": 10, "lock": 900, "sitting_out": null, "musik_bonus": null, "give_up": null, "slam_counts_all": false, "all_cards_in_play": true, "barrel": null, "bolts": null, "dump": null}, "forced_opening": true, "skip_bidding_at": null},
  {"key": "pl-4", "seats": 4, "tricks": 8, "summary": "the dealer sits out and scores the musik (ace 50, marriage); otherwise as for three", "options": {"cards": "standard", "bidding": "auction", "min_bid": 100, "bid_step": 10, "max_contract": 400, "contract_raise": true, "marriages": "declared", "marriage_needs_trick": true, "trump_marriage_double": false, "rounding": 10, "lock": 900, "sitting_out": "dealer", "musik_bonus": {"ace": 50, "marriage": true}, "give_up": null, "slam_counts_all": false, "all_cards_in_play": true, "barrel": null, "bolts": null, "dump": null}, "forced_opening": true, "skip_bidding_at": null},
  {"key": "pl-2", "seats": 2, "tricks": 10, "summary": "Polish two-hand: forced 100 (na setce), two musiks of 2, marriage needs a trick", "options": {"cards": "standard", "bidding": "auction", "min_bid": 100, "bid_step": 10, "max_contract": 400, "contract_raise": true, "marriages": "declared", "marriage_needs_trick": true, "trump_marriage_double": false, "rounding": 10, "lock": null, "sitting_out": null, "musik_bonus": null, "give_up": null, "slam_counts_all": false, "all_cards_in_play": false, "barrel": null, "bolts": null, "dump": null}, "forced_opening": true, "skip_bidding_at": null},
  {"key": "ru-2", "seats": 2, "tricks": 10, "summary": "bids 60-120, trump named by the declarer, marriages in tricks (80/40), give up", "options": {"cards": "standard", "bidding": "auction", "min_bid": 60, "bid_step": 10, "max_contract": 120, "contract_raise": false, "marriages": "in-tricks", "marriage_needs_trick": true, "trump_marriage_double": false, "rounding": 10, "lock": null, "sitting_out": null, "musik_bonus": null, "give_up": {"declarer": "minus", "opponents": 60}, "slam_counts_all": true, "all_cards_in_play": false, "barrel": null, "bolts": null, "dump": null}, "forced_opening": false, "skip_bidding_at": 850},
  {"key": "ru-4", "seats": 4, "tricks": 6, "summary": "5 cards each, the declarer takes the 4 prikup cards; otherwise as for two", "options": {"cards": "standard", "bidding": "auction", "min_bid": 60, "bid_step": 10, "max_contract": 120, "contract_raise": false, "marriages": "in-tricks", "marriage_needs_trick": true, "trump_marriage_double": false, "rounding": 10, "lock": null, "sitting_out": null, "musik_bonus": null, "give_up": {"declarer": "minus", "opponents": 60}, "slam_counts_all": false, "all_cards_in_play": true, "barrel": null, "bolts": null, "dump": null}, "forced_opening": false, "skip_bidding_at": null},
  {"key": "moscow", "seats": 2, "tricks": 12, "summary": "no bidding, deck of 132, trump marriages double, loser pays the difference", "options": {"cards": "moscow", "bidding": "none", "min_bid": 100, "bid_step": 10, "max_contract": 400, "contract_raise": true, "marriages": "declared", "marriage_needs_trick": false, "trump_marriage_double": true, "rounding": "none", "lock": null, "sitting_out": null, "musik_bonus": null, "give_up": null, "slam_counts_all": false, "all_cards_in_play": true, "barrel": null, "bolts": null, "dump": null}, "forced_opening": false, "skip_bidding_at": null},
  {"key": "ru-3", "seats": 3, "tricks": 8, "summary": "bids from 100 in 5s, rounding to 5, barrel at 880, bolts, dump at 555", "options": {"cards": "standard", "bidding": "auction", "min_bid": 100, "bid_step": 5, "max_contract": 400, "contract_raise": true, "marriages": "declared", "marriage_needs_trick": true, "trump_marriage_double": false, "rounding": 5, "lock": null, "sitting_out": null, "musik_bonus": null, "give_up": {"declarer": "minus", "opponents": 60}, "slam_counts_all": false, "all_cards_in_play": true, "barrel": {"at": 880, "tries": 3, "penalty": 120, "knock_off": true}, "bolts": {"count": 3, "penalty": 120}, "dump": {"at": 555, "negative": false}}, "forced_opening": true, "skip_bidding_at": null},
];
export const BOUNDS = {
  "DB_INT_MAX": 2147483647,
  "ADJUSTMENT_MAX": 10000,
  "LINES_MAX": 2000,
  "TRAIL_MAX": 10000,
  "OPTION_POINTS_MAX": 1000000,
  "OPTION_SMALL_MAX": 1000,
  "ACE_MARRIAGE_MAX": 10000,
  "MULTIPLIER_MAX": 10,
  "STAKE_MAX": 1000,
  "STAKE_PLACES": 4,
  "NAME_MAX": 60,
  "REASON_MAX": 500,
  "WHO_MAX": 80,
  "AT_MAX": 40,
};
export const DEFAULT_MARRIAGES = {
  "hearts": 100,
  "diamonds": 80,
  "clubs": 60,
  "spades": 40,
};
export const LOCK_USUAL = 900;
export const SUITS = ["spades", "clubs", "diamonds", "hearts"];
export const RANKS = ["A", "10", "K", "Q", "J", "9"];
/** @type {Record<string, DeckData>} */
export const DECKS = {
  "standard": {"key": "standard", "ace": 11, "ten": 10, "king": 4, "queen": 3, "jack": 2, "nine": 0},
  "moscow": {"key": "moscow", "ace": 11, "ten": 10, "king": 5, "queen": 4, "jack": 3, "nine": 0},
};
export const HAND_FIELDS = ["declarer", "bid", "contract", "give_up", "points", "marriages", "trump", "tricks", "musik", "dealer", "blind"];
export const MARRIAGE_FIELDS = ["seat", "suit", "switch"];
export const MUSIK_FIELDS = ["aces", "marriage"];
export const STATE_FIELDS = ["seat", "total", "on_barrel", "tries_left", "bolts", "give_ups", "give_ups_left", "locked", "barrel_falls", "give_ups_to_penalty", "silent"];
export const RULE_KEYS = ["points", "marriage", "trump-double", "trump-switch", "marriage-no-trick", "rounding", "contract-made", "contract-failed", "slam", "musik-bonus", "lock", "bolt", "dump", "adjustment", "deals", "game-won", "give-up", "barrel", "blind", "golden", "golden-reset", "give-up-penalty", "bolt-run"];
