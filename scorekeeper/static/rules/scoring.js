// Twin of scorekeeper/rules/scoring.py: a line scored in the fixed order of scoring.md, a hand
// by 3.3 (3.4), then 5, then 4; and of rules/marriages.py: marriage points of a played hand
// (3.3 step 2), declared or found in tricks.
import { ACES } from "./hand.js";
import { giveUpPenalty, houseRules } from "./house.js";
import { Note } from "./notes.js";
import { LineResult } from "./tally.js";

// The order is the same for every preset; where the variants differ, a step asks a hook of
// Rules (ruleset.js) or reads an option.

/**
 * @typedef {import("./hand.js").Adjustment} Adjustment
 * @typedef {import("./hand.js").Hand} Hand
 * @typedef {import("./hand.js").GiveUp} GiveUp
 * @typedef {import("./ruleset.js").Rules} Rules
 * @typedef {import("./tally.js").Table} Table
 */

/**
 * Section 3.5: an adjustment line.
 * @param {Rules} _rules
 * @param {Adjustment} line
 * @param {Table} table
 * @param {number} number
 * @returns {LineResult}
 */
export function adjust(_rules, line, table, number) {
  // 3.5: added as it is, through no rule; the deal does not move; the game never ends here.
  const { values, reason } = line;
  const totals = (table.totals = table.totals.map((t, s) => t + values[s]));
  const notes = values.flatMap((value, seat) =>
    value ? [new Note({ seat, rule: "adjustment", params: { value, reason } })] : [],
  );
  return new LineResult({ number, kind: "adjustment", dealer: null, declarer: null, scores: values, totals: [...totals], notes });
}

/**
 * Who deals `hand`: the seat written on it, else the next by turn (3.1).
 * @param {Rules} rules
 * @param {Hand} hand
 * @param {Table} table
 * @returns {number}
 */
export function dealerOf(rules, hand, table) {
  const d = hand.dealer;
  return d !== null && 0 <= d && d < rules.seats ? d : table.nextDealer;
}

/**
 * A hand in the fixed order of section 3.3 (and 3.4), then section 5, then section 4.
 * @param {Rules} rules
 * @param {Hand} hand
 * @param {Table} table
 * @param {number} number
 * @returns {LineResult}
 */
export function play(rules, hand, table, number) {
  const o = rules.options;
  const dealer = dealerOf(rules, hand, table);
  const playing = rules.participants(dealer);
  const declarer = o.auction ? hand.declarer : null;
  const before = table.totals;
  table.hands += 1;
  const golden = rules.goldenHand(table.hands, dealer); // 5.1: null in an ordinary hand
  // no bid at all: the lowest (seed 002), or in a golden hand its fixed contract (5.1)
  const contract = hand.finalContract || (golden ? golden.contract : o.min_bid);
  /** @type {number[]} */
  const scores = Array(rules.seats).fill(0);
  /** @type {(number | null)[]} */
  const raw = Array(rules.seats).fill(null);
  /** @type {Note[]} */
  const notes = [];
  let made = false;
  const took = hand.giveUp ? [] : rules.tookTricks(hand); // step 1
  if (hand.giveUp) {
    givenUp(rules, table, /** @type {number} */ (declarer), contract, playing, scores, notes);
  } else {
    made = played(rules, hand, declarer, contract, playing, took, scores, raw, notes);
  }
  lock(rules, declarer, before, scores, notes);
  houseRules(rules, table, golden, declarer, contract, made, hand.giveUp, playing, took, raw, scores, notes);
  const totals = (table.totals = before.map((t, s) => t + scores[s]));
  table.nextDealer = (dealer + 1) % rules.seats;
  // section 4: a total at the target (5.2 `exact`: on it), or with `deals` the last hand
  if (totals.some((t) => rules.reached(t)) || (o.deals !== null && table.hands >= o.deals)) end(rules, table, declarer, number, notes);
  return new LineResult({
    number,
    kind: "hand",
    dealer,
    declarer,
    scores,
    totals: [...totals],
    notes,
    contract: declarer !== null ? contract : null,
  });
}

