// Twin of scorekeeper/rules/house.py: the house rules applied after a hand's points
// (scoring.md section 5): the barrel, the bolts, the dump; and of rules/club.py: the club
// agreements of scoring.md 5.1 in a hand, the golden deal and the give-up penalty (a blind bid
// is step 4's: Rules.declarerScore).
import { Note } from "./notes.js";

/**
 * @typedef {import("./ruleset.js").Rules} Rules
 * @typedef {import("./tally.js").Table} Table
 * @typedef {import("./hand.js").Barrel} Barrel
 */

/**
 * The barrel, in the order of section 5: seats already on it, then climbs, then knock-offs.
 * It takes the scores as the rules before it left them: a blind bid's or a golden hand's
 * multiplied score decides whether a made contract reaches the target (5.1).
 * @param {Rules} rules
 * @param {Table} table
 * @param {number | null} declarer
 * @param {number} contract
 * @param {boolean} made
 * @param {boolean} givenUp
 * @param {readonly number[]} playing the seats in the hand
 * @param {number[]} scores changed in place
 * @param {Note[]} notes
 */
export function barrel(rules, table, declarer, contract, made, givenUp, playing, scores, notes) {
  const b = /** @type {Barrel} */ (rules.options.barrel);
  const before = table.totals;
  const fresh = before.map((t, s) => t + scores[s]);
  if (!table.onBarrel.some(Boolean) && fresh.every((t) => t < b.at)) return; // most hands of a game
  const wasOn = [...table.onBarrel];
  const fell = wasOn.map(
    (on, s) => on && onTheBarrel(rules, table, s, s === declarer, contract, made, givenUp, playing, fresh, scores, notes),
  );
  const climbed = climbs(rules, table, wasOn, declarer, fresh, notes);
  if (climbed.length) knockOffs(rules, table, wasOn, fell, climbed[0], fresh, notes);
  fresh.forEach((t, s) => (scores[s] = t - before[s]));
}

/**
 * @param {Table} table
 * @param {number} s
 */
function leave(table, s) {
  table.onBarrel[s] = false;
  table.barrelHands[s] = 0;
}

/**
 * A seat on the barrel before the hand: it stays, wins, leaves or uses a try; true if it fell
 * off (its last try gone).
 * @param {Rules} rules
 * @param {Table} table
 * @param {number} s
 * @param {boolean} declares
 * @param {number} contract
 * @param {boolean} made
 * @param {boolean} givenUp
 * @param {readonly number[]} playing
 * @param {number[]} fresh the new totals
 * @param {number[]} scores
 * @param {Note[]} notes
 */
function onTheBarrel(rules, table, s, declares, contract, made, givenUp, playing, fresh, scores, notes) {
  const b = /** @type {Barrel} */ (rules.options.barrel);
  const target = rules.options.target;
  const before = table.totals[s];
  /** @param {Record<string, unknown>} params */
  const note = (params) => notes.push(new Note({ seat: s, rule: "barrel", params }));
  if (declares && !givenUp && !made && b.onFail === "try") {
    // 5.2 on_fail "try": the failed contract scores 0, the seat stays, the hand is a try
    note({ event: "fail-try", at: b.at, contract, total: before });
  } else if (declares) {
    if (givenUp || !made) {
      // a failed or given-up contract scores as usual and takes the seat off
      leave(table, s);
      note({ event: "off", at: b.at });
      return false;
    }
    if (rules.reached(before + scores[s])) {
      leave(table, s); // a made contract that reaches the target wins
      return false;
    }
    // 5: it scores 0 and the total stays where it is: the barrel's own mark, or where an
    // adjustment put it (the note says which)
    note({ event: "stay", at: b.at, contract, target, total: before });
  } else if (b.defenderFinishes && playing.includes(s) && rules.reached(before + scores[s])) {
    // 5.2: a defender (an opponent of a give-up, any seat with no auction) whose score takes
    // it to the target keeps it, and the game ends by section 4
    leave(table, s);
    note({ event: "finish", at: b.at, score: scores[s], target });
    return false;
  } else {
    // on the barrel, points as a defender, sitting-out dealer or opponent are lost
    note({ event: "idle", at: b.at, lost: scores[s] });
  }
  fresh[s] = before;
  table.barrelHands[s] += 1;
  if (table.barrelHands[s] < b.tries) {
    note({ event: "try", try: table.barrelHands[s], tries: b.tries, at: b.at });
    return false;
  }
  fresh[s] = b.at - b.penalty;
  leave(table, s);
  note(fall(rules, table, s, fresh, { event: "fall", at: b.at, tries: b.tries, penalty: b.penalty, total: fresh[s] }));
  return true;
}

