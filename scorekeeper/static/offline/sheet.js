// Offline, sheet.js: the game page: the lines not sent yet on the sheet, the totals as the engine
// has them, conflicts.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
// --- the game page ---------------------------------------------------------------------------
function gamePage(hook) {
  var game = parseInt(hook.dataset.game, 10), G = words(hook);
  var short = JSON.parse(hook.dataset.short), seats = short.length;
  var log = document.querySelector(".actions a.primary[href$='/hands/new']");
  var sheet = document.getElementById("hands");
  // with a connection, what logging a hand without one needs: the game file and the hand
  // form as each seat would deal it (the worker keeps them); the file is read every time
  if (online() && log && window.caches && navigator.serviceWorker && navigator.serviceWorker.controller) {
    var needs = ["/api/games/" + game + "/file", "/engine/engine.js"];
    if (lang !== "en") needs.push("/engine/messages-" + lang + ".json");
    needs.forEach(keep);
    var forms = [log.getAttribute("href")], adjust = log.nextElementSibling;
    if (adjust && /\/adjust$/.test(adjust.getAttribute("href"))) forms.push(adjust.getAttribute("href"));
    for (var d = 0; d < seats; d++) forms.push("/games/" + game + "/hands/new?dealer=" + d);
    forms.forEach(keepForm);
  }
  outbox(game).then(function (list) {
    if (!list.length) return;
    document.addEventListener("outbox", function () { location.replace(path); });
    return Promise.all([loadFile(game), loadEngine()]).then(function (got) {
      show(list, got[0], got[1]);
    });
  }).catch(function () {});

  function row(out, k, line, mark, note) {
    var h = out.hands[k], tr = make("tr", mark ? "unsent" : ""), what = make("td", "what");
    var kind = h.kind === "adjustment";
    tr.appendChild(make("th", null, kind ? G.adj : String(handCount(out, k + 1)))).scope = "row";
    if (kind) what.textContent = "± " + (line.reason || "");
    else if (h.declarer == null) what.textContent = fill(G.dealt, { name: short[h.dealer] });
    else if (line.give_up) what.textContent = fill(G.gave_up, { name: short[h.declarer], contract: h.contract });
    else {
      what.textContent = short[h.declarer] + " " + h.contract;
      outcome(what, h.outcome);  // as games/_line.html marks it: ✓ made, ✗ failed
    }
    if (mark || note) {
      what.appendChild(document.createTextNode(" "));
      what.appendChild(make("span", mark ? "chip unsent" : "chip", mark || note));
    }
    tr.appendChild(what);
    h.scores.forEach(function (s, i) {
      var td = make("td", "num");
      td.appendChild(make("span", "score", (s > 0 ? "+" : "") + s));
      td.appendChild(make("span", "running", String(h.totals[i])));
      tr.appendChild(td);
    });
    return tr;
  }
  function table(rows) {
    var t = make("table", "sheet"), head = make("tr"), tbody = make("tbody");
    head.appendChild(make("th", null, "#"));
    head.appendChild(make("th", null, G.hand));
    short.forEach(function (n) { head.appendChild(make("th", "num name", n)); });
    t.appendChild(make("thead")).appendChild(head);
    rows.forEach(function (r) { tbody.insertBefore(r, tbody.firstChild); });
    t.appendChild(tbody);
    return t;
  }
  function outcome(what, key) {
    var mark = key && G.outcome[key];
    if (!mark) return;
    var box = what.appendChild(make("span", "outcome " + key));
    what.insertBefore(document.createTextNode(" "), box);
    box.appendChild(make("span", null, mark[0])).setAttribute("aria-hidden", "true");
    box.appendChild(make("span", "visually-hidden", mark[1]));
  }
  function chip(box, text, hot) { box.appendChild(make("span", hot ? "chip hot" : "chip", text)); }
  function button(text, cls, fn) {
    var b = make("button", cls, text);
    b.type = "button";
    b.addEventListener("click", fn);
    return b;
  }

  function show(list, file, run) {
    var out = edits(list) ? run(applied(file, list), []) : run(file, list.map(function (e) { return e.line; }));
    // another phone wrote: the sheet stays the server's, the box shows mine as they would be
    if (!out.problems && list[0].state !== "conflict") patch(list, file, out);
    var undo = document.querySelector("form[action$='/undo']");
    if (undo && list[0].state === "conflict") undo.hidden = true;  // the server's last line is theirs
    issues(list, file, run);
  }
  function patch(list, file, out) {
    var base = file.hands, live = !out.finished;
    // the totals, the dealer and the bidding, as the engine has them after every line
    all(document.querySelectorAll(".totals .total"), function (box, i) {
      var marks = out.chips[i], b = out.bidding, chips = box.querySelector(".chips");
      box.querySelector(".points").textContent = String(out.totals[i]);
      box.classList.toggle("dealing", live && out.next_dealer === i);
      box.classList.toggle("won", out.winners.indexOf(i) >= 0);
      chips.textContent = "";
      if (live && out.next_dealer === i) chip(chips, out.sitting_out === i ? G.deals_out : G.deals);
      var golden = b.golden;  // a golden hand (5.1): its declarer, at its contract, no auction
      if (live && golden) { if (golden.declarer === i) chip(chips, fill(G.golden, golden), true); }
      else if (live && b.opener === i) chip(chips, b.forced ? fill(G.must_bid, { bid: b.min_bid }) : G.bids_first, true);
      if (live && !golden && (b.may_skip || []).indexOf(i) >= 0) chip(chips, G.may_skip);
      if (live && !golden && (b.may_not_pass || []).indexOf(i) >= 0) chip(chips, G.may_not_pass, true);
      if (marks.locked_at != null) chip(chips, fill(G.locked, { points: marks.locked_at }));
      if (marks.barrel_tries != null) chip(chips, plural(G.barrel, marks.barrel_tries), true);
      if (marks.bolts) chip(chips, fill(G.bolts, { bolts: marks.bolts[0], count: marks.bolts[1] }));
      if (marks.give_ups_left === 0) chip(chips, G.give_ups_none, true);
      else if (marks.give_ups_left === 1) chip(chips, G.give_up_last);
      // the club agreements (5.1), as the game page has them
      if (marks.silent_below != null) chip(chips, fill(G.silent, { below: marks.silent_below }), true);
      if (marks.give_ups_to_penalty === 1) chip(chips, G.penalty_next, true);
      else if (marks.give_ups_to_penalty != null) chip(chips, plural(G.penalty_in, marks.give_ups_to_penalty));
      if (marks.barrel_falls) chip(chips, fill(G.falls, { falls: marks.barrel_falls[0], count: marks.barrel_falls[1] }));
    });
    // the sheet: the lines not sent yet on top, marked; after a change or a deletion, all of it
    var now = edits(list) && applied(file, list);
    var rows = now ? now.lines.map(function (l, k) { return row(out, k, l, now.changed[k] ? G.unsent : null); })
      : list.map(function (e, j) { return row(out, base + j, e.line, G.unsent); });
    var tbody = sheet.querySelector("tbody");
    if (!tbody) {
      var p = sheet.querySelector("p");
      if (p) p.remove();
      sheet.appendChild(table([]));
      tbody = sheet.querySelector("tbody");
    }
    if (now) tbody.textContent = "";
    rows.forEach(function (r, i) {
      // a line not sent yet is changed or deleted on its form, as a stored one is (#edit-N)
      var k = now ? i : base + i, th = r.firstChild, a;
      if (r.classList.contains("unsent")) {
        a = make("a", null, th.textContent);
        a.href = "/games/" + game + "/hands/new#edit-" + (k + 1);
        a.setAttribute("aria-label", out.hands[k].kind === "adjustment" ? G.edit_adjustment : fill(G.edit, { number: th.textContent }));
        th.textContent = "";
        th.appendChild(a);
      }
      tbody.insertBefore(r, tbody.firstChild);
    });
    if (location.hash === "#unsent") {
      if (!now) rows[rows.length - 1].classList.add("saved");
      history.replaceState(null, "", path);
    }
    var hands = handCount(out, out.hands.length);
    if (log) {
      log.textContent = fill(G.log, { number: hands + 1 });
      log.href = "/games/" + game + "/hands/new?dealer=" + out.next_dealer;
      log.hidden = !live;
      var adjust = log.nextElementSibling;
      if (adjust && !live) adjust.hidden = true;
    }
    // Undo takes back the last line not sent yet, on this phone
    var undo = document.querySelector("form[action$='/undo']");
    if (undo) {
      undo.querySelector("button").textContent = fill(G.undo, { number: hands });
      undo.addEventListener("submit", function (ev) {
        ev.preventDefault();
        if (!sending) drop(list[list.length - 1].id).then(function () { location.replace(path); });
      });
    }
  }

  // a line waiting for the scorer: another phone's hands first (412), or refused (400)
  function issues(list, file, run) {
    var first = list[0];
    if (!first.state) return;
    var box = make("section", "flash outbox-issue");
    box.setAttribute("role", "alert");
    var actions = make("div", "actions");
    if (first.state === "refused") {
      var now = run(file, []);  // the hand as the table counts it, after the server's
      var number = now.problems ? first.hand : handCount(now, file.hands) + 1;
      box.appendChild(make("p", null, fill(G.refused, { number: number, reason: first.why })));
      var fix = make("a", "button", G.fix);
      fix.href = "/games/" + game + "/hands/new#fix-" + first.id;
      if (!first.op) actions.appendChild(fix);  // a line changed or deleted: dropped, or done again
      actions.appendChild(button(G.drop_it, "danger", function () {
        drop(first.id).then(function () { location.replace(path); });
      }));
    } else conflict(list, first, box, actions, run);
    box.appendChild(actions);
    var totals = document.querySelector(".totals");
    totals.parentNode.insertBefore(box, totals);
  }
  // another phone wrote (412): its lines, and mine as they will be after them (rebase.js), every
  // line in its place and scored as the server will score it; a change of a line the other phone
  // changed or deleted meanwhile is not sent (it says so), and nothing of theirs is written over
  function conflict(list, first, box, actions, run) {
    var data = JSON.parse(first.theirs.file), plan = rebase(list, data, run), out = plan.out;
    var theirs = [], mine = [];
    if (out.problems) return;
    plan.cur.forEach(function (t, k) {
      if (t.kind === "add") mine.push({ at: k, rows: [row(out, k, t.line, G.unsent)] });
      else if (t.put) mine.push({ at: k, rows: [row(out, k, t.put.line, G.unsent)] });
      else if (t.theirs || t.changed) theirs.push(row(out, k, plan.lines[k], null, t.changed && G.changed));
    });
    plan.steps.forEach(function (s) {  // mine not in the game as it will be: deleted, or not sent
      var e = s.entry, why = s.misfit ? fill(G.misfit, { reason: s.misfit }) : s.why && G["lost_" + s.why];
      var number = !s.number ? "" : s.hand == null ? G.adj : String(s.hand);
      if (why) {
        mine.push({ at: (s.number || e.number) - 1, rows: [
          lineRow(number, (e.op === "delete" ? s.was || e.was : s.line) || {}, G.unsent), noteRow(why)] });
      } else if (s.kind === "delete") mine.push({ at: s.number - 1.5, rows: [lineRow(number, s.was, G.deleted)] });
    });
    box.appendChild(make("p", null, G.theirs));
    if (theirs.length) box.appendChild(table(theirs));
    box.appendChild(make("p", null, G.mine));
    mine.sort(function (a, b) { return b.at - a.at; });  // newest on top, as the sheet
    box.appendChild(table([].concat.apply([], mine.map(function (m) { return m.rows; })).reverse()));
    var version = first.theirs.version;
    actions.appendChild(button(G.append, "primary", function () {
      Promise.all(plan.steps.map(function (s) {
        var e = s.entry;
        if (s.kind === "gone" || s.kind === "lost") return drop(e.id);  // as the box said
        delete e.state;
        delete e.theirs;
        e.version = version;
        e.trail = (data.trail || []).length;
        e.base = data.hands.length;
        if (s.kind === "add") {
          e.line = s.line;
          e.hand = s.hand || e.hand;  // its number after theirs, as the server would say it
        } else e.number = s.number;
        return put(e);
      })).then(function () { sync(); });
    }));
    actions.appendChild(button(G.drop, "danger", function () {
      Promise.all(list.map(function (e) { return drop(e.id); })).then(function () { location.replace(path); });
    }));
  }
  // a line that is not scored here (deleted, or not sent), as the game file has it
  function lineRow(number, line, mark) {
    var tr = make("tr", "unsent"), what = make("td", "what"), head = make(number ? "th" : "td", null, number);
    if (number) head.scope = "row";
    tr.appendChild(head);
    if (line.adjustment) what.textContent = "± " + (line.reason || "");
    else if (line.declarer == null) what.textContent = fill(G.dealt, { name: short[line.dealer] || "" });
    else {
      var contract = line.contract || line.bid;
      what.textContent = line.give_up ? fill(G.gave_up, { name: short[line.declarer], contract: contract }) : short[line.declarer] + " " + contract;
    }
    what.appendChild(document.createTextNode(" "));
    what.appendChild(make("span", "chip unsent", mark));
    tr.appendChild(what);
    for (var i = 0; i < seats; i++) tr.appendChild(make("td", "num"));
    return tr;
  }
  // a sentence about the line above it, across the whole table
  function noteRow(text) {
    var tr = make("tr", "unsent"), td = make("td", "note");
    td.colSpan = seats + 2;
    td.appendChild(make("p", "error", text));
    tr.appendChild(td);
    return tr;
  }
}
