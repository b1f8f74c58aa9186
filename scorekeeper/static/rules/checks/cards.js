// Twin of CardChecks (scorekeeper/rules/checks/cards.py): the named cards of a hand, each on its
// own (.marriages, .trump, .musik), and each seat's card points and tricks and their sums
// (.per_seat, .points, .tricks), scoring.md 3.2.
import { ACES, SUITS } from "../hand.js";
import { N_, Term } from "../i18n.js";

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


/** What a field of one value per seat says: a wrong count, a missing value, a value for a
 * sitting-out seat. */
export const PER_SEAT = {
  points: [
    N_("give card points for each of the {seats} players, got {got}"),
    N_("card points of {player} are missing"),
    N_("{player} sits this hand out and has no card points"),
  ],
  tricks: [
    N_("give tricks for each of the {seats} players, got {got}"),
    N_("tricks of {player} are missing"),
    N_("{player} sits this hand out and has no tricks"),
  ],
};

/**
 * One value per seat, a number for each seat in the hand; false if unusable.
 * @param {Checker} c
 * @param {"points" | "tricks"} field
 * @param {readonly (number | null)[]} values
 * @param {readonly number[]} playing
 */
function perSeat(c, field, values, playing) {
  const [count, missing, sitsOut] = PER_SEAT[field];
  const seats = c.table.seats;
  if (values.length !== seats) {
    c.bad(field, count, { seats, got: values.length });
    return false;
  }
  let ok = true;
  values.forEach((value, seat) => {
    if (playing.includes(seat) ? value === null : value) {
      c.bad(field, value === null ? missing : sitsOut, { player: c.who(seat) }, seat);
      ok = false;
    }
  });
  return ok;
}

/**
 * Card points: one a seat, each one a deck can make, summing to the deck (or nearly, where
 * cards are out of play).
 * @param {Checker} c
 * @param {Hand} hand
 * @param {readonly number[]} playing
 */
export function points(c, hand, playing) {
  const given = hand.points;
  if (given === null) {
    c.bad("points", N_("give the card points each player took"));
    return;
  }
  if (!perSeat(c, "points", given, playing)) return;
  const deck = c.options.cards;
  let total = 0;
  for (const seat of playing) {
    const p = given[seat] ?? 0;
    total += p;
    if (!deck.reachable.has(p)) {
      // every such seat is named, not only the first
      c.bad(
        "points",
        N_("{player}'s {points} card points cannot be made with this deck (0 to {total}, never {never})"),
        { player: c.who(seat), points: p, total: deck.total, never: unreachable(deck) },
        seat,
      );
    }
  }
  const least = deck.total - 4 * deck.ace;
  if (c.options.all_cards_in_play) {
    if (total !== deck.total) {
      c.bad("points", N_("card points must add up to {total}, got {got}"), { total: deck.total, got: total });
    }
  } else if (!(least <= total && total <= deck.total)) {
    c.bad(
      "points",
      N_("card points must add up to between {least} and {total} (cards out of play), got {got}"),
      { least, total: deck.total, got: total },
    );
  }
}

/**
 * The card points no set of the deck's cards makes: "1, 2, 3, 5...".
 * @param {import("../hand.js").Deck} deck
 */
function unreachable(deck) {
  return Array.from({ length: deck.total + 1 }, (_, p) => p)
    .filter((p) => !deck.reachable.has(p))
    .join(", ");
}

/**
 * Tricks, where logged: one a seat, none negative, summing to the variant's tricks, and a
 * trick behind every seat's card points.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {readonly number[]} playing
 */
export function tricks(c, hand, playing) {
  const taken = hand.tricks;
  if (taken === null || !perSeat(c, "tricks", taken, playing)) return;
  let negative = false;
  taken.forEach((t, seat) => {
    if (t !== null && t < 0) {
      // the game file's reader refuses them too; a program might not
      c.bad("tricks", N_("{player} cannot take {tricks} tricks"), { player: c.who(seat), tricks: t }, seat);
      negative = true;
    }
  });
  if (negative) return;
  let total = 0;
  for (const t of taken) total += t ?? 0;
  if (total !== c.rules.tricks) {
    c.bad("tricks", N_("tricks must add up to {tricks}, got {got}"), { tricks: c.rules.tricks, got: total });
  }
  const given = hand.points;
  if (given === null || given.length !== taken.length) return;
  for (const seat of playing) {
    if (!taken[seat] && given[seat]) {
      c.bad(
        "tricks",
        N_("{player} took no trick but has {points} card points"),
        { player: c.who(seat), points: given[seat] },
        seat,
      );
    }
  }
}
