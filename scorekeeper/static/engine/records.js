// Twin of scorekeeper/rules/records.py: the nested house rules (scoring.md 5) and club agreements (5.1) as small immutable records.
(function (SK) {
  "use strict";
  var M = (SK.records = {});

  // a field given (None included), else the dataclass's default
  function _or(f, key, usual) {
    return f !== undefined && f !== null && f[key] !== undefined ? f[key] : usual;
  }

  /** On the barrel at `at`: `tries` hands to finish, else fall by `penalty` (section 5); the
   * `falls_to_zero`-th fall of a seat sets its total to 0 instead (5.1; null: never). */
  class Barrel {
    constructor(f) {
      this.at = _or(f, "at", 880);
      this.tries = _or(f, "tries", 3);
      this.penalty = _or(f, "penalty", 120);
      this.knock_off = _or(f, "knock_off", true);
      this.falls_to_zero = _or(f, "falls_to_zero", null);
    }
  }
  Barrel._fields = ["at", "tries", "penalty", "knock_off", "falls_to_zero"];
  M.Barrel = Barrel;

  /** Every `count`-th bolt costs `penalty` (section 5). A bolt is a hand with no points
   * (`kind` "points") or with no trick ("tricks"); with `consecutive`, only a run of bolts in
   * a row counts (5.1). */
  class Bolts {
    constructor(f) {
      this.count = _or(f, "count", 3);
      this.penalty = _or(f, "penalty", 120);
      this.kind = _or(f, "kind", "points");
      this.consecutive = _or(f, "consecutive", false);
    }
  }
  Bolts._fields = ["count", "penalty", "kind", "consecutive"];
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

  /** Giving up after the musik (section 3.4): `opponents` is points or "half" the contract.
   * 5.1: every `every`-th give-up of a seat also costs it `penalty` (null: no such penalty);
   * with `on_barrel` false a seat on the barrel cannot give up. */
  class GiveUp {
    constructor(f) {
      this.declarer = _or(f, "declarer", "minus");
      this.opponents = _or(f, "opponents", 60);
      this.limit = _or(f, "limit", null);
      this.every = _or(f, "every", null);
      this.penalty = _or(f, "penalty", 120);
      this.on_barrel = _or(f, "on_barrel", true);
    }
  }
  GiveUp._fields = ["declarer", "opponents", "limit", "every", "penalty", "on_barrel"];
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

  /** A blind bid (5.1): the declarer bid before seeing the musik; ±contract × `multiplier`.
   * The contract is at least `min_contract`; with `min_total`, the declarer's total before the
   * hand is at least it; `on_barrel`: whether a declarer on the barrel may bid blind. */
  class Blind {
    constructor(f) {
      this.multiplier = _or(f, "multiplier", 2);
      this.min_contract = _or(f, "min_contract", 120);
      this.min_total = _or(f, "min_total", null);
      this.on_barrel = _or(f, "on_barrel", false);
    }
  }
  Blind._fields = ["multiplier", "min_contract", "min_total", "on_barrel"];
  M.Blind = Blind;

  /** The golden deal (5.1): the first `hands` hands (null: as many as there are players),
   * each played by the forced opener at exactly `contract`, every score × `multiplier`; with
   * `reset_if_nobody`, all totals go back to 0 after them when no declarer made it. */
  class Golden {
    constructor(f) {
      this.hands = _or(f, "hands", null);
      this.contract = _or(f, "contract", 120);
      this.multiplier = _or(f, "multiplier", 2);
      this.reset_if_nobody = _or(f, "reset_if_nobody", true);
    }
  }
  Golden._fields = ["hands", "contract", "multiplier", "reset_if_nobody"];
  M.Golden = Golden;

  /** Silence (5.1): a seat whose total before the hand is below `below` may be declarer only
   * as the forced opener at the lowest bid. */
  class Silence {
    constructor(f) {
      this.below = _or(f, "below", -120);
    }
  }
  Silence._fields = ["below"];
  M.Silence = Silence;
})((globalThis.SK = globalThis.SK || {}));
