// The Python the twin needs, part 3 of 3 (py.js has the rest): decimal.Decimal, the stake.
(function (SK) {
  "use strict";
  var M = SK.py; // py.js's and py_json.js's, and their private error, strip, UNPRINTABLE
  var error = M._error;
  var strip = M._strip;
  var UNPRINTABLE = M._UNPRINTABLE;
  var Float = M.Float;

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
