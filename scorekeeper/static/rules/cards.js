// Twin of scorekeeper/rules/cards.py: the cards of Thousand; suits, card values of each deck, and
// the card points a deck can make.
import { DECKS as DECK_DATA, RANKS, SUITS } from "./data.js";

export { RANKS, SUITS };
/** "aces" is the ace marriage of the house rules (scoring.md section 5), never a trump. */
export const ACES = "aces";
export const MARRIAGE_SUITS = [...SUITS, ACES];

/**
 * Every sum that some set of the deck's 24 cards can make (4 cards of each value).
 * @param {readonly number[]} values
 * @returns {ReadonlySet<number>}
 */
function reachableSums(values) {
  const sums = new Set([0]);
  for (const value of values) {
    for (let i = 0; i < 4; i++) for (const s of [...sums]) sums.add(s + value);
  }
  return sums;
}

/** One deck's card values (scoring.md section 2, option `cards`); its values come from data.js. */
export class Deck {
  /** @param {import("./data.js").DeckData} fields */
  constructor({ key, ace, ten, king, queen, jack, nine }) {
    this.key = key;
    this.ace = ace;
    this.ten = ten;
    this.king = king;
    this.queen = queen;
    this.jack = jack;
    this.nine = nine;
    /** Every card points a seat can hold (the checks ask it of every hand). */
    this.reachable = reachableSums(this.values);
  }

  get values() {
    return [this.ace, this.ten, this.king, this.queen, this.jack, this.nine];
  }

  get total() {
    return 4 * this.values.reduce((a, b) => a + b, 0);
  }

  /** Card points of a marriage's two cards: a seat credited with one holds at least this. */
  get kingQueen() {
    return this.king + this.queen;
  }

  get fourAces() {
    return 4 * this.ace;
  }

  toString() {
    return this.key;
  }
}

/**
 * The decks by key: standard (the jack is 2, so that a deck holds 120) and moscow (king 5,
 * queen 4, jack 3: a deck of 132), scoring.md section 1. No prototype: "toString" is no deck.
 * @type {Readonly<Record<string, Deck>>}
 */
export const DECKS = Object.freeze(
  Object.assign(Object.create(null), Object.fromEntries(Object.entries(DECK_DATA).map(([k, d]) => [k, new Deck(d)]))),
);
export const STANDARD = DECKS.standard;
export const MOSCOW = DECKS.moscow;
