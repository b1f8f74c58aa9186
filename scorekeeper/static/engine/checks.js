// Twin of scorekeeper/rules/checks.py: validation of one line against the game so far (scoring.md 3.2): problems, not crashes.
(function (SK) {
  "use strict";
  var M = (SK.checks = {});

  var N_ = SK.errors.N_;

  function includes(seq, value) {
    return seq.indexOf(value) >= 0;
  }

  // Python's `value % step` for an int that may be a BigInt (docs/engine.md); only its truth is used.
  function remainder(value, step) {
    return typeof value === "bigint" ? value % BigInt(step) : value % step;
  }

  // The problems of a line: the game's state, the auction, the club agreements (5.1), a
  // give-up, then the cards.
  class Checker extends SK.clubchecks.ClubChecks {
    // The problems of `line` as line `number` of the sheet (empty: it can be scored).
    line(line, number) {
      var bounds = SK.bounds;
      this.number = number;
      this.problems = [];
      if (number > bounds.LINES_MAX) {
        // issue 11 point 5: a real game is under 200 lines; this bounds a game's work
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

    auction(hand, playing) {
      var o = this.o,
        d = hand.declarer;
      if (d == null) {
        this.bad("declarer", N_("say who won the auction (the declarer)"));
      } else if (!(0 <= d && d < this.table.seats)) {
        this.bad("declarer", N_("the declarer must be a seat from 0 to {last}"), null, {
          last: this.table.seats - 1,
        });
      } else if (!includes(playing, d)) {
        this.bad(
          "declarer",
          N_("{player} deals and sits this hand out, so cannot be the declarer"),
          null,
          { player: this.who(d) }
        );
      }
      var limits = [
        [
          "bid",
          [
            N_("the bid must be a multiple of {step}, got {value}"),
            N_("the bid must be at least {least}, got {value}"),
            N_("the bid can be at most {most}, got {value}"),
          ],
        ],
        [
          "contract",
          [
            N_("the contract must be a multiple of {step}, got {value}"),
            N_("the contract must be at least {least}, got {value}"),
            N_("the contract can be at most {most}, got {value}"),
          ],
        ],
      ];
      for (var i = 0; i < limits.length; i++) {
        var field = limits[i][0],
          step = limits[i][1][0],
          least = limits[i][1][1],
          most = limits[i][1][2];
        var value = hand[field];
        if (value == null) continue;
        if (remainder(value, o.bid_step)) {
          this.bad(field, step, null, { step: o.bid_step, value: value });
        } else if (value < o.min_bid) {
          this.bad(field, least, null, { least: o.min_bid, value: value });
        } else if (value > o.max_contract) {
          this.bad(field, most, null, { most: o.max_contract, value: value });
        }
      }
      if (hand.bid != null && hand.contract != null) {
        if (!o.contract_raise && hand.contract !== hand.bid) {
          this.bad(
            "contract",
            N_("in {variant} the contract is the bid ({bid}), got {contract}"),
            null,
            { variant: this.rules.key, bid: hand.bid, contract: hand.contract }
          );
        } else if (hand.contract < hand.bid) {
          this.bad(
            "contract",
            N_("the contract ({contract}) cannot be below the winning bid ({bid})"),
            null,
            { contract: hand.contract, bid: hand.bid }
          );
        }
      }
    }

    // 3.2, forced opening: the first seat after the dealer that takes part opens at
    // `min_bid` without looking, and every later bid is higher; so a hand won at `min_bid`
    // is that seat's (seed 000 "na musiku", seed 001 "na setce").
    forced(hand, dealer, playing) {
      var o = this.o,
        d = hand.declarer;
      if (!this.rules.forced_opening || d == null || !includes(playing, d)) return;
      if (this.rules.golden_hand(this.table.hands + 1, dealer) !== null) {
        return; // a golden hand has no auction: its declarer is checked as such (5.1)
      }
      var n = this.table.seats;
      var opener;
      for (var i = 1; i < n + 1; i++) {
        var s = (dealer + i) % n;
        if (includes(playing, s)) {
          opener = s;
          break;
        }
      }
      if (opener === undefined) throw new Error("StopIteration");
      var bid = hand.bid != null ? hand.bid : hand.contract;
      if (d === opener || (bid != null ? bid : o.min_bid) !== o.min_bid) return;
      this.bad(
        hand.bid == null && hand.contract != null ? "contract" : "bid",
        N_(
          "{opener} opens at {least} without looking, so {player} won the auction with " +
            "at least {more}, not {least}"
        ),
        null,
        {
          opener: this.who(opener),
          player: this.who(d),
          least: o.min_bid,
          more: o.min_bid + o.bid_step,
        }
      );
    }

    given_up(hand) {
      var give_up = this.o.give_up,
        d = hand.declarer;
      if (give_up == null) {
        this.bad("give_up", N_("{variant} does not allow giving up"), null, {
          variant: this.rules.key,
        });
      } else if (give_up.limit != null && d != null && 0 <= d && d < this.table.seats) {
        if (this.table.give_ups[d] >= give_up.limit) {
          this.bad(
            "give_up",
            N_("{player} has given up {times} times already, the limit is {limit}"),
            null,
            { player: this.who(d), times: this.table.give_ups[d], limit: give_up.limit }
          );
        }
      }
      var fields = [
        ["points", hand.points],
        ["tricks", hand.tricks],
      ];
      for (var i = 0; i < fields.length; i++) {
        var field = fields[i][0],
          values = fields[i][1];
        if (values != null && values.length !== this.table.seats) {
          var count = _COUNTS[field];
          this.bad(field, count, null, { seats: this.table.seats, got: values.length });
        }
      }
      if (
        hand.points != null &&
        hand.points.some(function (p) {
          return p;
        })
      ) {
        this.bad("points", N_("a hand given up is not played: it has no card points"));
      }
      if (hand.marriages.length) {
        this.bad("marriages", N_("a hand given up is not played: it has no marriages"));
      }
      if (
        hand.tricks != null &&
        hand.tricks.some(function (t) {
          return t;
        })
      ) {
        this.bad("tricks", N_("a hand given up is not played: it has no tricks"));
      }
    }
  }

  M.Checker = Checker;

  // a given-up hand's points or tricks, where given, are still one per seat (0 or null)
  var _COUNTS = (M._COUNTS = {
    points: N_("give card points for each of the {seats} players, got {got}"),
    tricks: N_("give tricks for each of the {seats} players, got {got}"),
  });
})((globalThis.SK = globalThis.SK || {}));
