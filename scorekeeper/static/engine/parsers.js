// Twin of scorekeeper/rules/parsers.py: the kinds of option values and their parsers (scoring.md 2, 5), JSON in, the typed value out; the options themselves are listed in optionspecs.js.
(function (SK) {
  "use strict";
  var py = SK.py;
  var bounds = SK.bounds;
  var errors = SK.errors;
  var N_ = errors.N_;
  var Message = errors.Message;
  var M = (SK.parsers = {});

  var OPTION_POINTS_MAX = bounds.OPTION_POINTS_MAX;
  var OPTION_SMALL_MAX = bounds.OPTION_SMALL_MAX;

  function _has(d, key) {
    return Object.prototype.hasOwnProperty.call(d, key);
  }

  // Kind: the shape of an option's value: "int" (a whole number), "bool" (true/false),
  // "choice" (one of some words), "record" (a house rule's record of keys), "per_suit" (a
  // number per suit, marriage_values), "money" (an amount of money, the stake)

  // What one option, or one key of a house rule's record, takes; `parse` checks a JSON value.
  //
  // `optional`: null (or false) turns it off. `low`, `high` (and `places` for money) bound a
  // number. `choices`: a choice's values, or the words an int takes besides a number ("half").
  // `keys`: a record's keys, or the suits of a value per suit. `usual`: a key's value when not
  // given, or what an optional option is when a house rule turns it on (null: no usual value).
  class Spec {
    constructor(f) {
      this.kind = f.kind;
      this.parse = f.parse;
      this.optional = f.optional === undefined ? false : f.optional;
      this.low = f.low === undefined ? null : f.low;
      this.high = f.high === undefined ? null : f.high;
      this.places = f.places === undefined ? null : f.places;
      this.choices = f.choices === undefined ? [] : f.choices;
      this.keys = f.keys === undefined ? {} : f.keys;
      this.usual = f.usual === undefined ? null : f.usual;
    }
  }
  Spec._fields = ["kind", "parse", "optional", "low", "high", "places", "choices", "keys", "usual"];
  M.Spec = Spec;

  // A value that an option cannot take; the message says what it can take (errors.Message).
  class Bad extends Error {
    constructor(template, params) {
      var message = new Message({ template: template, params: params || {} });
      super(template);
      this.name = "Bad";
      this.message = message;
    }
  }
  M.Bad = Bad;

  // int(x) of a whole float: a number, or a BigInt past 2^53 (Python's int is exact)
  function _int_of_float(x) {
    if (Number.isSafeInteger(x)) return x + 0; // -0.0 is 0
    return BigInt(x);
  }

  function _int(raw, low, high) {
    if (low === undefined) low = 0;
    if (high === undefined) high = OPTION_POINTS_MAX;
    if (raw instanceof py.Float && raw.is_integer()) {
      raw = _int_of_float(raw.value);
    }
    if (!py.is_int(raw)) {
      throw new Bad(N_("must be a whole number, got {raw!r}"), { raw: raw });
    }
    if (!(low <= raw && raw <= high)) {
      throw new Bad(N_("must be between {low} and {high}, got {raw}"), {
        low: low,
        high: high,
        raw: raw,
      });
    }
    return raw;
  }
  M._int = _int;

  function _bool(raw) {
    if (!py.is_bool(raw)) {
      throw new Bad(N_("must be true or false, got {raw!r}"), { raw: raw });
    }
    return raw;
  }
  M._bool = _bool;

  function _choice() {
    var allowed = Array.prototype.slice.call(arguments);
    return function parse(raw) {
      // `raw not in allowed`: only a str equals one of the words
      if (!(py.is_str(raw) && allowed.indexOf(raw) >= 0)) {
        throw new Bad(N_("must be one of {allowed}, got {raw!r}"), {
          allowed: allowed.join(", "),
          raw: raw,
        });
      }
      return raw;
    };
  }
  M._choice = _choice;

  function _optional(parse) {
    return function inner(raw) {
      return raw === null || raw === undefined || raw === false ? null : parse(raw);
    };
  }
  M._optional = _optional;

  // A nested house rule: true for its usual values, or an object; missing keys keep defaults.
  function _record(kind, parsers) {
    var names = Object.keys(parsers);
    function parse(raw) {
      if (raw === true) {
        return new kind({});
      }
      if (!py.is_dict(raw)) {
        throw new Bad(N_("must be an object with {keys}, true, or null"), { keys: names.join(", ") });
      }
      var unknown = py.sorted_str(
        py.keys(raw).filter(function (key) {
          return !_has(parsers, key);
        })
      );
      if (unknown.length) {
        throw new Bad(N_("unknown key {key!r} (it takes {keys})"), {
          key: unknown[0],
          keys: names.join(", "),
        });
      }
      var values = {};
      var items = py.items(raw);
      for (var i = 0; i < items.length; i++) {
        var key = items[i][0];
        try {
          values[key] = parsers[key](items[i][1]);
        } catch (bad) {
          if (!(bad instanceof Bad)) throw bad;
          throw new Bad(N_("{key} {detail}"), { key: key, detail: bad.message });
        }
      }
      return new kind(values);
    }
    return _optional(parse);
  }
  M._record = _record;

  // --- the kinds, each with its parser ----------------------------------------------------------

  // A whole number from `low` to `high`.
  function number(low, high) {
    if (low === undefined) low = 0;
    if (high === undefined) high = OPTION_POINTS_MAX;
    return new Spec({
      kind: "int",
      parse: function (raw) {
        return _int(raw, low, high);
      },
      low: low,
      high: high,
    });
  }
  M.number = number;

  // A points option: the target, a bid, the lock, the barrel, the dump (bounds.py).
  function points() {
    return number(1, OPTION_POINTS_MAX);
  }
  M.points = points;

  // A count or a small value: the bid step, tries, bolts, give-ups, an ace in the musik.
  function small(low) {
    return number(low, OPTION_SMALL_MAX);
  }
  M.small = small;

  function yes_no() {
    return new Spec({ kind: "bool", parse: _bool });
  }
  M.yes_no = yes_no;

  function one_of() {
    var allowed = Array.prototype.slice.call(arguments);
    return new Spec({ kind: "choice", parse: _choice.apply(null, allowed), choices: allowed });
  }
  M.one_of = one_of;

  // `spec` or null (false too): a house rule that a game may leave off.
  function optional(spec, usual) {
    if (usual === undefined) usual = null;
    return py.replace(spec, { parse: _optional(spec.parse), optional: true, usual: usual });
  }
  M.optional = optional;

  // A house rule of several keys (records.py), null when off; each key's usual value is the
  // record's default, and `true` turns the rule on with all of them.
  function record(kind, keys) {
    var usual = new kind({});
    var specs = {};
    var parsers = {};
    for (var key in keys) {
      specs[key] = py.replace(keys[key], { usual: usual[key] });
      parsers[key] = specs[key].parse;
    }
    return new Spec({
      kind: "record",
      parse: _record(kind, parsers),
      optional: true,
      keys: specs,
      usual: usual,
    });
  }
  M.record = record;

})(globalThis.SK = globalThis.SK || {});
