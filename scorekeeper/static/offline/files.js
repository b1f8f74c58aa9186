// Offline, files.js: the engine, loaded from the worker's shell when a page needs it, and the game
// file it scores.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
// --- the engine, loaded from the worker's shell when a page needs it --------------------------
var engine = null;
function loadEngine() {
  engine = engine || new Promise(function (ok, no) {
    var script = make("script");
    script.src = "/engine/engine.js";
    script.onload = ok;
    script.onerror = no;
    document.head.appendChild(script);
  }).then(function () {
    return lang === "en" ? null : fetch("/engine/messages-" + lang + ".json")
      .then(function (r) { return r.json(); })
      .then(function (json) { return window.SK.i18n.catalogue(json); }, function () { return null; });
  }).then(function (tr) {
    // the game file with these lines after its own; `entered`: the new line's number
    return function (file, lines, entered) {
      var data = window.SK.py.parse_json(file.text);
      data.hands = data.hands.concat(lines.map(function (l) {
        return window.SK.py.parse_json(JSON.stringify(l));
      }));
      var options = { entered: entered || null, stored: !entered };
      if (tr) options.tr = tr;
      return window.SK.engine_output(data, options);
    };
  });
  engine.catch(function () { engine = null; });
  return engine;
}
// the game file as last read (the worker's copy with no connection) and its version
function loadFile(game) {
  return fetch("/api/games/" + game + "/file").then(function (r) {
    if (!r.ok) throw new Error("file " + r.status);
    var tag = r.headers.get("ETag");
    return r.text().then(function (text) {
      var data = JSON.parse(text);
      // `trail`: the changes its trail holds, where a line's identity is followed from (rebase.js)
      return { text: text, version: tag || quoted(data.version), hands: data.hands.length, trail: (data.trail || []).length };
    });
  });
}
// the file with the outbox's lines applied in order: a line added, changed (put) or deleted;
// `changed`: per line of the result, whether the outbox wrote it; `from`: the outbox entry that
// wrote it (its identity until it is stored: a change of it changes that entry), or null
function applied(file, list) {
  var data = JSON.parse(file.text), hands = data.hands, from = hands.map(function () { return null; });
  list.forEach(function (e) {
    if (e.op === "delete") { hands.splice(e.number - 1, 1); from.splice(e.number - 1, 1); }
    else if (e.op) { hands[e.number - 1] = e.line; from[e.number - 1] = from[e.number - 1] || e; }
    else { hands.push(e.line); from.push(e); }
  });
  var changed = from.map(function (e) { return !!e; });
  return { text: JSON.stringify(data), hands: hands.length, version: file.version, lines: hands, changed: changed, from: from };
}
// line `number` of the game as the phone has it (`now`, from applied()) replaced by `line`, or
// deleted (`line` null): the engine's output (`run`) with every line after it checked again
function withChange(now, run, number, line) {
  var lines = now.lines.slice(), data = JSON.parse(now.text);
  if (line) lines[number - 1] = line;
  else lines.splice(number - 1, 1);
  data.hands = lines;
  return run({ text: JSON.stringify(data), hands: lines.length }, [], line ? number : null);
}
// that change of line `number` of the game as the phone has it (`now`, from applied()), with the
// form's "why the change". A line is named by its identity, never by its number alone: a line not
// sent yet is its outbox entry, which takes the change (a hand added is added as changed, or not at
// all; a change not sent is made again), so nothing is queued for a number another phone's line
// may take; a stored line is its number at the version the outbox is on, with the line as it was
// there (`was`) and the trail's length then (`trail`), followed to where it is after another
// phone's writes (rebase.js)
function queueChange(game, file, queued, number, line, form, now) {
  var last = queued[queued.length - 1], why = form.querySelector(".offline-reason input");
  var reason = ((why || {}).value || "").trim(), mine = now.from[number - 1];
  // a stored line saved as it is: nothing to send (the server's trail would keep nothing of it)
  if (!mine && line && same(line, now.lines[number - 1])) return Promise.resolve();
  if (mine && !mine.op && !line) return drop(mine.id);
  if (mine) {
    if (line) mine.line = line;
    else { mine.op = "delete"; mine.line = null; }
    if (mine.op) mine.reason = reason || mine.reason;
    mine.key = newKey();  // another request: its first form was never answered as this one
    if (mine.state === "refused") { delete mine.state; delete mine.why; }
    return put(mine);
  }
  return put({
    account: account, game: game, op: line ? "put" : "delete", number: number, line: line,
    reason: reason, key: newKey(), was: now.lines[number - 1],
    version: last ? last.version : file.version, trail: last ? last.trail : file.trail,
    base: queued.length ? queued[0].base : file.hands, hand: number
  });
}
// two lines alike, whatever the order of their fields
function same(a, b) { return canon(a) === canon(b); }
function canon(v) {
  if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
  if (!v || typeof v !== "object") return JSON.stringify(v);
  return "{" + Object.keys(v).sort().map(function (k) { return JSON.stringify(k) + ":" + canon(v[k]); }).join(",") + "}";
}
function edits(list) { return list.some(function (e) { return e.op; }); }
function quoted(version) { return version == null ? "" : '"v' + version + '"'; }  // the API's ETag
// the hands of the game as the table counts them (adjustments are lines of their own kind)
function handCount(out, upTo) {
  return out.hands.slice(0, upTo).filter(function (h) { return h.kind !== "adjustment"; }).length;
}
