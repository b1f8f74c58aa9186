// Twin of CardChecks.marriages, .trump and .musik (scorekeeper/rules/checks/cards.py): the named
// cards of a hand, each on its own (scoring.md 3.2).
import { ACES, SUITS } from "../cards.js";
import { N_, Term } from "../errors.js";

/** @typedef {import("./index.js").Checker} Checker */
/** @typedef {import("../hand.js").Hand} Hand */

/**
 * Marriages: a suit (or the aces where the house plays them), once each, of a seat in the
 * hand; found in tricks, its cards' points among the seat's card points.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {readonly number[]} playing
 */
export function marriages(c, hand, playing) {
  const o = c.options;
  const seen = new Set();
  const inTricks = o.marriages === "in-tricks";
  for (const { seat, suit } of hand.marriages) {
    if (!SUITS.includes(suit) && suit !== ACES) {
      c.bad("marriages", N_("a marriage is in spades, clubs, diamonds or hearts, got {suit!r}"), { suit });
      continue;
    }
    if (suit === ACES && o.ace_marriage === null) {
      c.bad("marriages", N_("the ace marriage (four aces) is not a rule of this game"));
      continue;
    }
    const marriage = new Term({ kind: "marriage", key: suit });
    if (seen.has(suit)) c.bad("marriages", N_("the {marriage} can only be there once in a hand"), { marriage });
    seen.add(suit);
    if (!(0 <= seat && seat < c.table.seats)) {
      c.bad("marriages", N_("a marriage's seat must be from 0 to {last}, got {got}"), {
        last: c.table.seats - 1,
        got: seat,
      });
    } else if (!playing.includes(seat)) {
      c.bad("marriages", N_("{player} sits this hand out and cannot have a marriage"), { player: c.who(seat) }, seat);
    } else if (inTricks && hand.points !== null && hand.points.length > seat) {
      const need = suit === ACES ? o.cards.fourAces : o.cards.kingQueen;
      const got = hand.points[seat] ?? 0;
      if (got < need) {
        c.bad(
          "marriages",
          N_("{player} has the {marriage} in tricks but only {got} card points (its cards alone are {need})"),
          { player: c.who(seat), marriage, got, need },
          seat,
        );
      }
    }
  }
}

/**
 * The trump: a suit, and named where the variant asks for it.
 * @param {Checker} c
 * @param {Hand} hand
 */
export function trump(c, hand) {
  if (hand.trump !== null && !SUITS.includes(hand.trump)) {
    c.bad("trump", N_("the trump is spades, clubs, diamonds or hearts, got {suit!r}"), { suit: hand.trump });
  } else if (hand.trump === null && !hand.giveUp && c.rules.needsTrump(hand)) {
    c.bad(
      "trump",
      c.options.marriages === "in-tricks"
        ? N_("a marriage was found in tricks: say which suit is trump")
        : N_("say which suit is trump in this hand"),
    );
  }
}

/**
 * The musik a sitting-out dealer scores (pl-4): three cards, so at most three aces, or one
 * ace beside a marriage.
 * @param {Checker} c
 * @param {Hand} hand
 */
export function musik(c, hand) {
  if (hand.musik === null) return;
  if (c.options.musik_bonus === null || c.options.sitting_out === null) {
    c.bad("musik", N_("only a sitting-out dealer scores the musik, not in {variant}"), { variant: c.rules.key });
    return;
  }
  const { aces, marriage } = hand.musik;
  if (!(0 <= aces && aces <= 3)) c.bad("musik", N_("the musik holds 3 cards: 0 to 3 aces, got {aces}"), { aces });
  if (marriage !== null && !SUITS.includes(marriage)) {
    c.bad("musik", N_("a marriage in the musik is in a suit, got {suit!r}"), { suit: marriage });
  } else if (marriage !== null && aces > 1) {
    c.bad("musik", N_("the musik holds 3 cards: a marriage and {aces} aces do not fit"), { aces });
  }
}
