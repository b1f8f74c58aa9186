// Offline, a line's identity: a game's outbox placed in the game as another phone left it (a
// 412), every line changed or deleted found by its identity, never by its number alone.
//
// A game's outbox is made on one version of the game (its entries' `version`), which had `base`
// lines and `trail` changes in its trail. A stored line changed or deleted here is its number in
// that version (after the outbox's own changes before it), with the line as it was (`was`). What
// another phone wrote since is in the trail of the file the server answers with: its changes,
// deletes and restores, in order, each at its line's number then (a hand added goes last and
// moves no line). The line is followed through them, and changed where the server still has it
// as it was. A line the other phone changed or deleted stays as the other phone left it: the
// change made here is not sent, and the conflict box says which and why.
import { same } from "./files.js";

/** @typedef {import("./base.js").Line} Line */
/** @typedef {import("./base.js").Entry} Entry */
/** @typedef {import("./files.js").Run} Run */
/** @typedef {import("./files.js").Output} Output */

/**
 * A line's place: in the version the outbox was made on (`at`), one the other phone added or
 * restored (`theirs`), or an entry's step (below); what became of it meanwhile.
 * @typedef {object} Slot
 * @property {number} [at]
 * @property {boolean} [theirs]
 * @property {boolean} [changed]
 * @property {boolean} [deleted]
 * @property {boolean} [unknown]
 * @property {Line | null} [was]
 * @property {Step} [put] the step that changes it
 * @property {Entry} [entry]
 * @property {string} [kind]
 * @property {Line | null} [line]
 */
/**
 * An entry's step. kind: "add", "put", "delete"; "lost", not sent, `why` "changed" or "deleted"
 * by the other phone; "gone", a change of a line not sent that the entry of that line takes
 * (queued before the outbox merged them), dropped. `number`: the line's number to send, once the
 * steps before it are done, and `hand` its number on the sheet (null: an adjustment); `misfit`:
 * the engine's reasons the server would refuse it.
 * @typedef {Slot & {entry: Entry, kind: string, number?: number, hand?: number | null, misfit?: string, why?: string, token?: Slot}} Step
 */
/**
 * The plan: the steps, the lines as they will be (`lines`, scored: `out`) and `cur`, a slot per
 * line: the step that writes it, or the other phone's.
 * @typedef {{steps: Step[], cur: Slot[], lines: Line[], out: Output}} Plan
 */

/**
 * The game `data` (a parsed file) with these lines instead of its own, scored by the engine.
 * @param {{hands: Line[]}} data
 * @param {Line[]} lines
 * @param {Run} run
 * @param {number | null} entered
 */
function scoredLines(data, lines, run, entered) {
  return run({ text: JSON.stringify({ ...data, hands: lines }), hands: lines.length }, [], entered);
}

/**
 * Line k's number on the sheet: the hands up to it (adjustments are lines of their own kind), or
 * null for an adjustment.
 * @param {Line[]} lines
 * @param {number} k
 */
function handNumber(lines, k) {
  return lines[k].adjustment ? null : lines.slice(0, k + 1).filter((l) => !l.adjustment).length;
}

/**
 * One game's entries (oldest first) placed in the server's file now (`data`).
 * @param {Entry[]} list
 * @param {{hands: Line[], trail?: {hand: number, action: string}[]}} data
 * @param {Run} run
 * @returns {Plan}
 */
export function rebase(list, data, run) {
  const first = list[0], hands = data.hands, trail = data.trail || [];
  /** @type {Slot[]} */
  const version = Array.from({ length: first.base ?? 0 }, (_, at) => ({ at }));
  /** @type {Step[]} */
  const steps = [];
  const mine = version.slice();  // the game as this phone has it: that version, then the outbox
  for (const e of list) {
    /** @type {Step} */
    const step = { entry: e, kind: e.op || "add", line: e.line };
    steps.push(step);
    if (!e.op) {
      mine.push(step);
      continue;
    }
    const at = (e.number ?? 0) - 1, t = mine[at];
    if (!t) {
      step.kind = "lost";
      step.why = "changed";
    } else if (t.entry) {  // a line not sent: the entry that adds it is changed, or dropped
      step.kind = "gone";
      if (e.op === "put") t.line = e.line;
      else {
        t.kind = "gone";
        mine.splice(at, 1);
      }
    } else {
      step.token = t;
      if (!("was" in t)) t.was = e.was || null;
      if (e.op === "delete") mine.splice(at, 1);
    }
  }
  // the version's lines through the other phone's changes: `known`, the server's lines up to the
  // last of them (what the other phone added comes after)
  let known = version.slice();
  const sure = first.trail != null && first.trail <= trail.length;
  if (sure) {
    for (const r of trail.slice(first.trail ?? 0)) {
      const p = r.hand - 1, t = known[p];
      if (!t) continue;
      if (r.action === "edit") t.changed = true;
      else if (r.action === "delete") {
        t.deleted = true;
        known.splice(p, 1);
      } else if (r.action === "restore") known.splice(p, 0, { theirs: true });
      while (known.length && known[known.length - 1].at == null) known.pop();
    }
  }
  let extra = hands.length - known.length;
  if (!sure || extra < 0) {  // where the lines went is not known: none is changed
    for (const t of version) t.unknown = true;
    known = [];
    extra = hands.length;
  }
  for (let k = 0; k < extra; k++) known.push({ theirs: true });
  // and only where the server has the line as it was here
  known.forEach((t, i) => {
    if (t.at != null && "was" in t && (!t.was || !same(hands[i], t.was))) t.changed = true;
  });
  let cur = known.slice(), lines = hands.slice();
  for (const step of steps) {
    if (step.kind === "gone" || step.kind === "lost") continue;
    const t = /** @type {Slot} */ (step.token), add = step.kind === "add", i = add ? cur.length : cur.indexOf(t);
    if (!add && (t.changed || t.unknown)) {
      step.kind = "lost";
      step.why = "changed";
      continue;
    }
    if (!add && (t.deleted || i < 0)) {
      step.kind = "lost";
      step.why = "deleted";
      continue;
    }
    const next = cur.slice(), after = lines.slice(), gone = step.kind === "delete";
    step.number = i + 1;
    step.was = lines[i];
    if (gone) {
      next.splice(i, 1);
      after.splice(i, 1);
    } else {
      next[i] = add ? step : t;
      after[i] = /** @type {Line} */ (step.line);
    }
    step.hand = handNumber(gone ? lines : after, i);
    const out = scoredLines(data, after, run, gone ? null : i + 1);
    if (out.problems) {  // the server would refuse it (400): it waits, the others go on
      step.misfit = out.problems.map((p) => p.text).join("; ");
      continue;
    }
    if (step.kind === "put") t.put = step;
    cur = next;
    lines = after;
  }
  return { steps, cur, lines, out: scoredLines(data, lines, run, null) };
}
