// Twin of scorekeeper/rules/ruleset.py: the rules of one game, a preset with the game's options, and the hooks the scoring calls.
(function (SK) {
  "use strict";
  var ACES = SK.cards.ACES;
  var M = (SK.ruleset = {});

  var N_ = SK.errors.N_;

  // Rounds to `step` (rulehooks.js), here too as Python has it: ruleset.round_to
  M.round_to = SK.rulehooks.round_to;

  // A preset (presets.py) with the game's options (scoring.md sections 1, 2 and 5).
  //
  // The order of a hand (section 3.3) is scoring.play's, and the sheet (sheet.py) folds the
  // lines through it; the steps ask these hooks. Presets are data: no subclass overrides one.
  class Rules extends SK.rulehooks.ScoringHooks {
    constructor(preset, options) {
      super();
      if (options === undefined) options = null;
      this.preset = preset;
      this.key = preset.key;
      this.seats = preset.seats;
      this.tricks = preset.tricks;
      this.forced_opening = preset.forced_opening;
      this.skip_bidding_at = preset.skip_bidding_at;
      this.options = SK.options.Options.build(preset.options, options);
      if (this.options.sitting_out && this.seats < 3) {
        throw new SK.errors.InvalidHand([
          new SK.errors.Problem({
            hand: null,
            field: "options.sitting_out",
            template: N_(
              "option sitting_out: the dealer can sit out only with three players or more"
            ),
            seat: null,
            params: {},
          }),
        ]);
      }
      // computed once: asked for in every check and every hand
      this._participants = [];
      for (var d = 0; d < this.seats; d++) this._participants.push(this._seats_in_hand(d));
      var golden = this.options.golden;
      // 5.1: the golden deal's usual length is one hand dealt by each player
      this.golden_hands = golden === null ? 0 : golden.hands || this.seats;
    }

    // The first seat after `dealer` that takes part: the forced opener (3.2), and the
    // declarer of a golden hand (5.1).
    opener(dealer) {
      var playing = this.participants(dealer);
      for (var i = 1; i < this.seats + 1; i++) {
        var s = (dealer + i) % this.seats;
        if (playing.indexOf(s) >= 0) return s;
      }
      throw new Error("StopIteration");
    }

    // Hand `number` (counting hands from 1) dealt by `dealer`, if the golden deal has it.
    golden_hand(number, dealer) {
      var golden = this.options.golden;
      if (golden === null || number > this.golden_hands) {
        return null;
      }
      return new SK.tally.GoldenHand({
        hand: number,
        hands: this.golden_hands,
        declarer: this.opener(dealer),
        contract: golden.contract,
        multiplier: golden.multiplier,
      });
    }

    // 5.1: whether a seat with `total` before a hand keeps silent.
    silent(total) {
      var silence = this.options.silence;
      return silence !== null && total < silence.below;
    }

    // Seats in a hand dealt by `dealer`: all, or all but a sitting-out dealer.
    participants(dealer) {
      return this._participants[dealer];
    }

    _seats_in_hand(dealer) {
      var out = [];
      var s;
      if (this.options.sitting_out === "dealer") {
        for (s = 0; s < this.seats; s++) if (s !== dealer) out.push(s);
        return out;
      }
      for (s = 0; s < this.seats; s++) out.push(s);
      return out;
    }

    // Whether a played hand must name its trump (3.2): Moscow's turned-up trump that
    // doubles a marriage, always; with marriages found in tricks, when one is credited (the
    // trump decides 80 or 40), so a hand with none needs no trump. Without `hand`: whether
    // the variant ever asks for it.
    needs_trump(hand) {
      if (hand === undefined) hand = null;
      var o = this.options;
      if (o.trump_marriage_double && !o.auction) {
        return true;
      }
      if (o.marriages !== "in-tricks") {
        return false;
      }
      return hand === null || hand.marriages.some(function (m) {
        return m.suit !== ACES;
      });
    }

    // Whether the trump is asked for only in a hand with a marriage (the hand form shows
    // it once one is ticked): marriages found in tricks, where it decides 80 or 40.
    trump_only_with_marriage() {
      return this.needs_trump() && !this.needs_trump(new SK.hand.Hand({}));
    }

    // Who opens the next auction and what constrains it.
    bidding(table) {
      var o = this.options;
      var Bidding = SK.tally.Bidding;
      if (!o.auction) {
        return new Bidding({ opener: null, forced: false, min_bid: null });
      }
      var dealer = table.next_dealer;
      var playing = this.participants(dealer);
      var opener = this.opener(dealer);
      var skip = [];
      var no_pass = [];
      if (this.skip_bidding_at != null) {
        var at = this.skip_bidding_at;
        skip = playing.filter(function (p) {
          return table.totals[p] >= at;
        });
        no_pass = skip.length
          ? playing.filter(function (p) {
              return skip.indexOf(p) < 0;
            })
          : [];
      }
      var self = this;
      var silent = playing.filter(function (p) {
        return self.silent(table.totals[p]);
      });
      var golden = this.golden_hand(table.hands + 1, dealer);
      return new Bidding({
        opener: opener,
        forced: this.forced_opening,
        min_bid: o.min_bid,
        may_skip: skip,
        may_not_pass: no_pass,
        silent: silent,
        golden: golden,
      });
    }
  }
  M.Rules = Rules;
})(globalThis.SK = globalThis.SK || {});
