// Twin of scorekeeper/rules/formspec.py: what logging a hand asks for under these rules, for the hand form and the score page.
(function (SK) {
  "use strict";
  var py = SK.py;
  var cards = SK.cards;
  var M = (SK.formspec = {});

  // The pages hold no rule condition: whether there is an auction, when the trump is
  // asked for, which marriages can be ticked, who sits out... are the rules' answers, given here
  // as plain records for the templates, the form's code and app.js (through data attributes).

  // Giving up after the musik (scoring.md 3.4), as the form's hint says it.
  class GiveUpSpec {
    constructor(f) {
      this.declarer_minus = f.declarer_minus; // the declarer scores minus the contract (else nothing)
      this.opponents = f.opponents; // what each opponent scores; None: half the contract
      this.limit = f.limit; // times a player may give up in a game
      this.every = f.every === undefined ? null : f.every; // 5.1: every so many give-ups of a player cost `penalty`
      this.penalty = f.penalty === undefined ? 0 : f.penalty;
      this.on_barrel = f.on_barrel === undefined ? true : f.on_barrel; // 5.1: false: a player on the barrel cannot give up
    }
  }
  GiveUpSpec._fields = ["declarer_minus", "opponents", "limit", "every", "penalty", "on_barrel"];
  M.GiveUpSpec = GiveUpSpec;

  // A blind bid (scoring.md 5.1), as the form's toggle and its hint say it.
  class BlindSpec {
    constructor(f) {
      this.multiplier = f.multiplier; // the declarer scores ±contract × this
      this.min_contract = f.min_contract; // a blind contract is at least this
      this.min_total = f.min_total; // the declarer's total before the hand is at least this
      this.on_barrel = f.on_barrel; // a declarer on the barrel may bid blind
    }
  }
  BlindSpec._fields = ["multiplier", "min_contract", "min_total", "on_barrel"];
  M.BlindSpec = BlindSpec;

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
      this.blind = f.blind === undefined ? null : f.blind; // null: no blind bids in this game (or in this hand)
      this.golden = f.golden === undefined ? null : f.golden; // a golden hand: its declarer and contract are fixed
      // per seat, the lowest bid that seat can have won the auction with (null: it sits out);
      // the form offers it while the bid box is empty: 3.2, with a forced opening every bid
      // after the opener's is higher
      this.least_bids = f.least_bids === undefined ? [] : f.least_bids;
    }
  }
  M.HandFormSpec = HandFormSpec;

  // The form of a hand dealt by `dealer` under `rules`, after `hands` hands of the game
  // (adjustments apart): the golden deal (5.1) counts them.
  M.hand_form = function (rules, dealer, hands) {
    if (hands === undefined) hands = 0;
    var o = rules.options;
    var playing = rules.participants(dealer);
    var give_up = null;
    var g = o.give_up;
    if (o.auction && g != null) {
      var opponents = g.opponents;
      give_up = new GiveUpSpec({
        declarer_minus: g.declarer === "minus",
        opponents: py.is_int(opponents) ? opponents : null,
        limit: g.limit,
        every: g.every,
        penalty: g.penalty,
        on_barrel: g.on_barrel,
      });
    }
    var golden = rules.golden_hand(hands + 1, dealer);
    var least_bids = [];
    if (o.auction) {
      var opener = rules.forced_opening ? rules.opener(dealer) : null;
      for (var s = 0; s < rules.seats; s++) {
        least_bids.push(playing.indexOf(s) < 0 ? null
          : opener !== null && s !== opener ? o.min_bid + o.bid_step : o.min_bid);
      }
    }
    var b = o.blind;
    // a golden hand has no blind bid (5.1)
    var blind = b
      ? new BlindSpec({
          multiplier: b.multiplier,
          min_contract: b.min_contract,
          min_total: b.min_total,
          on_barrel: b.on_barrel,
        })
      : null;
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
      blind: golden === null ? blind : null,
      golden: golden,
      least_bids: least_bids,
    });
  };

  // What the score page marks beside one player's total: only what is close to mattering,
  // and nothing once the game is over (docs/table.md, "Chips").
  class Chips {
    constructor(f) {
      this.locked_at = f.locked_at; // at or above the lock: it scores only as declarer
      this.bolts = f.bolts; // [bolts since the last penalty, of how many]; None: none
      this.barrel_tries = f.barrel_tries; // on the barrel: hands left to finish
      // the club agreements (5.1)
      this.silent_below = f.silent_below === undefined ? null : f.silent_below; // keeps silent: its total is below this
      // give-ups until one costs the penalty (this one: 1), once it is one or two away
      this.give_ups_to_penalty = f.give_ups_to_penalty === undefined ? null : f.give_ups_to_penalty;
      this.barrel_falls = f.barrel_falls === undefined ? null : f.barrel_falls; // [falls so far, the fall that goes to 0]; None before the first and from that one on
      this.give_ups_left = f.give_ups_left === undefined ? null : f.give_ups_left; // the last give-up allowed (1) or none left (0)
    }
  }
  M.Chips = Chips;

  // A penalty is marked from two give-ups away (the next or the one after costs it), a limit
  // from its last give-up on: earlier, the mark would sit on every player all game.
  M.PENALTY_NEAR = 2;
  M.LIMIT_NEAR = 1;

  // The marks of `player`'s total under `rules` (scoring.md sections 5, 5.1, 3.3 step 8),
  // `finished`: the game is over, and nothing is marked.
  M.chips = function (rules, player, finished) {
    if (finished) return new Chips({ locked_at: null, bolts: null, barrel_tries: null });
    var o = rules.options;
    var falls = o.barrel ? o.barrel.falls_to_zero : null;
    var every = o.give_up ? o.give_up.every : null;
    var penalty = player.give_ups_to_penalty;
    // once the count has begun (a give-up since the last penalty, 5.1) and it is near
    if (penalty == null || penalty === every || penalty > M.PENALTY_NEAR) penalty = null;
    var left = player.give_ups_left;
    // a player who has given up, with one give-up left or none (scoring.md 3.4)
    if (left == null || !player.give_ups || left > M.LIMIT_NEAR) left = null;
    return new Chips({
      locked_at: player.locked ? o.lock : null,
      bolts: o.bolts && player.bolts ? [player.bolts, o.bolts.count] : null,
      barrel_tries: player.on_barrel ? player.tries_left : null,
      silent_below: o.silence && player.silent ? o.silence.below : null,
      give_ups_to_penalty: penalty,
      barrel_falls: falls && player.barrel_falls > 0 && player.barrel_falls < falls ? [player.barrel_falls, falls] : null,
      give_ups_left: left,
    });
  };
})(globalThis.SK = globalThis.SK || {});
