// Twin of scorekeeper/rules/cards.py: the cards of Thousand, suits, card values of each deck, and the card points a deck can make.
(function (SK) {
  "use strict";
  var M = (SK.cards = {});

  M.SUITS = ["spades", "clubs", "diamonds", "hearts"];
  //: "aces" is the ace marriage of the house rules (scoring.md section 5), never a trump.
  M.ACES = "aces";
  M.MARRIAGE_SUITS = M.SUITS.concat([M.ACES]);
  M.RANKS = ["A", "10", "K", "Q", "J", "9"];

  /** Every sum that some set of the deck's 24 cards can make (4 cards of each value): a Set. */
  function _reachable(values) {
    var sums = new Set([0]);
    values.forEach(function (value) {
      for (var i = 0; i < 4; i++) {
        Array.from(sums).forEach(function (s) {
          sums.add(s + value);
        });
      }
    });
    return sums;
  }
  M._reachable = _reachable;

  /** One deck's card values (scoring.md section 2, option `cards`). */
  class Deck {
    constructor(f) {
      this.key = f.key;
      this.ace = f.ace;
      this.ten = f.ten;
      this.king = f.king;
      this.queen = f.queen;
      this.jack = f.jack;
      this.nine = f.nine;
    }

    get values() {
      return [this.ace, this.ten, this.king, this.queen, this.jack, this.nine];
    }

    get total() {
      var sum = 0;
      this.values.forEach(function (v) {
        sum += v;
      });
      return 4 * sum;
    }

    /** Card points of a marriage's two cards: a seat credited with one holds at least this. */
    get king_queen() {
      return this.king + this.queen;
    }

    get four_aces() {
      return 4 * this.ace;
    }

    get reachable() {
      return _REACHABLE[this.key];
    }

    __str__() {
      return this.key;
    }

    toString() {
      return this.key;
    }
  }
  M.Deck = Deck;

  // Seed 000 gives the jack 1 point, but then a deck could not hold 120; every other source says 2
  // (scoring.md section 1, first decision).
  M.STANDARD = new Deck({ key: "standard", ace: 11, ten: 10, king: 4, queen: 3, jack: 2, nine: 0 });
  // Seed 004: Moscow rules value the king 5, the queen 4 and the jack 3: a deck of 132.
  M.MOSCOW = new Deck({ key: "moscow", ace: 11, ten: 10, king: 5, queen: 4, jack: 3, nine: 0 });
  // a dict with no prototype: `"toString" in DECKS` is false, as in Python
  M.DECKS = Object.create(null);
  M.DECKS[M.STANDARD.key] = M.STANDARD;
  M.DECKS[M.MOSCOW.key] = M.MOSCOW;
  var _REACHABLE = Object.create(null);
  Object.keys(M.DECKS).forEach(function (key) {
    _REACHABLE[key] = _reachable(M.DECKS[key].values);
  });
  M._REACHABLE = _REACHABLE;
})((globalThis.SK = globalThis.SK || {}));
