// Twin of scorekeeper/rules/optionspecs.py: every option of the rules with its kind, bounds and usual value (scoring.md 2, 5 and 5.1).
(function (SK) {
  "use strict";
  var py = SK.py;
  var bounds = SK.bounds;
  var cards = SK.cards;
  var errors = SK.errors;
  var records = SK.records;
  var parsers = SK.parsers;
  var N_ = errors.N_;
  var Spec = parsers.Spec;
  var Bad = parsers.Bad;
  var _int = parsers._int;
  var number = parsers.number;
  var points = parsers.points;
  var small = parsers.small;
  var yes_no = parsers.yes_no;
  var one_of = parsers.one_of;
  var optional = parsers.optional;
  var record = parsers.record;
  var M = (SK.optionspecs = {});

  // The kinds and the generic parsers are parsers.js's; the values only some options take (the
  // rounding's words, the deck, a value per suit, the stake, half a contract) are parsed here.

  var ACE_MARRIAGE_MAX = bounds.ACE_MARRIAGE_MAX;
  var MULTIPLIER_MAX = bounds.MULTIPLIER_MAX;
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

  // A club agreement's multiplier (5.1): x1 to x10.
  function multiplier() {
    return number(1, MULTIPLIER_MAX);
  }
  M.multiplier = multiplier;

  // Points that may be below 0: a total a club agreement compares with (5.1).
  function signed_points() {
    return number(0 - OPTION_POINTS_MAX, OPTION_POINTS_MAX);
  }
  M.signed_points = signed_points;

  function _per_suit_keys() {
    var out = {};
    for (var suit in DEFAULT_MARRIAGES) {
      out[suit] = py.replace(small(0), { usual: DEFAULT_MARRIAGES[suit] });
    }
    return out;
  }

  // Every option of scoring.md sections 2, 5 and 5.1, in the order of the game file and the docs
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
      every: optional(small(1)),
      penalty: number(),
      on_barrel: yes_no(),
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
      falls_to_zero: optional(small(1)),
    }),
    bolts: record(records.Bolts, {
      count: small(1),
      penalty: number(),
      kind: one_of("points", "tricks"),
      consecutive: yes_no(),
    }),
    dump: record(records.Dump, { at: points(), negative: yes_no() }),
    ace_marriage: optional(number(0, ACE_MARRIAGE_MAX)),
    // the club agreements of 5.1, off in every preset
    blind: record(records.Blind, {
      multiplier: multiplier(),
      min_contract: points(),
      min_total: optional(signed_points()),
      on_barrel: yes_no(),
    }),
    golden: record(records.Golden, {
      hands: optional(small(1)),
      contract: points(),
      multiplier: multiplier(),
      reset_if_nobody: yes_no(),
    }),
    silence: record(records.Silence, { below: signed_points() }),
  });
  M.OPTION_SPECS = OPTION_SPECS;
})(globalThis.SK = globalThis.SK || {});
