// Twin of scorekeeper/rules/checks.py (its auction, forced opening and give-up checks): what Checker asks of a hand's bid, contract and give-up.
(function (SK) {
  "use strict";
  var M = (SK.auctionchecks = {});

  var N_ = SK.errors.N_;

  function includes(seq, value) {
    return seq.indexOf(value) >= 0;
  }

  // Python's `value % step` for an int that may be a BigInt (docs/engine.md); only its truth is used.
  function remainder(value, step) {
    return typeof value === "bigint" ? value % BigInt(step) : value % step;
  }

  // The auction of a hand (3.2), its forced opening and a give-up; checks.Checker asks them.
  class AuctionChecks extends SK.clubchecks.ClubChecks {
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

  M.AuctionChecks = AuctionChecks;

  // a given-up hand's points or tricks, where given, are still one per seat (0 or null)
  var _COUNTS = (M._COUNTS = {
    points: N_("give card points for each of the {seats} players, got {got}"),
    tricks: N_("give tricks for each of the {seats} players, got {got}"),
  });
})((globalThis.SK = globalThis.SK || {}));
