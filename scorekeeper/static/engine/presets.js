// Twin of scorekeeper/rules/presets.py: the seven presets of scoring.md section 1, as data, what each variant plays, in values.
(function (SK) {
  "use strict";
  var M = (SK.presets = {});

  // Presets are data. Every difference between the variants of the seeds is a value:
  // an option (the deck, the auction, the rounding, the lock, the barrel...) or one of two facts a
  // preset states beside its options, the forced opening (pl-3, pl-4, pl-2 and ru-3: the player
  // after the dealer opens at the lowest bid without looking) and ru-2's 850 rule. One Rules
  // class (ruleset.py) reads them where the order of scoring.md 3.3 asks. A variant whose
  // behaviour could not be said as a value would be a hook of Rules; none of the seven is.

  function _with(base, changes) {
    return Object.assign({}, base, changes);
  }

  var _POLISH = {
    cards: "standard",
    bidding: "auction",
    min_bid: 100,
    bid_step: 10,
    max_contract: 400,
    contract_raise: true,
    marriages: "declared",
    marriage_needs_trick: true,
    trump_marriage_double: false,
    rounding: 10,
    lock: null,
    sitting_out: null,
    musik_bonus: null,
    give_up: null,
    slam_counts_all: false,
    all_cards_in_play: true,
    barrel: null,
    bolts: null,
    dump: null,
  };
  var _RUSSIAN_TWO = _with(_POLISH, {
    min_bid: 60,
    max_contract: 120,
    contract_raise: false,
    marriages: "in-tricks",
    give_up: { declarer: "minus", opponents: 60 },
  });

  // One preset: its seats, tricks and option values, and how its auction opens.
  class Preset {
    constructor(f) {
      this.key = f.key;
      this.seats = f.seats;
      this.tricks = f.tricks; // tricks in one hand (scoring.md 3.2)
      this.summary = f.summary; // in English, for programs (the app's words: web/words.py)
      this.options = f.options;
      // The player after the dealer must open at the lowest bid ("na musiku", "na setce").
      // Russian two- and four-hand (seed 002): the first hand may pass, and the other then plays
      // the lowest bid "without a bid".
      this.forced_opening = f.forced_opening === undefined ? true : f.forced_opening;
      // ru-2 (seed 002): at this total a player may stay out of the auction, and then the
      // opponent may not pass. null: no such rule.
      this.skip_bidding_at = f.skip_bidding_at === undefined ? null : f.skip_bidding_at;
    }

    // The preset's options with no house rule.
    preset_options() {
      return SK.options.Options.build(this.options);
    }
  }
  Preset._fields = [
    "key",
    "seats",
    "tricks",
    "summary",
    "options",
    "forced_opening",
    "skip_bidding_at",
  ];
  M.Preset = Preset;

  var PRESETS = [
    new Preset({
      key: "pl-3",
      seats: 3,
      tricks: 8,
      summary: "Polish auction Tysi\u0105c: forced 100, musik of 3, lock at 900",
      options: _with(_POLISH, { lock: 900 }),
    }),
    new Preset({
      key: "pl-4",
      seats: 4,
      tricks: 8,
      summary: "the dealer sits out and scores the musik (ace 50, marriage); otherwise as for three",
      options: _with(_POLISH, {
        lock: 900,
        sitting_out: "dealer",
        musik_bonus: { ace: 50, marriage: true },
      }),
    }),
    new Preset({
      key: "pl-2",
      seats: 2,
      tricks: 10,
      summary: "Polish two-hand: forced 100 (na setce), two musiks of 2, marriage needs a trick",
      options: _with(_POLISH, { all_cards_in_play: false }),
    }),
    new Preset({
      key: "ru-2",
      seats: 2,
      tricks: 10,
      summary: "bids 60-120, trump named by the declarer, marriages in tricks (80/40), give up",
      options: _with(_RUSSIAN_TWO, { slam_counts_all: true, all_cards_in_play: false }),
      forced_opening: false,
      skip_bidding_at: 850, // seed 002: at 850 a player may skip the auction
    }),
    new Preset({
      key: "ru-4",
      seats: 4,
      tricks: 6,
      summary: "5 cards each, the declarer takes the 4 prikup cards; otherwise as for two",
      options: _with(_RUSSIAN_TWO, { all_cards_in_play: true }),
      forced_opening: false,
    }),
    new Preset({
      key: "moscow",
      seats: 2,
      tricks: 12,
      summary: "no bidding, deck of 132, trump marriages double, loser pays the difference",
      options: _with(_POLISH, {
        cards: "moscow",
        bidding: "none",
        marriage_needs_trick: false,
        trump_marriage_double: true,
        rounding: "none",
      }),
      forced_opening: false,
    }),
    new Preset({
      key: "ru-3",
      seats: 3,
      tricks: 8,
      summary: "bids from 100 in 5s, rounding to 5, barrel at 880, bolts, dump at 555",
      // the common three-player game: the player after the dealer is forced to 100
      options: _with(_POLISH, {
        bid_step: 5,
        rounding: 5,
        give_up: { declarer: "minus", opponents: 60 },
        barrel: { at: 880, tries: 3, penalty: 120, knock_off: true },
        bolts: { count: 3, penalty: 120 },
        dump: { at: 555, negative: false },
      }),
    }),
  ];
  M.PRESETS = PRESETS;
})(globalThis.SK = globalThis.SK || {});
