// The Python the twin needs (docs/engine.md): ints and floats, repr/str/format/json.dumps, json.loads, len, casefold, sorting.
(function (SK) {
  "use strict";
  var M = (SK.py = {});

  // --- numbers ---------------------------------------------------------------------------------

  /** A Python float read from JSON or made by float(): `100.0` is told from the int `100`. */
  function Float(value) {
    this.value = +value;
  }
  Float.prototype.valueOf = function () {
    return this.value;
  };
  Float.prototype.toString = function () {
    return float_repr(this.value);
  };
  Float.prototype.toJSON = function () {
    return this.value;
  };
  Float.prototype.is_integer = function () {
    return Number.isInteger(this.value);
  };
  M.Float = Float;

  /** Python's isinstance(v, int) and not isinstance(v, bool). */
  M.is_int = function (v) {
    return (typeof v === "number" && Number.isInteger(v)) || typeof v === "bigint";
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
  M.is_list = function (v) {
    return Array.isArray(v);
  };
  /** Python's isinstance(v, dict) / Mapping: a Map or a plain object (not a record, a Float...). */
  M.is_dict = function (v) {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
    if (v instanceof Map) return true;
    var proto = Object.getPrototypeOf(v);
    return proto === Object.prototype || proto === null;
  };
  /** The number of a Python int, bool or float (a Float unwrapped, true as 1). */
  function num(v) {
    if (v instanceof Float) return v.value;
    if (typeof v === "boolean") return v ? 1 : 0;
    return v;
  }
  M.num = num;

  function zero_division(what) {
    var e = new Error(what);
    e.name = "ZeroDivisionError";
    return e;
  }

  /** a // b (rounds toward minus infinity). */
  M.floordiv = function (a, b) {
    a = num(a);
    b = num(b);
    if (typeof a === "bigint" || typeof b === "bigint") {
      a = BigInt(a);
      b = BigInt(b);
      if (b === 0n) throw zero_division("integer division or modulo by zero");
      var q = a / b;
      if (a % b !== 0n && a < 0n !== b < 0n) q -= 1n;
      return q;
    }
    if (b === 0) throw zero_division("integer division or modulo by zero");
    return Math.floor(a / b);
  };
  /** a % b (the sign of b, as Python's). */
  M.mod = function (a, b) {
    a = num(a);
    b = num(b);
    if (typeof a === "bigint" || typeof b === "bigint") {
      a = BigInt(a);
      b = BigInt(b);
      if (b === 0n) throw zero_division("integer division or modulo by zero");
      var r = a % b;
      if (r !== 0n && r < 0n !== b < 0n) r += b;
      return r;
    }
    if (b === 0) throw zero_division("integer division or modulo by zero");
    var m = a % b;
    if (m !== 0 && m < 0 !== b < 0) m += b;
    return m;
  };
  /** round(x): the nearest int, ties to even (Python 3). */
  M.round = function (x) {
    x = num(x);
    if (typeof x === "bigint" || Number.isInteger(x)) return x;
    if (!isFinite(x)) {
      var e = new Error(isNaN(x) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer");
      e.name = isNaN(x) ? "ValueError" : "OverflowError";
      throw e;
    }
    var f = Math.floor(x);
    var diff = x - f;
    if (diff > 0.5) return f + 1;
    if (diff < 0.5) return f;
    return f % 2 === 0 ? f : f + 1;
  };

  // --- float to text ---------------------------------------------------------------------------

  /** The shortest digits that read back as x, and the exponent of the first: 1234.5 is ("12345", 3). */
  function shortest(x) {
    var s = Math.abs(x).toExponential(); // "1.2345e+3": shortest round-trip digits
    var at = s.indexOf("e");
    return { digits: s.slice(0, at).replace(".", ""), exp: parseInt(s.slice(at + 1), 10) };
  }

  function exp_text(e) {
    var a = Math.abs(e);
    return (e < 0 ? "-" : "+") + (a < 10 ? "0" : "") + a;
  }

  /** repr(float): Python's shortest form, fixed from 1e-4 up to 1e16, else with an exponent. */
  function float_repr(x) {
    if (x !== x) return "nan";
    if (x === Infinity) return "inf";
    if (x === -Infinity) return "-inf";
    var sign = x < 0 || (x === 0 && 1 / x < 0) ? "-" : "";
    if (x === 0) return sign + "0.0";
    var d = shortest(x);
    var digits = d.digits;
    var e = d.exp;
    if (e < -4 || e >= 16) {
      var mant = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
      return sign + mant + "e" + exp_text(e);
    }
    var point = e + 1; // digits before the decimal point
    var text;
    if (point <= 0) text = "0." + "0".repeat(-point) + digits;
    else if (point >= digits.length) text = digits + "0".repeat(point - digits.length) + ".0";
    else text = digits.slice(0, point) + "." + digits.slice(point);
    return sign + text;
  }
  M.float_repr = float_repr;

  /** The exact decimal value of a finite double: digits (no leading zeros) and the exponent of the
   * first digit; used where Python rounds the exact value half to even (format specs). */
  function exact(x) {
    x = Math.abs(x);
    if (x === 0) return { digits: "0", exp: 0 };
    var buf = new DataView(new ArrayBuffer(8));
    buf.setFloat64(0, x);
    var hi = buf.getUint32(0);
    var lo = buf.getUint32(4);
    var biased = (hi >>> 20) & 0x7ff;
    var mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    var e2;
    if (biased === 0) e2 = -1074;
    else {
      mant |= 1n << 52n;
      e2 = biased - 1075;
    }
    var digits, point; // value = digits * 10^(point - len)
    if (e2 >= 0) {
      digits = (mant << BigInt(e2)).toString();
      point = digits.length;
    } else {
      // mant / 2^-e2 = mant * 5^-e2 / 10^-e2
      digits = (mant * 5n ** BigInt(-e2)).toString();
      point = digits.length + e2;
    }
    var lead = 0;
    while (digits[lead] === "0") lead++;
    digits = digits.slice(lead).replace(/0+$/, "") || "0";
    return { digits: digits, exp: point - lead - 1 };
  }

  /** `digits` (first digit at 10^exp) rounded half to even to keep digits down to 10^last. */
  function round_digits(d, last) {
    var keep = d.exp - last + 1; // how many digits are kept
    var digits = d.digits;
    var exp = d.exp;
    if (keep <= 0) {
      // everything is below the last kept place: 0, or 1 at the last place
      var up = false;
      if (keep === 0) {
        var first = digits.charCodeAt(0) - 48;
        up = first > 5 || (first === 5 && digits.length > 1); // a tie rounds to the even 0
      }
      return up ? { digits: "1", exp: last } : { digits: "0", exp: last };
    }
    if (digits.length <= keep) return { digits: digits + "0".repeat(keep - digits.length), exp: exp };
    var head = digits.slice(0, keep);
    var next = digits.charCodeAt(keep) - 48;
    var rest = digits.slice(keep + 1).replace(/0+$/, "");
    var round_up = next > 5 || (next === 5 && (rest.length > 0 || (head.charCodeAt(keep - 1) - 48) % 2 === 1));
    if (round_up) {
      var n = (BigInt(head) + 1n).toString();
      if (n.length > head.length) {
        exp += 1;
        n = n.slice(0, head.length);
      }
      head = n;
    }
    return { digits: head, exp: exp };
  }

  /** Fixed notation of |x| with `prec` decimals, as Python's "%.{prec}f". */
  function fixed(x, prec) {
    var r = round_digits(exact(x), -prec);
    var digits = r.digits;
    var point = r.exp + 1;
    if (digits === "0") point = 1;
    var int_part, frac;
    if (point <= 0) {
      int_part = "0";
      frac = "0".repeat(-point) + digits;
    } else if (point >= digits.length) {
      int_part = digits + "0".repeat(point - digits.length);
      frac = "";
    } else {
      int_part = digits.slice(0, point);
      frac = digits.slice(point);
    }
    frac = (frac + "0".repeat(prec)).slice(0, prec);
    return { int_part: int_part, frac: frac };
  }

  /** Scientific notation of |x| with `prec` decimals, as Python's "%.{prec}e". */
  function scientific(x, prec) {
    var d = exact(x);
    var r = d.digits === "0" ? { digits: "0", exp: 0 } : round_digits(d, d.exp - prec);
    var digits = (r.digits + "0".repeat(prec + 1)).slice(0, prec + 1);
    return { int_part: digits[0], frac: digits.slice(1), exp: r.exp };
  }

  // --- text ------------------------------------------------------------------------------------

  var ASCII = /^[\x00-\x7f]*$/;

  /** len(s): code points, not UTF-16 units. */
  M.len = function (v) {
    if (typeof v === "string") {
      var n = v.length;
      for (var i = 0; i < v.length; i++) {
        var c = v.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < v.length) {
          var d = v.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            n--;
            i++;
          }
        }
      }
      return n;
    }
    if (Array.isArray(v)) return v.length;
    if (v instanceof Map || v instanceof Set) return v.size;
    if (M.is_dict(v)) return Object.keys(v).length;
    throw new TypeError("object of type '" + type_name(v) + "' has no len()");
  };

  /** The code points of s, as Python iterates a str. */
  M.chars = function (s) {
    return Array.from(s);
  };

  // str.casefold() of Python 3.11 (Unicode 14), whatever Unicode the browser knows: every
  // non-ASCII character whose folding is not itself. Runs "start.count.step.delta" (hex start and
  // count) or "code.delta" fold to one character (code + delta); MULTI folds to several ("ß": "ss").
  var FOLD_RUNS =
    "b5.775,c0.17.1.32,d8.7.1.32,100.18.2.1,132.3.2.1,139.8.2.1,14a.17.2.1,178.-121,179.3.2.1," +
    "17f.-268,181.210,182.2.2.1,186.206,187.1,189.2.1.205,18b.1,18e.79,18f.202,190.203,191.1,193.205," +
    "194.207,196.211,197.209,198.1,19c.211,19d.213,19f.214,1a0.3.2.1,1a6.218,1a7.1,1a9.218,1ac.1," +
    "1ae.218,1af.1,1b1.2.1.217,1b3.2.2.1,1b7.219,1b8.1,1bc.1,1c4.2,1c5.1,1c7.2,1c8.1,1ca.2,1cb.9.2.1," +
    "1de.9.2.1,1f1.2,1f2.2.2.1,1f6.-97,1f7.-56,1f8.14.2.1,220.-130,222.9.2.1,23a.10795,23b.1," +
    "23d.-163,23e.10792,241.1,243.-195,244.69,245.71,246.5.2.1,345.116,370.2.2.1,376.1,37f.116," +
    "386.38,388.3.1.37,38c.64,38e.2.1.63,391.11.1.32,3a3.9.1.32,3c2.1,3cf.8,3d0.-30,3d1.-25,3d5.-15," +
    "3d6.-22,3d8.c.2.1,3f0.-54,3f1.-48,3f4.-60,3f5.-64,3f7.1,3f9.-7,3fa.1,3fd.3.1.-130,400.10.1.80," +
    "410.20.1.32,460.11.2.1,48a.1b.2.1,4c0.15,4c1.7.2.1,4d0.30.2.1,531.26.1.48,10a0.26.1.7264," +
    "10c7.7264,10cd.7264,13f8.6.1.-8,1c80.-6222,1c81.-6221,1c82.-6212,1c83.2.1.-6210,1c85.-6211," +
    "1c86.-6204,1c87.-6180,1c88.35267,1c90.2b.1.-3008,1cbd.3.1.-3008,1e00.4b.2.1,1e9b.-58," +
    "1ea0.30.2.1,1f08.8.1.-8,1f18.6.1.-8,1f28.8.1.-8,1f38.8.1.-8,1f48.6.1.-8,1f59.4.2.-8,1f68.8.1.-8," +
    "1fb8.2.1.-8,1fba.2.1.-74,1fbe.-7173,1fc8.4.1.-86,1fd8.2.1.-8,1fda.2.1.-100,1fe8.2.1.-8," +
    "1fea.2.1.-112,1fec.-7,1ff8.2.1.-128,1ffa.2.1.-126,2126.-7517,212a.-8383,212b.-8262,2132.28," +
    "2160.10.1.16,2183.1,24b6.1a.1.26,2c00.30.1.48,2c60.1,2c62.-10743,2c63.-3814,2c64.-10727," +
    "2c67.3.2.1,2c6d.-10780,2c6e.-10749,2c6f.-10783,2c70.-10782,2c72.1,2c75.1,2c7e.2.1.-10815," +
    "2c80.32.2.1,2ceb.2.2.1,2cf2.1,a640.17.2.1,a680.e.2.1,a722.7.2.1,a732.1f.2.1,a779.2.2.1," +
    "a77d.-35332,a77e.5.2.1,a78b.1,a78d.-42280,a790.2.2.1,a796.a.2.1,a7aa.-42308,a7ab.-42319," +
    "a7ac.-42315,a7ad.-42305,a7ae.-42308,a7b0.-42258,a7b1.-42282,a7b2.-42261,a7b3.928,a7b4.8.2.1," +
    "a7c4.-48,a7c5.-42307,a7c6.-35384,a7c7.2.2.1,a7d0.1,a7d6.2.2.1,a7f5.1,ab70.50.1.-38864," +
    "ff21.1a.1.32,10400.28.1.40,104b0.24.1.40,10570.b.1.39,1057c.f.1.39,1058c.7.1.39,10594.2.1.39," +
    "10c80.33.1.64,118a0.20.1.32,16e40.20.1.32,1e900.22.1.34";
  var FOLD_MULTI =
    "df:73.73,130:69.307,149:2bc.6e,1f0:6a.30c,390:3b9.308.301,3b0:3c5.308.301,587:565.582," +
    "1e96:68.331,1e97:74.308,1e98:77.30a,1e99:79.30a,1e9a:61.2be,1e9e:73.73,1f50:3c5.313," +
    "1f52:3c5.313.300,1f54:3c5.313.301,1f56:3c5.313.342,1f80:1f00.3b9,1f81:1f01.3b9,1f82:1f02.3b9," +
    "1f83:1f03.3b9,1f84:1f04.3b9,1f85:1f05.3b9,1f86:1f06.3b9,1f87:1f07.3b9,1f88:1f00.3b9," +
    "1f89:1f01.3b9,1f8a:1f02.3b9,1f8b:1f03.3b9,1f8c:1f04.3b9,1f8d:1f05.3b9,1f8e:1f06.3b9," +
    "1f8f:1f07.3b9,1f90:1f20.3b9,1f91:1f21.3b9,1f92:1f22.3b9,1f93:1f23.3b9,1f94:1f24.3b9," +
    "1f95:1f25.3b9,1f96:1f26.3b9,1f97:1f27.3b9,1f98:1f20.3b9,1f99:1f21.3b9,1f9a:1f22.3b9," +
    "1f9b:1f23.3b9,1f9c:1f24.3b9,1f9d:1f25.3b9,1f9e:1f26.3b9,1f9f:1f27.3b9,1fa0:1f60.3b9," +
    "1fa1:1f61.3b9,1fa2:1f62.3b9,1fa3:1f63.3b9,1fa4:1f64.3b9,1fa5:1f65.3b9,1fa6:1f66.3b9," +
    "1fa7:1f67.3b9,1fa8:1f60.3b9,1fa9:1f61.3b9,1faa:1f62.3b9,1fab:1f63.3b9,1fac:1f64.3b9," +
    "1fad:1f65.3b9,1fae:1f66.3b9,1faf:1f67.3b9,1fb2:1f70.3b9,1fb3:3b1.3b9,1fb4:3ac.3b9,1fb6:3b1.342," +
    "1fb7:3b1.342.3b9,1fbc:3b1.3b9,1fc2:1f74.3b9,1fc3:3b7.3b9,1fc4:3ae.3b9,1fc6:3b7.342," +
    "1fc7:3b7.342.3b9,1fcc:3b7.3b9,1fd2:3b9.308.300,1fd3:3b9.308.301,1fd6:3b9.342,1fd7:3b9.308.342," +
    "1fe2:3c5.308.300,1fe3:3c5.308.301,1fe4:3c1.313,1fe6:3c5.342,1fe7:3c5.308.342,1ff2:1f7c.3b9," +
    "1ff3:3c9.3b9,1ff4:3ce.3b9,1ff6:3c9.342,1ff7:3c9.342.3b9,1ffc:3c9.3b9,fb00:66.66,fb01:66.69," +
    "fb02:66.6c,fb03:66.66.69,fb04:66.66.6c,fb05:73.74,fb06:73.74,fb13:574.576,fb14:574.565," +
    "fb15:574.56b,fb16:57e.576,fb17:574.56d";
  var FOLDS = null;
  function folds() {
    if (FOLDS) return FOLDS;
    FOLDS = new Map();
    FOLD_RUNS.split(",").forEach(function (run) {
      var f = run.split(".");
      var start = parseInt(f[0], 16);
      var count = f.length > 2 ? parseInt(f[1], 16) : 1;
      var step = f.length > 2 ? parseInt(f[2], 10) : 1;
      var delta = parseInt(f[f.length - 1], 10);
      for (var i = 0; i < count; i++) {
        var c = start + i * step;
        FOLDS.set(String.fromCodePoint(c), String.fromCodePoint(c + delta));
      }
    });
    FOLD_MULTI.split(",").forEach(function (item) {
      var f = item.split(":");
      FOLDS.set(
        String.fromCodePoint(parseInt(f[0], 16)),
        String.fromCodePoint.apply(
          null,
          f[1].split(".").map(function (h) {
            return parseInt(h, 16);
          })
        )
      );
    });
    return FOLDS;
  }
  /** s.casefold(): Python's full case folding. */
  M.casefold = function (s) {
    if (ASCII.test(s)) return s.toLowerCase();
    var f = folds();
    var out = "";
    for (var ch of s) {
      var c = ch.charCodeAt(0);
      if (c < 0x80) out += c >= 0x41 && c <= 0x5a ? String.fromCharCode(c + 32) : ch;
      else {
        var m = f.get(ch);
        out += m !== undefined ? m : ch;
      }
    }
    return out;
  };

  // str.isspace(): Python's white space (str.split() and strip() with no argument)
  var SPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000";
  var SPACES = new RegExp("[" + SPACE + "]+");
  var SPACES_G = new RegExp("[" + SPACE + "]+", "g");
  M.isspace = function (s) {
    return s.length > 0 && new RegExp("^[" + SPACE + "]+$").test(s);
  };
  /** s.split() with no separator: runs of Python white space, no empty words. */
  M.split = function (s) {
    return s.split(SPACES_G).filter(function (w) {
      return w !== "";
    });
  };
  /** s.strip() with no argument. */
  M.strip = function (s) {
    return s.replace(new RegExp("^" + SPACES.source), "").replace(new RegExp(SPACES.source + "$"), "");
  };

  /** Python compares strings by code point; JavaScript's < compares UTF-16 units. */
  function cmp_str(a, b) {
    if (a === b) return 0;
    var n = Math.min(a.length, b.length);
    for (var i = 0; i < n; i++) {
      var x = a.charCodeAt(i);
      var y = b.charCodeAt(i);
      if (x !== y) {
        // the code points these units are part of: an astral one is above U+E000..U+FFFF
        var cx = code_point_at(a, i);
        var cy = code_point_at(b, i);
        return cx < cy ? -1 : 1;
      }
    }
    return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
  }
  M.cmp_str = cmp_str;

  /** The code point that the UTF-16 unit at `i` belongs to (a lone surrogate is its own). */
  function code_point_at(s, i) {
    var c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      var d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
    } else if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      var h = s.charCodeAt(i - 1);
      if (h >= 0xd800 && h <= 0xdbff) return 0x10000 + ((h - 0xd800) << 10) + (c - 0xdc00);
    }
    return c;
  }

  function type_name(v) {
    if (v === null || v === undefined) return "NoneType";
    if (typeof v === "boolean") return "bool";
    if (M.is_int(v)) return "int";
    if (M.is_float(v)) return "float";
    if (typeof v === "string") return "str";
    if (Array.isArray(v)) return "list";
    if (v instanceof Set) return "set";
    if (M.is_dict(v)) return "dict";
    if (v instanceof Decimal) return "decimal.Decimal";
    return (v.constructor && v.constructor.name) || "object";
  }
  M.type_name = type_name;

  /** Python's a < b (-1, 0, 1) for numbers, strings, lists and tuples; TypeError otherwise. */
  function cmp(a, b) {
    if (typeof a === "string" && typeof b === "string") return cmp_str(a, b);
    var na = number_like(a);
    var nb = number_like(b);
    if (na !== undefined && nb !== undefined) {
      if (typeof na === "bigint" || typeof nb === "bigint") {
        if (typeof na === "bigint" && typeof nb === "bigint") return na < nb ? -1 : na > nb ? 1 : 0;
        // mixed: compare as numbers (exact enough for ordering unless equal at the limit)
        var fa = Number(na);
        var fb = Number(nb);
        return fa < fb ? -1 : fa > fb ? 1 : 0;
      }
      return na < nb ? -1 : na > nb ? 1 : 0;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      var n = Math.min(a.length, b.length);
      for (var i = 0; i < n; i++) {
        if (!eq(a[i], b[i])) return cmp(a[i], b[i]);
      }
      return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
    }
    throw new TypeError(
      "'<' not supported between instances of '" + type_name(a) + "' and '" + type_name(b) + "'"
    );
  }
  M.cmp = cmp;

  function number_like(v) {
    if (typeof v === "number" || typeof v === "bigint") return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (v instanceof Float) return v.value;
    return undefined;
  }

  /** sorted(items, key=key, reverse=reverse): stable, Python's comparisons. */
  M.sorted = function (items, key, reverse) {
    var list = Array.from(items);
    var keys = key ? list.map(key) : list;
    var order = list.map(function (_, i) {
      return i;
    });
    order.sort(function (i, j) {
      var c = cmp(keys[i], keys[j]);
      return reverse ? -c : c;
    });
    return order.map(function (i) {
      return list[i];
    });
  };
  /** sorted() of strings, by code point. */
  M.sorted_str = function (items) {
    return Array.from(items).sort(cmp_str);
  };
  /** min(items, key=key): the first of the smallest. */
  M.min = function (items, key) {
    var best, best_key, first = true;
    for (var v of items) {
      var k = key ? key(v) : v;
      if (first || cmp(k, best_key) < 0) {
        best = v;
        best_key = k;
        first = false;
      }
    }
    if (first) throw new Error("min() arg is an empty sequence");
    return best;
  };
  /** max(items, key=key): the first of the largest. */
  M.max = function (items, key) {
    var best, best_key, first = true;
    for (var v of items) {
      var k = key ? key(v) : v;
      if (first || cmp(k, best_key) > 0) {
        best = v;
        best_key = k;
        first = false;
      }
    }
    if (first) throw new Error("max() arg is an empty sequence");
    return best;
  };
  M.sum = function (items) {
    var total = 0;
    for (var v of items) total += num(v);
    return total;
  };
  /** range(a, b, step) as an array. */
  M.range = function (a, b, step) {
    if (b === undefined) {
      b = a;
      a = 0;
    }
    step = step || 1;
    var out = [];
    if (step > 0) for (var i = a; i < b; i += step) out.push(i);
    else for (var j = a; j > b; j += step) out.push(j);
    return out;
  };
  /** zip(a, b, ..., strict=True): arrays of the same length, else ValueError. */
  M.zip_strict = function () {
    var lists = Array.prototype.slice.call(arguments);
    var n = lists.length ? lists[0].length : 0;
    lists.forEach(function (l) {
      if (l.length !== n) {
        var e = new Error("zip() arguments have different lengths");
        e.name = "ValueError";
        throw e;
      }
    });
    var out = [];
    for (var i = 0; i < n; i++)
      out.push(
        lists.map(function (l) {
          return l[i];
        })
      );
    return out;
  };
  /** Python's truthiness: 0, 0.0, "", [], {}, empty Map/Set, None and False are false. */
  M.truthy = function (v) {
    if (v === null || v === undefined || v === false) return false;
    if (v === true) return true;
    if (typeof v === "number") return v !== 0; // nan is true, as in Python
    if (typeof v === "bigint") return v !== 0n;
    if (typeof v === "string") return v.length > 0;
    if (v instanceof Float) return v.value !== 0;
    if (Array.isArray(v)) return v.length > 0;
    if (v instanceof Map || v instanceof Set) return v.size > 0;
    if (v instanceof Decimal) return !v.is_zero();
    if (M.is_dict(v)) return Object.keys(v).length > 0;
    return true;
  };
  /** Python's `x in container`: a key of a dict, an item of a list (==), a substring of a str. */
  M.contains = function (container, x) {
    if (typeof container === "string") {
      if (typeof x !== "string") throw new TypeError("'in <string>' requires string as left operand");
      return container.indexOf(x) >= 0;
    }
    if (Array.isArray(container)) {
      for (var i = 0; i < container.length; i++) if (eq(container[i], x)) return true;
      return false;
    }
    if (container instanceof Set) {
      if (container.has(x)) return true;
      for (var v of container) if (eq(v, x)) return true;
      return false;
    }
    if (container instanceof Map) {
      if (container.has(x)) return true;
      for (var k of container.keys()) if (eq(k, x)) return true;
      return false;
    }
    if (M.is_dict(container)) {
      return typeof x === "string" && Object.prototype.hasOwnProperty.call(container, x);
    }
    throw new TypeError("argument of type '" + type_name(container) + "' is not iterable");
  };
  /** The [key, value] pairs of a dict (plain object or Map), in order. */
  M.items = function (d) {
    if (d instanceof Map) return Array.from(d.entries());
    return Object.keys(d).map(function (k) {
      return [k, d[k]];
    });
  };
  /** The keys of a dict (plain object or Map), in order. */
  M.keys = function (d) {
    if (d instanceof Map) return Array.from(d.keys());
    return Object.keys(d);
  };
  /** d.get(key, default) of a dict (plain object or Map). */
  M.get = function (d, key, dflt) {
    if (d instanceof Map) return d.has(key) ? d.get(key) : dflt === undefined ? null : dflt;
    return Object.prototype.hasOwnProperty.call(d, key) ? d[key] : dflt === undefined ? null : dflt;
  };

  // --- equality and records --------------------------------------------------------------------

  /** Python's a == b, deep: lists and tuples item by item, dicts key by key, records field by
   * field (same class), 1 == 1.0 == True. */
  function eq(a, b) {
    if (a === b) return true;
    if (a === null || a === undefined) return b === null || b === undefined;
    if (b === null || b === undefined) return false;
    var na = number_like(a);
    if (na !== undefined) {
      var nb = number_like(b);
      if (nb === undefined) return b instanceof Decimal ? b.eq(a) : false;
      if (typeof na === "bigint" || typeof nb === "bigint") {
        try {
          return BigInt(na) === BigInt(nb);
        } catch (e) {
          return false; // a fraction is never a big int
        }
      }
      return na === nb;
    }
    if (typeof a !== "object" || typeof b !== "object") return false;
    if (a instanceof Decimal) return a.eq(b);
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      for (var i = 0; i < a.length; i++) if (!eq(a[i], b[i])) return false;
      return true;
    }
    if (a instanceof Set) {
      if (!(b instanceof Set) || a.size !== b.size) return false;
      for (var v of a) if (!M.contains(b, v)) return false;
      return true;
    }
    if (a instanceof Map || M.is_dict(a)) {
      if (!(b instanceof Map || M.is_dict(b))) return false;
      var ia = M.items(a);
      if (ia.length !== M.len(b)) return false;
      for (var j = 0; j < ia.length; j++) {
        if (!M.contains(b, ia[j][0])) return false;
        if (!eq(ia[j][1], b instanceof Map ? map_get(b, ia[j][0]) : b[ia[j][0]])) return false;
      }
      return true;
    }
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    var ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (var k = 0; k < ka.length; k++) {
      if (!Object.prototype.hasOwnProperty.call(b, ka[k]) || !eq(a[ka[k]], b[ka[k]])) return false;
    }
    return true;
  }
  function map_get(m, key) {
    if (m.has(key)) return m.get(key);
    for (var e of m.entries()) if (eq(e[0], key)) return e[1];
    return undefined;
  }
  M.eq = eq;

  /** dataclasses.replace(obj, **changes): a copy with the same prototype. */
  M.replace = function (obj, changes) {
    var copy = Object.create(Object.getPrototypeOf(obj));
    Object.assign(copy, obj, changes);
    return copy;
  };

  // --- repr and str ----------------------------------------------------------------------------

  // Python's non-printable characters (str.isprintable): other (Cc, Cf, Cs, Co, Cn) and separators
  // but the space; repr() escapes them.
  var UNPRINTABLE = null;
  function unprintable() {
    if (!UNPRINTABLE) {
      UNPRINTABLE = new RegExp("[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\p{Zl}\\p{Zp}\\p{Zs}]", "u");
    }
    return UNPRINTABLE;
  }
  function hex(n, width) {
    var h = n.toString(16);
    return "0".repeat(Math.max(0, width - h.length)) + h;
  }

  /** repr(s) of a str: single quotes unless it holds ' and no ". */
  function repr_str(s) {
    var quote = s.indexOf("'") >= 0 && s.indexOf('"') < 0 ? '"' : "'";
    var plain = /^[\x20-\x7e]*$/.test(s);
    var out = quote;
    var re = unprintable();
    for (var ch of s) {
      var c = ch.codePointAt(0);
      if (ch === quote || ch === "\\") out += "\\" + ch;
      else if (ch === "\t") out += "\\t";
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (c < 0x20 || c === 0x7f) out += "\\x" + hex(c, 2);
      else if (c < 0x7f || plain) out += ch;
      else if (re.test(ch) && c !== 0x20) {
        if (c <= 0xff) out += "\\x" + hex(c, 2);
        else if (c <= 0xffff) out += "\\u" + hex(c, 4);
        else out += "\\U" + hex(c, 8);
      } else out += ch;
    }
    return out + quote;
  }

  /** repr(v), as Python prints it: null is None, arrays are lists, objects and Maps dicts. */
  function repr(v) {
    if (v === null || v === undefined) return "None";
    if (v === true) return "True";
    if (v === false) return "False";
    if (typeof v === "string") return repr_str(v);
    if (typeof v === "bigint") return v.toString();
    if (typeof v === "number") {
      if (Number.isInteger(v)) return Math.abs(v) < 1e21 ? String(v === 0 ? 0 : v) : BigInt(v).toString();
      return float_repr(v);
    }
    if (v instanceof Float) return float_repr(v.value);
    if (v instanceof Decimal) return "Decimal('" + v.toString() + "')";
    if (Array.isArray(v)) return "[" + v.map(repr).join(", ") + "]";
    if (v instanceof Set) {
      if (v.size === 0) return "set()";
      return "{" + Array.from(v).map(repr).join(", ") + "}";
    }
    if (v instanceof Map) {
      return (
        "{" +
        Array.from(v.entries())
          .map(function (e) {
            return repr(e[0]) + ": " + repr(e[1]);
          })
          .join(", ") +
        "}"
      );
    }
    if (M.is_dict(v)) {
      return (
        "{" +
        Object.keys(v)
          .map(function (k) {
            return repr_str(k) + ": " + repr(v[k]);
          })
          .join(", ") +
        "}"
      );
    }
    if (typeof v === "function") return "<function " + (v.name || "<lambda>") + ">";
    if (typeof v.__repr__ === "function") return v.__repr__();
    // a record: a dataclass's repr, Name(field=value, ...)
    var name = (v.constructor && v.constructor.name) || "object";
    return (
      name +
      "(" +
      Object.keys(v)
        .map(function (k) {
          return k + "=" + repr(v[k]);
        })
        .join(", ") +
      ")"
    );
  }
  M.repr = repr;

  /** str(v): a str as it is, a record by its __str__ or toString when it has one, else repr. */
  function str(v) {
    if (typeof v === "string") return v;
    if (v !== null && typeof v === "object" && !(v instanceof Float) && !(v instanceof Decimal)) {
      if (typeof v.__str__ === "function") return v.__str__();
      if (v instanceof Error) return v.message;
      var proto = Object.getPrototypeOf(v);
      if (
        proto &&
        proto !== Object.prototype &&
        !Array.isArray(v) &&
        !(v instanceof Map) &&
        !(v instanceof Set) &&
        Object.prototype.hasOwnProperty.call(proto, "toString")
      ) {
        return v.toString();
      }
    }
    if (v instanceof Decimal) return v.toString();
    return repr(v);
  }
  M.str = str;

  /** ascii(v): repr with every non-ASCII character escaped. */
  M.ascii = function (v) {
    return repr(v).replace(/[^\x00-\x7f]/gu, function (ch) {
      var c = ch.codePointAt(0);
      if (c <= 0xff) return "\\x" + hex(c, 2);
      if (c <= 0xffff) return "\\u" + hex(c, 4);
      return "\\U" + hex(c, 8);
    });
  };

  // --- str.format ------------------------------------------------------------------------------

  function key_error(name) {
    var e = new Error("'" + name + "'");
    e.name = "KeyError";
    return e;
  }
  function value_error(message) {
    var e = new Error(message);
    e.name = "ValueError";
    return e;
  }

  function lookup(params, name) {
    if (params instanceof Map) {
      if (!params.has(name)) throw key_error(name);
      return params.get(name);
    }
    if (params === null || params === undefined || !Object.prototype.hasOwnProperty.call(params, name)) {
      throw key_error(name);
    }
    return params[name];
  }

  var SPEC = /^(?:([\s\S])?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/;

  function group(int_part, sep, every) {
    if (!sep) return int_part;
    var out = "";
    var n = int_part.length;
    for (var i = 0; i < n; i++) {
      if (i > 0 && (n - i) % every === 0) out += sep;
      out += int_part[i];
    }
    return out;
  }

  /** format(value, spec): Python's format-spec mini-language for int, float, str and bool. */
  function format_value(v, spec) {
    if (v !== null && typeof v === "object" && typeof v.__format__ === "function") return v.__format__(spec);
    if (
      v !== null &&
      typeof v === "object" &&
      typeof v.text === "function" &&
      !(v instanceof Float) &&
      !(v instanceof Decimal)
    ) {
      return format_value(v.text(), spec); // errors.Term / Message: their English text
    }
    if (spec === "") return str(v);
    var m = SPEC.exec(spec);
    if (!m) throw value_error("Invalid format specifier '" + spec + "' for object of type '" + type_name(v) + "'");
    var fill = m[1] !== undefined ? m[1] : " ";
    var align = m[2];
    var sign = m[3] || "-";
    var zero_neg = !!m[4];
    var alt = !!m[5];
    var width = m[7] ? parseInt(m[7], 10) : 0;
    if (m[6] && !align) {
      fill = "0";
      align = "=";
    }
    var grouping = m[8] || "";
    var precision = m[9] !== undefined ? parseInt(m[9], 10) : undefined;
    var type = m[10] || "";
    var body, prefix = "", numeric = true;

    if (typeof v === "string" || v === null || v === undefined || (typeof v === "object" && !(v instanceof Float))) {
      if (typeof v !== "string") {
        if (v === null || v === undefined || typeof v === "object")
          throw new TypeError("unsupported format string passed to " + type_name(v) + ".__format__");
      }
      if (type !== "" && type !== "s") throw value_error("Unknown format code '" + type + "' for object of type 'str'");
      if (m[3]) throw value_error("Sign not allowed in string format specifier");
      if (align === "=") throw value_error("'=' alignment not allowed in string format specifier");
      body = v;
      if (precision !== undefined) body = Array.from(body).slice(0, precision).join("");
      numeric = false;
      align = align || "<";
    } else {
      var x = num(v);
      var is_int_value = typeof v === "boolean" || M.is_int(v);
      if (is_int_value && "eEfFgG%".indexOf(type) >= 0 && type !== "") {
        x = Number(x);
        is_int_value = false;
      } else if (is_int_value && type === "" && precision !== undefined) {
        throw value_error("Precision not allowed in integer format specifier");
      }
      var negative;
      if (is_int_value) {
        var big = BigInt(x);
        negative = big < 0n;
        var a = negative ? -big : big;
        if (type === "" || type === "d" || type === "n") body = group(a.toString(), grouping, 3);
        else if (type === "x" || type === "X") {
          body = group(a.toString(16), grouping === "_" ? "_" : "", 4);
          if (type === "X") body = body.toUpperCase();
          if (alt) prefix = type === "X" ? "0X" : "0x";
        } else if (type === "o") {
          body = group(a.toString(8), grouping === "_" ? "_" : "", 4);
          if (alt) prefix = "0o";
        } else if (type === "b") {
          body = group(a.toString(2), grouping === "_" ? "_" : "", 4);
          if (alt) prefix = "0b";
        } else if (type === "c") {
          body = String.fromCodePoint(Number(big));
          negative = false;
          numeric = false;
        } else throw value_error("Unknown format code '" + type + "' for object of type 'int'");
      } else {
        if ("bcdnosxX".indexOf(type) >= 0 && type !== "" && type !== "n")
          throw value_error("Unknown format code '" + type + "' for object of type 'float'");
        negative = x < 0 || (x === 0 && 1 / x < 0);
        var ax = Math.abs(x);
        var upper = type === "E" || type === "F" || type === "G";
        if (x !== x || !isFinite(x)) {
          body = x !== x ? "nan" : "inf";
          if (upper) body = body.toUpperCase();
          if (type === "%") body += "%";
        } else if (type === "f" || type === "F" || type === "%") {
          var p = precision === undefined ? 6 : precision;
          var fx = fixed(type === "%" ? ax * 100 : ax, p);
          body = group(fx.int_part, grouping, 3) + (fx.frac || alt ? "." + fx.frac : "");
          if (type === "%") body += "%";
        } else if (type === "e" || type === "E") {
          var pe = precision === undefined ? 6 : precision;
          var sx = scientific(ax, pe);
          body = sx.int_part + (sx.frac || alt ? "." + sx.frac : "") + (upper ? "E" : "e") + exp_text(sx.exp);
        } else if (type === "g" || type === "G" || type === "n" || (type === "" && precision !== undefined)) {
          var pg = precision === undefined ? 6 : precision === 0 ? 1 : precision;
          var sg = ax === 0 ? { int_part: "0", frac: "", exp: 0 } : scientific(ax, pg - 1);
          var ex = sg.exp;
          if (-4 <= ex && ex < pg) {
            var fg = fixed(ax, pg - 1 - ex);
            var frac = fg.frac;
            if (!alt) frac = frac.replace(/0+$/, "");
            if (type === "" && frac === "") frac = "0";
            body = group(fg.int_part, grouping, 3) + (frac ? "." + frac : alt ? "." : "");
          } else {
            var f2 = sg.frac;
            if (!alt) f2 = f2.replace(/0+$/, "");
            body = sg.int_part + (f2 ? "." + f2 : alt ? "." : "") + (upper ? "E" : "e") + exp_text(ex);
          }
        } else {
          // no type, no precision: repr's digits
          var r = float_repr(ax);
          if (grouping) {
            var at = r.search(/[.e]/);
            if (at < 0) at = r.length;
            r = group(r.slice(0, at), grouping, 3) + r.slice(at);
          }
          body = r;
        }
        if (zero_neg && negative && /^[0.]*(e.*)?%?$/i.test(body.replace(/[,_]/g, ""))) negative = false;
      }
      var sign_text = negative ? "-" : sign === "+" ? "+" : sign === " " ? " " : "";
      prefix = sign_text + prefix;
      align = align || ">";
    }
    var size = M.len(prefix + body);
    if (size >= width) return prefix + body;
    var pad = width - size;
    if (align === "=") {
      if (fill === "0" && grouping && numeric) {
        // zero padding groups too, as Python does
        var sep_every = /[xXob]/.test(type) ? 4 : 3;
        var digits = body.replace(/[,_]/g, "");
        var tail = "";
        var cut = digits.search(/[^0-9a-fA-F]/);
        if (cut >= 0) {
          tail = body.slice(body.search(/[^0-9a-fA-F,_]/));
          digits = digits.slice(0, cut);
        }
        var need = width - M.len(prefix) - M.len(tail);
        var grouped = group(digits, grouping, sep_every);
        while (grouped.length < need) {
          digits = "0" + digits;
          grouped = group(digits, grouping, sep_every);
        }
        return prefix + grouped + tail;
      }
      return prefix + fill.repeat(pad) + body;
    }
    var text = prefix + body;
    if (align === "<") return text + fill.repeat(pad);
    if (align === ">") return fill.repeat(pad) + text;
    var left = Math.floor(pad / 2);
    return fill.repeat(left) + text + fill.repeat(pad - left);
  }
  M.format_value = format_value;

  /** template.format(**params): {name}, {name!r}, {name!s}, {name!a}, {name:spec}, {name[0]},
   * {name.attr}, {{ and }}; a name not in params throws (KeyError), as Python does. */
  function format(template, params) {
    var out = "";
    var i = 0;
    var n = template.length;
    while (i < n) {
      var c = template[i];
      if (c === "{") {
        if (template[i + 1] === "{") {
          out += "{";
          i += 2;
          continue;
        }
        // the field runs to its matching }, nested {} in the spec included
        var depth = 1;
        var j = i + 1;
        while (j < n && depth > 0) {
          if (template[j] === "{") depth++;
          else if (template[j] === "}") depth--;
          if (depth > 0) j++;
        }
        if (j >= n) throw value_error("expected '}' before end of string");
        out += field(template.slice(i + 1, j), params);
        i = j + 1;
      } else if (c === "}") {
        if (template[i + 1] === "}") {
          out += "}";
          i += 2;
          continue;
        }
        throw value_error("Single '}' encountered in format string");
      } else {
        var next = template.slice(i).search(/[{}]/);
        if (next < 0) next = n - i;
        out += template.slice(i, i + next);
        i += next;
      }
    }
    return out;
  }

  function field(text, params) {
    // field_name [! conversion] [: spec]; the name ends at the first ! or : outside [...]
    var k = 0;
    while (k < text.length && text[k] !== "!" && text[k] !== ":") {
      if (text[k] === "[") {
        var close = text.indexOf("]", k);
        if (close < 0) throw value_error("Missing ']' in format string");
        k = close;
      }
      k++;
    }
    var name = text.slice(0, k);
    var conversion = "";
    var spec = "";
    if (text[k] === "!") {
      conversion = text[k + 1];
      if (conversion === undefined || (text.length > k + 2 && text[k + 2] !== ":")) {
        throw value_error("expected ':' after conversion specifier");
      }
      k += 2;
    }
    if (text[k] === ":") spec = text.slice(k + 1);
    var m = /^([^.[]*)([\s\S]*)$/.exec(name);
    var first = m[1];
    if (first === "" || /^\d+$/.test(first)) {
      var e = new Error("Replacement index " + (first || 0) + " out of range for positional args tuple");
      e.name = "IndexError";
      throw e;
    }
    var value = lookup(params, first);
    var rest = m[2];
    while (rest) {
      var part = /^(?:\.([^.[]+)|\[([^\]]+)\])([\s\S]*)$/.exec(rest);
      if (!part) throw value_error("Only '.' or '[' may follow ']' in format field specifier");
      if (part[1] !== undefined) {
        if (value === null || value === undefined || !(part[1] in Object(value))) {
          var ae = new Error("object has no attribute '" + part[1] + "'");
          ae.name = "AttributeError";
          throw ae;
        }
        value = value[part[1]];
      } else {
        var key = /^\d+$/.test(part[2]) ? parseInt(part[2], 10) : part[2];
        if (Array.isArray(value)) {
          if (typeof key !== "number" || key >= value.length) {
            var ie = new Error("list index out of range");
            ie.name = "IndexError";
            throw ie;
          }
          value = value[key];
        } else value = lookup(value, String(key));
      }
      rest = part[3];
    }
    if (conversion === "r") value = repr(value);
    else if (conversion === "s") value = str(value);
    else if (conversion === "a") value = M.ascii(value);
    else if (conversion !== "") throw value_error("Unknown conversion specifier " + conversion);
    if (spec.indexOf("{") >= 0) spec = format(spec, params);
    return format_value(value, spec);
  }
  M.format = format;

  // --- json.dumps ------------------------------------------------------------------------------

  var JSON_ESCAPES = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

  function json_str(s, ensure_ascii) {
    var re = ensure_ascii ? /["\\\x00-\x1f\x7f-\uffff]/g : /["\\\x00-\x1f]/g;
    return (
      '"' +
      s.replace(re, function (ch) {
        var e = JSON_ESCAPES[ch];
        if (e) return e;
        return "\\u" + hex(ch.charCodeAt(0), 4); // astral characters: each UTF-16 half, as Python
      }) +
      '"'
    );
  }

  function json_float(x) {
    if (x !== x) return "NaN";
    if (x === Infinity) return "Infinity";
    if (x === -Infinity) return "-Infinity";
    return float_repr(x);
  }

  function json_key(k) {
    if (typeof k === "string") return k;
    if (k === true) return "true";
    if (k === false) return "false";
    if (k === null || k === undefined) return "null";
    if (M.is_int(k)) return repr(k);
    if (M.is_float(k)) return json_float(num(k));
    throw new TypeError("keys must be str, int, float, bool or None, not " + type_name(k));
  }

  /** json.dumps(v): Python's defaults (", " and ": ", ASCII escapes, 100.0 for a float);
   * `opts`: {ensure_ascii: false, indent: 2, sort_keys: true} as Python's arguments. */
  M.json_dumps = function (v, opts) {
    opts = opts || {};
    var ensure_ascii = opts.ensure_ascii !== false;
    var indent = opts.indent;
    var indent_text = indent === undefined || indent === null ? null : typeof indent === "number" ? " ".repeat(indent) : indent;
    var item_sep = indent_text === null ? ", " : ",";
    var key_sep = ": ";
    if (opts.separators) {
      item_sep = opts.separators[0];
      key_sep = opts.separators[1];
    }
    var seen = [];
    function dump(x, level) {
      if (x === null || x === undefined) return "null";
      if (x === true) return "true";
      if (x === false) return "false";
      if (typeof x === "string") return json_str(x, ensure_ascii);
      if (typeof x === "bigint") return x.toString();
      if (typeof x === "number") return Number.isInteger(x) ? repr(x) : json_float(x);
      if (x instanceof Float) return json_float(x.value);
      var pairs = null;
      var list = null;
      if (Array.isArray(x)) list = x;
      else if (x instanceof Map) pairs = Array.from(x.entries());
      else if (M.is_dict(x)) pairs = M.items(x);
      else if (typeof x.toJSON === "function") return dump(x.toJSON(), level);
      else throw new TypeError("Object of type " + type_name(x) + " is not JSON serializable");
      if (seen.indexOf(x) >= 0) throw value_error("Circular reference detected");
      var parts;
      if (list) {
        if (!list.length) return "[]";
        seen.push(x);
        parts = list.map(function (item) {
          return dump(item, level + 1);
        });
      } else {
        if (!pairs.length) return "{}";
        seen.push(x);
        pairs = pairs.map(function (p) {
          return [json_key(p[0]), p[1]];
        });
        if (opts.sort_keys)
          pairs.sort(function (a, b) {
            return cmp_str(a[0], b[0]);
          });
        parts = pairs.map(function (p) {
          return json_str(p[0], ensure_ascii) + key_sep + dump(p[1], level + 1);
        });
      }
      seen.pop();
      var open = list ? "[" : "{";
      var close = list ? "]" : "}";
      if (indent_text === null) return open + parts.join(item_sep) + close;
      var inner = "\n" + indent_text.repeat(level + 1);
      return open + inner + parts.join(item_sep + inner) + "\n" + indent_text.repeat(level) + close;
    }
    return dump(v, 0);
  };

  // --- json.loads ------------------------------------------------------------------------------

  /** json.JSONDecodeError: Python's message, "Expecting value: line 1 column 1 (char 0)". */
  function JSONDecodeError(msg, doc, pos) {
    var lineno = doc.slice(0, pos).split("\n").length;
    var colno = pos - doc.lastIndexOf("\n", pos - 1);
    var e = new SyntaxError(msg + ": line " + lineno + " column " + colno + " (char " + pos + ")");
    e.name = "JSONDecodeError";
    e.msg = msg;
    e.pos = pos;
    e.lineno = lineno;
    e.colno = colno;
    return e;
  }
  M.JSONDecodeError = JSONDecodeError;

  var NUMBER = /(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
  var WS = /[ \t\n\r]*/y;
  var STRING_CHUNK = /[^"\\\x00-\x1f]*/y;
  var MAX_INT_DIGITS = 4300; // Python 3.11's int max str digits

  /** json.loads(text): ints as numbers (BigInt past 2^53), numbers with a fraction or an exponent
   * as Float, NaN and Infinity as Python reads them, objects as plain objects with no prototype
   * (a repeated key keeps its first place and its last value); invalid JSON throws JSONDecodeError. */
  M.parse_json = function (text) {
    var s = String(text);
    var pos = 0;

    function skip() {
      WS.lastIndex = pos;
      WS.exec(s);
      pos = WS.lastIndex;
    }

    function value(depth) {
      if (depth > 1000) {
        var re = new RangeError("maximum recursion depth exceeded while decoding a JSON document");
        re.name = "RecursionError";
        throw re;
      }
      var c = s[pos];
      if (c === '"') return string();
      if (c === "{") return object(depth);
      if (c === "[") return array(depth);
      if (c === "n" && s.startsWith("null", pos)) {
        pos += 4;
        return null;
      }
      if (c === "t" && s.startsWith("true", pos)) {
        pos += 4;
        return true;
      }
      if (c === "f" && s.startsWith("false", pos)) {
        pos += 5;
        return false;
      }
      if (c === "N" && s.startsWith("NaN", pos)) {
        pos += 3;
        return new Float(NaN);
      }
      if (c === "I" && s.startsWith("Infinity", pos)) {
        pos += 8;
        return new Float(Infinity);
      }
      if (c === "-" && s.startsWith("-Infinity", pos)) {
        pos += 9;
        return new Float(-Infinity);
      }
      NUMBER.lastIndex = pos;
      var m = NUMBER.exec(s);
      if (m && m.index === pos) {
        pos = NUMBER.lastIndex;
        if (m[2] === undefined && m[3] === undefined) {
          var digits = m[1].length - (m[1][0] === "-" ? 1 : 0);
          if (digits > MAX_INT_DIGITS) {
            throw value_error(
              "Exceeds the limit (4300 digits) for integer string conversion: value has " +
                digits +
                " digits; use sys.set_int_max_str_digits() to increase the limit"
            );
          }
          var n = Number(m[1]);
          if (Number.isSafeInteger(n)) return n === 0 ? 0 : n;
          return BigInt(m[1]);
        }
        return new Float(Number(m[0]));
      }
      throw JSONDecodeError("Expecting value", s, pos);
    }

    function string() {
      var begin = pos;
      pos++;
      var out = "";
      for (;;) {
        STRING_CHUNK.lastIndex = pos;
        STRING_CHUNK.exec(s);
        out += s.slice(pos, STRING_CHUNK.lastIndex);
        pos = STRING_CHUNK.lastIndex;
        var c = s[pos];
        if (c === '"') {
          pos++;
          return out;
        }
        if (c === undefined) throw JSONDecodeError("Unterminated string starting at", s, begin);
        if (c !== "\\") throw JSONDecodeError("Invalid control character at", s, pos);
        var e = s[pos + 1];
        if (e === undefined) throw JSONDecodeError("Unterminated string starting at", s, begin);
        var simple = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" }[e];
        if (simple !== undefined) {
          out += simple;
          pos += 2;
          continue;
        }
        if (e !== "u") throw JSONDecodeError("Invalid \\escape", s, pos);
        var code = hex4(pos + 2);
        pos += 6;
        // a high surrogate followed by an escaped low one is one character, as Python reads it
        if (code >= 0xd800 && code <= 0xdbff && s[pos] === "\\" && s[pos + 1] === "u") {
          var low = hex4(pos + 2);
          if (low >= 0xdc00 && low <= 0xdfff) {
            out += String.fromCharCode(code, low);
            pos += 6;
            continue;
          }
        }
        out += String.fromCharCode(code);
      }
    }

    function hex4(at) {
      var h = s.slice(at, at + 4);
      if (!/^[0-9a-fA-F]{4}$/.test(h)) throw JSONDecodeError("Invalid \\uXXXX escape", s, at - 1);
      return parseInt(h, 16);
    }

    function object(depth) {
      var begin = pos;
      pos++;
      var obj = Object.create(null);
      skip();
      if (s[pos] === "}") {
        pos++;
        return obj;
      }
      for (;;) {
        if (s[pos] !== '"') {
          throw JSONDecodeError("Expecting property name enclosed in double quotes", s, pos);
        }
        var key = string();
        skip();
        if (s[pos] !== ":") throw JSONDecodeError("Expecting ':' delimiter", s, pos);
        pos++;
        skip();
        obj[key] = value(depth + 1);
        skip();
        var c = s[pos];
        if (c === "}") {
          pos++;
          return obj;
        }
        if (c !== ",") throw JSONDecodeError("Expecting ',' delimiter", s, pos);
        var comma = pos;
        pos++;
        skip();
        if (s[pos] !== '"') {
          if (s[pos] === "}") throw JSONDecodeError("Illegal trailing comma before end of object", s, comma);
          throw JSONDecodeError("Expecting property name enclosed in double quotes", s, pos);
        }
      }
      // eslint-disable-next-line no-unreachable
      return begin;
    }

    function array(depth) {
      pos++;
      var list = [];
      skip();
      if (s[pos] === "]") {
        pos++;
        return list;
      }
      for (;;) {
        skip();
        list.push(value(depth + 1));
        skip();
        var c = s[pos];
        if (c === "]") {
          pos++;
          return list;
        }
        if (c !== ",") throw JSONDecodeError("Expecting ',' delimiter", s, pos);
        var comma = pos;
        pos++;
        skip();
        if (s[pos] === "]") throw JSONDecodeError("Illegal trailing comma before end of array", s, comma);
      }
    }

    if (s.charCodeAt(0) === 0xfeff) throw JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0);
    skip();
    var result = value(0);
    skip();
    if (pos !== s.length) throw JSONDecodeError("Extra data", s, pos);
    return result;
  };

  // --- decimal.Decimal (the stake) -------------------------------------------------------------

  /** A decimal number as Python's decimal.Decimal holds it: sign, integer coefficient, exponent;
   * or a special value (inf, nan). Only what the rules do with a stake. */
  function Decimal(value) {
    if (value instanceof Decimal) {
      Object.assign(this, value);
      return;
    }
    this.sign = 0;
    this.coef = 0n;
    this.exp = 0;
    this.special = ""; // "", "inf", "nan", "snan"
    if (typeof value === "number" && Number.isInteger(value)) value = BigInt(value);
    if (typeof value === "bigint") {
      this.sign = value < 0n ? 1 : 0;
      this.coef = value < 0n ? -value : value;
      return;
    }
    if (typeof value === "boolean") {
      this.coef = value ? 1n : 0n;
      return;
    }
    if (value instanceof Float || typeof value === "number") {
      // Decimal(float): the exact binary value
      var x = num(value);
      if (x !== x) {
        this.special = "nan";
        return;
      }
      this.sign = x < 0 || (x === 0 && 1 / x < 0) ? 1 : 0;
      if (!isFinite(x)) {
        this.special = "inf";
        return;
      }
      var d = exact(x);
      this.coef = BigInt(d.digits);
      this.exp = d.exp - d.digits.length + 1;
      return;
    }
    if (typeof value !== "string") throw new TypeError("conversion from " + type_name(value) + " to Decimal is not supported");
    // Python's (C decimal's) syntax: white space around, underscores anywhere (dropped), any
    // Unicode decimal digit, inf/nan, an exponent
    var t = M.strip(value).replace(/_/g, "").replace(/\p{Nd}/gu, function (d) {
      var c = d.codePointAt(0);
      var start = c;
      while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
      return String((c - start) % 10);
    });
    var m = /^([-+])?(?:(\d+)?(?:\.(\d*))?(?:[eE]([-+]?\d+))?|(inf|infinity)|(s?nan)(\d*))$/i.exec(t);
    if (!m || (!m[5] && !m[6] && m[2] === undefined && !m[3])) {
      var e = new Error("[<class 'decimal.ConversionSyntax'>]");
      e.name = "InvalidOperation";
      throw e;
    }
    this.sign = m[1] === "-" ? 1 : 0;
    if (m[5]) {
      this.special = "inf";
      return;
    }
    if (m[6]) {
      this.special = m[6].toLowerCase();
      return;
    }
    var int_digits = m[2] || "";
    var frac = m[3] || "";
    this.coef = BigInt((int_digits + frac) || "0");
    this.exp = (m[4] ? parseInt(m[4], 10) : 0) - frac.length;
  }
  Decimal.prototype.is_finite = function () {
    return this.special === "";
  };
  Decimal.prototype.is_nan = function () {
    return this.special === "nan" || this.special === "snan";
  };
  Decimal.prototype.is_zero = function () {
    return this.special === "" && this.coef === 0n;
  };
  /** The value as a fraction n / 10^k (finite only). */
  function scaled(d, k) {
    var n = d.coef;
    var e = d.exp + k;
    n = e >= 0 ? n * 10n ** BigInt(e) : n; // callers pick k so that e >= 0
    return d.sign ? -n : n;
  }
  function common(a, b) {
    return Math.max(0, -a.exp, -b.exp);
  }
  function to_decimal(v) {
    if (v instanceof Decimal) return v;
    if (M.is_int(v) || typeof v === "boolean") return new Decimal(num(v));
    return null;
  }
  /** Compares with another Decimal or an int: -1, 0, 1; NaN compares as nothing (null). */
  Decimal.prototype.compare = function (other) {
    var o = to_decimal(other);
    if (o === null) {
      if (M.is_float(other)) o = new Decimal(num(other));
      else throw new TypeError("cannot compare Decimal and " + type_name(other));
    }
    if (this.is_nan() || o.is_nan()) return null;
    var a = this.special === "inf" ? (this.sign ? -Infinity : Infinity) : null;
    var b = o.special === "inf" ? (o.sign ? -Infinity : Infinity) : null;
    if (a !== null || b !== null) {
      a = a === null ? 0 : a;
      b = b === null ? 0 : b;
      return a < b ? -1 : a > b ? 1 : 0;
    }
    var k = common(this, o);
    var x = scaled(this, k);
    var y = scaled(o, k);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  Decimal.prototype.eq = function (other) {
    if (!(other instanceof Decimal) && !M.is_int(other) && typeof other !== "boolean" && !M.is_float(other)) return false;
    return this.compare(other) === 0;
  };
  Decimal.prototype.lt = function (o) {
    var c = this.compare(o);
    if (c === null) throw invalid_comparison();
    return c < 0;
  };
  Decimal.prototype.le = function (o) {
    var c = this.compare(o);
    if (c === null) throw invalid_comparison();
    return c <= 0;
  };
  function invalid_comparison() {
    var e = new Error("[<class 'decimal.InvalidOperation'>]");
    e.name = "InvalidOperation";
    return e;
  }
  /** self * other (other a Decimal or an int), exact (the stakes' products are far below 28 digits). */
  Decimal.prototype.mul = function (other) {
    var o = to_decimal(other);
    var r = new Decimal(0);
    if (!this.is_finite() || !o.is_finite()) {
      r.special = this.is_nan() || o.is_nan() || this.is_zero() || o.is_zero() ? "nan" : "inf";
      r.sign = this.sign ^ o.sign;
      return r;
    }
    r.sign = this.sign ^ o.sign;
    r.coef = this.coef * o.coef;
    r.exp = this.exp + o.exp;
    return r;
  };
  /** Whether the value is whole (value == value.to_integral_value()). */
  Decimal.prototype.is_integer = function () {
    if (!this.is_finite()) return false;
    if (this.exp >= 0 || this.coef === 0n) return true;
    return this.coef % 10n ** BigInt(-this.exp) === 0n;
  };
  /** Whether the value has at most `places` decimals (value == value.quantize(10 ** -places)). */
  Decimal.prototype.has_places = function (places) {
    if (!this.is_finite()) return false;
    if (this.exp >= -places || this.coef === 0n) return true;
    return this.coef % 10n ** BigInt(-places - this.exp) === 0n;
  };
  /** The value in units of 10 ** -places (exact when has_places(places)), as a number. */
  Decimal.prototype.units = function (places) {
    var e = this.exp + places;
    var n = e >= 0 ? this.coef * 10n ** BigInt(e) : this.coef / 10n ** BigInt(-e);
    return Number(this.sign ? -n : n);
  };
  /** int(value): truncated toward zero. */
  Decimal.prototype.to_int = function () {
    var n = this.exp >= 0 ? this.coef * 10n ** BigInt(this.exp) : this.coef / 10n ** BigInt(-this.exp);
    var v = Number(this.sign ? -n : n);
    return v === 0 ? 0 : v;
  };
  /** float(value), correctly rounded, as a Float. */
  Decimal.prototype.to_float = function () {
    if (this.special === "inf") return new Float(this.sign ? -Infinity : Infinity);
    if (this.is_nan()) return new Float(NaN);
    return new Float(Number((this.sign ? "-" : "") + this.coef.toString() + "e" + this.exp));
  };
  /** str(value): Python's to-scientific-string. */
  Decimal.prototype.toString = function () {
    var sign = this.sign ? "-" : "";
    if (this.special === "inf") return sign + "Infinity";
    if (this.special === "nan") return sign + "NaN";
    if (this.special === "snan") return sign + "sNaN";
    var digits = this.coef.toString();
    var adjusted = this.exp + digits.length - 1;
    if (this.exp <= 0 && adjusted >= -6) {
      if (this.exp === 0) return sign + digits;
      var point = digits.length + this.exp;
      if (point > 0) return sign + digits.slice(0, point) + "." + digits.slice(point);
      return sign + "0." + "0".repeat(-point) + digits;
    }
    var mant = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits;
    return sign + mant + "E" + (adjusted >= 0 ? "+" : "") + adjusted;
  };
  Decimal.prototype.__str__ = Decimal.prototype.toString;
  /** +value, value < 5...: the nearest number (float(value)). */
  Decimal.prototype.valueOf = function () {
    return this.to_float().value;
  };
  M.Decimal = Decimal;
})((globalThis.SK = globalThis.SK || {}));
