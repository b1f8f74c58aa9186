// Twin of scorekeeper/gamefile/lines.py: a line of a game file, both ways: JSON values in, a Hand or Adjustment out (or problems).
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.gamefile_lines = {});

  // And back (line_to_dict): the one mapping between a line and its JSON, which the API, the
  // trail and the export share.

  var N_ = SK.errors.N_;

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

  // The base of Reader (gamefile_reader.js): the problems, and the values a line is made of.
  class ValueReader {
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
  }
  M.ValueReader = ValueReader;

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
})((globalThis.SK = globalThis.SK || {}));
