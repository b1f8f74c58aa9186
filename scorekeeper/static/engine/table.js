// Twin of scorekeeper/rules/table.py: the running state of a game while its lines are replayed, totals and per-seat counters.
(function (SK) {
  "use strict";
  var M = (SK.table = {});

  function _repeat(value, n) {
    var out = [];
    for (var i = 0; i < n; i++) out.push(value);
    return out;
  }

  // Mutable state folded over the lines; only the rules' replay touches it.
  // `new Table(seats, first_dealer)` as in Python (a plain class, not a record); an object
  // of the two, `new Table({seats, first_dealer})`, is taken too.
  class Table {
    constructor(seats, first_dealer) {
      if (seats !== null && typeof seats === "object") {
        first_dealer = seats.first_dealer;
        seats = seats.seats;
      }
      this.seats = seats;
      this.totals = _repeat(0, seats);
      this.on_barrel = _repeat(false, seats);
      this.barrel_hands = _repeat(0, seats); // hands played on the barrel since climbing (tries used)
      this.barrel_falls = _repeat(0, seats); // falls from the barrel in the game (5.1 falls_to_zero)
      this.bolts = _repeat(0, seats); // bolts since the last bolt penalty (or the run's break)
      this.give_ups = _repeat(0, seats);
      this.next_dealer = first_dealer;
      this.hands = 0; // hands dealt so far, adjustments apart (the golden deal counts them)
      this.golden_made = false; // a declarer made its contract in a golden hand (5.1)
      this.ended_at = null; // line number of the hand that ended the game
      this.winners = [];
    }

    copy() {
      var other = new Table(this.seats, this.next_dealer);
      other.totals = this.totals.slice();
      other.on_barrel = this.on_barrel.slice();
      other.barrel_hands = this.barrel_hands.slice();
      other.bolts = this.bolts.slice();
      other.barrel_falls = this.barrel_falls.slice();
      other.give_ups = this.give_ups.slice();
      other.hands = this.hands;
      other.golden_made = this.golden_made;
      other.ended_at = this.ended_at;
      // a tuple in Python, shared; copied here so that no change to one reaches the other
      other.winners = this.winners.slice();
      return other;
    }
  }
  M.Table = Table;
})(globalThis.SK = globalThis.SK || {});
