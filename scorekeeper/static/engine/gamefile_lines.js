// Twin of scorekeeper/gamefile/lines.py: a line of a game file, both ways: JSON values in, a Hand or Adjustment out (or problems).
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.gamefile_lines = {});

  // And back (line_to_dict): the one mapping between a line and its JSON, which the API, the
  // trail and the export share.

  var N_ = SK.errors.N_;

  var _HAND_KEYS = new Set([
    "dealer",
    "declarer",
    "bid",
    "contract",
    "give_up",
    "blind",
    "points",
    "marriages",
    "trump",
    "tricks",
    "musik",
  ]);
  var _ADJUSTMENT_KEYS = new Set(["adjustment", "reason"]);

  // sorted(set(d) - allowed): the keys of dict `d` not in the Set `allowed`, sorted as Python
  // sorts strings (by code point)
  function _unknown(d, allowed) {
    return py.sorted_str(
      py.keys(d).filter(function (k) {
        return !allowed.has(k);
      })
    );
  }
  M._unknown = _unknown;

  //: problems kept of one file: a 4 MB file of a million bad values made a million of them
  //: (some 300 MB, and 90 s to put them in words); the first thousand say what is wrong
  var PROBLEMS_MAX = 1000;
  M.PROBLEMS_MAX = PROBLEMS_MAX;

  // Turns JSON values into typed lines, collecting a problem per malformed value.
  class Reader {
    constructor() {
      this.problems = [];
      this.found = 0; // problems found, kept or not
    }

    // Keeps `problem`, up to PROBLEMS_MAX of them.
    add(problem) {
      this.found += 1;
      if (this.problems.length < PROBLEMS_MAX) {
        this.problems.push(problem);
      }
    }

    // `message` is an N_() template with `{name}` fields from `params` (rules.Problem).
    bad(hand, field, message, params) {
      this.add(
        new SK.errors.Problem({
          hand: hand,
          field: field,
          template: message,
          seat: null,
          params: params || {},
        })
      );
    }

    int_(hand, field, raw, low) {
      if (low === undefined) low = null;
      if (py.is_float(raw) && Number.isInteger(py.num(raw))) {
        // int(raw): exact, a BigInt past 2**53 (docs/engine.md)
        var x = py.num(raw);
        raw = Number.isSafeInteger(x) ? x + 0 : BigInt(x);
      }
      if (py.is_bool(raw) || !py.is_int(raw)) {
        this.bad(hand, field, N_("{key} must be a whole number, got {raw}"), {
          key: field,
          raw: py.json_dumps(raw),
        });
        return null;
      }
      if (low !== null && raw < low) {
        this.bad(hand, field, N_("{key} cannot be below {low}, got {raw}"), {
          key: field,
          low: low,
          raw: raw,
        });
        return null;
      }
      return raw;
    }

    seat_list(hand, field, raw) {
      if (!py.is_list(raw)) {
        this.bad(hand, field, N_("{key} must be a list with a number (or null) per player"), {
          key: field,
        });
        return null;
      }
      var self = this;
      var values = raw.map(function (v) {
        return v === null ? null : self.int_(hand, field, v, 0);
      });
      var ok = values.every(function (v, i) {
        return v !== null || raw[i] === null;
      });
      return ok ? values : null;
    }

    suit(hand, field, raw, suits) {
      if (!py.is_str(raw) || suits.indexOf(raw) < 0) {
        this.bad(hand, field, N_("{key} must be one of {suits}, got {raw}"), {
          key: field,
          suits: suits.join(", "),
          raw: py.json_dumps(raw),
        });
        return null;
      }
      return raw;
    }

    line(number, raw) {
      if (!py.is_dict(raw)) {
        this.bad(number, "hand", N_("a hand must be an object (see game-file.md)"));
        return null;
      }
      if (py.contains(raw, "adjustment")) {
        return this.adjustment(number, raw);
      }
      var unknown = _unknown(raw, _HAND_KEYS);
      if (unknown.length) {
        this.bad(number, unknown[0], N_("unknown field {key!r} in a hand"), { key: unknown[0] });
      }
      var before = this.found;
      var self = this;
      function g(k, dflt) {
        return py.get(raw, k, dflt);
      }
      var ints = {};
      ["dealer", "declarer", "bid", "contract"].forEach(function (k) {
        ints[k] = g(k) === null ? null : self.int_(number, k, g(k), 0);
      });
      var give_up = g("give_up", false),
        blind = g("blind", false);
      if (!py.is_bool(give_up)) {
        this.bad(number, "give_up", N_("give_up must be true or false"));
      }
      if (!py.is_bool(blind)) {
        this.bad(number, "blind", N_("blind must be true or false"));
      }
      var points = g("points") === null ? null : this.seat_list(number, "points", g("points"));
      var tricks = g("tricks") === null ? null : this.seat_list(number, "tricks", g("tricks"));
      var trump =
        g("trump") === null
          ? null
          : this.suit(number, "trump", g("trump"), SK.cards.MARRIAGE_SUITS.slice(0, 4));
      var marriages = this.marriages(number, g("marriages"));
      var musik = g("musik") === null ? null : this.musik(number, g("musik"));
      if (this.found > before) {
        return null;
      }
      return new SK.hand.Hand({
        declarer: ints.declarer,
        bid: ints.bid,
        contract: ints.contract,
        give_up: give_up === true,
        points: points,
        marriages: marriages,
        trump: trump,
        tricks: tricks,
        musik: musik,
        dealer: ints.dealer,
        blind: blind === true,
      });
    }

    marriages(number, raw) {
      if (raw === null) {
        return [];
      }
      if (!py.is_list(raw)) {
        this.bad(number, "marriages", N_("marriages must be a list of {seat, suit}"));
        return [];
      }
      var out = [];
      for (var i = 0; i < raw.length; i++) {
        var m = raw[i];
        if (!py.is_dict(m) || !py.contains(m, "seat") || !py.contains(m, "suit")) {
          this.bad(number, "marriages", N_("each marriage is an object with seat and suit"));
          continue;
        }
        var unknown = _unknown(m, new Set(["seat", "suit", "switch"]));
        if (unknown.length) {
          this.bad(number, "marriages", N_("unknown field {key!r} in a marriage"), {
            key: unknown[0],
          });
        }
        var seat = this.int_(number, "marriages", py.get(m, "seat"), 0);
        var suit = this.suit(number, "marriages", py.get(m, "suit"), SK.cards.MARRIAGE_SUITS);
        var switch_ = py.get(m, "switch", false);
        if (!py.is_bool(switch_)) {
          this.bad(number, "marriages", N_("a marriage's switch must be true or false"));
        } else if (seat !== null && suit !== null) {
          out.push(new SK.hand.Marriage({ seat: seat, suit: suit, switch: switch_ }));
        }
      }
      return out;
    }

    musik(number, raw) {
      if (!py.is_dict(raw) || _unknown(raw, new Set(["aces", "marriage"])).length) {
        this.bad(number, "musik", N_("musik must be an object with aces and marriage"));
        return null;
      }
      var aces = this.int_(number, "musik", py.get(raw, "aces", 0), 0);
      var marriage = py.get(raw, "marriage");
      if (marriage !== null) {
        marriage = this.suit(number, "musik", marriage, SK.cards.MARRIAGE_SUITS.slice(0, 4));
        if (marriage === null) {
          return null;
        }
      }
      return aces === null ? null : new SK.hand.Musik({ aces: aces, marriage: marriage });
    }

    adjustment(number, raw) {
      var unknown = _unknown(raw, _ADJUSTMENT_KEYS);
      if (unknown.length) {
        this.bad(
          number,
          unknown[0],
          N_("an adjustment has only adjustment and reason, not {key!r}"),
          { key: unknown[0] }
        );
      }
      var values = py.get(raw, "adjustment");
      var reason = py.get(raw, "reason", "");
      if (!py.is_str(reason)) {
        this.bad(number, "reason", N_("the reason of an adjustment must be text"));
      }
      if (!py.is_list(values)) {
        this.bad(number, "adjustment", N_("adjustment must be a list with a number per player"));
        return null;
      }
      var self = this;
      var ints = values.map(function (v) {
        return self.int_(number, "adjustment", v);
      });
      if (
        ints.some(function (v) {
          return v === null;
        }) ||
        !py.is_str(reason) ||
        unknown.length
      ) {
        return null;
      }
      return new SK.hand.Adjustment({
        values: ints.filter(function (v) {
          return v !== null;
        }),
        reason: reason,
      });
    }
  }
  M.Reader = Reader;

  // One line in game-file shape, with only the fields that carry information.
  function line_to_dict(line) {
    if (line instanceof SK.hand.Adjustment) {
      return { adjustment: line.values.slice(), reason: line.reason };
    }
    var out = {};
    ["dealer", "declarer", "bid", "contract"].forEach(function (key) {
      if (line[key] !== null && line[key] !== undefined) {
        out[key] = line[key];
      }
    });
    if (line.give_up) {
      out.give_up = true;
    }
    if (line.blind) {
      out.blind = true;
    }
    if (line.points !== null) {
      out.points = line.points.slice();
    }
    if (line.marriages.length) {
      out.marriages = line.marriages.map(function (m) {
        var d = { seat: m.seat, suit: m.suit };
        if (m.switch) d.switch = true;
        return d;
      });
    }
    if (line.trump !== null) {
      out.trump = line.trump;
    }
    if (line.tricks !== null) {
      out.tricks = line.tricks.slice();
    }
    if (line.musik !== null) {
      out.musik = { aces: line.musik.aces, marriage: line.musik.marriage };
    }
    return out;
  }
  M.line_to_dict = line_to_dict;

  // One hand or adjustment in game-file shape (the API's POST body); InvalidHand if malformed.
  function parse_line(number, raw) {
    var reader = new Reader();
    var line = reader.line(number, raw);
    if (reader.problems.length || line === null) {
      throw new SK.errors.InvalidHand(
        reader.problems.length
          ? reader.problems
          : [
              new SK.errors.Problem({
                hand: number,
                field: "hand",
                template: N_("not a hand"),
                seat: null,
                params: {},
              }),
            ]
      );
    }
    return line;
  }
  M.parse_line = parse_line;
})((globalThis.SK = globalThis.SK || {}));
