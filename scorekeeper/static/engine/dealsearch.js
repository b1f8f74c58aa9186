// Twin of scorekeeper/rules/deal.py (its search): possible, whether the deck's cards split into a hand's piles, remembered per kind of pile.
(function (SK) {
  "use strict";
  var M = SK.deal; // deal.js's: COPIES, Pile, the bounded cache, the rank bounds
  var COPIES = M.COPIES;
  var cache = M._cache;
  var _bounds = M._bounds;

  function sum(xs) {
    var total = 0;
    for (var i = 0; i < xs.length; i++) total += xs[i];
    return total;
  }

  // True if the deck's cards (A 10 K Q J 9 values, 4 each) split into `piles` exactly.
  M.possible = function possible(values, piles) {
    // the answer does not depend on the piles' order: one cache entry for every order
    return _possible(values, piles.slice().sort(_by_key));
  };

  // sorted(piles, key=_key) without building the keys (Array.prototype.sort is stable)
  function _by_key(a, b) {
    var x = _key(a),
      y = _key(b);
    for (var i = 0; i < 5; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  }

  function _key(pile) {
    // the richest piles first (measured: prunes a little better than the seat order)
    var cards = pile.cards === null ? -1 : pile.cards;
    return [-pile.points, cards, pile.step, pile.kings, pile.aces];
  }
  M._key = _key;

  function _pile_kind(p) {
    return p.cards + "," + p.step + "," + p.kings + "," + p.aces;
  }

  // sig -> Map of (r, rem, used) -> bool
  var _STATES = new Map();
  var _states_size = 0; // sum(len(m) for m in _STATES.values())
  M._STATES = _STATES;

  var _possible_cache = cache(16384);

  function _possible(values, piles) {
    var ckey = values.join(",") + "/";
    for (var i = 0; i < piles.length; i++) ckey += ";" + piles[i].points + "," + _pile_kind(piles[i]);
    var hit = _possible_cache.get(ckey);
    if (hit !== undefined) return hit;
    var result = _possible_uncached(values, piles);
    _possible_cache.set(ckey, result);
    return result;
  }

  function _possible_uncached(values, piles) {
    // highest ranks first, so the bounds below cut early; the nines (0) come last
    var ranks = [];
    for (var r0 = 0; r0 < values.length; r0++) ranks.push(r0);
    ranks.sort(function (a, b) {
      return -values[a] - -values[b];
    });
    var order = ranks.map(function (r) {
      return values[r];
    });
    // position of the king, queen and ace in `order` (values are A, 10, K, Q, J, 9)
    var king = ranks.indexOf(2),
      queen = ranks.indexOf(3),
      ace = ranks.indexOf(0);
    if (
      sum(
        piles.map(function (p) {
          return p.points;
        })
      ) !==
      COPIES * sum(values)
    ) {
      return false;
    }
    var given = 0;
    piles.forEach(function (p) {
      if (p.cards !== null) given += p.cards;
    });
    if (given > COPIES * values.length) return false;
    // What is left to place decides the answer, not where it came from: the states are
    // shared by every hand with piles of the same kinds (a game's hands meet the same ones).
    var sig = values.join(",") + "/" + piles.map(_pile_kind).join(";");
    var memo = _STATES.get(sig);
    if (memo === undefined) {
      if (_STATES.size > 256 || _states_size > 400000) {
        _STATES.clear(); // a bound on memory; the next hands fill it again
        _states_size = 0;
      }
      memo = new Map();
      _STATES.set(sig, memo);
    }
    var b = _bounds(order);
    var lows = b[0],
      highs = b[1];
    var nranks = order.length;
    var floor = piles.map(function (p) {
      var row = [];
      for (var r = 0; r < nranks; r++) {
        row.push(r === king || r === queen ? p.kings : r === ace ? p.aces : 0);
      }
      return row;
    });
    var tails = [];
    for (var t = 0; t < nranks + 1; t++) tails.push(COPIES * sum(order.slice(t)));
    var n = piles.length;

    function fits(rem, left, r) {
      // `rem` points still to find among ranks r.. with `left` cards (null: any number)
      if (rem < 0) return false;
      if (left === null) return rem <= tails[r];
      if (left < 0 || left > COPIES * (nranks - r)) return false;
      return lows[r][left] <= rem && rem <= highs[r][left];
    }

    function go(r, rem, used) {
      var i;
      if (r === nranks) {
        for (i = 0; i < n; i++) if (rem[i] !== 0) return false;
        for (i = 0; i < n; i++) {
          var p = piles[i],
            u = used[i];
          if (!((p.cards === null && u % p.step === 0) || u === p.cards)) return false;
        }
        return true;
      }
      var key = "" + r;
      for (i = 0; i < n; i++) key += "," + rem[i] + "," + used[i];
      var known = memo.get(key);
      if (known !== undefined) return known;
      var value = order[r];
      var nrem = rem.slice(),
        nused = used.slice();

      function place(i, copies) {
        // hands the rank's remaining `copies` to piles i.., pruning pile by pile
        if (i === n) return copies === 0 && go(r + 1, nrem, nused); // go copies what it changes
        var p = piles[i];
        var low = floor[i][r];
        // the last pile takes what is left of the rank
        var first = i === n - 1 ? copies : low;
        for (var k = first; k < copies + 1; k++) {
          if (k < low) break;
          var x = rem[i] - k * value,
            u = used[i] + k;
          if (!fits(x, p.cards === null ? null : p.cards - u, r + 1)) continue;
          nrem[i] = x;
          // without an exact count only the count modulo `step` matters: fewer states
          nused[i] = p.cards !== null ? u : u % p.step;
          if (place(i + 1, copies - k)) return true;
        }
        return false;
      }

      var found = place(0, COPIES);
      memo.set(key, found);
      _states_size += 1;
      return found;
    }

    var start = [],
      zeros = [];
    piles.forEach(function (p) {
      start.push(p.points);
      zeros.push(0);
    });
    return go(0, start, zeros);
  }
})((globalThis.SK = globalThis.SK || {}));
