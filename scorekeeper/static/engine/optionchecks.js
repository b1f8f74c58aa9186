// Twin of scorekeeper/rules/options.py (its consistency checks): the options that cannot be played together, problems of the options (scoring.md 2, 5.1).
(function (SK) {
  "use strict";
  var py = SK.py;
  var errors = SK.errors;
  var N_ = errors.N_;
  var InvalidHand = errors.InvalidHand;
  var Message = errors.Message;
  var Problem = errors.Problem;
  var M = (SK.optionchecks = {});

  // The base of options.Options: what Options.build checks of the values once they are parsed.
  class OptionChecks {
    _check_consistent() {
      var problems = [];
      if (this.auction) {
        if (py.mod(this.min_bid, this.bid_step)) {
          problems.push([
            "min_bid",
            new Message({
              template: N_("the lowest bid {bid} is not a multiple of the bid step {step}"),
              params: { bid: this.min_bid, step: this.bid_step },
            }),
          ]);
        }
        if (this.max_contract < this.min_bid) {
          problems.push([
            "max_contract",
            new Message({
              template: N_("the largest contract {most} is below the lowest bid {bid}"),
              params: { most: this.max_contract, bid: this.min_bid },
            }),
          ]);
        }
      }
      if (this.lock !== null && !this.auction) {
        // 3.2: with no declarer a locked seat could never score again
        problems.push([
          "lock",
          new Message({
            template: N_(
              "the lock needs an auction: with no declarer a locked player " +
                "could never finish"
            ),
            params: {},
          }),
        ]);
      }
      if (this.barrel && !(this.barrel.at < this.target)) {
        problems.push([
          "barrel",
          new Message({
            template: N_("the barrel at {at} must be below the target {target}"),
            params: { at: this.barrel.at, target: this.target },
          }),
        ]);
      }
      problems = problems.concat(this._club_problems());
      if (problems.length) {
        throw new InvalidHand(
          problems.map(function (km) {
            return new Problem({
              hand: null,
              field: "options." + km[0],
              template: N_("option {key}: {detail}"),
              seat: null,
              params: { key: km[0], detail: km[1] },
            });
          })
        );
      }
    }

    // The club agreements of 5.1 that cannot be played with the other options.
    _club_problems() {
      var out = [];
      var self = this;
      if (!this.auction) {
        // a blind bid, a golden hand's forced opener and a silent seat are all declarers
        var needs = [
          ["blind", N_("a blind bid needs an auction: with no declarer nobody bids")],
          [
            "golden",
            N_("the golden deal needs an auction: with no declarer nobody plays its contract"),
          ],
          ["silence", N_("silence needs an auction: with no declarer nobody bids")],
        ];
        needs.forEach(function (km) {
          if (self[km[0]] !== null) {
            out.push([km[0], new Message({ template: km[1], params: {} })]);
          }
        });
        return out;
      }
      var golden = this.golden,
        blind = this.blind;
      if (
        golden !== null &&
        (py.mod(golden.contract, this.bid_step) ||
          !(this.min_bid <= golden.contract && golden.contract <= this.max_contract))
      ) {
        out.push([
          "golden",
          new Message({
            template: N_(
              "the golden contract {contract} is no contract of this game: a multiple of " +
                "{step} from {least} to {most}"
            ),
            params: {
              contract: golden.contract,
              step: this.bid_step,
              least: this.min_bid,
              most: this.max_contract,
            },
          }),
        ]);
      }
      if (blind !== null && blind.min_contract > this.max_contract) {
        out.push([
          "blind",
          new Message({
            template: N_(
              "a blind contract of at least {least} is above the largest contract {most}: " +
                "nobody could bid blind"
            ),
            params: { least: blind.min_contract, most: this.max_contract },
          }),
        ]);
      }
      return out;
    }
  }
  M.OptionChecks = OptionChecks;
})(globalThis.SK = globalThis.SK || {});
