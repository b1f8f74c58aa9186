// Twin of scorekeeper/rules/sheet.py: a score sheet being filled in, lines added one by one, and the tally derived at any point.
(function (SK) {
  "use strict";
  var M = (SK.sheet = {});

  var N_ = SK.errors.N_;

  function _problem(hand, field, template, seat, params) {
    return new SK.errors.Problem({
      hand: hand,
      field: field,
      template: template,
      seat: seat,
      params: params,
    });
  }

  // Folds lines through the rules; a refused line leaves the sheet as it was.
  class Sheet {
    constructor(rules, first_dealer, names) {
      if (first_dealer === undefined) first_dealer = 0;
      if (names === undefined) names = null;
      if (!(0 <= first_dealer && first_dealer < rules.seats)) {
        throw new SK.errors.InvalidHand([
          _problem(
            null,
            "first_dealer",
            N_("the first dealer must be a seat from 0 to {last}, got {dealer}"),
            null,
            { last: rules.seats - 1, dealer: first_dealer }
          ),
        ]);
      }
      this.rules = rules;
      this.names = names;
      this.table = new SK.table.Table(rules.seats, first_dealer);
      this.lines = [];
      this._number = 0;
      this._checker = new SK.checks.Checker(rules, this.table, names);
    }

    // An independent sheet in the same state: add to it without touching this one.
    copy() {
      var other = Object.create(Sheet.prototype);
      other.rules = this.rules;
      other.names = this.names;
      other.table = this.table.copy();
      other.lines = this.lines.slice();
      other._number = this._number;
      other._checker = new SK.checks.Checker(this.rules, other.table, this.names);
      return other;
    }

    // The problems `line` would have as the next line (empty: it can be added).
    check(line) {
      return this._checker.line(line, this._number + 1);
    }

    // Scores `line` as the next line; InvalidHand (and no change) if it is refused.
    add(line) {
      var problems = this.check(line);
      if (problems.length) {
        throw new SK.errors.InvalidHand(problems);
      }
      return this._score(line);
    }

    _score(line) {
      this._number += 1;
      var result;
      if (line instanceof SK.hand.Adjustment) {
        result = SK.scoring.adjust(this.rules, line, this.table, this._number);
      } else {
        result = SK.scoring.play(this.rules, line, this.table, this._number);
      }
      this.lines.push(result);
      return result;
    }

    // Adds every line; raises InvalidHand with every problem of every line.
    //
    // A refused line is skipped (its deal still moves the rotation) so that the lines after
    // it are checked too, and one run reports all problems. `stored`: the lines were
    // accepted when they were logged, so the checks of what a real deal gives (forced
    // opening, the cards, added later: Checker.entry) do not refuse them now; a game kept
    // for years still scores. Every line entered (a form, the API, a game file) gets them.
    replay(lines, stored) {
      if (stored === undefined) stored = false;
      var checker = this._checker;
      checker.entry = !stored;
      try {
        // Python pauses the garbage collector here (gcpause.paused_gc); nothing to do in JS.
        return this._replay(lines);
      } finally {
        checker.entry = true;
      }
    }

    _replay(lines) {
      var problems = [];
      var table = this.table;
      for (var i = 0; i < lines.length; i++) {
        var line = lines[i];
        var found = this.check(line);
        if (!found.length) {
          this._score(line);
          continue;
        }
        this._number += 1;
        if (table.ended_at != null) {
          problems.push(
            _problem(
              this._number,
              "hand",
              N_("the game ended with line {line}; nothing can be added after it"),
              null,
              { line: table.ended_at }
            )
          );
          break; // one message for the whole tail, not one per line
        }
        for (var k = 0; k < found.length; k++) problems.push(found[k]);
        if (this._number > SK.bounds.LINES_MAX) {
          break; // one message for the lines past the most, not one each
        }
        if (line instanceof SK.hand.Hand) {
          table.next_dealer = (SK.scoring.dealer_of(this.rules, line, table) + 1) % table.seats;
          table.hands += 1; // and its place among the hands: the golden deal counts it
        }
      }
      if (problems.length) {
        throw new SK.errors.InvalidHand(problems);
      }
      return this.tally();
    }

    // The derived state after the lines so far.
    tally() {
      var rules = this.rules,
        table = this.table;
      var o = rules.options;
      var barrel_tries = o.barrel ? o.barrel.tries : 0;
      var limit = o.give_up ? o.give_up.limit : null;
      if (limit === undefined) limit = null;
      var every = o.give_up ? o.give_up.every : null;
      var players = [];
      for (var s = 0; s < table.seats; s++) {
        players.push(
          new SK.tally.PlayerState({
            seat: s,
            total: table.totals[s],
            on_barrel: table.on_barrel[s],
            tries_left: table.on_barrel[s] ? barrel_tries - table.barrel_hands[s] : null,
            bolts: table.bolts[s],
            give_ups: table.give_ups[s],
            give_ups_left: limit === null ? null : Math.max(0, limit - table.give_ups[s]),
            locked: o.lock != null && table.totals[s] >= o.lock,
            barrel_falls: table.barrel_falls[s],
            // 5.1: the next give-up that costs the penalty, counted from here (1: the next)
            give_ups_to_penalty: every === null ? null : every - (table.give_ups[s] % every),
            silent: rules.silent(table.totals[s]),
          })
        );
      }
      var finished = table.ended_at != null;
      var settlement = [];
      if (finished && table.winners.length === 1 && o.stake != null) {
        var w = table.winners[0];
        for (var p = 0; p < table.seats; p++) {
          if (p !== w) {
            // section 4: every other player pays max(0, winner's total - own total) x stake;
            // Decimal(...) * stake: the stake is an integer count of its smallest unit
            // (bounds.STAKE_PLACES decimals), and so is the amount (docs/engine.md); a BigInt
            // past 2 ** 53
            var diff = Math.max(0, table.totals[w] - table.totals[p]);
            var amount = diff * o.stake;
            if (!Number.isSafeInteger(amount)) amount = BigInt(diff) * BigInt(o.stake);
            settlement.push(new SK.tally.Payment({ payer: p, payee: w, amount: amount }));
          }
        }
      }
      var nxt = table.next_dealer;
      return new SK.tally.Tally({
        lines: this.lines.slice(),
        totals: table.totals.slice(),
        players: players,
        next_dealer: nxt,
        sitting_out: o.sitting_out === "dealer" ? nxt : null,
        bidding: rules.bidding(table),
        finished: finished,
        winners: table.winners,
        settlement: settlement,
        hands: table.hands,
      });
    }
  }
  M.Sheet = Sheet;

  // Each line's number as the table counts hands (1, 2, 3 over the hands only), None for an
  // adjustment, which is a line of its own kind: after one adjustment the first hand is still
  // hand 1. A line's position (its URL, the game file's `number`) stays the line number.
  M.hand_numbers = function (lines) {
    var out = [];
    var hands = 0;
    for (var i = 0; i < lines.length; i++) {
      if (lines[i].kind === "adjustment") {
        out.push(null);
      } else {
        hands += 1;
        out.push(hands);
      }
    }
    return out;
  };
})(globalThis.SK = globalThis.SK || {});
