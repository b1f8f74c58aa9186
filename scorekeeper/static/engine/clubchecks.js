// Twin of scorekeeper/rules/clubchecks.py: validation of the club agreements of scoring.md 5.1 on one hand, problems, not crashes.
(function (SK) {
  "use strict";
  var M = (SK.clubchecks = {});

  var N_ = SK.errors.N_;

  // A blind bid, a golden hand, a silent seat and a give-up on the barrel. Each problem goes to
  // the field that carries what is refused (the blind toggle, the declarer, the bid or contract,
  // the give-up) and names the seat it is about.

  function _assign(target, source) {
    for (var k in source) target[k] = source[k];
    return target;
  }

  // The checks of 5.1, run on every hand, entered or stored (like a give-up's limit).
  class ClubChecks extends SK.dealchecks.DealChecks {
    club(hand, dealer, playing) {
      var d = hand.declarer;
      // a declarer the checks can ask about (else the auction's checks have said why)
      var seat = d != null && playing.indexOf(d) >= 0 ? d : null;
      var golden = this.rules.golden_hand(this.table.hands + 1, dealer);
      if (hand.blind && golden === null) {
        this.blind(hand, seat);
      }
      if (golden !== null) {
        this.golden(hand, seat, golden);
      } else if (seat !== null && this.rules.silent(this.table.totals[seat])) {
        // a golden hand has no auction, so nobody keeps silent in it
        this.silent(hand, seat, dealer);
      }
      var g = this.o.give_up;
      if (hand.give_up && seat !== null && g != null && !g.on_barrel) {
        if (this.table.on_barrel[seat]) {
          this.bad(
            "give_up",
            N_("{player} is on the barrel, where nobody gives up in this game"),
            seat,
            { player: this.who(seat) }
          );
        }
      }
    }

    // 5.1 blind bid: the option on, the contract high enough, the declarer's total and
    // the barrel as the option says, and no give-up.
    blind(hand, seat) {
      var b = this.o.blind;
      if (b === null) {
        this.bad("blind", N_("this game has no blind bids: its blind option is off"));
        return;
      }
      if (hand.give_up) {
        this.bad("give_up", N_("a blind bid cannot be given up"), seat);
      }
      var contract = hand.final_contract || this.o.min_bid;
      if (contract < b.min_contract) {
        this.bad(
          hand.contract === null && hand.bid !== null ? "bid" : "contract",
          N_("a blind bid needs a contract of at least {least}, got {contract}"),
          seat,
          { least: b.min_contract, contract: contract }
        );
      }
      if (seat === null) {
        return;
      }
      var total = this.table.totals[seat];
      if (b.min_total !== null && total < b.min_total) {
        this.bad(
          "blind",
          N_("{player} has {total}: a blind bid needs a total of at least {least}"),
          seat,
          { player: this.who(seat), total: total, least: b.min_total }
        );
      }
      if (!b.on_barrel && this.table.on_barrel[seat]) {
        this.bad(
          "blind",
          N_("{player} is on the barrel, where nobody bids blind in this game"),
          seat,
          { player: this.who(seat) }
        );
      }
    }

    // 5.1 golden deal: the forced opener plays exactly the golden contract, no give-up,
    // no blind bid.
    golden(hand, seat, golden) {
      var where = { hand: golden.hand, hands: golden.hands };
      if (seat !== null && seat !== golden.declarer) {
        this.bad(
          "declarer",
          N_("golden hand {hand} of {hands} is played by {opener}, not {player}"),
          seat,
          _assign({ opener: this.who(golden.declarer), player: this.who(seat) }, where)
        );
      }
      var contract = hand.final_contract || golden.contract; // neither given: the fixed one
      if (contract !== golden.contract) {
        this.bad(
          hand.contract === null && hand.bid !== null ? "bid" : "contract",
          N_("golden hand {hand} of {hands} is played at exactly {contract}, got {got}"),
          seat,
          _assign({ contract: golden.contract, got: contract }, where)
        );
      }
      if (hand.give_up) {
        this.bad("give_up", N_("golden hand {hand} of {hands} cannot be given up"), seat, _assign({}, where));
      }
      if (hand.blind) {
        this.bad("blind", N_("golden hand {hand} of {hands} has no blind bid"), seat, _assign({}, where));
      }
    }

    // 5.1 silence: a seat below the mark declares only as the first seat after the dealer,
    // at the lowest bid (the bid, else the contract, else the lowest bid: 3.2).
    silent(hand, seat, dealer) {
      var silence = this.o.silence;
      var opener = this.rules.opener(dealer),
        least = this.o.min_bid;
      var params = { player: this.who(seat), total: this.table.totals[seat], below: silence.below };
      if (seat !== opener) {
        this.bad(
          "declarer",
          N_(
            "{player} has {total}, below {below}, so keeps silent: a silent player " +
              "declares only as the first player after the dealer ({opener}), at {least}"
          ),
          seat,
          _assign({ opener: this.who(opener), least: least }, params)
        );
        return;
      }
      var bid = hand.bid !== null ? hand.bid : hand.contract;
      if (bid !== null && bid !== least) {
        this.bad(
          hand.bid === null ? "contract" : "bid",
          N_(
            "{player} has {total}, below {below}, so keeps silent: a silent player " +
              "declares only at the opening {least}, got {bid}"
          ),
          seat,
          _assign({ least: least, bid: bid }, params)
        );
      }
    }
  }
  M.ClubChecks = ClubChecks;
})((globalThis.SK = globalThis.SK || {}));
