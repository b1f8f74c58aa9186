// Twin of scorekeeper/rules/marriages.py: marriage points of a played hand (scoring.md 3.3 step 2),
// declared or found in tricks.
import { ACES } from "./cards.js";
import { Note } from "./notes.js";

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
