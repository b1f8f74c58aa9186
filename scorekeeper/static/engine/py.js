// The Python the twin needs (docs/engine.md), part 1 of 3: ints and floats, len, casefold, split, sorting, dicts, ==.
(function (SK) {
  "use strict";
  var M = (SK.py = {});
  var has = Object.prototype.hasOwnProperty;
  M._has = has;

  function error(name, message) {
    var e = new Error(message);
    e.name = name;
    return e;
  }
  M._error = error;

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
  M._float_repr = float_repr;

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
  M._strip = strip;

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
})((globalThis.SK = globalThis.SK || {}));
