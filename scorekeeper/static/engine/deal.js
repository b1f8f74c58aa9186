// Twin of scorekeeper/rules/deal.py: whether some deal of the 24 cards gives a hand's card points, tricks and marriages (3.2).
(function (SK) {
  "use strict";
  var M = (SK.deal = {});

  // The cards of one rank are interchangeable for points, so a deal is how many of each rank every
  // pile holds: a seat's tricks, and the cards out of play in two-hand games. A pile with a marriage
  // found in its tricks holds a king and a queen per marriage (the suits differ, so any kings will
  // do), and all four aces for the ace marriage.

  var COPIES = (M.COPIES = 4); // cards of each rank: 6 ranks x 4 suits = 24

  // What one pile must hold: `points`, and `cards` exactly (or a multiple of `step`).
  class Pile {
    constructor(f) {
      this.points = f.points;
      // exact count (tricks given, or the 4 cards out of play)
      this.cards = f.cards === undefined ? null : f.cards;
      // without a count: whole tricks, so a multiple of the seats in the hand
      this.step = f.step === undefined ? 1 : f.step;
      this.kings = f.kings === undefined ? 0 : f.kings; // at least this many kings and queens
      this.aces = f.aces === undefined ? 0 : f.aces; // at least this many aces (the ace marriage: 4)
    }
  }
  M.Pile = Pile;

  // A bounded cache (Python's lru_cache: which entries it keeps changes only the speed).
  function cache(maxsize) {
    var map = new Map();
    return {
      get: function (key) {
        return map.get(key);
      },
      set: function (key, value) {
        if (map.size >= maxsize) map.delete(map.keys().next().value);
        map.set(key, value);
      },
    };
  }
  M._cache = cache;

  // Every point sum that exactly `cards` cards of the deck (4 of each value) can make.
  M.sums_of = function sums_of(values, cards) {
    return _sums(values, cards);
  };

  var _sums_cache = cache(64);

  function _sums(values, cards) {
    var key = values.join(",") + "/" + cards;
    var hit = _sums_cache.get(key);
    if (hit !== undefined) return hit;
    // by[c] is the set of sums of c cards from the ranks seen so far
    var by = [new Set([0])];
    var c, k;
    for (c = 0; c < cards; c++) by.push(new Set());
    values.forEach(function (value) {
      var nxt = by.map(function (s) {
        return new Set(s);
      });
      for (c = 0; c < cards + 1; c++) {
        for (k = 1; k < COPIES + 1; k++) {
          if (c + k > cards) break;
          var target = nxt[c + k];
          by[c].forEach(function (s) {
            target.add(s + k * value);
          });
        }
      }
      by = nxt;
    });
    var found = by[cards];
    _sums_cache.set(key, found);
    return found;
  }
  M._sums = _sums;

  var _bounds_cache = cache(8);

  // For ranks r.. of `order`: the fewest and the most points that c of their cards make.
  function _bounds(order) {
    var key = order.join(",");
    var hit = _bounds_cache.get(key);
    if (hit !== undefined) return hit;
    var lows = [],
      highs = [];
    for (var r = 0; r < order.length + 1; r++) {
      var tail = order.slice(r);
      var top = COPIES * tail.length;
      var up = tail.slice().sort(function (a, b) {
        return a - b;
      });
      var down = tail.slice().sort(function (a, b) {
        return b - a;
      });
      var low = [],
        high = [];
      for (var c = 0; c < top + 1; c++) {
        low.push(_greedy(up, c));
        high.push(_greedy(down, c));
      }
      lows.push(low);
      highs.push(high);
    }
    var result = [lows, highs];
    _bounds_cache.set(key, result);
    return result;
  }
  M._bounds = _bounds;

  // The sum of the first `cards` cards when each value in `values` has 4 copies.
  function _greedy(values, cards) {
    var total = 0;
    for (var i = 0; i < values.length; i++) {
      var take = Math.min(COPIES, cards);
      total += take * values[i];
      cards -= take;
      if (cards === 0) break;
    }
    return total;
  }
  M._greedy = _greedy;
})((globalThis.SK = globalThis.SK || {}));
