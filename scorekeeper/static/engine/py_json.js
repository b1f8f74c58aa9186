// The Python the twin needs, part 2 of 3 (py.js has the rest): repr, str, format, json.dumps, json.loads.
(function (SK) {
  "use strict";
  var M = SK.py; // py.js's, and py.js's private error, has, float_repr
  var error = M._error, has = M._has, float_repr = M._float_repr, Float = M.Float, is_dict = M.is_dict;
  var items = M.items, dict = M.dict, ORDER = M.ORDER;

  // --- repr and str ----------------------------------------------------------------------------

  // What repr() escapes: Python's non-printable characters (str.isprintable), other (C: Cc, Cf,
  // Cs, Co, Cn) and separators (Z) but the space. Python 3.11 knows Unicode 14; the runs below
  // hold what later Unicode versions assigned (so JavaScript's \p{C} misses it), each widened to
  // the run of characters Python 3.11 does not print around it.
  var NEWER =
    "88f-897,c5b-c5c,cd7-cdc,cf3-cff,ece-ecf,1acf-1aff,1b4d-1b4f,1b7f,1c89-1c8f,20c1-20cf,2427-243f," +
    "2b96,2ffc-3000,31e4-31ef,a7cb-a7cf,a7d2,a7d4,a7da-a7f1,fbc3-fbd2,fd90-fd91,fdc8-fdce,105bd-105ff," +
    "10940-1097f,10d3a-10e5f,10eb2-10eff,1123f-1127f,11375-113ff,116ca-116ff,11af9-11bff,11daa-11edf," +
    "11ef9-11faf,1342f-143ff,14647-167ff,16b90-16e3f,16e9b-16eff,16ff2-16fff,187f8-187ff,18cd6-18cff," +
    "18d09-1afef,1b123-1b14f,1b153-1b163,1bca0-1ceff,1d246-1d2df,1df1f-1dfff,1e02b-1e0ff,1e300-1e7df," +
    "1f6d8-1f6dc,1f774-1f77f,1f7d9-1f7df,1f8b2-1f8ff,1fa54-1fa5f,1fa75-1fa77,1fa87-1fa8f,1faad-1faaf," +
    "1fabb-1fabf,1fac6-1facf,1fada-1fadf,1fae8-1faef,1faf7-1faff,1fbcb-1fbef,1fbfa-1ffff,2b739-2b73f," +
    "2cea2-2ceaf,2ebe1-2f7ff,3134b-e00ff";
  var UNPRINTABLE = (M._UNPRINTABLE = new RegExp(
    "[\\p{C}\\p{Z}" + NEWER.replace(/[0-9a-f]+/g, "\\u{$&}").replace(/,/g, "") + "]",
    "u"
  ));

  // the named escapes of repr() (\t, \n, \r, \\, a quote) and of json.dumps (\b and \f too)
  var ESCAPES = { "\t": "\\t", "\n": "\\n", "\r": "\\r", "\\": "\\\\", "'": "\\'", '"': '\\"', "\b": "\\b", "\f": "\\f" };

  function hex(c, width) {
    return c.toString(16).padStart(width, "0");
  }

  /** repr(s) of a str: single quotes unless it holds ' and no ". */
  function repr_str(s) {
    var quote = /'/.test(s) && !/"/.test(s) ? '"' : "'";
    var special = new RegExp("[\\\\" + quote + "]|" + UNPRINTABLE.source, "gu");
    return quote + s.replace(special, function (ch) {
      if (ch === " ") return ch;
      if ("\t\n\r\\'\"".indexOf(ch) >= 0) return ESCAPES[ch];
      var c = ch.codePointAt(0);
      if (c < 0x100) return "\\x" + hex(c, 2);
      return c < 0x10000 ? "\\u" + hex(c, 4) : "\\U" + hex(c, 8);
    }) + quote;
  }

  /** repr(v), as Python prints it: null is None, arrays are lists, objects and Maps dicts. */
  function repr(v) {
    if (v === null || v === undefined) return "None";
    if (typeof v === "boolean") return v ? "True" : "False";
    if (typeof v === "string") return repr_str(v);
    if (M.is_float(v)) return float_repr(+v);
    if (Array.isArray(v)) return "[" + v.map(repr).join(", ") + "]";
    if (is_dict(v)) {
      return "{" + items(v).map(function (kv) {
        return repr(kv[0]) + ": " + repr(kv[1]);
      }).join(", ") + "}";
    }
    return String(v); // an int; a Decimal (str only: no repr of one is ever shown)
  }
  M.repr = repr;

  /** str(v): a str as it is, an object by its __str__ when it has one, a Decimal by its
   * toString, else repr(v). */
  function str(v) {
    if (typeof v === "string") return v;
    if (v && v.__str__) return v.__str__();
    return v instanceof M.Decimal ? v.toString() : repr(v); // M.Decimal: py_decimal.js, loaded after
  }
  M.str = str;

  /** format(value, ""): a Term or Message by its __format__, else str(value). No format spec is
   * ever used by the engine's messages or their translations. */
  function format_value(v) {
    return v && v.__format__ ? v.__format__("") : str(v);
  }
  M.format_value = format_value;

  /** template.format(**params): {name}, {name!r}, {name!s}, {{ and }}; a name not in params
   * throws (KeyError), as Python does. */
  M.format = function (template, params) {
    return template.replace(/\{\{|\}\}|\{(\w+)(?:!([rs]))?\}|[{}]/g, function (field, name, conversion) {
      if (field.length === 2) return field[0];
      if (name === undefined) throw error("ValueError", "bad format string: " + template);
      if (!has.call(params, name)) throw error("KeyError", "'" + name + "'");
      var v = params[name];
      return conversion === "r" ? repr(v) : conversion === "s" ? str(v) : format_value(v);
    });
  };

  // --- json.dumps ------------------------------------------------------------------------------

  /** json.dumps(v): Python's defaults (", " and ": ", ASCII escapes, 100.0 for a float);
   * `opts`: {ensure_ascii: false, indent: 2} as Python's arguments. */
  M.json_dumps = function (v, opts) {
    opts = opts || {};
    var step = opts.indent || 0;
    var special = opts.ensure_ascii === false ? /["\\\x00-\x1f]/g : /["\\\x00-\x1f\x7f-\uffff]/g;
    function string(s) {
      return '"' + String(s).replace(special, function (ch) {
        // astral characters: each UTF-16 half, as Python
        return ESCAPES[ch] || "\\u" + hex(ch.charCodeAt(0), 4);
      }) + '"';
    }
    function dump(x, indent) {
      if (x === null || x === undefined) return "null";
      if (typeof x === "boolean") return String(x);
      if (typeof x === "string") return string(x);
      if (M.is_float(x)) {
        x = +x;
        return x !== x ? "NaN" : x === Infinity ? "Infinity" : x === -Infinity ? "-Infinity" : float_repr(x);
      }
      if (!(typeof x === "object")) return String(x); // an int
      var list = Array.isArray(x);
      var parts = list ? x.map(function (item) {
        return dump(item, indent + step);
      }) : items(x).map(function (kv) {
        return string(kv[0]) + ": " + dump(kv[1], indent + step);
      });
      var open = list ? "[" : "{";
      var close = list ? "]" : "}";
      if (!parts.length) return open + close;
      if (!step) return open + parts.join(", ") + close;
      var inner = "\n" + " ".repeat(indent + step);
      return open + inner + parts.join("," + inner) + "\n" + " ".repeat(indent) + close;
    }
    return dump(v, 0);
  };

  // --- json.loads ------------------------------------------------------------------------------

  /** json.JSONDecodeError, with Python's message: "Expecting value: line 1 column 1 (char 0)". */
  function JSONDecodeError(msg, doc, pos) {
    var line = doc.slice(0, pos).split("\n").length;
    var column = pos - doc.lastIndexOf("\n", pos - 1);
    return error("JSONDecodeError", msg + ": line " + line + " column " + column + " (char " + pos + ")");
  }

  /** json.loads(text): ints as numbers (BigInt past 2^53), numbers with a fraction or an exponent
   * as Float, NaN and Infinity as Python reads them, objects as plain objects with no prototype
   * and their keys' order in py.ORDER (a repeated key keeps its first place and its last value);
   * invalid JSON throws JSONDecodeError. */
  M.parse_json = function (text) {
    var s = String(text);
    var pos = 0;
    var token = /(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?|null|true|false|NaN|-?Infinity|/y;
    var space = /[ \t\n\r]*/y;
    // valid pieces of a string, a thousand at most (a long one is read in several goes)
    var chunk = /(?:[^"\\\x00-\x1f]+|\\["\\\/bfnrt]|\\u[\da-fA-F]{4}){1,1000}/y;

    function fail(msg, at) {
      throw JSONDecodeError(msg, s, at === undefined ? pos : at);
    }
    function skip() {
      space.lastIndex = pos;
      space.exec(s);
      pos = space.lastIndex;
    }

    function value(depth) {
      skip();
      var c = s[pos];
      if (c === '"') return string();
      if (c === "{" || c === "[") {
        if (depth > 1000) {
          var kind = c === "{" ? "object" : "array";
          throw error("RecursionError", "maximum recursion depth exceeded while decoding a JSON " + kind + " from a unicode string");
        }
        return c === "{" ? object(depth) : array(depth);
      }
      token.lastIndex = pos;
      var m = token.exec(s);
      if (m[0] === "") fail("Expecting value");
      pos = token.lastIndex;
      if (!m[1]) return /[NI]/.test(m[0]) ? new Float(m[0]) : JSON.parse(m[0]); // NaN, Infinity; null...
      if (m[2] || m[3]) return new Float(m[0]);
      var digits = m[1].replace("-", "");
      if (digits.length > 4300) {
        // gamefile/file.py's _TooLong: JSON all the same, too long for Python to read
        var long = error("TooLong", "an integer of " + digits.length + " digits");
        long.digits = digits.length;
        throw long;
      }
      return Number.isSafeInteger(+digits) ? +m[1] + 0 : BigInt(m[1]); // -0 is 0
    }

    function string() {
      var begin = pos++;
      for (chunk.lastIndex = pos; chunk.exec(s); ) pos = chunk.lastIndex;
      var c = s[pos];
      // JSON.parse reads lone surrogates too, and joins pairs of escapes as Python does
      if (c === '"') return JSON.parse(s.slice(begin, ++pos));
      if (c === undefined || (c === "\\" && pos + 1 === s.length)) fail("Unterminated string starting at", begin);
      if (c !== "\\") fail("Invalid control character at");
      if (s[pos + 1] !== "u") fail("Invalid \\escape");
      fail("Invalid \\uXXXX escape", pos + 1);
    }

    function object(depth) {
      var obj = dict({});
      var order = obj[ORDER];
      pos++;
      skip();
      if (s[pos] === "}") {
        pos++;
        return obj;
      }
      for (;;) {
        if (s[pos] !== '"') fail("Expecting property name enclosed in double quotes");
        var key = string();
        skip();
        if (s[pos++] !== ":") fail("Expecting ':' delimiter", pos - 1);
        if (!has.call(obj, key)) order.push(key);
        obj[key] = value(depth + 1);
        if (end("}")) return obj;
      }
    }

    function array(depth) {
      var list = [];
      pos++;
      skip();
      if (s[pos] === "]") {
        pos++;
        return list;
      }
      for (;;) {
        list.push(value(depth + 1));
        if (end("]")) return list;
      }
    }

    // after an item: true past the closing bracket, false past a comma (and white space)
    function end(close) {
      skip();
      var c = s[pos++];
      if (c === close) return true;
      if (c !== ",") fail("Expecting ',' delimiter", pos - 1);
      skip();
      return false;
    }

    if (s[0] === "\ufeff") fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    var result = value(0);
    skip();
    if (pos !== s.length) fail("Extra data");
    return result;
  };
})((globalThis.SK = globalThis.SK || {}));