/**
 * 3.4: the declarer -contract (or 0); every other seat in the hand the opponents' due.
 * @param {Rules} rules
 * @param {Table} table
 * @param {number} declarer
 * @param {number} contract
 * @param {readonly number[]} playing
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function givenUp(rules, table, declarer, contract, playing, scores, notes) {
  const giveUp = /** @type {GiveUp} */ (rules.options.give_up);
  const count = (table.giveUps[declarer] += 1);
  // 5.2 `free`: a seat's first give-ups in the game cost it nothing (they still count)
  const free = count <= giveUp.free;
  const score = (scores[declarer] = giveUp.declarer === "minus" && !free ? -contract : 0);
  const mine = { role: "declarer", contract, score, ...(free && { free: count, frees: giveUp.free }) };
  notes.push(new Note({ seat: declarer, rule: "give-up", params: mine }));
  const value = rules.giveUpPoints(contract);
  const half = giveUp.opponents === "half";
  /** @type {Record<string, unknown>} */
  const theirs = { role: "opponent", declarer, contract, score: value, half };
  if (half && value > rules.giveUpHalf(contract)) theirs.least = value; // 5.2 opponents_min: half of it was less
  for (const seat of playing) {
    if (seat === declarer) continue;
    scores[seat] = value;
    notes.push(new Note({ seat, rule: "give-up", params: { ...theirs } }));
  }
  if (giveUp.every !== null) giveUpPenalty(rules, table, declarer, scores, notes);
}

/**
 * 3.3 steps 2-7 of a played hand (`took`: step 1); whether the declarer made the contract.
 * @param {Rules} rules
 * @param {Hand} hand
 * @param {number | null} declarer
 * @param {number} contract
 * @param {readonly number[]} playing
 * @param {readonly boolean[]} took
 * @param {number[]} scores
 * @param {(number | null)[]} raw
 * @param {Note[]} notes
 * @returns {boolean}
 */
export function played(rules, hand, declarer, contract, playing, took, scores, raw, notes) {
  const handPoints = /** @type {readonly (number | null)[]} */ (hand.points);
  const marriages = rules.marriagePoints(hand, took, notes); // step 2
  let made = false;
  for (const seat of playing) {
    const cards = handPoints[seat] || 0;
    const points = (raw[seat] = cards + marriages[seat]); // step 3
    if (seat === declarer) {
      scores[seat] = rules.declarerScore(hand, contract, points, took, notes); // step 4
      made = scores[seat] > 0;
      continue;
    }
    // steps 5 and 6: a defender (or every seat with no auction) banks its points, rounded
    if (points) notes.push(new Note({ seat, rule: "points", params: { cards, marriages: marriages[seat], raw: points } }));
    const rounded = (scores[seat] = points ? rules.round(points) : 0);
    if (rounded !== points) {
      notes.push(new Note({ seat, rule: "rounding", params: { raw: points, rounded, step: rules.options.rounding } }));
    }
  }
  for (let seat = 0; seat < rules.seats; seat++) {
    // step 7: the sitting-out dealer's musik
    if (!playing.includes(seat)) scores[seat] = rules.musikBonus(hand, seat, notes);
  }
  return made;
}

/**
 * 3.3 step 8: at or above the lock, only a declarer's result counts. It takes the points of
 * steps 5 and 7 (defenders, the sitting-out dealer); with no auction every seat banks its
 * points by step 6, which the lock does not name, so it has nothing to take.
 * @param {Rules} rules
 * @param {number | null} declarer
 * @param {readonly number[]} before the totals before the hand
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function lock(rules, declarer, before, scores, notes) {
  const at = rules.options.lock;
  if (at === null || !rules.options.auction) return;
  for (let seat = 0; seat < rules.seats; seat++) {
    if (seat !== declarer && before[seat] >= at && scores[seat]) {
      notes.push(new Note({ seat, rule: "lock", params: { total: before[seat], lock: at, lost: scores[seat] } }));
      scores[seat] = 0;
    }
  }
}

/**
 * Section 4: the declarer wins if it reached the target, else the highest total(s). A game
 * that ends after its `deals` with no total at the target says so first ("deals").
 * @param {Rules} rules
 * @param {Table} table
 * @param {number | null} declarer
 * @param {number} number
 * @param {Note[]} notes
 */
