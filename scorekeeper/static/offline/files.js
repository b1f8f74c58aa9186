// Offline, the game file and its engine: the engine loaded when a page must score, the game file
// as last read, and the outbox's lines applied to it; and a line's identity: a game's outbox
// placed in the game as another phone left it (a 412), every line changed or deleted found by
// its identity, never by its number alone.
import { account, drop, lang, newKey, put } from "./base.js";

/** @typedef {import("./base.js").Line} Line */
/** @typedef {import("./base.js").Entry} Entry */

/**
 * A refusal of the engine, at a line's field (rules/errors.py Problem, as the output says it).
 * @typedef {{hand: number, field: string, seat: number | null, text: string}} Problem
 */
/**
 * A line as the engine scored it.
 * @typedef {object} ScoredHand
 * @property {string} kind "hand" or "adjustment"
 * @property {number} dealer
 * @property {number | null} declarer
 * @property {number} contract
 * @property {string | null} [outcome] "made", "failed"...
 * @property {number[]} scores
 * @property {number[]} totals
 * @property {{seat: number | null, text: string}[]} notes
 */
/**
 * The marks beside a total (rules/formspec.py chips).
 * @typedef {object} Chips
 * @property {number | null} [locked_at]
 * @property {number | null} [barrel_tries]
 * @property {[number, number] | null} [bolts]
 * @property {number | null} [give_ups_left]
 * @property {number | null} [silent_below]
 * @property {number | null} [give_ups_to_penalty]
 * @property {[number, number] | null} [barrel_falls]
 */
/** @typedef {{declarer: number, hand: number, hands: number, contract: number, multiplier: number}} Golden */
/**
 * Who bids and how (gamefile/output.py's bidding).
 * @typedef {object} Bidding
 * @property {Golden | null} [golden]
 * @property {number | null} opener
 * @property {boolean} forced
 * @property {number} min_bid
 * @property {number[]} [may_skip]
 * @property {number[]} [may_not_pass]
 * @property {number[]} [silent]
 */
/**
 * The next hand's form (rules/formspec.py).
 * @typedef {object} FormSpec
 * @property {number} dealer
 * @property {number[]} playing
 * @property {number | null} sitting_out
 * @property {Golden | null} [golden]
 * @property {(number | null)[]} [least_bids]
 * @property {boolean} [blind]
 */
/**
 * What the offline code reads of the engine's output (gamefile/output.py engine_output, with its
 * keys); a refusal has `problems` alone.
 * @typedef {object} Output
 * @property {ScoredHand[]} hands
 * @property {number[]} totals
 * @property {Chips[]} chips
 * @property {Bidding} bidding
 * @property {FormSpec} form
 * @property {number} next_dealer
 * @property {number | null} sitting_out
 * @property {number[]} winners
 * @property {boolean} finished
 * @property {Problem[]} [problems]
 */
/**
 * A game file as text, and what the offline code needs of it.
 * @typedef {object} GameText
 * @property {string} text
 * @property {number} hands its lines
 * @property {string} [version] its version, as the API's ETag
 * @property {number} [trail] the changes its trail holds
 */
/**
 * A game file with the outbox's lines applied (applied()).
 * @typedef {GameText & {lines: Line[], changed: boolean[], from: (Entry | null)[]}} Applied
 */
/**
 * The engine on a game file with these lines after its own; `entered`: the new line's number.
 * @typedef {(file: GameText, lines: Line[], entered?: number | null) => Output} Run
 */

/** @type {Promise<Run> | null} */
let engine = null;

/**
 * The engine (static/gamefile/output.js and the sentences of the page's language), loaded
 * once, when a page must score: a first view of a page never loads it.
 * @returns {Promise<Run>}
 */
