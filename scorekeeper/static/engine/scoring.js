// Twin of scorekeeper/rules/scoring.py: a line scored in the fixed order of scoring.md, a hand by 3.3 (3.4), then 5, then 4.
(function (SK) {
  "use strict";
  var Note = SK.notes.Note;
  var M = (SK.scoring = {});

  // The order is the same for every preset; where the variants differ, a step asks a hook of
  // Rules (ruleset.py) or reads an option.

  function _note(seat, rule, params) {
    return new Note({ seat: seat, rule: rule, params: params });
  }

  function _zeros(n, value) {
    var out = [];
    for (var i = 0; i < n; i++) out.push(value);
    return out;
  }

  // Section 3.5: an adjustment line.
  M.adjust = function (rules, line, table, number) {
    // 3.5: added as it is, through no rule; the deal does not move; the game never ends here.
    var values = line.values;
    var n = Math.min(table.totals.length, values.length); // zip
    var totals = [];
    for (var i = 0; i < n; i++) totals.push(table.totals[i] + values[i]);
    table.totals = totals;
    var notes = [];
    for (var s = 0; s < values.length; s++) {
      var v = values[s];
      if (v) {
        notes.push(_note(s, "adjustment", { value: v, reason: line.reason }));
      }
    }
    return new SK.tally.LineResult({
      number: number,
      kind: "adjustment",
      dealer: null,
      declarer: null,
      scores: values,
      totals: totals.slice(),
      notes: notes,
    });
  };

  // Who deals `hand`: the seat written on it, else the next by turn (3.1).
  function dealer_of(rules, hand, table) {
    var d = hand.dealer;
    return d != null && 0 <= d && d < rules.seats ? d : table.next_dealer;
  }
  M.dealer_of = dealer_of;

  // A hand in the fixed order of section 3.3 (and 3.4), then section 5, then section 4.
  M.play = function (rules, hand, table, number) {
    var o = rules.options,
      n = rules.seats;
    var dealer = dealer_of(rules, hand, table);
    var playing = rules.participants(dealer);
    var declarer = o.auction ? hand.declarer : null;
    if (declarer === undefined) declarer = null;
    var before = table.totals;
    table.hands += 1;
    var golden = rules.golden_hand(table.hands, dealer); // 5.1: null in an ordinary hand
    // no bid at all: the lowest (seed 002), or in a golden hand its fixed contract (5.1)
    var contract = hand.final_contract || (golden !== null ? golden.contract : o.min_bid);
    var scores = _zeros(n, 0);
    var raw = _zeros(n, null);
    var notes = [];
    var made = false;
    var took = hand.give_up ? [] : rules.took_tricks(hand); // step 1
    if (hand.give_up) {
      given_up(rules, table, declarer, contract, playing, scores, notes);
    } else {
      made = played(rules, hand, declarer, contract, playing, took, scores, raw, notes);
    }
    lock(rules, declarer, before, scores, notes);
    SK.club.house_rules(
      rules, table, golden, declarer, contract, made, hand.give_up, playing, took, raw, scores, notes
    );
    var m = Math.min(before.length, scores.length); // zip
    var totals = [];
    for (var i = 0; i < m; i++) totals.push(before[i] + scores[i]);
    table.totals = totals;
    table.next_dealer = (dealer + 1) % n;
    if (Math.max.apply(null, totals) >= o.target) {
      end(rules, table, declarer, number, notes);
    }
    return new SK.tally.LineResult({
      number: number,
      kind: "hand",
      dealer: dealer,
      declarer: declarer,
      scores: scores.slice(),
      totals: totals.slice(),
      notes: notes.slice(),
      contract: declarer !== null ? contract : null,
    });
  };

  // 3.4: the declarer -contract (or 0); every other seat in the hand the opponents' due.
  function given_up(rules, table, declarer, contract, playing, scores, notes) {
    var give_up = rules.options.give_up;
    scores[declarer] = give_up.declarer === "minus" ? 0 - contract : 0;
    notes.push(
      _note(declarer, "give-up", {
        role: "declarer",
        contract: contract,
        score: scores[declarer],
      })
    );
    var value = rules.give_up_points(contract);
    for (var i = 0; i < playing.length; i++) {
      var s = playing[i];
      if (s !== declarer) {
        scores[s] = value;
        notes.push(
          _note(s, "give-up", {
            role: "opponent",
            declarer: declarer,
            contract: contract,
            score: value,
            half: give_up.opponents === "half",
          })
        );
      }
    }
    table.give_ups[declarer] += 1;
    if (give_up.every != null) {
      SK.club.give_up_penalty(rules, table, declarer, scores, notes);
    }
  }
  M.given_up = given_up;

  // 3.3 steps 2-7 of a played hand (`took`: step 1); whether the declarer made the contract.
  function played(rules, hand, declarer, contract, playing, took, scores, raw, notes) {
    var marriages = rules.marriage_points(hand, took, notes); // step 2
    var made = false;
    for (var i = 0; i < playing.length; i++) {
      var s = playing[i];
      var cards = hand.points[s] || 0;
      var points = (raw[s] = cards + marriages[s]); // step 3
      if (s === declarer) {
        scores[s] = rules.declarer_score(hand, contract, points, took, notes); // step 4
        made = scores[s] > 0;
        continue;
      }
      // steps 5 and 6: a defender (or every seat with no auction) banks its points, rounded
      if (points) {
        notes.push(_note(s, "points", { cards: cards, marriages: marriages[s], raw: points }));
      }
      var rounded = (scores[s] = points ? rules.round(points) : 0);
      if (rounded !== points) {
        notes.push(
          _note(s, "rounding", { raw: points, rounded: rounded, step: rules.options.rounding })
        );
      }
    }
    for (var t = 0; t < rules.seats; t++) {
      // step 7: the sitting-out dealer's musik
      if (playing.indexOf(t) < 0) {
        scores[t] = rules.musik_bonus(hand, t, notes);
      }
    }
    return made;
  }
  M.played = played;

  // 3.3 step 8: at or above the lock, only a declarer's result counts. It takes the points
  // of steps 5 and 7 (defenders, the sitting-out dealer); with no auction every seat banks its
  // points by step 6, which the lock does not name, so it has nothing to take.
  function lock(rules, declarer, before, scores, notes) {
    var at = rules.options.lock;
    if (at == null || !rules.options.auction) {
      return;
    }
    for (var s = 0; s < rules.seats; s++) {
      if (s !== declarer && before[s] >= at && scores[s]) {
        notes.push(_note(s, "lock", { total: before[s], lock: at, lost: scores[s] }));
        scores[s] = 0;
      }
    }
  }
  M.lock = lock;

  // Section 4: the declarer wins if it reached the target, else the highest total(s).
  function end(rules, table, declarer, number, notes) {
    var totals = table.totals,
      target = rules.options.target;
    var winners, why;
    if (declarer !== null && totals[declarer] >= target) {
      winners = [declarer];
      why = "declarer";
    } else {
      var best = Math.max.apply(null, totals);
      winners = [];
      for (var s = 0; s < rules.seats; s++) if (totals[s] === best) winners.push(s);
      why = winners.length === 1 ? "highest" : "joint";
    }
    table.ended_at = number;
    table.winners = winners;
    for (var i = 0; i < winners.length; i++) {
      var w = winners[i];
      notes.push(_note(w, "game-won", { total: totals[w], target: target, why: why }));
    }
  }
  M.end = end;
})(globalThis.SK = globalThis.SK || {});
