// Twin of scorekeeper/rules/table.py: the running state of a game while its lines are replayed;
// totals and per-seat counters.

/** Mutable state folded over the lines; only the rules' replay touches it. */
export class Table {
  /**
   * @param {number} seats
   * @param {number} firstDealer
   */
  constructor(seats, firstDealer) {
    this.seats = seats;
    this.totals = Array(seats).fill(0);
    /** @type {boolean[]} */
    this.onBarrel = Array(seats).fill(false);
    /** hands played on the barrel since climbing (tries used) */
    this.barrelHands = Array(seats).fill(0);
    /** falls from the barrel in the game (5.1 falls_to_zero) */
    this.barrelFalls = Array(seats).fill(0);
    /** bolts since the last bolt penalty (or the run's break) */
    this.bolts = Array(seats).fill(0);
    this.giveUps = Array(seats).fill(0);
    this.nextDealer = firstDealer;
    /** hands dealt so far, adjustments apart (the golden deal counts them) */
    this.hands = 0;
    /** a declarer made its contract in a golden hand (5.1) */
    this.goldenMade = false;
    /** @type {number | null} line number of the hand that ended the game */
    this.endedAt = null;
    /** @type {readonly number[]} */
    this.winners = [];
  }

  /** @returns {Table} */
  copy() {
    const other = new Table(this.seats, this.nextDealer);
    other.totals = [...this.totals];
    other.onBarrel = [...this.onBarrel];
    other.barrelHands = [...this.barrelHands];
    other.barrelFalls = [...this.barrelFalls];
    other.bolts = [...this.bolts];
    other.giveUps = [...this.giveUps];
    other.hands = this.hands;
    other.goldenMade = this.goldenMade;
    other.endedAt = this.endedAt;
    other.winners = this.winners; // a tuple in Python: replaced, never changed in place
    return other;
  }
}
