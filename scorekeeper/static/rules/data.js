// Written by `python -m scorekeeper.enginedata` from scorekeeper/rules/: do not edit.
// The options, presets, bounds and fields the browser's engine shares with the server.

/**
 * @typedef {"int" | "bool" | "choice" | "record" | "per_suit" | "money"} Kind
 * @typedef {{kind: Kind, optional?: boolean, low?: number, high?: number, places?: number,
 *   choices?: string[], keys?: Record<string, SpecData>}} SpecData
 * @typedef {{key: string, seats: number, tricks: number,
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
  "marriage_values": {"kind": "per_suit", "low": 0, "high": 1000, "keys": {"hearts": {"kind": "int", "low": 0, "high": 1000}, "diamonds": {"kind": "int", "low": 0, "high": 1000}, "clubs": {"kind": "int", "low": 0, "high": 1000}, "spades": {"kind": "int", "low": 0, "high": 1000}}},
  "marriage_needs_trick": {"kind": "bool"},
  "trump_marriage_double": {"kind": "bool"},
  "double_on_switch": {"kind": "bool"},
  "rounding": {"kind": "choice", "choices": ["none", "5", "10"]},
  "round_declarer": {"kind": "bool"},
  "lock": {"kind": "int", "optional": true, "low": 1, "high": 1000000},
  "sitting_out": {"kind": "choice", "optional": true, "choices": ["dealer"]},
  "musik_bonus": {"kind": "record", "optional": true, "keys": {"ace": {"kind": "int", "low": 0, "high": 1000}, "marriage": {"kind": "bool"}}},
  "give_up": {"kind": "record", "optional": true, "keys": {"declarer": {"kind": "choice", "choices": ["minus", "zero"]}, "opponents": {"kind": "int", "low": 0, "high": 1000, "choices": ["half"]}, "limit": {"kind": "int", "optional": true, "low": 1, "high": 1000}, "every": {"kind": "int", "optional": true, "low": 1, "high": 1000}, "penalty": {"kind": "int", "low": 0, "high": 1000000}, "on_barrel": {"kind": "bool"}, "opponents_min": {"kind": "int", "optional": true, "low": 0, "high": 1000}, "free": {"kind": "int", "low": 0, "high": 1000}}},
  "slam_counts_all": {"kind": "bool"},
  "all_cards_in_play": {"kind": "bool"},
  "stake": {"kind": "money", "optional": true, "low": 0, "high": 1000, "places": 4},
  "barrel": {"kind": "record", "optional": true, "keys": {"at": {"kind": "int", "low": 1, "high": 1000000}, "tries": {"kind": "int", "low": 1, "high": 1000}, "penalty": {"kind": "int", "low": 0, "high": 1000000}, "knock_off": {"kind": "bool"}, "falls_to_zero": {"kind": "int", "optional": true, "low": 1, "high": 1000}, "on_fail": {"kind": "choice", "choices": ["minus", "try"]}, "defender_finishes": {"kind": "bool"}, "together": {"kind": "choice", "choices": ["all", "declarer", "none"]}}},
  "bolts": {"kind": "record", "optional": true, "keys": {"count": {"kind": "int", "low": 1, "high": 1000}, "penalty": {"kind": "int", "low": 0, "high": 1000000}, "kind": {"kind": "choice", "choices": ["points", "tricks"]}, "consecutive": {"kind": "bool"}}},
  "dump": {"kind": "record", "optional": true, "keys": {"at": {"kind": "int", "low": 1, "high": 1000000}, "negative": {"kind": "bool"}}},
  "ace_marriage": {"kind": "int", "optional": true, "low": 0, "high": 10000},
  "blind": {"kind": "record", "optional": true, "keys": {"multiplier": {"kind": "int", "low": 1, "high": 10}, "min_contract": {"kind": "int", "low": 1, "high": 1000000}, "min_total": {"kind": "int", "optional": true, "low": -1000000, "high": 1000000}, "on_barrel": {"kind": "bool"}}},
  "golden": {"kind": "record", "optional": true, "keys": {"hands": {"kind": "int", "optional": true, "low": 1, "high": 1000}, "contract": {"kind": "int", "low": 1, "high": 1000000}, "multiplier": {"kind": "int", "low": 1, "high": 10}, "reset_if_nobody": {"kind": "bool"}}},
  "silence": {"kind": "record", "optional": true, "keys": {"below": {"kind": "int", "low": -1000000, "high": 1000000}}},
  "finish": {"kind": "choice", "choices": ["reach", "exact"]},
};
/** @type {Record<string, unknown>} */
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
  "finish": "reach",
};
/** @type {PresetData[]} */
export const PRESETS = [
  {"key": "pl-3", "seats": 3, "tricks": 8, "options": {"lock": 900}, "forced_opening": true, "skip_bidding_at": null},
  {"key": "pl-4", "seats": 4, "tricks": 8, "options": {"lock": 900, "sitting_out": "dealer", "musik_bonus": {"ace": 50, "marriage": true}}, "forced_opening": true, "skip_bidding_at": null},
  {"key": "pl-2", "seats": 2, "tricks": 10, "options": {"all_cards_in_play": false}, "forced_opening": true, "skip_bidding_at": null},
  {"key": "ru-2", "seats": 2, "tricks": 10, "options": {"min_bid": 60, "max_contract": 120, "contract_raise": false, "marriages": "in-tricks", "give_up": {"declarer": "minus", "opponents": 60}, "slam_counts_all": true, "all_cards_in_play": false}, "forced_opening": false, "skip_bidding_at": 850},
  {"key": "ru-4", "seats": 4, "tricks": 6, "options": {"min_bid": 60, "max_contract": 120, "contract_raise": false, "marriages": "in-tricks", "give_up": {"declarer": "minus", "opponents": 60}}, "forced_opening": false, "skip_bidding_at": null},
  {"key": "moscow", "seats": 2, "tricks": 12, "options": {"cards": "moscow", "bidding": "none", "marriage_needs_trick": false, "trump_marriage_double": true, "rounding": "none"}, "forced_opening": false, "skip_bidding_at": null},
  {"key": "ru-3", "seats": 3, "tricks": 8, "options": {"bid_step": 5, "rounding": 5, "give_up": {"declarer": "minus", "opponents": 60}, "barrel": {"at": 880, "tries": 3, "penalty": 120, "knock_off": true}, "bolts": {"count": 3, "penalty": 120}, "dump": {"at": 555, "negative": false}}, "forced_opening": true, "skip_bidding_at": null},
];
export const PRESET_KEYS = ["cards", "bidding", "min_bid", "bid_step", "max_contract", "contract_raise", "marriages", "marriage_needs_trick", "trump_marriage_double", "rounding", "lock", "sitting_out", "musik_bonus", "give_up", "slam_counts_all", "all_cards_in_play", "barrel", "bolts", "dump"];
export const BOUNDS = {
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
