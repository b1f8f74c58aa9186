// Twin of scorekeeper/gamefile/lines.py (its Reader of a line, and parse_line): a hand or an adjustment from its JSON values, or problems.
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = SK.gamefile_lines; // gamefile_lines.js's: _unknown, ValueReader, line_to_dict
  var _unknown = M._unknown;

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

  // Turns JSON values into typed lines, collecting a problem per malformed value.
  class Reader extends M.ValueReader {
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
