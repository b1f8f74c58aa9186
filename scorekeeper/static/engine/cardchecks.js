// Twin of scorekeeper/rules/cardchecks.py: validation of what was played in a hand (scoring.md 3.2): points, tricks, marriages.
(function (SK) {
  "use strict";
  var M = (SK.cardchecks = {});

  // Also the trump and the musik; and the problems a line collects, shared with checks.Checker.

  var N_ = SK.errors.N_;

  function includes(seq, value) {
    return seq.indexOf(value) >= 0;
  }

  // Collects the problems of one line's cards; `who` names seats in messages.
  class CardChecks extends SK.pointchecks.PointChecks {
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
  // pointchecks.js's int_add and per_seat's messages, here too (Python's cardchecks._PER_SEAT)
  M.int_add = SK.pointchecks.int_add;
  M._PER_SEAT = SK.pointchecks._PER_SEAT;
})((globalThis.SK = globalThis.SK || {}));
