// Twin of CardChecks and DealChecks (scorekeeper/rules/checks/cards.py, deal.py), scoring.md 3.2:
// the named cards of a hand, each on its own (.marriages, .trump, .musik), each seat's card
// points and tricks and their sums (.per_seat, .points, .tricks); then a real deal: a hand's card
// points, tricks and marriages found in tricks are what some split of the 24 cards gives, each
// seat's problem named, then the whole.
import { ACES, SUITS } from "../hand.js";
import { Pile, possible, sumsOf } from "../deal.js";
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


const CARDS = 24; // 6 ranks x 4 suits

/**
 * The deal check, run once a hand's points, tricks and marriages pass on their own.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {readonly number[]} playing
 */
export function deal(c, hand, playing) {
  const o = c.options;
  const deck = o.cards;
  const points = /** @type {readonly (number | null)[]} */ (hand.points);
  const tricks = hand.tricks;
  const n = playing.length;
  const inPlay = c.rules.tricks * n;
  const isSized = sized(c, inPlay);
  // per seat: the kings (and queens) and the aces its marriages found in tricks put in its pile
  const kings = Array(c.table.seats).fill(0);
  const aces = Array(c.table.seats).fill(0);
  if (o.marriages === "in-tricks") {
    for (const m of hand.marriages) {
      if (playing.includes(m.seat)) {
        if (m.suit === ACES) aces[m.seat] = 4;
        else kings[m.seat] += 1;
      }
    }
  }
  /** @type {Pile[]} */
  const piles = [];
  const before = c.problems.length;
  for (const seat of playing) {
    const p = points[seat] ?? 0;
    const count = tricks !== null && isSized ? tricks[seat] : null;
    const named = { kings: kings[seat], aces: aces[seat] };
    if (count !== null) {
      trickPoints(c, seat, p, count, n);
      piles.push(new Pile({ points: p, cards: count * n, ...named }));
    } else {
      piles.push(new Pile({ points: p, step: n, ...named }));
    }
    const need = kings[seat] * deck.kingQueen + (aces[seat] ? deck.fourAces : 0);
    if (kings[seat] > 1 && p < need) {
      c.bad(
        "marriages",
        N_(
          "{player} has {count} marriages in tricks but only {got} card points (their cards alone are {need})",
        ),
        { player: c.who(seat), count: kings[seat], got: p, need },
        seat,
      );
    }
  }
  if (!o.all_cards_in_play) {
    const out = deck.total - playing.reduce((sum, s) => sum + (points[s] ?? 0), 0);
    const size = isSized ? CARDS - inPlay : null;
    if (size !== null && !sumsOf(deck.values, size).has(out)) {
      c.bad(
        "points",
        N_(
          "the card points add up to {got}, so the {cards} cards out of play would hold {out}: " +
            "{cards} cards never make {out}",
        ),
        { got: deck.total - out, cards: size, out },
      );
    }
    piles.push(new Pile({ points: out, cards: size }));
  }
  if (c.problems.length > before) return;
  const withKings = kings.some(Boolean);
  // Three piles of whole tricks with no card named: every split of the deck total into sums
  // that the deck can make is dealt by some deal (tests/rules/test_deal.py tries them all, for
  // both decks), so the search is not needed.
  if (n === 3 && tricks === null && o.all_cards_in_play && !withKings) return;
  if (possible(deck.values, piles)) return;
  let template;
  if (tricks !== null && withKings) {
    template = N_("no deal of the 24 cards gives these card points, tricks and marriages in tricks together");
  } else if (tricks !== null) {
    template = N_("no deal of the 24 cards gives these card points and tricks together");
  } else if (withKings || aces.some(Boolean)) {
    template = N_("no deal of the 24 cards gives these card points and marriages in tricks together");
  } else {
    template = N_("no deal of the 24 cards gives these card points together");
  }
  c.bad("points", template);
}

/**
 * 3.2, pl-4: the declarer takes the musik and passes one card to each other seat, so nobody
 * else can hold both the king and queen of a marriage that was in it.
 * @param {Checker} c
 * @param {Hand} hand
 */
export function musikMarriage(c, hand) {
  const suit = hand.musik?.marriage;
  if (suit == null || !SUITS.includes(suit) || c.options.musik_bonus === null) return;
  for (const m of hand.marriages) {
    if (m.suit === suit && m.seat !== hand.declarer) {
      c.bad(
        "marriages",
        N_(
          "{player} cannot declare the {marriage}: its king and queen were both in the musik, " +
            "which only the declarer takes",
        ),
        { player: c.who(m.seat), marriage: new Term({ kind: "marriage", key: suit }) },
        m.seat,
      );
    }
  }
}

/**
 * Whether trick counts fix the piles' sizes: where the option says fewer cards are in play
 * than the tricks hold (an odd override), they cannot, and only points are checked.
 * @param {Checker} c
 * @param {number} inPlay
 */
function sized(c, inPlay) {
  return c.options.all_cards_in_play ? inPlay === CARDS : inPlay < CARDS;
}

/**
 * Each seat's points against its own tricks, when other problems of the hand keep the deal
 * check from running: 3.2, "a hand with several problems gets all of them". A seat whose
 * points or tricks are already refused on their own is left to that message.
 * @param {Checker} c
 * @param {Hand} hand
 * @param {readonly number[]} playing
 */
export function trickPointsAlone(c, hand, playing) {
  const { points, tricks } = hand;
  const seats = c.table.seats;
  if (points === null || tricks === null || points.length !== seats || tricks.length !== seats) return;
  const n = playing.length;
  if (!sized(c, c.rules.tricks * n)) return; // trick counts do not size the piles
  const said = new Set(c.problems.filter((p) => p.field === "points").map((p) => p.seat));
  for (const seat of playing) {
    const p = points[seat];
    const count = tricks[seat];
    if (p === null || count === null || said.has(seat) || !c.options.cards.reachable.has(p)) continue;
    if (0 < count && count <= c.rules.tricks) trickPoints(c, seat, p, count, n);
  }
}

/**
 * One seat's points against what `count` tricks of `n` cards can hold.
 * @param {Checker} c
 * @param {number} seat
 * @param {number} points
 * @param {number} count
 * @param {number} n
 */
function trickPoints(c, seat, points, count, n) {
  const made = sumsOf(c.options.cards.values, count * n);
  if (made.has(points) || !count) return; // no trick and some points: tricks() has said so
  const one = count === 1;
  const most = Math.max(...made);
  const least = Math.min(...made);
  const params = { player: c.who(seat), points, tricks: count, cards: n };
  if (points > most) {
    c.bad(
      "points",
      one
        ? N_("{player}: one trick holds at most {most} points, got {points}")
        : N_("{player}: {tricks} tricks hold at most {most} points, got {points}"),
      { ...params, most },
      seat,
    );
  } else if (points < least) {
    c.bad("points", N_("{player}: {tricks} tricks hold at least {least} points, got {points}"), { ...params, least }, seat);
  } else {
    c.bad(
      "points",
      one
        ? N_("{player}: one trick of {cards} cards cannot make exactly {points} points")
        : N_("{player}: {tricks} tricks of {cards} cards cannot make exactly {points} points"),
      params,
      seat,
    );
  }
}
