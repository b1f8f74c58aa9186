// Twin of scorekeeper/rules/deal.py: whether some deal of the 24 cards gives a hand's card
// points, tricks and marriages (3.2).

// The cards of one rank are interchangeable for points, so a deal is how many of each rank every
// pile holds: a seat's tricks, and the cards out of play in two-hand games. A pile with a marriage
// found in its tricks holds a king and a queen per marriage (the suits differ, so any kings will
// do), and all four aces for the ace marriage.

const COPIES = 4; // cards of each rank: 6 ranks x 4 suits = 24

/** What one pile must hold: `points`, and `cards` exactly (or a multiple of `step`). */
export class Pile {
  /** @param {{points: number, cards?: number | null, step?: number, kings?: number, aces?: number}} fields */
  constructor({ points, cards = null, step = 1, kings = 0, aces = 0 }) {
    this.points = points;
    /** exact count (tricks given, or the 4 cards out of play) */
    this.cards = cards;
    /** without a count: whole tricks, so a multiple of the seats in the hand */
    this.step = step;
    /** at least this many kings and queens (marriages found in tricks) */
    this.kings = kings;
    /** at least this many aces (the ace marriage: 4) */
    this.aces = aces;
  }
}

/** @param {readonly number[]} xs */
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * A memo that forgets everything past `size` entries: which answers it keeps changes only
 * the speed (Python's lru_cache).
 * @template T
 * @param {Map<string, T>} memo
 * @param {number} size
 * @param {string} key
 * @param {() => T} make
 * @returns {T}
 */
function remembered(memo, size, key, make) {
  let value = memo.get(key);
  if (value === undefined) {
    if (memo.size >= size) memo.clear();
    memo.set(key, (value = make()));
  }
  return value;
}

/** @type {Map<string, ReadonlySet<number>>} */
const SUMS = new Map();

/**
 * Every point sum that exactly `cards` cards of the deck (4 of each value) can make.
 * @param {readonly number[]} values
 * @param {number} cards
 * @returns {ReadonlySet<number>}
 */
export function sumsOf(values, cards) {
  return remembered(SUMS, 64, `${values}/${cards}`, () => {
    // by[c] is the set of sums of c cards from the ranks seen so far
    let by = Array.from({ length: cards + 1 }, (_, c) => new Set(c ? [] : [0]));
    for (const value of values) {
      const next = by.map((s) => new Set(s));
      for (let c = 0; c <= cards; c++) {
        for (let k = 1; k <= COPIES && c + k <= cards; k++) for (const s of by[c]) next[c + k].add(s + k * value);
      }
      by = next;
    }
    return by[cards];
  });
}

/**
 * The sum of the first `cards` cards when each value in `values` has 4 copies.
 * @param {readonly number[]} values
 * @param {number} cards
 */
function greedy(values, cards) {
  let total = 0;
  for (const value of values) {
    const take = Math.min(COPIES, cards);
    total += take * value;
    cards -= take;
    if (cards === 0) break;
  }
  return total;
}

/** @type {Map<string, number[][][]>} */
const BOUNDS = new Map();

/**
 * For ranks r.. of `order`: the fewest and the most points that c of their cards make.
 * @param {readonly number[]} order
 * @returns {number[][][]} [lows, highs]
 */
function bounds(order) {
  return remembered(BOUNDS, 8, `${order}`, () => {
    /** @type {number[][]} */
    const lows = [];
    /** @type {number[][]} */
    const highs = [];
    for (let r = 0; r <= order.length; r++) {
      const up = order.slice(r).sort((a, b) => a - b);
      const down = [...up].reverse();
      const counts = [...Array(COPIES * up.length + 1).keys()];
      lows.push(counts.map((c) => greedy(up, c)));
      highs.push(counts.map((c) => greedy(down, c)));
    }
    return [lows, highs];
  });
}

/**
 * The richest piles first (measured: prunes a little better than the seat order).
 * @param {Pile} p
 */
const sortKey = (p) => [-p.points, p.cards ?? -1, p.step, p.kings, p.aces];

/** @param {Pile} p */
const kind = (p) => `${p.cards},${p.step},${p.kings},${p.aces}`;

/** @type {Map<string, boolean>} */
const ANSWERS = new Map();

/**
 * True if the deck's cards (A 10 K Q J 9 values, 4 each) split into `piles` exactly.
 * @param {readonly number[]} values
 * @param {readonly Pile[]} piles
 * @returns {boolean}
 */
export function possible(values, piles) {
  // the answer does not depend on the piles' order: one memo entry for every order
  const sorted = [...piles].sort((a, b) => {
    const x = sortKey(a);
    const y = sortKey(b);
    const i = x.findIndex((v, j) => v !== y[j]);
    return i < 0 ? 0 : x[i] - y[i];
  });
  const key = `${values}/${sorted.map((p) => `${p.points},${kind(p)}`).join(";")}`;
  return remembered(ANSWERS, 16384, key, () => search(values, sorted));
}

/**
 * The states of the search by kinds of piles.
 * @type {Map<string, Map<string, boolean>>}
 */
const STATES = new Map();
let statesSize = 0;

/**
 * The search of `possible` over piles in their sorted order.
 * @param {readonly number[]} values
 * @param {readonly Pile[]} piles
 * @returns {boolean}
 */
function search(values, piles) {
  // highest ranks first, so the bounds below cut early; the nines (0) come last
  const ranks = [...values.keys()].sort((a, b) => values[b] - values[a]);
  const order = ranks.map((r) => values[r]);
  // position of the king, queen and ace in `order` (values are A, 10, K, Q, J, 9)
  const [king, queen, ace] = [2, 3, 0].map((r) => ranks.indexOf(r));
  if (sum(piles.map((p) => p.points)) !== COPIES * sum(values)) return false;
  if (sum(piles.map((p) => p.cards ?? 0)) > COPIES * values.length) return false;
  // What is left to place decides the answer, not where it came from: the states are
  // shared by every hand with piles of the same kinds (a game's hands meet the same ones).
  const sig = `${values}/${piles.map(kind).join(";")}`;
  let memo = STATES.get(sig);
  if (memo === undefined) {
    if (STATES.size > 256 || statesSize > 400_000) {
      STATES.clear(); // a bound on memory; the next hands fill it again
      statesSize = 0;
    }
    STATES.set(sig, (memo = new Map()));
  }
  const states = memo;
  const [lows, highs] = bounds(order);
  const floor = piles.map((p) => order.map((_, r) => (r === king || r === queen ? p.kings : r === ace ? p.aces : 0)));
  const tails = [...order.keys(), order.length].map((r) => COPIES * sum(order.slice(r)));
  const n = piles.length;

  /**
   * `rem` points still to find among ranks r.. with `left` cards (null: any number).
   * @param {number} rem
   * @param {number | null} left
   * @param {number} r
   */
  const fits = (rem, left, r) => {
    if (rem < 0) return false;
    if (left === null) return rem <= tails[r];
    if (left < 0 || left > COPIES * (order.length - r)) return false;
    return lows[r][left] <= rem && rem <= highs[r][left];
  };

  /**
   * @param {number} r
   * @param {readonly number[]} rem
   * @param {readonly number[]} used
   * @returns {boolean}
   */
  const go = (r, rem, used) => {
    if (r === order.length) {
      return (
        rem.every((x) => x === 0) &&
        piles.every((p, i) => (p.cards === null && used[i] % p.step === 0) || used[i] === p.cards)
      );
    }
    const key = `${r}:${rem}:${used}`;
    const known = states.get(key);
    if (known !== undefined) return known;
    const value = order[r];
    const nrem = [...rem];
    const nused = [...used];

    /**
     * Hands the rank's remaining `copies` to piles i.., pruning pile by pile.
     * @param {number} i
     * @param {number} copies
     * @returns {boolean}
     */
    const place = (i, copies) => {
      if (i === n) return copies === 0 && go(r + 1, nrem, nused); // go copies what it changes
      const p = piles[i];
      const low = floor[i][r];
      // the last pile takes what is left of the rank
      for (let k = i === n - 1 ? copies : low; k <= copies; k++) {
        if (k < low) break;
        const x = rem[i] - k * value;
        const u = used[i] + k;
        if (!fits(x, p.cards === null ? null : p.cards - u, r + 1)) continue;
        nrem[i] = x;
        // without an exact count only the count modulo `step` matters: fewer states
        nused[i] = p.cards === null ? u % p.step : u;
        if (place(i + 1, copies - k)) return true;
      }
      return false;
    };

    const found = place(0, COPIES);
    states.set(key, found);
    statesSize += 1;
    return found;
  };

  return go(
    0,
    piles.map((p) => p.points),
    piles.map(() => 0),
  );
}
