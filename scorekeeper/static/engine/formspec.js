// Twin of scorekeeper/rules/formspec.py: what logging a hand asks for under these rules, for the hand form and the score page.
(function (SK) {
  "use strict";
  var py = SK.py;
  var cards = SK.cards;
  var M = (SK.formspec = {});

  // The pages hold no rule condition (issue 13): whether there is an auction, when the trump is
  // asked for, which marriages can be ticked, who sits out... are the rules' answers, given here
  // as plain records for the templates, the form's code and app.js (through data attributes).

  // Giving up after the musik (scoring.md 3.4), as the form's hint says it.
  class GiveUpSpec {
    constructor(f) {
      this.declarer_minus = f.declarer_minus; // the declarer scores minus the contract (else nothing)
      this.opponents = f.opponents; // what each opponent scores; None: half the contract
      this.limit = f.limit; // times a player may give up in a game
    }
  }
  M.GiveUpSpec = GiveUpSpec;

  // The fields of one hand's form and what they may hold.
  class HandFormSpec {
    constructor(f) {
      this.auction = f.auction; // a declarer and a bid are asked for
      this.contract_raise = f.contract_raise; // the contract may be raised above the bid after the musik
      this.min_bid = f.min_bid;
      this.bid_step = f.bid_step;
      this.max_contract = f.max_contract;
      this.give_up = f.give_up; // None: nobody gives up in this game
      this.trump = f.trump; // the form has the trump's buttons
      this.trump_with_marriage = f.trump_with_marriage; // needed only once a marriage is ticked (found in tricks)
      this.trump_turned_up = f.trump_turned_up; // the suit turned up at the deal, which doubles a marriage (Moscow)
      this.in_tricks = f.in_tricks; // marriages are found in tricks after the hand, not declared
      this.marriage_suits = f.marriage_suits; // the boxes of each seat (the aces with the ace marriage)
      this.switches = f.switches; // a marriage may make its suit the new trump (Moscow)
      this.dealer = f.dealer;
      this.playing = f.playing; // the seats in this hand
      this.sitting_out = f.sitting_out; // the dealer who sits it out, if any
      this.musik = f.musik; // what the sitting-out dealer found in the musik is asked for
      this.deck_total = f.deck_total; // all the card points of the deck
      this.all_cards_in_play = f.all_cards_in_play; // the points add up to deck_total: the last box can be suggested
      this.card_values = f.card_values; // the card counter's buttons: [rank, points]
    }
  }
  M.HandFormSpec = HandFormSpec;

  // The form of a hand dealt by `dealer` under `rules`.
  M.hand_form = function (rules, dealer) {
    var o = rules.options;
    var playing = rules.participants(dealer);
    var give_up = null;
    if (o.auction && o.give_up != null) {
      var opponents = o.give_up.opponents;
      give_up = new GiveUpSpec({
        declarer_minus: o.give_up.declarer === "minus",
        opponents: py.is_int(opponents) ? opponents : null,
        limit: o.give_up.limit,
      });
    }
    var values = o.cards.values;
    if (values.length !== cards.RANKS.length) throw new Error("zip() arguments differ in length");
    var card_values = cards.RANKS.map(function (rank, i) {
      return [rank, values[i]];
    });
    return new HandFormSpec({
      auction: o.auction,
      contract_raise: o.contract_raise,
      min_bid: o.min_bid,
      bid_step: o.bid_step,
      max_contract: o.max_contract,
      give_up: give_up,
      trump: rules.needs_trump() || o.trump_marriage_double || o.marriages === "in-tricks",
      trump_with_marriage: rules.trump_only_with_marriage(),
      trump_turned_up: o.trump_marriage_double,
      in_tricks: o.marriages === "in-tricks",
      marriage_suits: cards.SUITS.concat(o.ace_marriage ? [cards.ACES] : []),
      switches: o.trump_marriage_double,
      dealer: dealer,
      playing: playing,
      sitting_out: playing.indexOf(dealer) < 0 ? dealer : null,
      musik: Boolean(o.musik_bonus && o.sitting_out),
      deck_total: o.cards.total,
      all_cards_in_play: o.all_cards_in_play,
      card_values: card_values,
    });
  };

  // What the score page marks beside one player's total.
  class Chips {
    constructor(f) {
      this.locked_at = f.locked_at; // at or above the lock: it scores only as declarer
      this.bolts = f.bolts; // [bolts since the last penalty, of how many]; None: none
      this.barrel_tries = f.barrel_tries; // on the barrel: hands left to finish
    }
  }
  M.Chips = Chips;

  // The marks of `player`'s total under `rules` (scoring.md section 5, 3.3 step 8).
  M.chips = function (rules, player) {
    var o = rules.options;
    return new Chips({
      locked_at: player.locked ? o.lock : null,
      bolts: o.bolts && player.bolts ? [player.bolts, o.bolts.count] : null,
      barrel_tries: player.on_barrel ? player.tries_left : null,
    });
  };
})(globalThis.SK = globalThis.SK || {});
