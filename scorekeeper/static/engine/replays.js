// Twin of scorekeeper/rules/replays.py (its functions the browser uses): every line scored in order, or with one line entered.
(function (SK) {
  "use strict";
  var M = (SK.replays = {});
  var Sheet = SK.sheet.Sheet;

  // Python's seq[start:stop] for a step of 1 (None: from the start, to the end).
  function _slice(seq, start, stop) {
    var n = seq.length;
    function at(i, dflt) {
      if (i === null || i === undefined) return dflt;
      if (i < 0) return Math.max(0, n + i);
      return Math.min(i, n);
    }
    return seq.slice(at(start, 0), at(stop, n));
  }

  // Python's seq[i]: a negative index counts from the end; out of range is an IndexError.
  function _item(seq, i) {
    var j = i < 0 ? seq.length + i : i;
    if (j < 0 || j >= seq.length) throw new RangeError("list index out of range");
    return seq[j];
  }

  // Scores every line in order; raises InvalidHand with every problem found (`stored`:
  // lines accepted when logged, Sheet.replay).
  M.replay = function (rules, lines, first_dealer, names, stored) {
    if (first_dealer === undefined) first_dealer = 0;
    if (names === undefined) names = null;
    if (stored === undefined) stored = false;
    return new Sheet(rules, first_dealer, names).replay(lines, stored);
  };

  // Stored `lines` in which line `number` (from 1) is being entered: that line gets every
  // check of a new line, the others are scored as accepted (Sheet.replay).
  M.replay_entered = function (rules, lines, number, first_dealer, names) {
    var sheet = new Sheet(rules, first_dealer, names);
    sheet.replay(_slice(lines, null, number - 1), true);
    sheet.add(_item(lines, number - 1)); // InvalidHand with this line's problems
    return sheet.replay(_slice(lines, number, null), true);
  };
})(globalThis.SK = globalThis.SK || {});
