// Twin of ClubChecks (scorekeeper/rules/checks/club.py): the club agreements of scoring.md 5.1 on one
// hand, entered or stored; a blind bid, a golden hand, a silent seat, a give-up on the barrel.
// Each problem goes to the field that carries what is refused and names the seat it is about.
import { N_ } from "../i18n.js";

/** @typedef {import("./index.js").Checker} Checker */
/** @typedef {import("../hand.js").Hand} Hand */
/** @typedef {import("../tally.js").GoldenHand} GoldenHand */

/**
 * The checks of 5.1, run on every hand (like a give-up's limit).
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number} dealer
 * @param {readonly number[]} playing
 */
export function club(c, hand, dealer, playing) {
  const d = hand.declarer;
  // a declarer the checks can ask about (else the auction's checks have said why)
  const seat = d !== null && playing.includes(d) ? d : null;
  const golden = c.rules.goldenHand(c.table.hands + 1, dealer);
  if (golden !== null) {
    goldenDeal(c, hand, seat, golden);
  } else {
    if (hand.blind) blind(c, hand, seat);
    // a golden hand has no auction, so nobody keeps silent in it
    if (seat !== null && c.rules.silent(c.table.totals[seat])) silent(c, hand, seat, dealer);
  }
  const giveUp = c.options.give_up;
  if (hand.giveUp && seat !== null && giveUp !== null && !giveUp.onBarrel && c.table.onBarrel[seat]) {
    c.bad(
      "give_up",
      N_("{player} is on the barrel, where nobody gives up in this game"),
      { player: c.who(seat) },
      seat,
    );
  }
}

/**
 * The field a contract's problem goes to: the bid where only the bid was given.
 * @param {Hand} hand
 */
const contractField = (hand) => (hand.contract === null && hand.bid !== null ? "bid" : "contract");

/**
 * 5.1 blind bid: the option on, the contract high enough, the declarer's total and the barrel
 * as the option says, and no give-up.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number | null} seat
 */
function blind(c, hand, seat) {
  const b = c.options.blind;
  if (b === null) {
    c.bad("blind", N_("this game has no blind bids: its blind option is off"));
    return;
  }
  if (hand.giveUp) c.bad("give_up", N_("a blind bid cannot be given up"), {}, seat);
  const contract = hand.finalContract || c.options.min_bid;
  if (contract < b.minContract) {
    c.bad(
      contractField(hand),
      N_("a blind bid needs a contract of at least {least}, got {contract}"),
      { least: b.minContract, contract },
      seat,
    );
  }
  if (seat === null) return;
  const total = c.table.totals[seat];
  if (b.minTotal !== null && total < b.minTotal) {
    c.bad(
      "blind",
      N_("{player} has {total}: a blind bid needs a total of at least {least}"),
      { player: c.who(seat), total, least: b.minTotal },
      seat,
    );
  }
  if (!b.onBarrel && c.table.onBarrel[seat]) {
    c.bad("blind", N_("{player} is on the barrel, where nobody bids blind in this game"), { player: c.who(seat) }, seat);
  }
}

/**
 * 5.1 golden deal: the forced opener plays exactly the golden contract, no give-up, no blind
 * bid.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number | null} seat
 * @param {GoldenHand} golden
 */
function goldenDeal(c, hand, seat, golden) {
  const where = { hand: golden.hand, hands: golden.hands };
  if (seat !== null && seat !== golden.declarer) {
    c.bad(
      "declarer",
      N_("golden hand {hand} of {hands} is played by {opener}, not {player}"),
      { opener: c.who(golden.declarer), player: c.who(seat), ...where },
      seat,
    );
  }
  const contract = hand.finalContract || golden.contract; // neither given: the fixed one
  if (contract !== golden.contract) {
    c.bad(
      contractField(hand),
      N_("golden hand {hand} of {hands} is played at exactly {contract}, got {got}"),
      { contract: golden.contract, got: contract, ...where },
      seat,
    );
  }
  if (hand.giveUp) c.bad("give_up", N_("golden hand {hand} of {hands} cannot be given up"), where, seat);
  if (hand.blind) c.bad("blind", N_("golden hand {hand} of {hands} has no blind bid"), where, seat);
}

/**
 * 5.1 silence: a seat below the mark declares only as the first seat after the dealer, at the
 * lowest bid (the bid, else the contract, else the lowest bid: 3.2).
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number} seat
 * @param {number} dealer
 */
function silent(c, hand, seat, dealer) {
  const opener = c.rules.opener(dealer);
  const least = c.options.min_bid;
  const params = {
    player: c.who(seat),
    total: c.table.totals[seat],
    below: /** @type {import("../hand.js").Silence} */ (c.options.silence).below,
  };
  if (seat !== opener) {
    c.bad(
      "declarer",
      N_(
        "{player} has {total}, below {below}, so keeps silent: a silent player declares only as " +
          "the first player after the dealer ({opener}), at {least}",
      ),
      { opener: c.who(opener), least, ...params },
      seat,
    );
    return;
  }
  const bid = hand.bid ?? hand.contract;
  if (bid !== null && bid !== least) {
    c.bad(
      hand.bid === null ? "contract" : "bid",
      N_(
        "{player} has {total}, below {below}, so keeps silent: a silent player declares only at " +
          "the opening {least}, got {bid}",
      ),
      { least, bid, ...params },
      seat,
    );
  }
}
