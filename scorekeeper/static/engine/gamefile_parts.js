// Twin of scorekeeper/gamefile/parts.py: the parts of a game file besides its lines, the players' names and the trail.
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.gamefile_parts = {});

  // Each is checked against the bounds of its column (rules.bounds), so that what one database
  // takes the other does.

  var N_ = SK.errors.N_;

  var _TRAIL_KEYS = new Set(["action", "hand", "before", "after", "reason", "who", "at"]);

  // The players' names as stored (normal_name); a problem per bad name, at its seat.
  function players(r, raw, rules) {
    var bounds = SK.bounds;
    if (!py.is_list(raw) || !raw.every(py.is_str)) {
      r.bad(null, "players", N_("players must be a list of names in seat order"));
      return [];
    }
    if (rules !== null && py.len(raw) !== rules.seats) {
      // before the names are read: a file of 380,000 bad names was a problem each
      r.bad(null, "players", N_("{variant} is played by {seats} players, got {got}"), {
        variant: rules.key,
        seats: rules.seats,
        got: py.len(raw),
      });
      return [];
    }
    var names = raw.map(function (p) {
      return bounds.normal_name(p);
    });
    var wrong = raw.map(function (p, seat) {
      return [seat, bounds.name_problem(p)];
    });
    wrong.forEach(function (pair) {
      var seat = pair[0],
        problem = pair[1];
      if (problem != null) {
        r.add(
          new SK.errors.Problem({
            hand: null,
            field: "players",
            template: N_("player {number}'s name: {detail}"),
            seat: seat,
            params: { number: seat + 1, detail: problem },
          })
        );
      }
    });
    if (
      wrong.some(function (pair) {
        return py.truthy(pair[1]);
      })
    ) {
      return [];
    }
    // compared as the players' list compares them (Player.key): "ala" is Ala
    var folded = new Set(
      names.map(function (p) {
        return py.casefold(p);
      })
    );
    if (folded.size !== names.length) {
      r.bad(null, "players", N_("two players have the same name"));
    }
    return names;
  }
  M.players = players;

  // The trail of an export: checked for shape and bounds (it never changes a score).
  function trail(r, raw) {
    var bounds = SK.bounds;
    if (!py.is_list(raw)) {
      r.bad(null, "trail", N_("trail must be a list of changes"));
      return [];
    }
    if (raw.length > bounds.TRAIL_MAX) {
      r.bad(null, "trail", N_("a trail has at most {most} changes, got {got}"), {
        most: bounds.TRAIL_MAX,
        got: raw.length,
      });
      return [];
    }
    var texts = [
      ["reason", bounds.REASON_MAX],
      ["who", bounds.WHO_MAX],
      ["at", bounds.AT_MAX],
    ];
    for (var i = 0; i < raw.length; i++) {
      var number = i + 1;
      var item = raw[i];
      if (!_change_ok(item)) {
        r.bad(
          null,
          "trail",
          N_(
            "change {number} of the trail: each change has action, hand (a line " +
              "number from 1 to {most}), before and after (lines), reason, who and at"
          ),
          { number: number, most: bounds.LINES_MAX }
        );
        return [];
      }
      for (var t = 0; t < texts.length; t++) {
        var key = texts[t][0],
          most = texts[t][1];
        var value = py.get(item, key);
        // item.get(key) and text_problem(...): an empty or missing text is no problem
        var wrong = py.truthy(value) ? bounds.text_problem(value, most, key === "reason") : value;
        if (py.truthy(wrong)) {
          r.bad(null, "trail", N_("change {number} of the trail: {key}: {detail}"), {
            number: number,
            key: key,
            detail: wrong,
          });
          return [];
        }
      }
    }
    return raw.map(_dict_copy);
  }
  M.trail = trail;

  // dict(item): a shallow copy, a Map or a plain object as the item is (in its order: py.dict)
  function _dict_copy(item) {
    if (item instanceof Map) return new Map(item);
    return py.dict(item);
  }

  // One change of a trail in shape: its line number stored as an INTEGER, its lines read.
  function _change_ok(item) {
    if (!py.is_dict(item)) return false;
    var extra = py.keys(item).some(function (k) {
      return !_TRAIL_KEYS.has(k);
    });
    if (extra) return false;
    var action = py.get(item, "action");
    if (!(action === "edit" || action === "delete" || action === "restore")) return false;
    var hand = py.get(item, "hand");
    if (!py.is_int(hand) || py.is_bool(hand)) return false;
    if (!(1 <= hand && hand <= SK.bounds.LINES_MAX)) return false;
    var lines_ok = ["before", "after"].every(function (k) {
      return py.get(item, k) === null || _line_ok(py.get(item, k));
    });
    if (!lines_ok) return false;
    return ["reason", "who", "at"].every(function (k) {
      return py.get(item, k) === null || py.is_str(py.get(item, k));
    });
  }
  M._change_ok = _change_ok;

  // A line of a change as the game file holds one (a restore reads it back as a line).
  function _line_ok(raw) {
    var reader = new SK.gamefile_lines.Reader();
    var line = reader.line(1, raw);
    if (reader.problems.length || line === null) {
      return false;
    }
    return (
      !(line instanceof SK.hand.Adjustment) ||
      SK.bounds.text_problem(line.reason, SK.bounds.REASON_MAX, true) == null
    );
  }
  M._line_ok = _line_ok;
})((globalThis.SK = globalThis.SK || {}));
