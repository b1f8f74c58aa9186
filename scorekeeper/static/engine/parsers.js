// Twin of scorekeeper/rules/parsers.py: every option's kind, bounds and parser (scoring.md 2, 5), a JSON value in, the typed one out.
(function (SK) {
  "use strict";
  var py = SK.py;
  var bounds = SK.bounds;
  var cards = SK.cards;
  var errors = SK.errors;
  var records = SK.records;
  var N_ = errors.N_;
  var Message = errors.Message;
  var M = (SK.parsers = {});

  var ACE_MARRIAGE_MAX = bounds.ACE_MARRIAGE_MAX;
  var OPTION_POINTS_MAX = bounds.OPTION_POINTS_MAX;
  var OPTION_SMALL_MAX = bounds.OPTION_SMALL_MAX;
  var STAKE_MAX = bounds.STAKE_MAX;
  var STAKE_PLACES = bounds.STAKE_PLACES;

  function _has(d, key) {
    return Object.prototype.hasOwnProperty.call(d, key);
  }

  var DEFAULT_MARRIAGES = { hearts: 100, diamonds: 80, clubs: 60, spades: 40 };
  M.DEFAULT_MARRIAGES = DEFAULT_MARRIAGES;
  // the lock of pl-3 and pl-4 (scoring.md 1): what "the lock" means when a game turns it on
  var LOCK_USUAL = 900;
  M.LOCK_USUAL = LOCK_USUAL;

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

  var _ROUNDING_WORDS = { none: 0, 0: 0, 5: 5, 10: 10 };

  function _rounding(raw) {
    // {"none": 0, None: 0, 0: 0, "0": 0, 5: 5, "5": 5, 10: 10, "10": 10}: a float equal to
    // 0, 5 or 10 is found too (5.0 == 5), a bool never (it is refused first)
    var found;
    if (raw === null) {
      found = 0;
    } else if (py.is_str(raw)) {
      found = _has(_ROUNDING_WORDS, raw) ? _ROUNDING_WORDS[raw] : undefined;
    } else if (typeof raw === "number" || raw instanceof py.Float) {
      var x = py.num(raw);
      found = x === 0 ? 0 : x === 5 ? 5 : x === 10 ? 10 : undefined;
    }
    if (py.is_bool(raw) || py.is_list(raw) || py.is_dict(raw) || found === undefined) {
      throw new Bad(N_("must be none, 5 or 10, got {raw!r}"), { raw: raw });
    }
    return found;
  }
  M._rounding = _rounding;

  function _deck(raw) {
    var DECKS = cards.DECKS;
    if (!py.is_str(raw) || !py.contains(DECKS, raw)) {
      throw new Bad(N_("must be one of {allowed}, got {raw!r}"), {
        allowed: py.keys(DECKS).join(", "),
        raw: raw,
      });
    }
    return py.get(DECKS, raw);
  }
  M._deck = _deck;

  function _marriage_values(raw) {
    if (!py.is_dict(raw)) {
      throw new Bad(N_("must be an object with a value per suit"));
    }
    var unknown = py.sorted_str(
      py.keys(raw).filter(function (suit) {
        return cards.SUITS.indexOf(suit) < 0;
      })
    );
    if (unknown.length) {
      throw new Bad(N_("unknown suit {suit!r}"), { suit: unknown[0] });
    }
    var given = {};
    var items = py.items(raw);
    for (var i = 0; i < items.length; i++) {
      given[items[i][0]] = _int(items[i][1], 0, OPTION_SMALL_MAX);
    }
    var out = {};
    for (var suit in DEFAULT_MARRIAGES) out[suit] = DEFAULT_MARRIAGES[suit];
    for (var s in given) out[s] = given[s];
    return out;
  }
  M._marriage_values = _marriage_values;

  // Money as the twin keeps it (docs/engine.md): an integer count of 10 ** -STAKE_PLACES.
  function _stake(raw) {
    if (raw === null || raw === undefined) {
      return null;
    }
    if (
      py.is_bool(raw) ||
      !(py.is_int(raw) || py.is_float(raw) || py.is_str(raw))
    ) {
      throw new Bad(N_("must be an amount of money per point, got {raw!r}"), { raw: raw });
    }
    var value;
    try {
      value = new py.Decimal(py.str(raw));
    } catch (e) {
      if (e.name !== "InvalidOperation") throw e;
      throw new Bad(N_("must be an amount of money per point, got {raw!r}"), { raw: raw });
    }
    var problem = bounds.stake_problem(value);
    if (problem !== null) {
      // scoring.md 3.2: from 0 to 1,000 with at most 4 decimal places
      throw new Bad(
        N_(
          "must be an amount of money per point from 0 to {most}, with at most {places} " +
            "decimal places, got {raw!r}"
        ),
        { most: STAKE_MAX, places: STAKE_PLACES, raw: raw }
      );
    }
    return value.units(STAKE_PLACES) + 0; // -0 is 0
  }
  M._stake = _stake;

  function _opponents(raw) {
    return raw === "half" ? "half" : _int(raw, 0, OPTION_SMALL_MAX);
  }
  M._opponents = _opponents;

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

  function _per_suit_keys() {
    var out = {};
    for (var suit in DEFAULT_MARRIAGES) {
      out[suit] = py.replace(small(0), { usual: DEFAULT_MARRIAGES[suit] });
    }
    return out;
  }

  // Every option of scoring.md sections 2 and 5, in the order of the game file and the docs
  // (no prototype: a game file's key is looked up in it).
  var OPTION_SPECS = Object.assign(Object.create(null), {
    target: points(),
    cards: new Spec({ kind: "choice", parse: _deck, choices: py.keys(cards.DECKS) }),
    bidding: one_of("auction", "none"),
    min_bid: points(),
    bid_step: small(1),
    max_contract: points(),
    contract_raise: yes_no(),
    marriages: one_of("declared", "in-tricks"),
    marriage_values: new Spec({
      kind: "per_suit",
      parse: _marriage_values,
      low: 0,
      high: OPTION_SMALL_MAX,
      keys: _per_suit_keys(),
      usual: DEFAULT_MARRIAGES,
    }),
    marriage_needs_trick: yes_no(),
    trump_marriage_double: yes_no(),
    double_on_switch: yes_no(),
    rounding: new Spec({ kind: "choice", parse: _rounding, choices: ["none", "5", "10"] }),
    round_declarer: yes_no(),
    lock: optional(points(), LOCK_USUAL),
    sitting_out: optional(one_of("dealer"), "dealer"),
    musik_bonus: record(records.MusikBonus, { ace: small(0), marriage: yes_no() }),
    give_up: record(records.GiveUp, {
      declarer: one_of("minus", "zero"),
      opponents: new Spec({
        kind: "int",
        parse: _opponents,
        low: 0,
        high: OPTION_SMALL_MAX,
        choices: ["half"],
      }),
      limit: optional(small(1)),
    }),
    slam_counts_all: yes_no(),
    all_cards_in_play: yes_no(),
    stake: new Spec({
      kind: "money",
      parse: _stake,
      optional: true,
      low: 0,
      high: STAKE_MAX instanceof py.Decimal ? STAKE_MAX.to_int() : STAKE_MAX,
      places: STAKE_PLACES,
    }),
    barrel: record(records.Barrel, {
      at: points(),
      tries: small(1),
      penalty: number(),
      knock_off: yes_no(),
    }),
    bolts: record(records.Bolts, { count: small(1), penalty: number() }),
    dump: record(records.Dump, { at: points(), negative: yes_no() }),
    ace_marriage: optional(number(0, ACE_MARRIAGE_MAX)),
  });
  M.OPTION_SPECS = OPTION_SPECS;
})(globalThis.SK = globalThis.SK || {});