/**
 * A fall from the barrel (out of tries or knocked off): counted, and at the seat's
 * `fallsToZero`-th fall its total becomes 0 instead (5.1); the note's parameters.
 * @param {Rules} rules
 * @param {Table} table
 * @param {number} s
 * @param {number[]} fresh
 * @param {Record<string, unknown>} params
 * @returns {Record<string, unknown>}
 */
function fall(rules, table, s, fresh, params) {
  const b = /** @type {Barrel} */ (rules.options.barrel);
  const falls = (table.barrelFalls[s] += 1);
  // 5.1: every fallsToZero-th fall (the 3rd, the 6th, ... with 3), as the bolts count
  if (b.fallsToZero === null || falls % b.fallsToZero) return params;
  fresh[s] = 0;
  const { tries = null, by = null } = params;
  return { event: "fall-zero", at: b.at, falls, total: 0, tries, by };
}

/**
 * The seats whose new total is between the barrel and the target climb on; in order.
 * 5.2 `together`: when several reach it in one hand, only the declarer among them climbs
 * ("declarer"), or none does ("none"); the others go to `at − penalty`, which is no fall.
 * @param {Rules} rules
 * @param {Table} table
 * @param {readonly boolean[]} wasOn
 * @param {number | null} declarer
 * @param {number[]} fresh
 * @param {Note[]} notes
 */
function climbs(rules, table, wasOn, declarer, fresh, notes) {
  const b = /** @type {Barrel} */ (rules.options.barrel);
  let reaching = [...fresh.keys()].filter((s) => !wasOn[s] && b.at <= fresh[s] && fresh[s] < rules.options.target);
  const kept = b.together === "declarer" && declarer !== null && reaching.includes(declarer) ? declarer : null;
  if (reaching.length > 1 && (b.together === "none" || kept !== null)) {
    for (const s of reaching) {
      if (s === kept) continue;
      const total = b.at - b.penalty;
      notes.push(new Note({ seat: s, rule: "barrel", params: { event: "together", at: b.at, reached: fresh[s], penalty: b.penalty, total, declarer: kept } }));
      fresh[s] = total;
    }
    reaching = kept === null ? [] : [kept];
  }
  for (const s of reaching) {
    notes.push(new Note({ seat: s, rule: "barrel", params: { event: "climb", at: b.at, total: fresh[s] } }));
    fresh[s] = b.at;
    table.onBarrel[s] = true;
    table.barrelHands[s] = 0;
  }
  return reaching;
}

/**
 * With knock-offs, a climb throws off whoever was on the barrel and still is.
 * @param {Rules} rules
 * @param {Table} table
 * @param {readonly boolean[]} wasOn
 * @param {readonly boolean[]} fell
 * @param {number} by the first seat that climbed
 * @param {number[]} fresh
 * @param {Note[]} notes
 */
function knockOffs(rules, table, wasOn, fell, by, fresh, notes) {
  const b = /** @type {Barrel} */ (rules.options.barrel);
  if (!b.knockOff) return;
  for (let s = 0; s < rules.seats; s++) {
    if (wasOn[s] && table.onBarrel[s] && !fell[s]) {
      fresh[s] = b.at - b.penalty;
      leave(table, s);
      const params = fall(rules, table, s, fresh, { event: "knock-off", by, at: b.at, penalty: b.penalty, total: fresh[s] });
      notes.push(new Note({ seat: s, rule: "barrel", params }));
    }
  }
}

/**
 * A seat in a played hand, not the declarer nor on the barrel, with no points (or, with
 * `kind` "tricks", no trick: 5.1) gets a bolt. With `consecutive`, its other played hands
 * break the run and the count starts again.
 * @param {Rules} rules
 * @param {Table} table
 * @param {number | null} declarer
 * @param {readonly number[]} playing
 * @param {readonly boolean[]} took
 * @param {readonly (number | null)[]} raw each seat's card points
 * @param {readonly boolean[]} onBarrel before the hand
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function bolts(rules, table, declarer, playing, took, raw, onBarrel, scores, notes) {
  const b = /** @type {import("./hand.js").Bolts} */ (rules.options.bolts);
  const tricks = b.kind === "tricks";
  for (const s of playing) {
    if (s === declarer || onBarrel[s]) continue; // neither counts nor breaks a run (5.1)
    if (tricks ? !took[s] : raw[s] === 0) {
      const count = (table.bolts[s] += 1);
      if (count >= b.count) {
        scores[s] -= b.penalty;
        table.bolts[s] = 0; // the count starts again
      }
      /** @type {Record<string, unknown>} */
      const params = { bolt: count, count: b.count, penalty: b.penalty };
      if (tricks) params.tricks = true;
      if (b.consecutive) params.in_a_row = true;
      notes.push(new Note({ seat: s, rule: "bolt", params }));
    } else if (b.consecutive && table.bolts[s]) {
      notes.push(new Note({ seat: s, rule: "bolt-run", params: { run: table.bolts[s], count: b.count } }));
      table.bolts[s] = 0;
    }
  }
}

