// Twin of scorekeeper/rules/ruleset.py (its scoring hooks): what a hand's steps ask of the rules (scoring.md 3.3, 3.4): rounding, marriages, the contract, the musik, a give-up.
(function (SK) {
  "use strict";
  var py = SK.py;
  var Note = SK.notes.Note;
  var M = (SK.rulehooks = {});

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

  // The base of ruleset.Rules: the hooks the steps of a hand (scoring.play) call.
  class ScoringHooks {
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
  }
  M.ScoringHooks = ScoringHooks;
})(globalThis.SK = globalThis.SK || {});
