// Twin of scorekeeper/rules/checks.py: validation of one line against the game so far (scoring.md 3.2): problems, not crashes.
(function (SK) {
  "use strict";
  var M = (SK.checks = {});

  var N_ = SK.errors.N_;

  // The problems of a line: the game's state, the auction, the club agreements (5.1), a
  // give-up, then the cards.
  class Checker extends SK.auctionchecks.AuctionChecks {
    // The problems of `line` as line `number` of the sheet (empty: it can be scored).
    line(line, number) {
      var bounds = SK.bounds;
      this.number = number;
      this.problems = [];
      if (number > bounds.LINES_MAX) {
        // a real game is under 200 lines; this bounds a game's work (scoring.md 3.2)
        this.bad(
          "hand",
          N_("a game has at most {most} lines; this would be line {line}"),
          null,
          { most: bounds.LINES_MAX, line: number }
        );
      } else if (this.table.ended_at != null) {
        this.bad(
          "hand",
          N_("the game ended with line {line}; nothing can be added after it"),
          null,
          { line: this.table.ended_at }
        );
      } else if (line instanceof SK.hand.Adjustment) {
        this.adjustment(line);
      } else {
        this.hand(line);
      }
      return this.problems;
    }

    adjustment(line) {
      var bounds = SK.bounds;
      if (line.values.length !== this.table.seats) {
        this.bad(
          "adjustment",
          N_("an adjustment needs one number per player ({seats}), got {got}"),
          null,
          { seats: this.table.seats, got: line.values.length }
        );
      }
      for (var seat = 0; seat < line.values.length; seat++) {
        var value = line.values[seat];
        // scoring.md 3.2 "Numbers": within +-10,000 per seat
        if (!(-bounds.ADJUSTMENT_MAX <= value && value <= bounds.ADJUSTMENT_MAX)) {
          this.bad(
            "adjustment",
            N_("an adjustment is from -{most} to {most} points, got {value} for {player}"),
            seat,
            { most: bounds.ADJUSTMENT_MAX, value: value, player: this.who(seat) }
          );
        }
      }
      var wrong = bounds.text_problem(line.reason, bounds.REASON_MAX, true);
      if (wrong != null) this.bad("reason", N_("the reason: {detail}"), null, { detail: wrong });
    }

    hand(hand) {
      var n = this.table.seats;
      var dealer = hand.dealer;
      if (dealer == null) {
        dealer = this.table.next_dealer;
      } else if (!(0 <= dealer && dealer < n)) {
        this.bad(
          "dealer",
          N_("the dealer must be a seat from 0 to {last}, got {dealer}"),
          null,
          { last: n - 1, dealer: dealer }
        );
        return;
      }
      var playing = this.rules.participants(dealer);
      if (this.o.auction) {
        this.auction(hand, playing);
        if (this.entry) this.forced(hand, dealer, playing);
      } else {
        var leave_out = [
          ["declarer", N_("there is no auction in {variant}: leave out the declarer")],
          ["bid", N_("there is no auction in {variant}: leave out the bid")],
          ["contract", N_("there is no auction in {variant}: leave out the contract")],
        ];
        for (var i = 0; i < leave_out.length; i++) {
          var field = leave_out[i][0],
            message = leave_out[i][1];
          if (hand[field] != null) this.bad(field, message, null, { variant: this.rules.key });
        }
        if (hand.give_up) {
          this.bad(
            "give_up",
            N_("there is no auction in {variant}, so nobody gives up"),
            null,
            { variant: this.rules.key }
          );
        }
      }
      this.club(hand, dealer, playing);
      if (hand.give_up) {
        this.given_up(hand);
      } else {
        var before = this.problems.length;
        this.points(hand, playing);
        this.tricks(hand, playing);
        this.marriages(hand, playing);
        if (this.entry && this.problems.length === before) {
          // each part is sound on its own: can one deal give them all?
          this.deal(hand, playing);
        } else if (this.entry) {
          this.trick_points_alone(hand, playing); // every problem, not the first part's
        }
      }
      this.trump(hand);
      this.musik(hand);
      if (
        this.entry &&
        !hand.give_up &&
        !this.problems.some(function (p) {
          return p.field === "musik";
        })
      ) {
        this.musik_marriage(hand);
      }
    }
  }

  M.Checker = Checker;

  // given_up's messages (auctionchecks.js), where Python has them: checks._COUNTS
  M._COUNTS = SK.auctionchecks._COUNTS;
})((globalThis.SK = globalThis.SK || {}));
