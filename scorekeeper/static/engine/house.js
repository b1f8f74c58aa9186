// Twin of scorekeeper/rules/house.py: house rules applied after a hand's points (scoring.md section 5), barrel, bolts, dump.
(function (SK) {
  "use strict";
  var Note = SK.notes.Note;
  var M = (SK.house = {});

  function _note(seat, rule, params) {
    return new Note({ seat: seat, rule: rule, params: params });
  }

  // The barrel, in the order of section 5: seats already on it, then climbs, then knock-offs.
  // It takes the scores as the rules before it left them: a blind bid's or a golden hand's
  // multiplied score decides whether a made contract reaches the target (5.1).
  M.barrel = function (rules, table, declarer, contract, made, given_up, scores, notes) {
    var before = table.totals;
    var new_ = [];
    var s;
    for (s = 0; s < rules.seats; s++) new_.push(before[s] + scores[s]);
    var was_on = table.on_barrel.slice();
    var fell = [];
    for (s = 0; s < rules.seats; s++) fell.push(false);
    for (s = 0; s < rules.seats; s++) {
      if (was_on[s]) {
        fell[s] = _on_the_barrel(
          rules, table, s, s === declarer, contract, made, given_up, new_, scores, notes
        );
      }
    }
    var climbed = _climbs(rules, table, was_on, new_, notes);
    if (climbed.length) {
      _knock_offs(rules, table, was_on, fell, climbed[0], new_, notes);
    }
    for (s = 0; s < rules.seats; s++) {
      scores[s] = new_[s] - before[s];
    }
  };

  function _leave(table, s) {
    table.on_barrel[s] = false;
    table.barrel_hands[s] = 0;
  }
  M._leave = _leave;

  // A seat on the barrel before the hand: it stays, wins, leaves or uses a try; True if it
  // fell off (its last try gone).
  function _on_the_barrel(rules, table, s, declares, contract, made, given_up, new_, scores, notes) {
    var b = rules.options.barrel,
      target = rules.options.target;
    var before = table.totals[s];
    if (declares) {
      if (given_up || !made) {
        // A failed or given-up contract scores as usual and takes the seat off.
        _leave(table, s);
        notes.push(_note(s, "barrel", { event: "off", at: b.at }));
        return false;
      }
      if (before + scores[s] >= target) {
        _leave(table, s); // a made contract that reaches the target wins
        return false;
      }
      // 5: it scores 0 and the total stays where it is: the barrel's own mark, or where an
      // adjustment put it (the note says which)
      new_[s] = before;
      notes.push(
        _note(s, "barrel", {
          event: "stay",
          at: b.at,
          contract: contract,
          target: target,
          total: before,
        })
      );
    } else {
      // On the barrel, points as a defender, sitting-out dealer or opponent are lost.
      notes.push(_note(s, "barrel", { event: "idle", at: b.at, lost: scores[s] }));
      new_[s] = before;
    }
    table.barrel_hands[s] += 1;
    if (table.barrel_hands[s] < b.tries) {
      notes.push(
        _note(s, "barrel", { event: "try", try: table.barrel_hands[s], tries: b.tries, at: b.at })
      );
      return false;
    }
    new_[s] = b.at - b.penalty;
    _leave(table, s);
    var fall = { event: "fall", at: b.at, tries: b.tries, penalty: b.penalty, total: new_[s] };
    notes.push(_note(s, "barrel", _fall(rules, table, s, new_, fall)));
    return true;
  }
  M._on_the_barrel = _on_the_barrel;

  // A fall from the barrel (out of tries or knocked off): counted, and at the seat's
  // `falls_to_zero`-th fall its total becomes 0 instead (5.1); the note's parameters.
  function _fall(rules, table, s, new_, params) {
    var b = rules.options.barrel;
    table.barrel_falls[s] += 1;
    if (table.barrel_falls[s] !== b.falls_to_zero) {
      return params;
    }
    new_[s] = 0;
    return {
      event: "fall-zero",
      at: b.at,
      falls: b.falls_to_zero,
      total: 0,
      tries: params.tries === undefined ? null : params.tries,
      by: params.by === undefined ? null : params.by,
    };
  }
  M._fall = _fall;

  // The seats whose new total is between the barrel and the target climb on; in order.
  function _climbs(rules, table, was_on, new_, notes) {
    var b = rules.options.barrel,
      target = rules.options.target;
    var climbed = [];
    for (var s = 0; s < rules.seats; s++) {
      if (!was_on[s] && b.at <= new_[s] && new_[s] < target) {
        notes.push(_note(s, "barrel", { event: "climb", at: b.at, total: new_[s] }));
        new_[s] = b.at;
        table.on_barrel[s] = true;
        table.barrel_hands[s] = 0;
        climbed.push(s);
      }
    }
    return climbed;
  }
  M._climbs = _climbs;

  // With knock-offs, a climb throws off whoever was on the barrel and still is.
  function _knock_offs(rules, table, was_on, fell, by, new_, notes) {
    var b = rules.options.barrel;
    if (!b.knock_off) {
      return;
    }
    for (var s = 0; s < rules.seats; s++) {
      if (was_on[s] && table.on_barrel[s] && !fell[s]) {
        new_[s] = b.at - b.penalty;
        _leave(table, s);
        var knock = {
          event: "knock-off",
          by: by,
          at: b.at,
          penalty: b.penalty,
          total: new_[s],
        };
        notes.push(_note(s, "barrel", _fall(rules, table, s, new_, knock)));
      }
    }
  }
  M._knock_offs = _knock_offs;

  // A seat in a played hand, not the declarer nor on the barrel, with no points (or, with
  // `kind` "tricks", no trick: 5.1) gets a bolt. With `consecutive`, its other played hands
  // break the run and the count starts again.
  M.bolts = function (rules, table, declarer, playing, took, raw, on_barrel, scores, notes) {
    var b = rules.options.bolts;
    for (var i = 0; i < playing.length; i++) {
      var s = playing[i];
      if (s === declarer || on_barrel[s]) {
        continue; // neither counts nor breaks a run (5.1)
      }
      if (b.kind === "tricks" ? !took[s] : raw[s] === 0) {
        table.bolts[s] += 1;
        var count = table.bolts[s];
        if (count >= b.count) {
          scores[s] -= b.penalty;
          table.bolts[s] = 0; // the count starts again
        }
        var params = { bolt: count, count: b.count, penalty: b.penalty };
        if (b.kind === "tricks") {
          params.tricks = true;
        }
        if (b.consecutive) {
          params.in_a_row = true;
        }
        notes.push(_note(s, "bolt", params));
      } else if (b.consecutive && table.bolts[s]) {
        notes.push(_note(s, "bolt-run", { run: table.bolts[s], count: b.count }));
        table.bolts[s] = 0;
      }
    }
  };

  // A total ending the hand at exactly the dump (or minus it) goes back to 0.
  M.dump = function (rules, table, scores, notes) {
    var d = rules.options.dump;
    for (var s = 0; s < rules.seats; s++) {
      var total = table.totals[s] + scores[s];
      if (total === d.at || (d.negative && total === 0 - d.at)) {
        notes.push(_note(s, "dump", { total: total, at: d.at }));
        scores[s] = 0 - table.totals[s];
      }
    }
  };
})(globalThis.SK = globalThis.SK || {});
