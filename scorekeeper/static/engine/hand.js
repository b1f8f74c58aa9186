// Twin of scorekeeper/rules/hand.py: what was seen at the table, the input records of a hand and of an adjustment (game-file.md).
(function (SK) {
  "use strict";
  var M = (SK.hand = {});

  function _or(value, usual) {
    return value === undefined ? usual : value;
  }

  // A marriage of `seat` in `suit`, in the order declared (or found in tricks). (NamedTuple)
  class Marriage {
    constructor(f) {
      this.seat = f.seat;
      this.suit = f.suit;
      this.switch = _or(f.switch, false); // Moscow: declaring it makes its suit trump (scoring.md 3.3 step 2)
    }

    _asdict() {
      return { seat: this.seat, suit: this.suit, switch: this.switch };
    }
  }
  Marriage._fields = ["seat", "suit", "switch"];
  M.Marriage = Marriage;

  // What the musik held, for the sitting-out dealer's bonus in pl-4. (NamedTuple)
  class Musik {
    constructor(f) {
      f = f || {};
      this.aces = _or(f.aces, 0);
      this.marriage = _or(f.marriage, null);
    }

    _asdict() {
      return { aces: this.aces, marriage: this.marriage };
    }
  }
  Musik._fields = ["aces", "marriage"];
  M.Musik = Musik;

  // One dealt hand, as logged; `points` is null in a given-up hand.
  class Hand {
    constructor(f) {
      f = f || {};
      this.declarer = _or(f.declarer, null);
      this.bid = _or(f.bid, null);
      this.contract = _or(f.contract, null);
      this.give_up = _or(f.give_up, false);
      this.points = _or(f.points, null);
      this.marriages = _or(f.marriages, []);
      this.trump = _or(f.trump, null);
      this.tricks = _or(f.tricks, null);
      this.musik = _or(f.musik, null);
      this.dealer = _or(f.dealer, null);
      this.blind = _or(f.blind, false); // the declarer bid before seeing the musik (scoring.md 5.1)
    }

    // The contract: the bid when no contract is given (game-file.md).
    get final_contract() {
      return this.contract !== null ? this.contract : this.bid;
    }
  }
  Hand._fields = [
    "declarer",
    "bid",
    "contract",
    "give_up",
    "points",
    "marriages",
    "trump",
    "tricks",
    "musik",
    "dealer",
    "blind",
  ];
  M.Hand = Hand;

  // A penalty or an agreed correction: added as it is, through no rule (scoring.md 3.5).
  class Adjustment {
    constructor(f) {
      this.values = f.values;
      this.reason = _or(f.reason, "");
    }
  }
  Adjustment._fields = ["values", "reason"];
  M.Adjustment = Adjustment;
})(globalThis.SK = globalThis.SK || {});