export function end(rules, table, declarer, number, notes) {
  const { totals } = table;
  const { target } = rules.options;
  /** @type {number[]} */
  let winners;
  let why;
  const reached = [...totals.keys()].filter((s) => rules.reached(totals[s]));
  if (declarer !== null && reached.includes(declarer)) {
    winners = [declarer];
    why = "declarer";
  } else if (reached.length && rules.options.finish === "exact") {
    // 5.2: the seats exactly on the target win, whoever has more
    winners = reached;
    why = winners.length === 1 ? "exact" : "exact-joint";
  } else {
    const best = Math.max(...totals);
    winners = [...totals.keys()].filter((s) => totals[s] === best);
    why = winners.length === 1 ? "highest" : "joint";
  }
  table.endedAt = number;
  table.winners = winners;
  // the target wins over the deals: a total that reached it in the last hand ends it as usual
  const byDeals = !reached.length;
  for (const seat of winners) {
    if (byDeals) notes.push(new Note({ seat, rule: "deals", params: { deals: rules.options.deals } }));
    notes.push(new Note({ seat, rule: "game-won", params: { total: totals[seat], target, why } }));
  }
}

/**
 * Marriage points per seat, in the order the marriages were declared (or found); their notes
 * are added to `notes`.
 * @param {import("./options.js").Options} o
 * @param {number} seats
 * @param {import("./hand.js").Hand} hand
 * @param {readonly boolean[]} took whether each seat took a trick
 * @param {Note[]} notes
 * @returns {number[]}
 */
export function marriagePoints(o, seats, hand, took, notes) {
  const points = Array(seats).fill(0);
  let trump = hand.trump;
  for (const m of hand.marriages) {
    let base, value;
    let doubled = false;
    if (m.suit === ACES) {
      base = value = o.ace_marriage || 0;
    } else if (o.marriages === "in-tricks") {
      value = m.suit === trump ? 80 : 40;
      const params = { suit: m.suit, value, in_tricks: true, trump: value === 80 };
      notes.push(new Note({ seat: m.seat, rule: "marriage", params }));
      points[m.seat] += value;
      continue;
    } else {
      base = value = o.marriage_values[m.suit];
      // Seed 004: doubled when its suit is trump as it is declared; a switch to its
      // own suit doubles only with double_on_switch (scoring.md section 1).
      doubled = o.trump_marriage_double && (m.suit === trump || (o.double_on_switch && m.switch));
      if (doubled) value = 2 * base;
    }
    if (o.marriage_needs_trick && !took[m.seat]) {
      notes.push(new Note({ seat: m.seat, rule: "marriage-no-trick", params: { suit: m.suit, value } }));
    } else {
      points[m.seat] += value;
      if (doubled) {
        // switch: doubled by its own switch (double_on_switch), not as trump
        const params = m.suit === trump ? { suit: m.suit, base, value } : { suit: m.suit, base, value, switch: true };
        notes.push(new Note({ seat: m.seat, rule: "trump-double", params }));
      } else {
        notes.push(new Note({ seat: m.seat, rule: "marriage", params: { suit: m.suit, value } }));
      }
    }
    if (m.switch && m.suit !== ACES) {
      // 3.3 step 2: a switch makes its suit trump after it is scored; the note
      // explains the next marriage's doubled (or plain) value
      if (m.suit !== trump) notes.push(new Note({ seat: m.seat, rule: "trump-switch", params: { suit: m.suit } }));
      trump = m.suit;
    }
  }
  return points;
}
