// Twin of scorekeeper/rules/cardchecks.py (its first half): the problems a line collects, and its card points and tricks (scoring.md 3.2).
(function (SK) {
  "use strict";
  var M = (SK.pointchecks = {});

  var N_ = SK.errors.N_;

  // Python's ints are exact: a value beyond 2**53 is a BigInt (docs/engine.md), and a sum of
  // numbers stays exact here, a number while it is a safe integer.
  var SAFE = BigInt(Number.MAX_SAFE_INTEGER);

  function int_add(a, b) {
    if (typeof a === "number" && typeof b === "number") {
      var s = a + b;
      if (Number.isSafeInteger(s)) return s;
    }
    var big = BigInt(a) + BigInt(b);
    return big >= -SAFE && big <= SAFE ? Number(big) : big;
  }
  M.int_add = int_add;

  function includes(seq, value) {
    return seq.indexOf(value) >= 0;
  }

  // The base of cardchecks.CardChecks: who, bad, and the checks of each seat's card points and tricks.
  class PointChecks {
    constructor(rules, table, names) {
      if (names === undefined) names = null;
      this.rules = rules;
      this.o = rules.options;
      this.table = table;
      this.names = names;
      this.reachable = rules.options.cards.reachable;
      this.number = 0;
      this.problems = [];
    }

    who(seat) {
      var names = this.names;
      return names && names.length && 0 <= seat && seat < names.length
        ? names[seat]
        : "seat " + String(seat);
    }

    // `message` is an N_() template whose `{name}` fields are `params` (errors.Problem).
    bad(field, message, seat, params) {
      this.problems.push(
        new SK.errors.Problem({
          hand: this.number,
          field: field,
          template: message,
          seat: seat === undefined ? null : seat,
          params: params === undefined ? {} : params,
        })
      );
    }

    // Checks one value per seat, a number for each seat in the hand; false if unusable.
    per_seat(field, values, playing) {
      var messages = _PER_SEAT[field];
      var count = messages[0],
        missing = messages[1],
        sits_out = messages[2];
      if (values.length !== this.table.seats) {
        this.bad(field, count, null, { seats: this.table.seats, got: values.length });
        return false;
      }
      var ok = true;
      for (var seat = 0; seat < values.length; seat++) {
        var value = values[seat];
        if (includes(playing, seat)) {
          if (value == null) {
            this.bad(field, missing, seat, { player: this.who(seat) });
            ok = false;
          }
        } else if (value) {
          this.bad(field, sits_out, seat, { player: this.who(seat) });
          ok = false;
        }
      }
      return ok;
    }

    points(hand, playing) {
      if (hand.points == null) {
        this.bad("points", N_("give the card points each player took"));
        return;
      }
      if (!this.per_seat("points", hand.points, playing)) return;
      var deck = this.o.cards;
      var total = 0;
      for (var i = 0; i < playing.length; i++) {
        var seat = playing[i];
        var p = hand.points[seat] || 0;
        total = int_add(total, p);
        if (!this.reachable.has(p)) {
          // every such seat is named, not only the first
          this.bad(
            "points",
            N_(
              "{player}'s {points} card points cannot be made with this deck " +
                "(0 to {total}, never {never})"
            ),
            seat,
            { player: this.who(seat), points: p, total: deck.total, never: this._unreachable() }
          );
        }
      }
      if (this.o.all_cards_in_play) {
        if (total !== deck.total) {
          this.bad("points", N_("card points must add up to {total}, got {got}"), null, {
            total: deck.total,
            got: total,
          });
        }
      } else if (!(deck.total - 4 * deck.ace <= total && total <= deck.total)) {
        this.bad(
          "points",
          N_(
            "card points must add up to between {least} and {total} " +
              "(cards out of play), got {got}"
          ),
          null,
          { least: deck.total - 4 * deck.ace, total: deck.total, got: total }
        );
      }
    }

    _unreachable() {
      var deck = this.o.cards;
      var reachable = deck.reachable;
      var missing = [];
      for (var p = 0; p < deck.total + 1; p++) if (!reachable.has(p)) missing.push(String(p));
      return missing.join(", ");
    }

    tricks(hand, playing) {
      if (hand.tricks == null) return;
      if (!this.per_seat("tricks", hand.tricks, playing)) return;
      var negative = [];
      hand.tricks.forEach(function (t, s) {
        if (t != null && t < 0) negative.push(s);
      });
      for (var i = 0; i < negative.length; i++) {
        // the game file's reader refuses them too; a program might not
        var seat = negative[i];
        this.bad("tricks", N_("{player} cannot take {tricks} tricks"), seat, {
          player: this.who(seat),
          tricks: hand.tricks[seat],
        });
      }
      if (negative.length) return;
      var total = 0;
      hand.tricks.forEach(function (t) {
        total = int_add(total, t || 0);
      });
      if (total !== this.rules.tricks) {
        this.bad("tricks", N_("tricks must add up to {tricks}, got {got}"), null, {
          tricks: this.rules.tricks,
          got: total,
        });
      }
      if (hand.points != null && hand.points.length === hand.tricks.length) {
        for (var j = 0; j < playing.length; j++) {
          var s = playing[j];
          if (!hand.tricks[s] && hand.points[s]) {
            this.bad("tricks", N_("{player} took no trick but has {points} card points"), s, {
              player: this.who(s),
              points: hand.points[s],
            });
          }
        }
      }
    }
  }

  M.PointChecks = PointChecks;

  // per_seat's messages for each field: wrong count, a missing value, a value for a sitting-out seat
  var _PER_SEAT = (M._PER_SEAT = {
    points: [
      N_("give card points for each of the {seats} players, got {got}"),
      N_("card points of {player} are missing"),
      N_("{player} sits this hand out and has no card points"),
    ],
    tricks: [
      N_("give tricks for each of the {seats} players, got {got}"),
      N_("tricks of {player} are missing"),
      N_("{player} sits this hand out and has no tricks"),
    ],
  });
})((globalThis.SK = globalThis.SK || {}));
