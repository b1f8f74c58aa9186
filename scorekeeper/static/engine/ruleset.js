// Twin of scorekeeper/rules/ruleset.py: the rules of one game, a preset with the game's options, and the hooks the scoring calls.
(function (SK) {
  "use strict";
  var py = SK.py;
  var ACES = SK.cards.ACES;
  var Note = SK.notes.Note;
  var M = (SK.ruleset = {});

  var N_ = SK.errors.N_;

  function _note(seat, rule, params) {
    return new Note({ seat: seat, rule: rule, params: params });
  }

  // Rounds to `step` (scoring.md section 2): 10 takes 44 to 40 and 45 to 50 (seed 001);
  // 5 takes a remainder of 1-2 down and 3-4 up (17 to 15, 18 to 20); 0 leaves it.
  function round_to(points, step) {
    if (step === 0) {
      return points;
    }
    return py.floordiv(points + py.floordiv(step, 2), step) * step;
  }
  M.round_to = round_to;

  // A preset (presets.py) with the game's options (scoring.md sections 1, 2 and 5).
  //
  // The order of a hand (section 3.3) is scoring.play's, and the sheet (sheet.py) folds the
  // lines through it; the steps ask these hooks. Presets are data: no subclass overrides one.
  class Rules {
    constructor(preset, options) {
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

    // A defender's (or, with `round_declarer`, the declarer's) points as they are written.
    round(points) {
      return round_to(points, this.options.rounding);
    }

    // 3.3 step 1, per seat: from the trick counts where given, else from the card points.
    took_tricks(hand) {
      var counts = hand.tricks != null ? hand.tricks : hand.points;
      return counts.map(function (c) {
        return c != null && c !== 0 && c !== false;
      });
    }

    // 3.3 step 2: marriage points per seat, in the order the marriages were declared.
    marriage_points(hand, took, notes) {
      return SK.marriages.marriage_points(this.options, this.seats, hand, took, notes);
    }

    // 3.3 step 4: +contract when made, -contract when not; never the points themselves.
    declarer_score(hand, contract, raw, took, notes) {
      var o = this.options,
        d = hand.declarer;
      var compared = o.round_declarer ? this.round(raw) : raw;
      var rounded = compared !== raw ? compared : null;
      var made = compared >= contract;
      if (!made && o.slam_counts_all && this._slam(hand, contract, took)) {
        notes.push(_note(d, "slam", { contract: contract, points: raw }));
        made = true;
      }
      var score = made ? contract : 0 - contract;
      if (made) {
        notes.push(
          _note(d, "contract-made", { contract: contract, points: raw, rounded: rounded })
        );
      } else {
        notes.push(
          _note(d, "contract-failed", {
            contract: contract,
            points: raw,
            rounded: rounded,
            short: contract - compared,
          })
        );
      }
      var blind = o.blind;
      if (hand.blind && blind !== null) {
        // 5.1: a blind bid scores ±contract × multiplier; every later rule takes this
        notes.push(
          _note(d, "blind", {
            score: score,
            multiplier: blind.multiplier,
            blind: score * blind.multiplier,
          })
        );
        score *= blind.multiplier;
      }
      return score;
    }

    _slam(hand, contract, took) {
      // Seed 002: a 120 with no marriage declared and every trick taken: the four cards out
      // of play count for the declarer.
      var d = hand.declarer;
      if (contract !== this.options.cards.total) return false;
      if (
        hand.marriages.some(function (m) {
          return m.seat === d;
        })
      )
        return false;
      for (var s = 0; s < this.seats; s++) {
        if (s !== d && took[s]) return false;
      }
      return true;
    }

    // 3.3 step 7: the sitting-out dealer's points for aces and a marriage in the musik.
    musik_bonus(hand, seat, notes) {
      var bonus = this.options.musik_bonus,
        musik = hand.musik;
      if (bonus == null || musik == null) {
        return 0;
      }
      var marriage =
        musik.marriage && bonus.marriage ? this.options.marriage_values[musik.marriage] : 0;
      var total = musik.aces * bonus.ace + marriage;
      if (total) {
        notes.push(
          _note(seat, "musik-bonus", {
            aces: musik.aces,
            ace: bonus.ace,
            marriage: marriage ? musik.marriage : null,
            marriage_value: marriage,
            bonus: total,
          })
        );
      }
      return total;
    }

    // 3.4: what each opponent of a give-up scores.
    give_up_points(contract) {
      var give_up = this.options.give_up;
      if (give_up.opponents === "half") {
        // Half the contract up to a whole point, then rounded (with `none`: to 5).
        return round_to(0 - py.floordiv(0 - contract, 2), this.options.rounding || 5);
      }
      return give_up.opponents;
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
