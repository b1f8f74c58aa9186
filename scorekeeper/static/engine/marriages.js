// Twin of scorekeeper/rules/marriages.py: marriage points of a played hand (scoring.md 3.3 step 2), declared or found in tricks.
(function (SK) {
  "use strict";
  var ACES = SK.cards.ACES;
  var Note = SK.notes.Note;
  var M = (SK.marriages = {});

  function _note(seat, rule, params) {
    return new Note({ seat: seat, rule: rule, params: params });
  }

  // Marriage points per seat, in the order the marriages were declared (or found).
  M.marriage_points = function (o, seats, hand, took, notes) {
    var points = [];
    for (var i = 0; i < seats; i++) points.push(0);
    var trump = hand.trump;
    var ms = hand.marriages;
    for (var k = 0; k < ms.length; k++) {
      var m = ms[k];
      var base, value, doubled;
      if (m.suit === ACES) {
        base = value = o.ace_marriage || 0;
        doubled = false;
      } else if (o.marriages === "in-tricks") {
        base = value = m.suit === trump ? 80 : 40;
        notes.push(
          _note(m.seat, "marriage", {
            suit: m.suit,
            value: value,
            in_tricks: true,
            trump: value === 80,
          })
        );
        points[m.seat] += value;
        continue;
      } else {
        base = value = o.marriage_values[m.suit];
        // Seed 004: doubled when its suit is trump as it is declared; a switch to its
        // own suit doubles only with double_on_switch (scoring.md section 1).
        doubled =
          o.trump_marriage_double && (m.suit === trump || (o.double_on_switch && m.switch));
        if (doubled) {
          value = 2 * base;
        }
      }
      if (o.marriage_needs_trick && !took[m.seat]) {
        notes.push(_note(m.seat, "marriage-no-trick", { suit: m.suit, value: value }));
      } else {
        points[m.seat] += value;
        if (doubled) {
          var params = { suit: m.suit, base: base, value: value };
          if (m.suit !== trump) params["switch"] = true; // doubled by its own switch (double_on_switch), not as trump
          notes.push(_note(m.seat, "trump-double", params));
        } else {
          notes.push(_note(m.seat, "marriage", { suit: m.suit, value: value }));
        }
      }
      if (m.switch && m.suit !== ACES) {
        // 3.3 step 2: a switch makes its suit trump after it is scored; the note
        // explains the next marriage's doubled (or plain) value
        if (m.suit !== trump) {
          notes.push(_note(m.seat, "trump-switch", { suit: m.suit }));
        }
        trump = m.suit;
      }
    }
    return points;
  };
})(globalThis.SK = globalThis.SK || {});
