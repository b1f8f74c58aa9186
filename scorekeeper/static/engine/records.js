// Twin of scorekeeper/rules/records.py: the nested house rules of scoring.md section 5 as small immutable records.
(function (SK) {
  "use strict";
  var M = (SK.records = {});

  // a field given (None included), else the dataclass's default
  function _or(f, key, usual) {
    return f !== undefined && f !== null && f[key] !== undefined ? f[key] : usual;
  }

  /** On the barrel at `at`: `tries` hands to finish, else fall by `penalty` (section 5). */
  class Barrel {
    constructor(f) {
      this.at = _or(f, "at", 880);
      this.tries = _or(f, "tries", 3);
      this.penalty = _or(f, "penalty", 120);
      this.knock_off = _or(f, "knock_off", true);
    }
  }
  Barrel._fields = ["at", "tries", "penalty", "knock_off"];
  M.Barrel = Barrel;

  /** Every `count`-th hand with no points costs `penalty` (section 5). */
  class Bolts {
    constructor(f) {
      this.count = _or(f, "count", 3);
      this.penalty = _or(f, "penalty", 120);
    }
  }
  Bolts._fields = ["count", "penalty"];
  M.Bolts = Bolts;

  /** A total of exactly `at` (or -`at` with `negative`) after a hand becomes 0 (section 5). */
  class Dump {
    constructor(f) {
      this.at = _or(f, "at", 555);
      this.negative = _or(f, "negative", false);
    }
  }
  Dump._fields = ["at", "negative"];
  M.Dump = Dump;

  /** Giving up after the musik (section 3.4): `opponents` is points or "half" the contract. */
  class GiveUp {
    constructor(f) {
      this.declarer = _or(f, "declarer", "minus");
      this.opponents = _or(f, "opponents", 60);
      this.limit = _or(f, "limit", null);
    }
  }
  GiveUp._fields = ["declarer", "opponents", "limit"];
  M.GiveUp = GiveUp;

  /** The sitting-out dealer's musik: `ace` per ace, and a marriage's value when `marriage`. */
  class MusikBonus {
    constructor(f) {
      this.ace = _or(f, "ace", 50);
      this.marriage = _or(f, "marriage", true);
    }
  }
  MusikBonus._fields = ["ace", "marriage"];
  M.MusikBonus = MusikBonus;
})((globalThis.SK = globalThis.SK || {}));