export function loadEngine() {
  engine ??= (async () => {
    const [{ engineOutput }, { catalogue }] = await Promise.all([
      import("../gamefile/output.js"),
      import("../rules/i18n.js"),
    ]);
    /** @type {import("../rules/i18n.js").Translator | undefined} */
    let tr;
    if (lang !== "en") {
      try {
        tr = catalogue(await (await fetch(`/engine/messages-${lang}.json`)).json());
      } catch {
        // no sentences on this phone: the engine says them in English
      }
    }
    return (file, lines, entered) => {
      const data = JSON.parse(file.text);
      data.hands = data.hands.concat(structuredClone(lines));
      // its records are JSON (JsonObject); Output names what this code reads of them
      return /** @type {Output} */ (/** @type {unknown} */ (engineOutput(data, { entered: entered || null, stored: !entered, tr })));
    };
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/**
 * The game file as last read (the worker's copy with no connection) and its version.
 * @param {number} game
 * @returns {Promise<GameText>}
 */
export async function loadFile(game) {
  const r = await fetch(`/api/games/${game}/file`);
  if (!r.ok) throw new Error(`file ${r.status}`);
  const text = await r.text(), data = JSON.parse(text);
  // `trail`: the changes its trail holds, where a line's identity is followed from (below)
  return { text, version: r.headers.get("ETag") || quoted(data.version), hands: data.hands.length, trail: (data.trail || []).length };
}

/**
 * The file with the outbox's lines applied in order: a line added, changed (put) or deleted;
 * `changed`: per line of the result, whether the outbox wrote it; `from`: the outbox entry that
 * wrote it (its identity until it is stored: a change of it changes that entry), or null.
 * @param {GameText} file
 * @param {Entry[]} list
 * @returns {Applied}
 */
export function applied(file, list) {
  const data = JSON.parse(file.text);
  /** @type {Line[]} */
  const hands = data.hands;
  /** @type {(Entry | null)[]} */
  const from = hands.map(() => null);
  for (const e of list) {
    const at = (e.number ?? 0) - 1;
    if (e.op === "delete") {
      hands.splice(at, 1);
      from.splice(at, 1);
    } else if (e.op) {
      hands[at] = /** @type {Line} */ (e.line);
      from[at] ||= e;
    } else {
      hands.push(/** @type {Line} */ (e.line));
      from.push(e);
    }
  }
  return { text: JSON.stringify(data), hands: hands.length, version: file.version, lines: hands, changed: from.map((e) => !!e), from };
}

/**
 * Line `number` of the game as the phone has it (`now`, from applied()) replaced by `line`, or
 * deleted (`line` null): the engine's output with every line after it checked again.
 * @param {Applied} now
 * @param {Run} run
 * @param {number} number
 * @param {Line | null} line
 */
export function withChange(now, run, number, line) {
  const lines = now.lines.slice(), data = JSON.parse(now.text);
  if (line) lines[number - 1] = line;
  else lines.splice(number - 1, 1);
  data.hands = lines;
  return run({ text: JSON.stringify(data), hands: lines.length }, [], line ? number : null);
}

/**
 * That change of line `number` of the game as the phone has it (`now`, from applied()), with the
 * form's "why the change", queued. A line is named by its identity, never by its number alone: a
 * line not sent yet is its outbox entry, which takes the change (a hand added is added as
 * changed, or not at all; a change not sent is made again), so nothing is queued for a number
 * another phone's line may take; a stored line is its number at the version the outbox is on,
 * with the line as it was there (`was`) and the trail's length then (`trail`), followed to where
 * it is after another phone's writes (below).
 * @param {number} game
 * @param {GameText} file
 * @param {Entry[]} queued
 * @param {number} number
 * @param {Line | null} line
 * @param {HTMLFormElement} form
 * @param {Applied} now
 */
export async function queueChange(game, file, queued, number, line, form, now) {
  const last = queued.at(-1), why = form.querySelector(".offline-reason input");
  const reason = (why instanceof HTMLInputElement ? why.value : "").trim(), mine = now.from[number - 1];
  // a stored line saved as it is: nothing to send (the server's trail would keep nothing of it)
  if (!mine && line && same(line, now.lines[number - 1])) return;
  if (mine && !mine.op && !line) return drop(mine.id);
  if (mine) {
    if (line) mine.line = line;
    else {
      mine.op = "delete";
      mine.line = null;
    }
    if (mine.op) mine.reason = reason || mine.reason;
    mine.key = newKey();  // another request: its first form was never answered as this one
    if (mine.state === "refused") {
      delete mine.state;
      delete mine.why;
    }
    return put(mine);
  }
  return put({
    account, game, op: line ? "put" : "delete", number, line,
    reason, key: newKey(), was: now.lines[number - 1],
    version: last ? last.version : file.version, trail: last ? last.trail : file.trail,
    base: queued.length ? queued[0].base : file.hands, hand: number,
  });
}

/**
 * Two lines alike, whatever the order of their fields.
 * @param {unknown} a
 * @param {unknown} b
 */
export function same(a, b) {
  return canon(a) === canon(b);
}

/** @param {unknown} v @returns {string} */
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  if (!v || typeof v !== "object") return JSON.stringify(v);
  const o = /** @type {{[key: string]: unknown}} */ (v);
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canon(o[k])}`).join(",")}}`;
}

/** Whether any entry changes or deletes a stored line. @param {Entry[]} list */
export function edits(list) {
  return list.some((e) => e.op);
}

/** The API's ETag of a version. @param {number | null | undefined} version */
export function quoted(version) {
  return version == null ? "" : `"v${version}"`;
}

/**
 * The hands of the game as the table counts them (adjustments are lines of their own kind).
 * @param {Output} out
 * @param {number} upTo
 */
export function handCount(out, upTo) {
  return out.hands.slice(0, upTo).filter((h) => h.kind !== "adjustment").length;
}

// A line's identity: where a change made here lands after another phone's writes.
//
// A game's outbox is made on one version of the game (its entries' `version`), which had `base`
// lines and `trail` changes in its trail. A stored line changed or deleted here is its number in
// that version (after the outbox's own changes before it), with the line as it was (`was`). What
// another phone wrote since is in the trail of the file the server answers with: its changes,
// deletes and restores, in order, each at its line's number then (a hand added goes last and
// moves no line). The line is followed through them, and changed where the server still has it
// as it was. A line the other phone changed or deleted stays as the other phone left it: the
// change made here is not sent, and the conflict box says which and why.

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
