// Twin of scorekeeper/rules/tally.py: what the rules give back, per-line results, each player's state, and the tally of a game.
(function (SK) {
  "use strict";
  var M = (SK.tally = {});

  function _or(value, usual) {
    return value === undefined ? usual : value;
  }

  // One line of the score sheet: a hand (kind "hand") or an adjustment. (NamedTuple)
  class LineResult {
    constructor(f) {
      this.number = f.number;
      this.kind = f.kind;
      this.dealer = f.dealer;
      this.declarer = f.declarer;
      this.scores = f.scores;
      this.totals = f.totals;
      this.notes = f.notes;
      this.contract = _or(f.contract, null); // the contract played (the lowest bid when none was given)
    }

    _asdict() {
      var out = {};
      for (var i = 0; i < LineResult._fields.length; i++) {
        out[LineResult._fields[i]] = this[LineResult._fields[i]];
      }
      return out;
    }
  }
  LineResult._fields = [
    "number",
    "kind",
    "dealer",
    "declarer",
    "scores",
    "totals",
    "notes",
    "contract",
  ];
  M.LineResult = LineResult;

  // What a scoreboard shows of one seat after the last line. (NamedTuple)
  class PlayerState {
    constructor(f) {
      this.seat = f.seat;
      this.total = f.total;
      this.on_barrel = f.on_barrel;
      this.tries_left = f.tries_left; // hands left on the barrel; null when not on it
      this.bolts = f.bolts; // bolts since the last bolt penalty
      this.give_ups = f.give_ups;
      this.give_ups_left = f.give_ups_left; // null: no limit (or no giving up at all)
      this.locked = f.locked; // at or above the lock: scores only as declarer
      // the club agreements of scoring.md 5.1
      this.barrel_falls = _or(f.barrel_falls, 0); // falls from the barrel so far in the game
      this.give_ups_to_penalty = _or(f.give_ups_to_penalty, null); // give-ups until the next one costs the penalty
      this.silent = _or(f.silent, false); // below silence's mark: may declare only as the forced opener
    }

    _asdict() {
      var out = {};
      for (var i = 0; i < PlayerState._fields.length; i++) {
        out[PlayerState._fields[i]] = this[PlayerState._fields[i]];
      }
      return out;
    }
  }
  PlayerState._fields = [
    "seat",
    "total",
    "on_barrel",
    "tries_left",
    "bolts",
    "give_ups",
    "give_ups_left",
    "locked",
    "barrel_falls",
    "give_ups_to_penalty",
    "silent",
  ];
  M.PlayerState = PlayerState;

  // A hand of the golden deal (scoring.md 5.1): hand `hand` of `hands`, played by the forced
  // opener `declarer` at exactly `contract`, every score × `multiplier`.
  class GoldenHand {
    constructor(f) {
      this.hand = f.hand;
      this.hands = f.hands;
      this.declarer = f.declarer;
      this.contract = f.contract;
      this.multiplier = f.multiplier;
    }
  }
  GoldenHand._fields = ["hand", "hands", "declarer", "contract", "multiplier"];
  M.GoldenHand = GoldenHand;

  // Who opens the next auction, and the variant's hints (musik "na setce", the 850 rule,
  // the club agreements' silent seats and golden hand).
  class Bidding {
    constructor(f) {
      this.opener = f.opener; // null: no auction in this variant
      this.forced = f.forced; // the opener must bid `min_bid` and cannot pass
      this.min_bid = f.min_bid;
      this.may_skip = _or(f.may_skip, []); // ru-2, 850 rule: these seats may stay out of the auction
      this.may_not_pass = _or(f.may_not_pass, []); // ... and then these may not pass
      this.silent = _or(f.silent, []); // 5.1: these may declare only as the opener at `min_bid`
      this.golden = _or(f.golden, null); // 5.1: the next hand is golden (no auction: it is fixed)
    }
  }
  Bidding._fields = ["opener", "forced", "min_bid", "may_skip", "may_not_pass", "silent", "golden"];
  M.Bidding = Bidding;

  // `payer` pays `payee` `amount` (scoring.md section 4). `amount` is money as the twin keeps
  // it (docs/engine.md): an integer count of the smallest unit (bounds.STAKE_PLACES decimals).
  class Payment {
    constructor(f) {
      this.payer = f.payer;
      this.payee = f.payee;
      this.amount = f.amount;
    }
  }
  Payment._fields = ["payer", "payee", "amount"];
  M.Payment = Payment;

  // The whole derived score sheet of a game, recomputed from its lines.
  class Tally {
    constructor(f) {
      this.lines = f.lines;
      this.totals = f.totals;
      this.players = f.players;
      this.next_dealer = f.next_dealer;
      this.sitting_out = f.sitting_out; // who sits out the next hand (pl-4: its dealer)
      this.bidding = f.bidding;
      this.finished = f.finished;
      this.winners = f.winners;
      this.settlement = f.settlement;
      this.hands = _or(f.hands, 0); // hands played (adjustments are not hands): the golden deal counts them
    }
  }
  Tally._fields = [
    "lines",
    "totals",
    "players",
    "next_dealer",
    "sitting_out",
    "bidding",
    "finished",
    "winners",
    "settlement",
    "hands",
  ];
  M.Tally = Tally;
})(globalThis.SK = globalThis.SK || {});
