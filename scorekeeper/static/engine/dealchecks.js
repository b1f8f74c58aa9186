// Twin of scorekeeper/rules/dealchecks.py: a real deal (scoring.md 3.2): the points, tricks and marriages some split of the deck gives.
(function (SK) {
  "use strict";
  var M = (SK.dealchecks = {});

  // A hand's card points, tricks and marriages found in tricks must be what some split of the 24 cards
  // gives; each seat's problem is named, then the whole.

  var N_ = SK.errors.N_;

  var CARDS = (M.CARDS = 24); // 6 ranks x 4 suits

  function any_value(map) {
    for (var v of map.values()) if (v) return true;
    return false;
  }

  function set_max(set) {
    var most = -Infinity;
    set.forEach(function (v) {
      if (v > most) most = v;
    });
    return most;
  }

  function set_min(set) {
    var least = Infinity;
    set.forEach(function (v) {
      if (v < least) least = v;
    });
    return least;
  }

  // The deal check, run once a hand's points, tricks and marriages pass on their own.
  class DealChecks extends SK.cardchecks.CardChecks {
    deal(hand, playing) {
      var Pile = SK.deal.Pile,
        ACES = SK.cards.ACES;
      var points = hand.points,
        deck = this.o.cards,
        n = playing.length;
      if (points == null) throw new Error("assert points is not None");
      var tricks = hand.tricks;
      var in_play = this.rules.tricks * n;
      var sized = this._sized(in_play);
      var kings = new Map();
      var aces = new Map();
      playing.forEach(function (s) {
        kings.set(s, 0);
        aces.set(s, 0);
      });
      if (this.o.marriages === "in-tricks") {
        hand.marriages.forEach(function (m) {
          if (kings.has(m.seat)) {
            if (m.suit === ACES) aces.set(m.seat, 4);
            else kings.set(m.seat, kings.get(m.seat) + 1);
          }
        });
      }
      var piles = [];
      var problems = this.problems.length;
      for (var i = 0; i < playing.length; i++) {
        var seat = playing[i];
        var p = points[seat] || 0;
        var count = tricks != null && sized ? tricks[seat] : null;
        if (count != null) {
          this._trick_points(seat, p, count, n);
          piles.push(new Pile({ points: p, cards: count * n, kings: kings.get(seat), aces: aces.get(seat) }));
        } else {
          piles.push(new Pile({ points: p, step: n, kings: kings.get(seat), aces: aces.get(seat) }));
        }
        if (kings.get(seat) > 1) {
          var need = kings.get(seat) * deck.king_queen + (aces.get(seat) ? deck.four_aces : 0);
          if (p < need) {
            this.bad(
              "marriages",
              N_(
                "{player} has {count} marriages in tricks but only {got} card " +
                  "points (their cards alone are {need})"
              ),
              seat,
              { player: this.who(seat), count: kings.get(seat), got: p, need: need }
            );
          }
        }
      }
      if (!this.o.all_cards_in_play) {
        var taken = 0;
        playing.forEach(function (s) {
          taken += points[s] || 0;
        });
        var out = deck.total - taken;
        var size = sized ? CARDS - in_play : null;
        if (size !== null && !SK.deal.sums_of(deck.values, size).has(out)) {
          this.bad(
            "points",
            N_(
              "the card points add up to {got}, so the {cards} cards out of play " +
                "would hold {out}: {cards} cards never make {out}"
            ),
            null,
            { got: deck.total - out, cards: size, out: out }
          );
        }
        piles.push(new Pile({ points: out, cards: size }));
      }
      if (this.problems.length > problems) return;
      if (n === 3 && tricks == null && this.o.all_cards_in_play && !any_value(kings)) {
        // Three piles of whole tricks with no card named: every split of the deck total
        // into sums that the deck can make is dealt by some deal (tests/rules/test_deal.py
        // tries them all, for both decks), so the search is not needed.
        return;
      }
      if (!SK.deal.possible(deck.values, piles)) {
        var message;
        if (tricks != null && any_value(kings)) {
          message = N_(
            "no deal of the 24 cards gives these card points, tricks and marriages " +
              "in tricks together"
          );
        } else if (tricks != null) {
          message = N_("no deal of the 24 cards gives these card points and tricks together");
        } else if (any_value(kings) || any_value(aces)) {
          message = N_(
            "no deal of the 24 cards gives these card points and marriages in tricks " +
              "together"
          );
        } else {
          message = N_("no deal of the 24 cards gives these card points together");
        }
        this.bad("points", message);
      }
    }

    // 3.2, pl-4: the declarer takes the musik and passes one card to each other seat, so
    // nobody else can hold both the king and queen of a marriage that was in it.
    musik_marriage(hand) {
      var musik = hand.musik;
      if (
        musik == null ||
        SK.cards.SUITS.indexOf(musik.marriage) < 0 ||
        this.o.musik_bonus == null
      ) {
        return;
      }
      for (var i = 0; i < hand.marriages.length; i++) {
        var m = hand.marriages[i];
        if (m.suit === musik.marriage && m.seat !== hand.declarer) {
          this.bad(
            "marriages",
            N_(
              "{player} cannot declare the {marriage}: its king and queen were " +
                "both in the musik, which only the declarer takes"
            ),
            m.seat,
            {
              player: this.who(m.seat),
              marriage: new SK.errors.Term({ kind: "marriage", key: m.suit }),
            }
          );
        }
      }
    }

    // Whether trick counts fix the piles' sizes: where the option says fewer cards are in
    // play than the tricks hold (an odd override), they cannot, and only points are checked.
    _sized(in_play) {
      return this.o.all_cards_in_play ? in_play === CARDS : in_play < CARDS;
    }

    // Each seat's points against its own tricks, when other problems of the hand keep the
    // deal check from running: 3.2, "a hand with several problems gets all of them". A seat
    // whose points or tricks are already refused on their own is left to that message.
    trick_points_alone(hand, playing) {
      var points = hand.points,
        tricks = hand.tricks,
        n = playing.length;
      var seats = this.table.seats;
      if (points == null || tricks == null || points.length !== seats || tricks.length !== seats) {
        return;
      }
      if (!this._sized(this.rules.tricks * n)) {
        return; // trick counts do not size the piles
      }
      var said = new Set();
      this.problems.forEach(function (p) {
        if (p.field === "points") said.add(p.seat);
      });
      for (var i = 0; i < playing.length; i++) {
        var seat = playing[i];
        var p = points[seat],
          count = tricks[seat];
        if (p == null || count == null || said.has(seat) || !this.reachable.has(p)) continue;
        if (0 < count && count <= this.rules.tricks) this._trick_points(seat, p, count, n);
      }
    }

    // One seat's points against what `count` tricks of `n` cards can hold.
    _trick_points(seat, points, count, n) {
      var made = SK.deal.sums_of(this.o.cards.values, count * n);
      if (made.has(points) || !count) return; // no trick and some points: CardChecks.tricks has said so
      var one = count === 1;
      var params = { player: this.who(seat), points: points, tricks: count, cards: n };
      var message;
      if (points > set_max(made)) {
        message = one
          ? N_("{player}: one trick holds at most {most} points, got {points}")
          : N_("{player}: {tricks} tricks hold at most {most} points, got {points}");
        params.most = set_max(made);
      } else if (points < set_min(made)) {
        message = N_("{player}: {tricks} tricks hold at least {least} points, got {points}");
        params.least = set_min(made);
      } else {
        message = one
          ? N_("{player}: one trick of {cards} cards cannot make exactly {points} points")
          : N_("{player}: {tricks} tricks of {cards} cards cannot make exactly {points} points");
      }
      this.bad("points", message, seat, params);
    }
  }

  M.DealChecks = DealChecks;
})((globalThis.SK = globalThis.SK || {}));
