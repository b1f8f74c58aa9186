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
      return { text: text, version: tag || quoted(data.version), hands: data.hands.length };
    });
  });
}
// the file with the outbox's lines applied in order: a line added, changed (put) or deleted;
// `changed`: per line of the result, whether the outbox wrote it
function applied(file, list) {
  var data = JSON.parse(file.text), hands = data.hands, changed = hands.map(function () { return false; });
  list.forEach(function (e) {
    if (e.op === "delete") { hands.splice(e.number - 1, 1); changed.splice(e.number - 1, 1); }
    else if (e.op) { hands[e.number - 1] = e.line; changed[e.number - 1] = true; }
    else { hands.push(e.line); changed.push(true); }
  });
  return { text: JSON.stringify(data), hands: hands.length, version: file.version, lines: hands, changed: changed };
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
// that change queued after the game's lines waiting (`queued`), with the form's "why the change"
function queueChange(game, file, queued, number, line, form) {
  var last = queued[queued.length - 1], why = form.querySelector(".offline-reason input");
  return put({
    account: account, game: game, op: line ? "put" : "delete", number: number, line: line,
    reason: ((why || {}).value || "").trim(), key: newKey(),
    version: last ? last.version : file.version,
    base: queued.length ? queued[0].base : file.hands, hand: number
  });
}
function edits(list) { return list.some(function (e) { return e.op; }); }
function quoted(version) { return version == null ? "" : '"v' + version + '"'; }  // the API's ETag
// the hands of the game as the table counts them (adjustments are lines of their own kind)
function handCount(out, upTo) {
  return out.hands.slice(0, upTo).filter(function (h) { return h.kind !== "adjustment"; }).length;
}
