// Twin of scorekeeper/rules/options.py: house rules as data, one immutable options object per game, validated once (scoring.md 2, 5).
(function (SK) {
  "use strict";
  var py = SK.py;
  var errors = SK.errors;
  var parsers = SK.parsers;
  var N_ = errors.N_;
  var InvalidHand = errors.InvalidHand;
  var Message = errors.Message;
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
  class Options {
    constructor(f) {
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

    _check_consistent() {
      var problems = [];
      if (this.auction) {
        if (py.mod(this.min_bid, this.bid_step)) {
          problems.push([
            "min_bid",
            new Message({
              template: N_("the lowest bid {bid} is not a multiple of the bid step {step}"),
              params: { bid: this.min_bid, step: this.bid_step },
            }),
          ]);
        }
        if (this.max_contract < this.min_bid) {
          problems.push([
            "max_contract",
            new Message({
              template: N_("the largest contract {most} is below the lowest bid {bid}"),
              params: { most: this.max_contract, bid: this.min_bid },
            }),
          ]);
        }
      }
      if (this.lock !== null && !this.auction) {
        // 3.2: with no declarer a locked seat could never score again
        problems.push([
          "lock",
          new Message({
            template: N_(
              "the lock needs an auction: with no declarer a locked player " +
                "could never finish"
            ),
            params: {},
          }),
        ]);
      }
      if (this.barrel && !(this.barrel.at < this.target)) {
        problems.push([
          "barrel",
          new Message({
            template: N_("the barrel at {at} must be below the target {target}"),
            params: { at: this.barrel.at, target: this.target },
          }),
        ]);
      }
      problems = problems.concat(this._club_problems());
      if (problems.length) {
        throw new InvalidHand(
          problems.map(function (km) {
            return new Problem({
              hand: null,
              field: "options." + km[0],
              template: N_("option {key}: {detail}"),
              seat: null,
              params: { key: km[0], detail: km[1] },
            });
          })
        );
      }
    }

    // The club agreements of 5.1 that cannot be played with the other options.
    _club_problems() {
      var out = [];
      var self = this;
      if (!this.auction) {
        // a blind bid, a golden hand's forced opener and a silent seat are all declarers
        var needs = [
          ["blind", N_("a blind bid needs an auction: with no declarer nobody bids")],
          [
            "golden",
            N_("the golden deal needs an auction: with no declarer nobody plays its contract"),
          ],
          ["silence", N_("silence needs an auction: with no declarer nobody bids")],
        ];
        needs.forEach(function (km) {
          if (self[km[0]] !== null) {
            out.push([km[0], new Message({ template: km[1], params: {} })]);
          }
        });
        return out;
      }
      var golden = this.golden,
        blind = this.blind;
      if (
        golden !== null &&
        (py.mod(golden.contract, this.bid_step) ||
          !(this.min_bid <= golden.contract && golden.contract <= this.max_contract))
      ) {
        out.push([
          "golden",
          new Message({
            template: N_(
              "the golden contract {contract} is no contract of this game: a multiple of " +
                "{step} from {least} to {most}"
            ),
            params: {
              contract: golden.contract,
              step: this.bid_step,
              least: this.min_bid,
              most: this.max_contract,
            },
          }),
        ]);
      }
      if (blind !== null && blind.min_contract > this.max_contract) {
        out.push([
          "blind",
          new Message({
            template: N_(
              "a blind contract of at least {least} is above the largest contract {most}: " +
                "nobody could bid blind"
            ),
            params: { least: blind.min_contract, most: this.max_contract },
          }),
        ]);
      }
      return out;
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
