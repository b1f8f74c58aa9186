// Twin of DealChecks (scorekeeper/rules/checks/deal.py): a real deal (scoring.md 3.2); a hand's card
// points, tricks and marriages found in tricks are what some split of the 24 cards gives, each
// seat's problem named, then the whole.
import { ACES, SUITS } from "../hand.js";
import { Pile, possible, sumsOf } from "../deal.js";
import { N_, Term } from "../i18n.js";

/** @typedef {import("./index.js").Checker} Checker */
/** @typedef {import("../hand.js").Hand} Hand */

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
