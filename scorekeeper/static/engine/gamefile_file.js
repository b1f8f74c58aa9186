// Twin of scorekeeper/gamefile/file.py: the game file (game-file.md), read with a clear problem for every malformed part, and written.
(function (SK) {
  "use strict";
  var py = SK.py;
  var M = (SK.gamefile_file = {});

  var N_ = SK.errors.N_;

  function _problem(hand, field, template, params) {
    return new SK.errors.Problem({
      hand: hand,
      field: field,
      template: template,
      seat: null,
      params: params || {},
    });
  }

  var FORMAT = "scorekeeper-game/1";
  M.FORMAT = FORMAT;
  var _GAME_KEYS = new Set(["format", "variant", "options", "players", "first_dealer", "hands", "trail"]);

  // A whole game as facts: variant, option overrides, players, first dealer and its lines.
  class GameFile {
    constructor(f) {
      this.variant = f.variant;
      this.players = f.players;
      this.options = f.options === undefined ? {} : f.options;
      this.first_dealer = f.first_dealer === undefined ? 0 : f.first_dealer;
      this.lines = f.lines === undefined ? [] : f.lines;
      //: the app's record of corrections (edits, deletes, restores); scoring ignores it
      this.trail = f.trail === undefined ? [] : f.trail;
    }

    rules() {
      return SK.rules.rules_for(this.variant, this.options);
    }

    // Replays every line; InvalidHand lists every problem.
    score() {
      return SK.replays.replay(this.rules(), this.lines, this.first_dealer, this.players);
    }
  }
  GameFile._fields = ["variant", "players", "options", "first_dealer", "lines", "trail"];
  M.GameFile = GameFile;

  // dict(d): a shallow copy, a Map or a plain object as `d` is (in d's order: py.dict)
  function _dict_copy(d) {
    if (d instanceof Map) return new Map(d);
    return py.dict(d);
  }

  // A GameFile from decoded JSON; InvalidHand lists every problem of its shape.
  function parse(data) {
    var r = new SK.gamefile_lines.Reader();
    if (!py.is_dict(data)) {
      throw new SK.errors.InvalidHand([
        _problem(null, "game", N_("a game file is a JSON object (see game-file.md)")),
      ]);
    }
    SK.gamefile_lines._unknown(data, _GAME_KEYS).forEach(function (key) {
      r.bad(null, key, N_("unknown field {key!r} in a game file"), { key: key });
    });
    if (py.get(data, "format") !== FORMAT) {
      r.bad(null, "format", N_("format must be {format!r}, got {got}"), {
        format: FORMAT,
        got: py.json_dumps(py.get(data, "format")),
      });
    }
    var rules = null;
    var options = py.get(data, "options");
    if (options === null || options === undefined) {
      options = {}; // left out, or null: the preset as it is
    } else if (!py.is_dict(options)) {
      // [], 0, "" and false too: not overrides
      r.bad(null, "options", N_("options must be an object of option overrides"));
      options = {};
    }
    try {
      rules = SK.rules.rules_for(py.get(data, "variant"), options);
    } catch (e) {
      if (!(e instanceof SK.errors.InvalidHand)) throw e;
      e.problems.forEach(function (problem) {
        // an unknown option each: as many as the file has keys
        r.add(problem);
      });
    }
    var players = SK.gamefile_parts.players(r, py.get(data, "players"), rules);
    var first = r.int_(null, "first_dealer", py.get(data, "first_dealer", 0), 0);
    if (first !== null && rules !== null && first >= rules.seats) {
      r.bad(null, "first_dealer", N_("first_dealer must be a seat from 0 to {last}"), {
        last: rules.seats - 1,
      });
    }
    var hands = py.get(data, "hands", []);
    if (!py.is_list(hands)) {
      r.bad(null, "hands", N_("hands must be a list"));
      hands = [];
    } else if (hands.length > SK.bounds.LINES_MAX) {
      // refused before reading them: a long file costs no more than a short one
      r.bad(null, "hands", N_("a game has at most {most} lines, got {got}"), {
        most: SK.bounds.LINES_MAX,
        got: hands.length,
      });
      hands = [];
    }
    // Python pauses the garbage collector here (gcpause.paused_gc); nothing to do in JS.
    var lines = hands.map(function (h, i) {
      return r.line(i + 1, h);
    });
    var trail = SK.gamefile_parts.trail(r, py.get(data, "trail", []));
    if (r.problems.length) {
      throw new SK.errors.InvalidHand(r.problems);
    }
    return new GameFile({
      variant: py.get(data, "variant"),
      players: players,
      options: _dict_copy(options),
      first_dealer: py.truthy(first) ? first : 0,
      lines: lines.filter(function (line) {
        return line !== null;
      }),
      trail: trail,
    });
  }
  M.parse = parse;

  // The JSON values of a game file's text, not yet read as a game; not JSON at all is a
  // problem (InvalidHand). `text`: a string, or bytes (a Uint8Array or an ArrayBuffer).
  function decode(text) {
    try {
      if (typeof text !== "string") {
        // editors on some phones and desktops save UTF-8 with a byte-order mark
        text = _utf_8_sig(text instanceof Uint8Array ? text : new Uint8Array(text));
      }
      return py.parse_json(text);
    } catch (e) {
      if (e instanceof SK.errors.InvalidHand) throw e;
      if (!(e instanceof Error)) throw e;
      if (e.name === "TooLong") {
        var message = N_(
          "a number in the file is too long ({digits} digits); the numbers of a game file " +
            "have at most {most} digits"
        );
        throw new SK.errors.InvalidHand([_problem(null, "game", message, { digits: e.digits, most: 4300 })]);
      }
      // str(e): JSONDecodeError's message is Python's ("Expecting value: line 1 column 1
      // (char 0)"); a RangeError stands for Python's RecursionError
      throw new SK.errors.InvalidHand([
        _problem(null, "game", N_("the file is not JSON ({error})"), { error: e.message }),
      ]);
    }
  }
  M.decode = decode;

  // bytes.decode("utf-8-sig"): a leading byte-order mark dropped, bad UTF-8 a UnicodeDecodeError
  // with Python's words (its position counted after the mark, as Python's codec counts it).
  function _utf_8_sig(bytes) {
    if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      bytes = bytes.subarray(3);
    }
    var why = _utf_8_error(bytes);
    if (why !== null) {
      var e = new Error(why);
      e.name = "UnicodeDecodeError";
      throw e;
    }
    return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  }

  // The first fault of UTF-8 `bytes` as CPython's decoder words it, or null (valid UTF-8).
  function _utf_8_error(b) {
    function cont(x) {
      return x !== undefined && x >= 0x80 && x < 0xc0;
    }
    var n = b.length;
    var i = 0;
    while (i < n) {
      var ch = b[i];
      var bad = 0; // which byte is wrong: 1 a start byte, 2-4 a continuation byte, -1 the end
      var size = ch < 0x80 ? 1 : ch < 0xc2 ? 0 : ch < 0xe0 ? 2 : ch < 0xf0 ? 3 : ch < 0xf5 ? 4 : 0;
      if (size === 0) {
        bad = 1;
      } else if (size > 1) {
        var ch2 = b[i + 1];
        if (i + 1 >= n) bad = -1;
        else if (
          !cont(ch2) ||
          (size === 3 && (ch2 < 0xa0 ? ch === 0xe0 : ch === 0xed)) ||
          (size === 4 && (ch2 < 0x90 ? ch === 0xf0 : ch === 0xf4))
        )
          bad = 2;
        else if (size > 2 && i + 2 >= n) bad = -1;
        else if (size > 2 && !cont(b[i + 2])) bad = 3;
        else if (size > 3 && i + 3 >= n) bad = -1;
        else if (size > 3 && !cont(b[i + 3])) bad = 4;
      }
      if (bad !== 0) {
        var end = bad === -1 ? n : bad === 1 ? i + 1 : i + bad - 1;
        var reason =
          bad === -1 ? "unexpected end of data" : bad === 1 ? "invalid start byte" : "invalid continuation byte";
        if (end - i === 1) {
          var hex = b[i].toString(16);
          return (
            "'utf-8' codec can't decode byte 0x" + (hex.length < 2 ? "0" : "") + hex +
            " in position " + i + ": " + reason
          );
        }
        return "'utf-8' codec can't decode bytes in position " + i + "-" + (end - 1) + ": " + reason;
      }
      i += size;
    }
    return null;
  }

  // A GameFile from JSON text; not JSON at all is a problem too.
  function loads(text) {
    return parse(decode(text));
  }
  M.loads = loads;

  // The game file as JSON values; `parse(to_dict(g))` gives `g` back.
  function to_dict(game) {
    var out = {
      format: FORMAT,
      variant: game.variant,
      options: _dict_copy(game.options),
      players: game.players.slice(),
      first_dealer: game.first_dealer,
      hands: game.lines.map(SK.gamefile_lines.line_to_dict),
    };
    if (game.trail.length) {
      out.trail = game.trail.map(_dict_copy);
    }
    return out;
  }
  M.to_dict = to_dict;

  // The game file as JSON text (UTF-8, names as written).
  function dumps(game) {
    return py.json_dumps(to_dict(game), { ensure_ascii: false, indent: 2 }) + "\n";
  }
  M.dumps = dumps;
})((globalThis.SK = globalThis.SK || {}));
