// Twin of scorekeeper/rules/options.py: house rules as data, one immutable options object per game, validated once (scoring.md 2, 5).
(function (SK) {
  "use strict";
  var py = SK.py;
  var errors = SK.errors;
  var parsers = SK.parsers;
  var N_ = errors.N_;
  var InvalidHand = errors.InvalidHand;
  var Problem = errors.Problem;
  var OPTION_SPECS = SK.optionspecs.OPTION_SPECS;
  var Bad = parsers.Bad;
  var M = (SK.options = {});

  function _has(d, key) {
    return Object.prototype.hasOwnProperty.call(d, key);
  }

  function _or(value, usual) {
    return value === undefined ? usual : value;
  }

  // Every option of scoring.md section 2, the house rules of section 5 and the club
  // agreements of 5.1.
  // `stake` is money as the twin keeps it (docs/engine.md): an integer count of
  // 10 ** -bounds.STAKE_PLACES, or null.
  class Options extends SK.optionchecks.OptionChecks {
    constructor(f) {
      super();
      f = f || {};
      this.target = _or(f.target, 1000);
      this.cards = _or(f.cards, SK.cards.STANDARD);
      this.bidding = _or(f.bidding, "auction");
      this.min_bid = _or(f.min_bid, 100);
      this.bid_step = _or(f.bid_step, 10);
      this.max_contract = _or(f.max_contract, 400);
      this.contract_raise = _or(f.contract_raise, true);
      this.marriages = _or(f.marriages, "declared");
      this.marriage_values = _or(f.marriage_values, Object.assign({}, SK.optionspecs.DEFAULT_MARRIAGES));
      this.marriage_needs_trick = _or(f.marriage_needs_trick, true);
      this.trump_marriage_double = _or(f.trump_marriage_double, false);
      this.double_on_switch = _or(f.double_on_switch, false);
      this.rounding = _or(f.rounding, 10); // 0 means "none"
      this.round_declarer = _or(f.round_declarer, false);
      this.lock = _or(f.lock, null);
      this.sitting_out = _or(f.sitting_out, null);
      this.musik_bonus = _or(f.musik_bonus, null);
      this.give_up = _or(f.give_up, null);
      this.slam_counts_all = _or(f.slam_counts_all, false);
      this.all_cards_in_play = _or(f.all_cards_in_play, true);
      this.stake = _or(f.stake, null);
      this.barrel = _or(f.barrel, null);
      this.bolts = _or(f.bolts, null);
      this.dump = _or(f.dump, null);
      this.ace_marriage = _or(f.ace_marriage, null);
      this.blind = _or(f.blind, null);
      this.golden = _or(f.golden, null);
      this.silence = _or(f.silence, null);
    }

    get auction() {
      return this.bidding === "auction";
    }

    // The preset's values with `overrides` on top; every bad key or value is a problem.
    static build(preset, overrides) {
      var problems = [];
      var values = {};
      // dict(overrides or {}): a Map keeps the keys in the file's order, whatever they are
      var given = new Map(overrides && py.truthy(overrides) ? py.items(overrides) : []);
      given.forEach(function (_raw, key) {
        if (!(key in OPTION_SPECS)) {
          problems.push(
            new Problem({
              hand: null,
              field: "options." + key,
              template: N_("unknown option {key!r}"),
              seat: null,
              params: { key: key },
            })
          );
        }
      });
      // {**preset, **given}
      var merged = new Map(py.items(preset));
      given.forEach(function (raw, key) {
        merged.set(key, raw);
      });
      merged.forEach(function (raw, key) {
        if (!(key in OPTION_SPECS)) {
          return;
        }
        try {
          values[key] = OPTION_SPECS[key].parse(raw);
        } catch (bad) {
          if (!(bad instanceof Bad)) throw bad;
          problems.push(
            new Problem({
              hand: null,
              field: "options." + key,
              template: N_("option {key}: {detail}"),
              seat: null,
              params: { key: key, detail: bad.message },
            })
          );
        }
      });
      if (problems.length) {
        throw new InvalidHand(problems);
      }
      var options = new Options(values);
      options._check_consistent();
      return options;
    }

    // Plain JSON values, as the game file writes them (the inverse of `build`).
    to_dict() {
      var out = {};
      for (var i = 0; i < Options._fields.length; i++) {
        var name = Options._fields[i];
        out[name] = _plain(name, this[name]);
      }
      return out;
    }

    // The options that differ from `preset`: what a game file needs to store.
    overrides_from(preset) {
      var mine = this.to_dict(),
        theirs = preset.to_dict();
      var out = {};
      for (var k in mine) {
        if (!py.eq(_has(theirs, k) ? theirs[k] : null, mine[k])) out[k] = mine[k];
      }
      return out;
    }
  }
  Options._fields = [
    "target",
    "cards",
    "bidding",
    "min_bid",
    "bid_step",
    "max_contract",
    "contract_raise",
    "marriages",
    "marriage_values",
    "marriage_needs_trick",
    "trump_marriage_double",
    "double_on_switch",
    "rounding",
    "round_declarer",
    "lock",
    "sitting_out",
    "musik_bonus",
    "give_up",
    "slam_counts_all",
    "all_cards_in_play",
    "stake",
    "barrel",
    "bolts",
    "dump",
    "ace_marriage",
    "blind",
    "golden",
    "silence",
  ];
  M.Options = Options;

  function _plain(name, value) {
    if (name === "rounding") {
      return value || "none";
    }
    if (value instanceof SK.cards.Deck) {
      return value.key;
    }
    if (name === "stake" && value !== null) {
      // the stake's count of 10 ** -places: int(value) when whole, else float(value)
      var scale = Math.pow(10, SK.bounds.STAKE_PLACES);
      return value % scale === 0 ? value / scale : new py.Float(value / scale);
    }
    if (value !== null && OPTION_SPECS[name].kind === "record") {
      var fields = value.constructor._fields || Object.keys(value);
      var out = {};
      for (var i = 0; i < fields.length; i++) out[fields[i]] = value[fields[i]];
      return out;
    }
    if (py.is_dict(value)) {
      return Object.assign({}, value);
    }
    return value;
  }
  M._plain = _plain;
})(globalThis.SK = globalThis.SK || {});