/**
 * A total ending the hand at exactly the dump (or minus it) goes back to 0.
 * @param {Rules} rules
 * @param {Table} table
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function dump(rules, table, scores, notes) {
  const d = /** @type {import("./hand.js").Dump} */ (rules.options.dump);
  for (let s = 0; s < rules.seats; s++) {
    const total = table.totals[s] + scores[s];
    if (total === d.at || (d.negative && total === -d.at)) {
      notes.push(new Note({ seat: s, rule: "dump", params: { total, at: d.at } }));
      scores[s] = -table.totals[s];
    }
  }
}

/**
 * @typedef {import("./tally.js").GoldenHand} GoldenHand
 */

/**
 * 3.3 step 9: the barrel, the bolts, the dump. In a golden hand (5.1) the bolts come first,
 * then every score is multiplied, then the barrel and the dump take the multiplied totals.
 * @param {Rules} rules
 * @param {Table} table
 * @param {GoldenHand | null} golden
 * @param {number | null} declarer
 * @param {number} contract
 * @param {boolean} made
 * @param {boolean} givenUp
 * @param {readonly number[]} playing
 * @param {readonly boolean[]} took
 * @param {readonly (number | null)[]} raw
 * @param {number[]} scores changed in place
 * @param {Note[]} notes
 */
export function houseRules(rules, table, golden, declarer, contract, made, givenUp, playing, took, raw, scores, notes) {
  const o = rules.options;
  const onBarrelBefore = [...table.onBarrel];
  const boltsOn = o.bolts !== null && !givenUp;
  const countBolts = () => bolts(rules, table, declarer, playing, took, raw, onBarrelBefore, scores, notes);
  const exact = o.finish === "exact";
  // 5.2 `exact` looks at the whole score with a bolt's penalty, before the barrel: the bolts
  // come first then, as in a golden hand
  const boltsFirst = golden !== null || exact;
  if (boltsOn && boltsFirst) countBolts();
  if (golden !== null) {
    multiply(golden, scores, notes);
    table.goldenMade ||= made;
  }
  if (exact) finish(rules, table, scores, notes);
  if (o.barrel !== null) barrel(rules, table, declarer, contract, made, givenUp, playing, scores, notes);
  if (!boltsFirst && boltsOn) countBolts();
  if (o.dump !== null) dump(rules, table, scores, notes);
  if (golden !== null && golden.hand === golden.hands && o.golden?.resetIfNobody && !table.goldenMade) {
    reset(table, scores, notes);
  }
}

/**
 * 5.2 `finish` "exact": a score that would take a seat's total above the target is not
 * counted for it in this hand. Only a gain passes the target: a seat put above it by an
 * adjustment still loses what it loses (docs/rules-decisions.md).
 * @param {Rules} rules
 * @param {Table} table
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function finish(rules, table, scores, notes) {
  const { target } = rules.options;
  scores.forEach((score, seat) => {
    const total = table.totals[seat] + score;
    if (score > 0 && total > target) {
      notes.push(new Note({ seat, rule: "finish", params: { target, total, lost: score } }));
      scores[seat] = 0;
    }
  });
}

/**
 * 5.1: every score of every seat in a golden hand, after 3.3 and the bolts, × multiplier.
 * @param {GoldenHand} golden
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function multiply(golden, scores, notes) {
  const { hand, hands, multiplier } = golden;
  scores.forEach((score, seat) => {
    if (!score) return;
    const times = score * multiplier;
    notes.push(new Note({ seat, rule: "golden", params: { hand, hands, multiplier, score, golden: times } }));
    scores[seat] = times;
  });
}

/**
 * 5.1 reset_if_nobody: after the last golden hand with no contract made, every total is 0.
 * A total of 0 is no barrel's: whoever was on it is off (docs/rules-decisions.md).
 * @param {Table} table
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function reset(table, scores, notes) {
  for (let seat = 0; seat < table.seats; seat++) {
    const total = table.totals[seat] + scores[seat];
    if (total) notes.push(new Note({ seat, rule: "golden-reset", params: { total } }));
    scores[seat] = -table.totals[seat];
    table.onBarrel[seat] = false;
    table.barrelHands[seat] = 0;
  }
}

/**
 * 5.1: at every `every`-th give-up of a seat in the game it also scores -`penalty`.
 * @param {Rules} rules
 * @param {Table} table
 * @param {number} declarer
 * @param {number[]} scores
 * @param {Note[]} notes
 */
export function giveUpPenalty(rules, table, declarer, scores, notes) {
  const { every, penalty } = /** @type {import("./hand.js").GiveUp} */ (rules.options.give_up);
  const count = table.giveUps[declarer];
  if (every !== null && count % every === 0) {
    scores[declarer] -= penalty;
    notes.push(new Note({ seat: declarer, rule: "give-up-penalty", params: { count, every, penalty } }));
  }
}
