// Twin of AuctionChecks (scorekeeper/rules/checks/auction.py): a hand's bid, contract and declarer
// (scoring.md 3.2), its forced opening, and a give-up.
import { N_ } from "../errors.js";
import { PER_SEAT } from "./points.js";

/** @typedef {import("./index.js").Checker} Checker */
/** @typedef {import("../hand.js").Hand} Hand */

// the bounds of a bid and a contract: what each says when a multiple, the least, the most fails
const LIMITS = /** @type {const} */ ([
  [
    "bid",
    [
      N_("the bid must be a multiple of {step}, got {value}"),
      N_("the bid must be at least {least}, got {value}"),
      N_("the bid can be at most {most}, got {value}"),
    ],
  ],
  [
    "contract",
    [
      N_("the contract must be a multiple of {step}, got {value}"),
      N_("the contract must be at least {least}, got {value}"),
      N_("the contract can be at most {most}, got {value}"),
    ],
  ],
]);

/**
 * The declarer, the bid and the contract of a hand with an auction.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {readonly number[]} playing
 */
export function auction(c, hand, playing) {
  const o = c.options;
  const d = hand.declarer;
  if (d === null) {
    c.bad("declarer", N_("say who won the auction (the declarer)"));
  } else if (!(0 <= d && d < c.table.seats)) {
    c.bad("declarer", N_("the declarer must be a seat from 0 to {last}"), { last: c.table.seats - 1 });
  } else if (!playing.includes(d)) {
    c.bad("declarer", N_("{player} deals and sits this hand out, so cannot be the declarer"), { player: c.who(d) });
  }
  for (const [field, [step, least, most]] of LIMITS) {
    const value = hand[field];
    if (value === null) continue;
    if (value % o.bid_step) c.bad(field, step, { step: o.bid_step, value });
    else if (value < o.min_bid) c.bad(field, least, { least: o.min_bid, value });
    else if (value > o.max_contract) c.bad(field, most, { most: o.max_contract, value });
  }
  const { bid, contract } = hand;
  if (bid === null || contract === null) return;
  if (!o.contract_raise && contract !== bid) {
    c.bad("contract", N_("in {variant} the contract is the bid ({bid}), got {contract}"), {
      variant: c.rules.key,
      bid,
      contract,
    });
  } else if (contract < bid) {
    c.bad("contract", N_("the contract ({contract}) cannot be below the winning bid ({bid})"), { contract, bid });
  }
}

/**
 * 3.2, forced opening: the first seat after the dealer that takes part opens at `min_bid`
 * without looking, and every later bid is higher; so a hand won at `min_bid` is that seat's
 * (seed 000 "na musiku", seed 001 "na setce").
 * @param {Checker} c
 * @param {Hand} hand
 * @param {number} dealer
 * @param {readonly number[]} playing
 */
export function forced(c, hand, dealer, playing) {
  const o = c.options;
  const d = hand.declarer;
  if (!c.rules.forcedOpening || d === null || !playing.includes(d)) return;
  // a golden hand has no auction: its declarer is checked as such (5.1)
  if (c.rules.goldenHand(c.table.hands + 1, dealer) !== null) return;
  const opener = c.rules.opener(dealer);
  if (d === opener || (hand.bid ?? hand.contract ?? o.min_bid) !== o.min_bid) return;
  c.bad(
    hand.bid === null && hand.contract !== null ? "contract" : "bid",
    N_(
      "{opener} opens at {least} without looking, so {player} won the auction with " +
        "at least {more}, not {least}",
    ),
    { opener: c.who(opener), player: c.who(d), least: o.min_bid, more: o.min_bid + o.bid_step },
  );
}

/**
 * A hand given up (3.4): allowed, under the limit, and not played.
 * @param {Checker} c
 * @param {Hand} hand
 */
export function givenUp(c, hand) {
  const giveUp = c.options.give_up;
  const d = hand.declarer;
  const seats = c.table.seats;
  if (giveUp === null) {
    c.bad("give_up", N_("{variant} does not allow giving up"), { variant: c.rules.key });
  } else if (giveUp.limit !== null && d !== null && 0 <= d && d < seats) {
    const times = c.table.giveUps[d];
    if (times >= giveUp.limit) {
      c.bad("give_up", N_("{player} has given up {times} times already, the limit is {limit}"), {
        player: c.who(d),
        times,
        limit: giveUp.limit,
      });
    }
  }
  // its points or tricks, where given, are still one per seat (0 or null)
  for (const field of /** @type {const} */ (["points", "tricks"])) {
    const values = hand[field];
    if (values !== null && values.length !== seats) c.bad(field, PER_SEAT[field][0], { seats, got: values.length });
  }
  if (hand.points?.some(Boolean)) c.bad("points", N_("a hand given up is not played: it has no card points"));
  if (hand.marriages.length) c.bad("marriages", N_("a hand given up is not played: it has no marriages"));
  if (hand.tricks?.some(Boolean)) c.bad("tricks", N_("a hand given up is not played: it has no tricks"));
}
