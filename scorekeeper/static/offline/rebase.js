// Offline, rebase.js: a game's outbox placed in the game as another phone left it (a 412), every
// line changed or deleted found by its identity, never by its number alone.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
//
// A game's outbox is made on one version of the game (its entries' `version`), which had `base`
// lines and `trail` changes in its trail. A stored line changed or deleted here is its number in
// that version (after the outbox's own changes before it), with the line as it was (`was`). What
// another phone wrote since is in the trail of the file the server answers with: its changes,
// deletes and restores, in order, each at its line's number then (a hand added goes last and moves
// no line). The line is followed through them, and changed where the server still has it as it
// was. A line the other phone changed or deleted stays as the other phone left it: the change
// made here is not sent, and the conflict box says which and why.

// the game `data` (a parsed file) with these lines instead of its own, scored by the engine `run`
function scoredLines(data, lines, run, entered) {
  var file = JSON.parse(JSON.stringify(data));
  file.hands = lines;
  return run({ text: JSON.stringify(file), hands: lines.length }, [], entered);
}

// line k's number on the sheet: the hands up to it (adjustments are lines of their own kind), or
// null for an adjustment
function handNumber(lines, k) {
  return lines[k].adjustment ? null : lines.slice(0, k + 1).filter(function (l) { return !l.adjustment; }).length;
}

// `list`: one game's entries, oldest first; `data`: the server's file now. Each entry's step, in
// order: {entry, kind, line, number, misfit, why}. kind: "add", "put", "delete"; "lost", not sent,
// `why` "changed" or "deleted" by the other phone; "gone", a change of a line not sent that the
// entry of that line takes (queued before the outbox merged them), dropped. `number`: the line's
// number to send, once the steps before it are done, and `hand` its number on the sheet (null: an
// adjustment); `misfit`: the engine's reasons the server would refuse it. Also `lines` (as they will be), `out` (scored) and `cur`, a token per line:
// the step that writes it, or {theirs} for a line the other phone added, restored or changed.
function rebase(list, data, run) {
  var first = list[0], hands = data.hands, trail = data.trail || [], version = [], steps = [], k;
  for (k = 0; k < first.base; k++) version.push({ at: k });
  var mine = version.slice();  // the game as this phone has it: that version, then the outbox
  list.forEach(function (e) {
    var step = { entry: e, kind: e.op || "add", line: e.line }, t;
    steps.push(step);
    if (!e.op) { mine.push(step); return; }
    t = mine[e.number - 1];
    if (!t) { step.kind = "lost"; step.why = "changed"; return; }
    if (t.entry) {  // a line not sent: the entry that adds it is changed, or dropped
      step.kind = "gone";
      if (e.op === "put") t.line = e.line;
      else { t.kind = "gone"; mine.splice(e.number - 1, 1); }
      return;
    }
    step.token = t;
    if (!("was" in t)) t.was = e.was || null;
    if (e.op === "delete") mine.splice(e.number - 1, 1);
  });
  // the version's lines through the other phone's changes: `known`, the server's lines up to the
  // last of them (what the other phone added comes after)
  var known = version.slice(), sure = first.trail != null && first.trail <= trail.length;
  if (sure) trail.slice(first.trail).forEach(function (r) {
    var p = r.hand - 1, t = known[p];
    if (!t) return;
    if (r.action === "edit") t.changed = true;
    else if (r.action === "delete") { t.deleted = true; known.splice(p, 1); }
    else if (r.action === "restore") known.splice(p, 0, { theirs: true });
    while (known.length && known[known.length - 1].at == null) known.pop();
  });
  var extra = hands.length - known.length;
  if (!sure || extra < 0) {  // where the lines went is not known: none is changed
    version.forEach(function (t) { t.unknown = true; });
    known = [];
    extra = hands.length;
  }
  for (k = 0; k < extra; k++) known.push({ theirs: true });
  // and only where the server has the line as it was here
  known.forEach(function (t, i) {
    if (t.at != null && "was" in t && (!t.was || !same(hands[i], t.was))) t.changed = true;
  });
  var cur = known.slice(), lines = hands.slice();
  steps.forEach(function (step) {
    if (step.kind === "gone" || step.kind === "lost") return;
    var t = step.token, add = step.kind === "add", i = add ? cur.length : cur.indexOf(t);
    if (!add && (t.changed || t.unknown)) { step.kind = "lost"; step.why = "changed"; return; }
    if (!add && (t.deleted || i < 0)) { step.kind = "lost"; step.why = "deleted"; return; }
    var next = cur.slice(), after = lines.slice();
    step.number = i + 1;
    step.was = lines[i];
    if (step.kind === "delete") { next.splice(i, 1); after.splice(i, 1); }
    else { next[i] = add ? step : t; after[i] = step.line; }
    step.hand = handNumber(step.kind === "delete" ? lines : after, i);
    var out = scoredLines(data, after, run, step.kind === "delete" ? null : i + 1);
    if (out.problems) {  // the server would refuse it (400): it waits, the others go on
      step.misfit = out.problems.map(function (p) { return p.text; }).join("; ");
      return;
    }
    if (step.kind === "put") t.put = step;
    cur = next;
    lines = after;
  });
  return { steps: steps, cur: cur, lines: lines, out: scoredLines(data, lines, run, null) };
}
