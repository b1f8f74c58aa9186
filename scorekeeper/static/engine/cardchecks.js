// Twin of scorekeeper/rules/cardchecks.py: validation of what was played in a hand (scoring.md 3.2): points, tricks, marriages.
(function (SK) {
  "use strict";
  var M = (SK.cardchecks = {});

  // Also the trump and the musik; and the problems a line collects, shared with checks.Checker.

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

  // Collects the problems of one line's cards; `who` names seats in messages.
  class CardChecks {
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

    marriages(hand, playing) {
      var SUITS = SK.cards.SUITS,
        ACES = SK.cards.ACES,
        Term = SK.errors.Term;
      var seen = new Set();
      var deck = this.o.cards,
        in_tricks = this.o.marriages === "in-tricks";
      for (var i = 0; i < hand.marriages.length; i++) {
        var m = hand.marriages[i];
        if (!includes(SUITS, m.suit) && m.suit !== ACES) {
          this.bad(
            "marriages",
            N_("a marriage is in spades, clubs, diamonds or hearts, got {suit!r}"),
            null,
            { suit: m.suit }
          );
          continue;
        }
        if (m.suit === ACES && this.o.ace_marriage == null) {
          this.bad(
            "marriages",
            N_("the ace marriage (four aces) is not a rule of this game")
          );
          continue;
        }
        if (seen.has(m.suit)) {
          this.bad("marriages", N_("the {marriage} can only be there once in a hand"), null, {
            marriage: new Term({ kind: "marriage", key: m.suit }),
          });
        }
        seen.add(m.suit);
        if (!(0 <= m.seat && m.seat < this.table.seats)) {
          this.bad(
            "marriages",
            N_("a marriage's seat must be from 0 to {last}, got {got}"),
            null,
            { last: this.table.seats - 1, got: m.seat }
          );
        } else if (!includes(playing, m.seat)) {
          this.bad(
            "marriages",
            N_("{player} sits this hand out and cannot have a marriage"),
            m.seat,
            { player: this.who(m.seat) }
          );
        } else if (in_tricks && hand.points != null && hand.points.length > m.seat) {
          var need = m.suit === ACES ? deck.four_aces : deck.king_queen;
          var got = hand.points[m.seat] || 0;
          if (got < need) {
            this.bad(
              "marriages",
              N_(
                "{player} has the {marriage} in tricks but only {got} card points " +
                  "(its cards alone are {need})"
              ),
              m.seat,
              {
                player: this.who(m.seat),
                marriage: new Term({ kind: "marriage", key: m.suit }),
                got: got,
                need: need,
              }
            );
          }
        }
      }
    }

    trump(hand) {
      if (hand.trump != null && !includes(SK.cards.SUITS, hand.trump)) {
        this.bad("trump", N_("the trump is spades, clubs, diamonds or hearts, got {suit!r}"), null, {
          suit: hand.trump,
        });
      } else if (hand.trump == null && !hand.give_up && this.rules.needs_trump(hand)) {
        if (this.o.marriages === "in-tricks") {
          this.bad("trump", N_("a marriage was found in tricks: say which suit is trump"));
        } else {
          this.bad("trump", N_("say which suit is trump in this hand"));
        }
      }
    }

    musik(hand) {
      if (hand.musik == null) return;
      if (this.o.musik_bonus == null || this.o.sitting_out == null) {
        this.bad(
          "musik",
          N_("only a sitting-out dealer scores the musik, not in {variant}"),
          null,
          { variant: this.rules.key }
        );
        return;
      }
      var aces = hand.musik.aces,
        marriage = hand.musik.marriage;
      if (!(0 <= aces && aces <= 3)) {
        this.bad("musik", N_("the musik holds 3 cards: 0 to 3 aces, got {aces}"), null, {
          aces: aces,
        });
      }
      if (marriage != null && !includes(SK.cards.SUITS, marriage)) {
        this.bad("musik", N_("a marriage in the musik is in a suit, got {suit!r}"), null, {
          suit: marriage,
        });
      } else if (marriage != null && aces > 1) {
        this.bad(
          "musik",
          N_("the musik holds 3 cards: a marriage and {aces} aces do not fit"),
          null,
          { aces: aces }
        );
      }
    }
  }

  // False while stored lines are replayed (Sheet.replay): the checks that a real deal
  // gives these cards (forced opening, the deal, the musik's marriage) came after some
  // games were logged, and a game accepted once keeps scoring. Every new line gets them.
  CardChecks.prototype.entry = true;

  M.CardChecks = CardChecks;

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
