// Twin of scorekeeper/rules/club.py: the club agreements of scoring.md 5.1 in a hand, the golden deal and the give-up penalty (a blind bid is step 4's: Rules.declarer_score).
(function (SK) {
  "use strict";
  var Note = SK.notes.Note;
  var M = (SK.club = {});

  function _note(seat, rule, params) {
    return new Note({ seat: seat, rule: rule, params: params });
  }

  // 3.3 step 9: the barrel, the bolts, the dump. In a golden hand (5.1) the bolts come first,
  // then every score is multiplied, then the barrel and the dump take the multiplied totals.
  M.house_rules = function (
    rules, table, golden, declarer, contract, made, given_up, playing, took, raw, scores, notes
  ) {
    var o = rules.options;
    var house = SK.house;
    var on_barrel_before = table.on_barrel.slice();
    var bolts = o.bolts != null && !given_up;
    if (golden !== null) {
      if (bolts) {
        house.bolts(rules, table, declarer, playing, took, raw, on_barrel_before, scores, notes);
      }
      multiply(golden, scores, notes);
      table.golden_made = table.golden_made || made;
    }
    if (o.barrel != null) {
      house.barrel(rules, table, declarer, contract, made, given_up, scores, notes);
    }
    if (golden === null && bolts) {
      house.bolts(rules, table, declarer, playing, took, raw, on_barrel_before, scores, notes);
    }
    if (o.dump != null) {
      house.dump(rules, table, scores, notes);
    }
    var g = o.golden;
    if (golden !== null && g !== null && golden.hand === golden.hands) {
      if (g.reset_if_nobody && !table.golden_made) {
        reset(table, scores, notes);
      }
    }
  };

  // 5.1: every score of every seat in a golden hand, after 3.3 and the bolts, × multiplier.
  function multiply(golden, scores, notes) {
    for (var s = 0; s < scores.length; s++) {
      var score = scores[s];
      if (score) {
        var times = score * golden.multiplier;
        notes.push(
          _note(s, "golden", {
            hand: golden.hand,
            hands: golden.hands,
            multiplier: golden.multiplier,
            score: score,
            golden: times,
          })
        );
        scores[s] = times;
      }
    }
  }
  M.multiply = multiply;

  // 5.1 reset_if_nobody: after the last golden hand with no contract made, every total is 0.
  // A total of 0 is no barrel's: whoever was on it is off (docs/rules-decisions.md).
  function reset(table, scores, notes) {
    for (var s = 0; s < table.seats; s++) {
      var total = table.totals[s] + scores[s];
      if (total) {
        notes.push(_note(s, "golden-reset", { total: total }));
      }
      scores[s] = 0 - table.totals[s];
      table.on_barrel[s] = false;
      table.barrel_hands[s] = 0;
    }
  }
  M.reset = reset;

  // 5.1: at every `every`-th give-up of a seat in the game it also scores -`penalty`.
  M.give_up_penalty = function (rules, table, declarer, scores, notes) {
    var g = rules.options.give_up;
    var count = table.give_ups[declarer];
    if (g.every !== null && SK.py.mod(count, g.every) === 0) {
      scores[declarer] -= g.penalty;
      notes.push(
        _note(declarer, "give-up-penalty", { count: count, every: g.every, penalty: g.penalty })
      );
    }
  };
})((globalThis.SK = globalThis.SK || {}));
