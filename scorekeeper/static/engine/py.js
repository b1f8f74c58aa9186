// The Python the twin needs (docs/engine.md): ints and floats, repr/str/format/json.dumps, json.loads, len, casefold, sorting.
(function (SK) {
  "use strict";
  var M = (SK.py = {});
  var has = Object.prototype.hasOwnProperty;

  function error(name, message) {
    var e = new Error(message);
    e.name = name;
    return e;
  }

  // --- numbers ---------------------------------------------------------------------------------

  /** A Python float read from JSON: `100.0` is told from the int `100`. */
  function Float(value) {
    this.value = +value;
  }
  Float.prototype.valueOf = function () {
    return this.value;
  };
  Float.prototype.toString = function () {
    return float_repr(this.value);
  };
  Float.prototype.is_integer = function () {
    return Number.isInteger(this.value);
  };
  M.Float = Float;

  /** Python's isinstance(v, int) and not isinstance(v, bool). */
  M.is_int = function (v) {
    return Number.isInteger(v) || typeof v === "bigint";
  };
  /** Python's isinstance(v, float): a Float, or a JavaScript number with a fraction (or inf, nan). */
  M.is_float = function (v) {
    return v instanceof Float || (typeof v === "number" && !Number.isInteger(v));
  };
  M.is_bool = function (v) {
    return typeof v === "boolean";
  };
  M.is_str = function (v) {
    return typeof v === "string";
  };
  M.is_list = Array.isArray;
  /** Python's isinstance(v, dict): a Map or a plain object (not a record, a Float...). */
  function is_dict(v) {
    if (v === null || typeof v !== "object") return false;
    var proto = Object.getPrototypeOf(v);
    return proto === Object.prototype || proto === null || v instanceof Map;
  }
  M.is_dict = is_dict;

  /** The number of a Python int, bool or float (a Float unwrapped, true as 1); else undefined. */
  function num(v) {
    if (v instanceof Float) return v.value;
    if (typeof v === "boolean") return +v;
    if (typeof v === "number" || typeof v === "bigint") return v;
  }
  M.num = num;

  /** a // b and a % b of numbers (Python rounds toward minus infinity; % has the sign of b). */
  M.floordiv = function (a, b) {
    return Math.floor(num(a) / num(b));
  };
  M.mod = function (a, b) {
    a = num(a);
    b = num(b);
    var m = a % b;
    return m && m < 0 !== b < 0 ? m + b : m;
  };

  /** repr(float): the shortest digits that read back, fixed from 1e-4 up to 1e16, else
   * with an exponent of two digits at least ("1e+16", "1e-07"), "inf", "nan", "-0.0". */
  function float_repr(x) {
    if (x !== x) return "nan";
    if (x === Infinity || x === -Infinity) return (x < 0 ? "-" : "") + "inf";
    var sign = x < 0 || 1 / x < 0 ? "-" : "";
    var s = Math.abs(x).toExponential(); // "1.2345e+3": the shortest round-trip digits
    var at = s.indexOf("e");
    var digits = s.slice(0, at).replace(".", "");
    var e = +s.slice(at + 1);
    if (e < -4 || e >= 16) {
      return sign + s.slice(0, at) + (e < 0 ? "e-" : "e+") + (Math.abs(e) < 10 ? "0" : "") + Math.abs(e);
    }
    if (e < 0) return sign + "0." + "0".repeat(-e - 1) + digits;
    if (e + 1 >= digits.length) return sign + digits + "0".repeat(e + 1 - digits.length) + ".0";
    return sign + digits.slice(0, e + 1) + "." + digits.slice(e + 1);
  }

  // --- text ------------------------------------------------------------------------------------

  /** len(v): a str's code points (not UTF-16 units), a list's items, a dict's keys. */
  M.len = function (v) {
    if (typeof v === "string") return v.replace(/[\ud800-\udbff][\udc00-\udfff]/g, "_").length;
    return Array.isArray(v) ? v.length : v instanceof Set ? v.size : keys(v).length;
  };

  /** s.casefold() for the scripts players write (Latin, Cyrillic, Greek...): upper then lower
   * case, but "ı" stays, "ẞ" is "ss" and every sigma "σ". Not as Python: Cherokee, and letters
   * newer than Python 3.11's Unicode 14 (docs/engine.md). */
  M.casefold = function (s) {
    return s
      .replace(/[^ı]+/g, function (t) {
        return t.toUpperCase().toLowerCase();
      })
      .replace(/ß/g, "ss")
      .replace(/ς/g, "σ");
  };

  // str.isspace(): Python's white space (str.split() and strip() with no argument), which is
  // JavaScript's but U+FEFF, and U+001C to U+001F and U+0085
  var SPACE = "(?:[^\\S\\ufeff]|[\\x1c-\\x1f\\x85])";
  /** s.split() with no separator: runs of Python white space, no empty words. */
  M.split = function (s) {
    return s.split(new RegExp(SPACE + "+")).filter(Boolean);
  };
  function strip(s) {
    return s.replace(new RegExp("^" + SPACE + "+|" + SPACE + "+$", "g"), "");
  }

  /** sorted() of strings: by code point, as Python (JavaScript's < compares UTF-16 units). */
  M.sorted_str = function (items) {
    return Array.from(items).sort(function (a, b) {
      a = Array.from(a);
      b = Array.from(b);
      for (var i = 0; i < a.length && i < b.length; i++) {
        if (a[i] !== b[i]) return a[i].codePointAt(0) - b[i].codePointAt(0);
      }
      return a.length - b.length;
    });
  };

  /** zip(a, b, strict=True): pairs, and ValueError when the lengths differ. */
  M.zip_strict = function (a, b) {
    if (a.length !== b.length) throw error("ValueError", "zip() arguments have different lengths");
    return a.map(function (x, i) {
      return [x, b[i]];
    });
  };

  /** Python's truthiness: 0, 0.0, "", [], {}, empty Map/Set, None and False are false. */
  M.truthy = function (v) {
    v = v instanceof Float ? v.value : v;
    if (v === null || v === undefined || v === false || v === 0 || v === 0n || v === "") return false;
    if (Array.isArray(v) || is_dict(v) || v instanceof Set) return M.len(v) > 0;
    return true; // nan too, as in Python
  };
  /** Python's `x in container`: a key of a dict, an item of a list (==), a substring of a str. */
  M.contains = function (container, x) {
    if (typeof container === "string") return container.indexOf(x) >= 0;
    if (Array.isArray(container)) return container.some(function (v) {
      return eq(v, x);
    });
    return container instanceof Map || container instanceof Set ? container.has(x) : has.call(container, x);
  };
  // A plain object puts integer-like keys first ({"zz": 1, "5": 1} iterates "5", "zz"): parse_json
  // and dict keep the keys' order, as Python's dict does, in this hidden property of each object.
  var ORDER = (M.ORDER = Symbol("order"));

  /** The keys of a dict (plain object or Map), in order (a decoded object's as in its text). */
  function keys(d) {
    if (d instanceof Map) return Array.from(d.keys());
    return d[ORDER] ? d[ORDER].slice() : Object.keys(d);
  }
  M.keys = keys;
  /** dict(d) of a plain object: a copy in d's order; `f`, if given, maps each value. */
  function dict(d, f) {
    var out = Object.create(null);
    var order = keys(d);
    Object.defineProperty(out, ORDER, { value: order });
    order.forEach(function (k) {
      out[k] = f ? f(d[k]) : d[k];
    });
    return out;
  }
  M.dict = dict;
  /** The [key, value] pairs of a dict (plain object or Map), in order. */
  function items(d) {
    return d instanceof Map ? Array.from(d) : keys(d).map(function (k) {
      return [k, d[k]];
    });
  }
  M.items = items;
  /** d.get(key, default) of a dict (plain object or Map). */
  M.get = function (d, key, dflt) {
    if (dflt === undefined) dflt = null;
    if (d instanceof Map) return d.has(key) ? d.get(key) : dflt;
    return has.call(d, key) ? d[key] : dflt;
  };

  /** Python's a == b, deep: lists item by item, dicts key by key, 1 == 1.0 == True. */
  function eq(a, b) {
    if (a === b) return true;
    if (a == null || b == null) return a == b;
    var x = num(a);
    var y = num(b);
    if (x !== undefined || y !== undefined) return x == y; // 1 == 1n, NaN != NaN
    if (Array.isArray(a)) {
      return Array.isArray(b) && a.length === b.length && a.every(function (v, i) {
        return eq(v, b[i]);
      });
    }
    if (!is_dict(a) || !is_dict(b) || M.len(a) !== M.len(b)) return false;
    return items(a).every(function (kv) {
      return M.contains(b, kv[0]) && eq(kv[1], M.get(b, kv[0]));
    });
  }
  M.eq = eq;

  /** dataclasses.replace(obj, **changes): a copy with the same prototype. */
  M.replace = function (obj, changes) {
    return Object.assign(Object.create(Object.getPrototypeOf(obj)), obj, changes);
  };

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
  var UNPRINTABLE = new RegExp(
    "[\\p{C}\\p{Z}" + NEWER.replace(/[0-9a-f]+/g, "\\u{$&}").replace(/,/g, "") + "]",
    "u"
  );

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
    return v instanceof Decimal ? v.toString() : repr(v);
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

  // --- decimal.Decimal (the stake) -------------------------------------------------------------

  var EMAX = 999999999999999999n; // the exponents Python's Decimal() takes (its MAX_EMAX, and
  var ETINY = -1999999999999999997n; // MIN_EMIN - MAX_PREC + 1): past them it refuses the text

  /** Python's Decimal(text) (or of an int), with only what the rules do with a stake: compare,
   * has_places, units, is_integer, to_int, to_float, str. A finite one is its sign, digits (no
   * leading zeros) and exponent (a BigInt, never raised to a power: "1e-100000000" is read at
   * once); else `special` is "Infinity", "NaN" or "sNaN" (a NaN's payload is not kept). What
   * Python's Decimal refuses throws InvalidOperation. */
  function Decimal(value) {
    // Python's (C decimal's) syntax: white space around, underscores anywhere (dropped), any
    // decimal digit Python 3.11 knows (not the newer ones), inf/nan, an exponent
    var t = strip(String(value)).replace(/_/g, "").replace(/[^\0-\x7f]/gu, function (ch) {
      if (!/\p{Nd}/u.test(ch) || UNPRINTABLE.test(ch)) return "!";
      var zero = ch.codePointAt(0); // digits come in runs of ten, from 0 to 9
      while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
      return (ch.codePointAt(0) - zero) % 10;
    });
    var m = /^([-+]?)(?:(\d*)(?:\.(\d*))?(?:e([-+]?0*\d{1,20}))?|(inf(?:inity)?)|(s?nan)\d*)$/i.exec(t) || [];
    var frac = m[3] || "";
    this.sign = m[1] === "-";
    this.special = m[5] ? "Infinity" : m[6] ? (m[6].length > 3 ? "sNaN" : "NaN") : "";
    this.digits = ((m[2] || "") + frac).replace(/^0+(?=.)/, "");
    this.exp = BigInt(m[4] || 0) - BigInt(frac.length);
    // not a number, or past Python's exponents (its first digit's place, or a zero's exponent)
    var d = this.digits;
    if (!this.special && !(d && (d === "0" ? this.exp : this.adjusted()) <= EMAX && this.exp >= ETINY)) {
      throw error("InvalidOperation", "[<class 'decimal.InvalidOperation'>]");
    }
  }
  /** The place of the first digit (Python's adjusted()). */
  Decimal.prototype.adjusted = function () {
    return this.exp + BigInt(this.digits.length - 1);
  };
  Decimal.prototype.is_finite = function () {
    return !this.special;
  };
  /** Compares a finite value with another Decimal or an int: -1, 0, 1. */
  Decimal.prototype.compare = function (other) {
    var o = other instanceof Decimal ? other : new Decimal(other);
    var a = this.digits === "0" ? 0 : this.sign ? -1 : 1;
    var b = o.digits === "0" ? 0 : o.sign ? -1 : 1;
    if (a !== b || !a) return a < b ? -1 : a > b ? 1 : 0;
    // the same sign: the first digits' places, then the digits
    var x = this.adjusted();
    var y = o.adjusted();
    if (x === y) {
      x = this.digits.padEnd(o.digits.length, "0");
      y = o.digits.padEnd(x.length, "0");
    }
    return x < y ? -a : x > y ? a : 0;
  };
  /** Whether the value has at most `places` decimals (value == value.quantize(10 ** -places)). */
  Decimal.prototype.has_places = function (places) {
    var d = this.digits;
    return !this.special && (d === "0" || this.exp + BigInt(d.length - d.replace(/0+$/, "").length) >= -places);
  };
  /** Whether the value is whole (value == value.to_integral_value()). */
  Decimal.prototype.is_integer = function () {
    return this.has_places(0);
  };
  /** The value in units of 10 ** -places, a number (exact when has_places(places) and small). */
  Decimal.prototype.units = function (places) {
    return Number((this.sign ? "-" : "") + this.digits + "e" + (this.exp + BigInt(places)));
  };
  /** float(value): the nearest number (+value, value < 5...); to_float as a Float. */
  Decimal.prototype.valueOf = function () {
    return Number((this.sign ? "-" : "") + (this.special || this.digits + "e" + this.exp));
  };
  Decimal.prototype.to_float = function () {
    return new Float(+this);
  };
  /** int(value) of a small value: truncated toward zero. */
  Decimal.prototype.to_int = function () {
    return Math.trunc(+this) + 0;
  };
  /** str(value): Python's to-scientific-string ("1000", "0.05", "1E+3", "-Infinity"). */
  Decimal.prototype.toString = function () {
    var sign = this.sign ? "-" : "";
    if (this.special) return sign + this.special;
    var d = this.digits;
    var adjusted = this.adjusted();
    if (this.exp > 0 || adjusted < -6) {
      return sign + d[0] + (d.length > 1 ? "." : "") + d.slice(1) + "E" + (adjusted < 0 ? "" : "+") + adjusted;
    }
    if (!this.exp) return sign + d;
    var point = Number(adjusted) + 1; // digits before the point; 0 or less: zeros after it first
    var shown = "0".repeat(Math.max(0, 1 - point)) + d;
    point = Math.max(point, 1);
    return sign + shown.slice(0, point) + "." + shown.slice(point);
  };
  M.Decimal = Decimal;
})((globalThis.SK = globalThis.SK || {}));
