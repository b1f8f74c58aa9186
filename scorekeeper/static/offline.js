// Thousand Scorekeeper with no connection: a hand logged then is checked and scored on the phone
// by the browser engine (static/engine/, docs/engine.md), kept in an outbox (IndexedDB: per
// account and game, the line in game-file shape, an Idempotency-Key made once and the version of
// the game it was logged on), shown on the sheet marked "not sent yet", and sent in order
// through the JSON API when the connection is back. Another phone's hands meanwhile (412) are
// shown beside the scorer's, who chooses; a hand refused (400) stays until dropped or changed.
// Every word comes from the page (templates/_offline.html). Without this file, or without a
// service worker, the pages work as they always did.
(function () {
  "use strict";
  var body = document.body, account = body.dataset.account || "";
  var lang = document.documentElement.lang || "en";
  var bar = document.getElementById("sync-status");
  var W = words(bar);
  var path = location.pathname;

  function words(el) {
    try { return JSON.parse(el.dataset.words || el.dataset.unsent); } catch (e) { return {}; }
  }
  function fill(text, params) {
    return String(text).replace(/\{(\w+)\}/g, function (all, key) {
      return key in params ? params[key] : all;
    });
  }
  // forms: the sentence for 1, 2 and 5 ({n} where the count goes, or the count itself); the
  // language's plural rule picks one
  function plural(forms, n) {
    var a = n % 10, b = n % 100, few = a >= 2 && a <= 4 && (b < 12 || b > 14), i;
    if (lang === "pl") i = n === 1 ? 0 : few ? 1 : 2;
    else if (lang === "ru" || lang === "uk") i = a === 1 && b !== 11 ? 0 : few ? 1 : 2;
    else i = n === 1 ? 0 : 1;
    var form = forms[i];
    return form.indexOf("{n}") >= 0 ? fill(form, { n: n }) : form.replace(/\b[125]\b/, String(n));
  }
  function make(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text != null) el.textContent = text;
    return el;
  }
  function all(list, fn) { Array.prototype.forEach.call(list, fn); }
  function array(list) { return Array.prototype.slice.call(list); }
  function keep(url) { fetch(url).catch(function () {}); }  // the worker keeps what it gets
  function online() { return navigator.onLine !== false; }

  // --- the outbox ------------------------------------------------------------------------------
  var opened = null;
  function db() {
    opened = opened || new Promise(function (ok, no) {
      var r = indexedDB.open("scorekeeper", 1);
      r.onupgradeneeded = function () { r.result.createObjectStore("outbox", { keyPath: "id", autoIncrement: true }); };
      r.onsuccess = function () { ok(r.result); };
      r.onerror = function () { no(r.error); };
    });
    return opened;
  }
  function store(mode, fn) {
    return db().then(function (d) {
      return new Promise(function (ok, no) {
        var t = d.transaction("outbox", mode), r = fn(t.objectStore("outbox"));
        t.oncomplete = function () { ok(r && r.result); };
        t.onerror = t.onabort = function () { no(t.error); };
      });
    });
  }
  // this account's lines, oldest first; another account's stay on the phone, unseen and unsent
  function outbox(game) {
    if (!account || !window.indexedDB) return Promise.resolve([]);
    return store("readonly", function (s) { return s.getAll(); }).then(function (list) {
      return list.filter(function (e) {
        return e.account === account && (game == null || e.game === game);
      }).sort(function (a, b) { return a.id - b.id; });
    }, function () { return []; });
  }
  function put(e) { return store("readwrite", function (s) { return s.put(e); }); }
  function drop(id) { return store("readwrite", function (s) { return s.delete(id); }); }
  function newKey() {
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    return array(b).map(function (x) { return (x + 256).toString(16).slice(1); }).join("");
  }

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
  function edits(list) { return list.some(function (e) { return e.op; }); }
  function quoted(version) { return version == null ? "" : '"v' + version + '"'; }  // the API's ETag
  // the hands of the game as the table counts them (adjustments are lines of their own kind)
  function handCount(out, upTo) {
    return out.hands.slice(0, upTo).filter(function (h) { return h.kind !== "adjustment"; }).length;
  }

  // --- the status line -------------------------------------------------------------------------
  var sending = false, failure = null, justSent = false;
  function status() {
    if (!bar) return;
    outbox().then(function (list) {
      var n = list.length, issue = list.filter(function (e) { return e.state; })[0];
      var text = "", href = null;
      if (!online()) text = n ? plural(W.offline_n, n) : W.offline;
      else if (sending) text = W.sending;
      else if (issue && "/games/" + issue.game !== path) {  // on its game's page, the page says it
        text = issue.state === "conflict" ? fill(W.conflict, { game: issue.game })
          : fill(W.refused, { game: issue.game, number: issue.hand, reason: issue.why });
        href = "/games/" + issue.game;
      } else if (n) text = plural(W.waiting_n, n) + (failure ? " " + failure : "");
      else if (justSent) text = W.sent;
      bar.textContent = "";
      if (href) {
        var a = make("a", null, text);
        a.href = href;
        bar.appendChild(a);
      } else bar.textContent = text;
      bar.hidden = !text;
      bar.classList.toggle("problem", !!(issue || failure));
    });
  }

  // --- sending ---------------------------------------------------------------------------------
  var retry = null, delay = 5000, syncing = false;
  function later() {
    clearTimeout(retry);
    retry = setTimeout(sync, delay);
    delay = Math.min(delay * 2, 300000);  // 5 s, 10 s ... at most 5 minutes apart
  }
  // one sender at a time, across the tabs too: the others find the outbox emptied
  function sync() {
    if (syncing || !account || !online() || !window.indexedDB) return;
    syncing = true;
    var run = function () { return sendAll(); };
    var end = function () { syncing = false; };
    (navigator.locks ? navigator.locks.request("scorekeeper-outbox", run) : run()).then(end, end);
  }
  // the first line that may go: a game's lines go in order, none after one waiting for a choice
  function sendAll() {
    var changed = false, sent = {};
    function next() {
      return outbox().then(function (list) {
        var blocked = {}, e = list.filter(function (x) {
          if (x.state) blocked[x.game] = true;
          return !blocked[x.game];
        })[0];
        if (!e) return done(true);
        sending = true;
        failure = null;
        status();
        var headers = { "Content-Type": "application/json", "Idempotency-Key": e.key };
        if (e.version) headers["If-Match"] = e.version;
        return fetch("/api/games/" + e.game + "/hands" + (e.op ? "/" + e.number : ""), {
          method: e.op === "delete" ? "DELETE" : e.op ? "PUT" : "POST",
          headers: headers, body: e.op === "delete" ? undefined : JSON.stringify(e.line)
        }).then(function (r) {
          return r.json().catch(function () { return {}; }).then(function (b) { return answer(e, r, b); });
        }, function () {
          failure = W.unreachable;
          return done(false);
        });
      });
    }
    function answer(e, r, b) {
      var version = r.headers.get("ETag") || quoted(b.version);
      changed = true;
      if (r.status === 201 || r.status === 200) {
        sent[e.game] = true;
        return drop(e.id).then(function () { return outbox(e.game); }).then(function (rest) {
          return Promise.all(rest.map(function (x) {
            x.version = version || x.version;
            x.base = e.op === "delete" ? x.base - 1 : e.op ? x.base : b.hand || x.base + 1;  // the lines the server has before them
            return put(x);
          }));
        }).then(next);
      }
      if (r.status === 412) {  // another phone wrote: the scorer chooses
        e.state = "conflict";
        e.theirs = { file: JSON.stringify(b.file || {}), version: version };
        return put(e).then(next);
      }
      if (r.status === 401 || r.status === 403) failure = W.signin;
      else if (r.status >= 500 || r.status === 429 || (r.status === 409 && b.hands)) {
        failure = fill(W.status, { status: r.status });
      }
      if (failure) { changed = false; return done(false); }
      // a hand that no longer fits (400), a game gone (404), abandoned (409)...: kept, and why
      e.state = "refused";
      e.why = (b.problems ? b.problems.map(function (p) { return p.text; }) : b.errors || [r.status]).join("; ");
      return put(e).then(next);
    }
    function done(ok) {
      var any = Object.keys(sent);
      sending = false;
      if (!ok) later();
      else if (any.length) {
        delay = 5000;
        saySent();
        try { sessionStorage.setItem("scorekeeper-sent", Date.now()); } catch (e) {}  // and after a reload
      }
      status();
      // the worker's copies of a game that changed: as the server has it now
      any.forEach(function (game) {
        keep("/api/games/" + game + "/file");
        keep("/games/" + game);
      });
      if (changed) document.dispatchEvent(new Event("outbox"));
    }
    return next();
  }

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
      forms.forEach(function (url) {
        caches.match(url, { ignoreVary: true }).then(function (hit) {
          if (!hit) keep(url);
        });
      });
    }
    outbox(game).then(function (list) {
      if (!list.length) return;
      document.addEventListener("outbox", function () { location.replace(path); });
      return Promise.all([loadFile(game), loadEngine()]).then(function (got) {
        show(list, got[0], got[1]);
      });
    }).catch(function () {});

    function row(out, k, line, mark) {
      var h = out.hands[k], tr = make("tr", mark ? "unsent" : ""), what = make("td", "what");
      var kind = h.kind === "adjustment";
      tr.appendChild(make("th", null, kind ? G.adj : String(handCount(out, k + 1)))).scope = "row";
      if (kind) what.textContent = "± " + (line.reason || "");
      else if (h.declarer == null) what.textContent = fill(G.dealt, { name: short[h.dealer] });
      else if (line.give_up) what.textContent = fill(G.gave_up, { name: short[h.declarer], contract: h.contract });
      else what.textContent = short[h.declarer] + " " + h.contract;
      if (mark) {
        what.appendChild(document.createTextNode(" "));
        what.appendChild(make("span", "chip unsent", mark));
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
    function chip(box, text, hot) { box.appendChild(make("span", hot ? "chip hot" : "chip", text)); }
    function button(text, cls, fn) {
      var b = make("button", cls, text);
      b.type = "button";
      b.addEventListener("click", fn);
      return b;
    }

    function show(list, file, run) {
      var out = edits(list) ? run(applied(file, list), []) : run(file, list.map(function (e) { return e.line; }));
      if (!out.problems) patch(list, file, out);
      issues(list, file, run);
    }
    function patch(list, file, out) {
      var base = file.hands, live = !out.finished;
      // the totals, the dealer and the bidding, as the engine has them after every line
      all(document.querySelectorAll(".totals .total"), function (box, i) {
        var st = out.states[i], marks = out.chips[i], b = out.bidding, chips = box.querySelector(".chips");
        box.querySelector(".points").textContent = String(out.totals[i]);
        box.classList.toggle("dealing", live && out.next_dealer === i);
        box.classList.toggle("won", out.winners.indexOf(i) >= 0);
        chips.textContent = "";
        if (live && out.next_dealer === i) chip(chips, out.sitting_out === i ? G.deals_out : G.deals);
        if (live && b.opener === i) chip(chips, b.forced ? fill(G.must_bid, { bid: b.min_bid }) : G.bids_first, true);
        if (live && (b.may_skip || []).indexOf(i) >= 0) chip(chips, G.may_skip);
        if (live && (b.may_not_pass || []).indexOf(i) >= 0) chip(chips, G.may_not_pass, true);
        if (marks.locked_at != null) chip(chips, fill(G.locked, { points: marks.locked_at }));
        if (st.on_barrel) chip(chips, plural(G.barrel, st.tries_left), true);
        if (marks.bolts) chip(chips, fill(G.bolts, { bolts: marks.bolts[0], count: marks.bolts[1] }));
        if (st.give_ups_left != null) chip(chips, fill(G.give_ups, { count: st.give_ups_left }));
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
      rows.forEach(function (r) { tbody.insertBefore(r, tbody.firstChild); });
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
      } else {
        var lines = JSON.parse(first.theirs.file).hands, theirs = { text: first.theirs.file, hands: lines.length };
        var now = run(theirs, []), mine = [], rows = [];
        if (now.problems) return;
        box.appendChild(make("p", null, G.theirs));
        for (var k = Math.min(first.base, lines.length); k < lines.length; k++) rows.push(row(now, k, lines[k]));
        box.appendChild(table(rows));
        box.appendChild(make("p", null, G.mine));
        list.forEach(function (e, j) {
          if (e.op) {  // a line changed or deleted: as it would be after theirs
            var ed = applied(theirs, list.slice(0, j + 1)), was = run(ed, []);
            if (!was.problems && e.op === "put") mine.push(row(was, e.number - 1, e.line, G.unsent));
            return;
          }
          var upTo = list.slice(0, j + 1).map(function (x) { return x.line; });
          var after = run(theirs, upTo, theirs.hands + j + 1);
          if (after.problems) {
            var why = make("tr", "unsent"), td = make("td", "error");
            td.colSpan = seats + 2;
            td.textContent = fill(G.misfit, { reason: after.problems.map(function (p) { return p.text; }).join("; ") });
            why.appendChild(td);
            mine.push(why);
            after = run(theirs, upTo);
          }
          if (!after.problems) mine.push(row(after, theirs.hands + j, e.line, G.unsent));
        });
        box.appendChild(table(mine));
        var version = first.theirs.version;
        actions.appendChild(button(G.append, "primary", function () {
          Promise.all(list.map(function (e, j) {
            delete e.state;
            delete e.theirs;
            e.version = version;
            e.base = theirs.hands;
            if (!e.op) e.hand = handCount(now, theirs.hands) + j + 1;
            return put(e);
          })).then(function () { sync(); });
        }));
        actions.appendChild(button(G.drop, "danger", function () {
          Promise.all(list.map(function (e) { return drop(e.id); })).then(function () { location.replace(path); });
        }));
      }
      box.appendChild(actions);
      var totals = document.querySelector(".totals");
      totals.parentNode.insertBefore(box, totals);
    }
  }

  // --- the hand form ---------------------------------------------------------------------------
  // The form's fields as a line of the game file: HandForm.to_line and line_to_dict of Python.
  function toLine(form, rotation) {
    function field(name) { return form.querySelector("[name='" + name + "']"); }
    function int(name) {
      var el = field(name), v = el ? el.value.trim() : "";
      return /^[-+]?[0-9]+$/.test(v) ? parseInt(v, 10) : null;
    }
    function ticked(name) {
      return array(form.querySelectorAll("[name='" + name + "']:checked")).map(function (e) { return e.value; });
    }
    var n = form.querySelectorAll(".seat").length, line = {}, seats = [];
    for (var s = 0; s < n; s++) seats.push(s);
    var playing = seats.filter(function (s) { return !!form.querySelector("[name='points-" + s + "'].points-input"); });
    var dealer = int("dealer"), giveUp = ticked("give_up").length > 0;
    if (dealer !== null && dealer !== rotation) line.dealer = dealer;
    if (field("declarer")) {
      var declarer = ticked("declarer")[0];
      if (declarer != null) line.declarer = parseInt(declarer, 10);
      if (int("bid") !== null) line.bid = int("bid");
      if (int("contract") !== null) line.contract = int("contract");
    }
    if (giveUp) line.give_up = true;
    else {
      line.points = seats.map(function (s) { return playing.indexOf(s) >= 0 ? int("points-" + s) : null; });
      var chosen = ticked("marriages"), order = (field("marriage_order").value || "").split(",");
      var ordered = order.filter(function (m) { return chosen.indexOf(m) >= 0; })
        .concat(chosen.filter(function (m) { return order.indexOf(m) < 0; }));
      var switches = ticked("switches"), marriages = [];
      ordered.forEach(function (m) {
        var found = /^([0-9]+):([a-z]+)$/.exec(m);
        if (!found) return;
        var one = { seat: parseInt(found[1], 10), suit: found[2] };
        if (switches.indexOf(m) >= 0) one.switch = true;
        marriages.push(one);
      });
      if (marriages.length) line.marriages = marriages;
    }
    var trump = ticked("trump")[0];
    if (trump) line.trump = trump;
    var tricks = seats.map(function (s) { return int("tricks-" + s); });
    if (!giveUp && tricks.some(function (t) { return t !== null; })) {
      line.tricks = seats.map(function (s) { return playing.indexOf(s) >= 0 ? tricks[s] || 0 : null; });
    }
    if (field("musik_aces")) line.musik = { aces: int("musik_aces") || 0, marriage: field("musik_marriage").value || null };
    return line;
  }
  // ... and back, for a line to change: the fields a form would have posted
  function toFields(line, rotation) {
    var f = [["dealer", line.dealer == null ? rotation : line.dealer]], order = [];
    ["declarer", "bid", "contract"].forEach(function (k) { if (line[k] != null) f.push([k, line[k]]); });
    if (line.give_up) f.push(["give_up", "y"]);
    (line.points || []).forEach(function (p, s) { f.push(["points-" + s, p == null ? "" : p]); });
    (line.tricks || []).forEach(function (t, s) { f.push(["tricks-" + s, t == null ? "" : t]); });
    (line.marriages || []).forEach(function (m) {
      order.push(m.seat + ":" + m.suit);
      f.push(["marriages", m.seat + ":" + m.suit]);
      if (m.switch) f.push(["switches", m.seat + ":" + m.suit]);
    });
    f.push(["marriage_order", order.join(",")]);
    if (line.trump) f.push(["trump", line.trump]);
    if (line.musik) f.push(["musik_aces", line.musik.aces], ["musik_marriage", line.musik.marriage || ""]);
    return f;
  }
  function setFields(form, pairs) {
    pairs.forEach(function (pair) {
      all(form.querySelectorAll("[name='" + pair[0] + "']"), function (el) {
        if (el.type === "radio" || el.type === "checkbox") { if (el.value === String(pair[1])) el.checked = true; }
        else if (el.type !== "hidden" || pair[0] === "marriage_order") el.value = pair[1];
      });
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // the rules' problems at the fields they name, as the server's page puts them (LineForm.take_problems)
  function problems(form, list) {
    all(form.querySelectorAll(".error.offline"), function (e) { e.remove(); });
    var firstShown = null;
    list.forEach(function (p) {
      var el = null, at = null, where = "append", seatBox = p.seat != null && form.querySelector(".seat[data-seat='" + p.seat + "']");
      if ((p.field === "points" || p.field === "tricks") && seatBox) at = seatBox;
      else if (p.field === "points" || p.field === "tricks" || p.field === "marriages") {
        at = form.querySelector(".seat").parentNode.querySelector("legend");
        where = "after";
      } else if (p.field === "declarer" || p.field === "trump") at = form.querySelector("fieldset." + p.field);
      else if (p.field === "bid" || p.field === "contract" || p.field === "give_up") {
        at = form.querySelector("[name='" + p.field + "']");
        at = at && (p.field === "give_up" ? at.closest("label") : at.closest(".row"));
        where = "after";
      } else if (p.field === "dealer") { at = form.querySelector("details.more"); if (at) at.open = true; }
      if (!at) { at = form.querySelector(".facts"); where = "before"; }
      el = make(where === "append" ? "span" : "p", "error offline", p.text);
      if (where !== "append") el.setAttribute("role", "alert");
      if (where === "append") at.appendChild(el);
      else at.parentNode.insertBefore(el, where === "after" ? at.nextSibling : at);
      firstShown = firstShown || el;
    });
    if (firstShown) firstShown.scrollIntoView({ block: "center" });
  }

  function handForm(form) {
    var game = parseInt(form.dataset.game, 10), F = words(form);
    var fixing = /^#fix-([0-9]+)$/.exec(location.hash), unsent = location.hash === "#unsent";
    // a line changed or deleted with no connection: the hand form kept, filled with that line
    var editing = /^#(edit|delete)-([0-9]+)$/.exec(location.hash), number = editing ? +editing[2] : 0;
    // a hand whose sending failed (sw.js brings its form back as #unsent): what was typed
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem("scorekeeper-post") || "null");
      if (!unsent) sessionStorage.removeItem("scorekeeper-post");
    } catch (e) {}
    if (!unsent || !kept || kept.path !== path) kept = null;
    var names = array(form.querySelectorAll(".seat-name")).map(function (n) { return n.textContent; });
    var ready = null, queued = [], busy = false;

    // the state the hand is logged in: the file, then the lines before it not sent yet
    function prepare() {
      ready = ready || outbox(game).then(function (list) {
        var entry = fixing && list.filter(function (e) { return e.id === parseInt(fixing[1], 10); })[0];
        queued = entry ? list.slice(0, list.indexOf(entry)) : list;
        return Promise.all([loadFile(game), loadEngine()]).then(function (got) {
          if (number) {  // the game as the phone has it; the state line `number` is logged in
            var now = applied(got[0], queued), upTo = JSON.parse(now.text);
            upTo.hands = now.lines.slice(0, number - 1);
            var was = got[1]({ text: JSON.stringify(upTo), hands: number - 1 }, []);
            return { file: got[0], run: got[1], before: was, now: now, line: now.lines[number - 1] };
          }
          // after a line changed or deleted, the game as the phone has it, whole
          var base = edits(queued) ? applied(got[0], queued) : got[0];
          var pending = base === got[0] ? queued.map(function (e) { return e.line; }) : [];
          var before = got[1](base, pending);
          return { file: got[0], run: got[1], before: before, entry: entry, base: base, pending: pending };
        });
      });
      return ready;
    }
    // the page as the engine has it: the number, who deals and sits out, who bids first
    function patch(st) {
      if (number && (!st.line || st.line.adjustment)) {  // no such hand (any more) on this phone
        location.replace("/games/" + game);
        return false;
      }
      if (st.before.problems) return true;  // the hands waiting do not fit the file: Save says why
      var spec = st.before.form, b = st.before.bidding;
      var rendered = array(form.querySelectorAll(".seat .points-input")).map(function (i) {
        return parseInt(i.closest(".seat").dataset.seat, 10);
      });
      var asked = /[?&]dealer=([0-9]+)/.exec(location.search);
      if (rendered.join() !== spec.playing.join() && !(asked && +asked[1] === spec.dealer)) {
        location.replace(path + "?dealer=" + spec.dealer + location.hash);  // the form of that deal
        return false;
      }
      var count = handCount(st.before, st.before.hands.length) + 1, h1 = document.querySelector("h1");
      var title = fill(editing ? F.edit : F.title, { number: count });
      document.title = title + document.title.slice(h1.textContent.length);
      h1.textContent = title;
      var facts = form.querySelector(".facts");
      facts.textContent = fill(spec.sitting_out != null ? F.deals_out : F.deals, { name: names[spec.dealer] });
      if (b.opener != null) facts.textContent += " " + fill(b.forced ? F.forced : F.bids_first, { name: names[b.opener], bid: b.min_bid });
      form.querySelector("[name=dealer]").value = String(spec.dealer);
      all(form.querySelectorAll("[name=declarer]"), function (r) { r.checked = b.opener != null && r.value === String(b.opener); });
      if (st.entry) setFields(form, toFields(st.entry.line, spec.dealer));
      if (number) {
        setFields(form, toFields(st.line, spec.dealer));
        var del = make("button", "danger big offline-delete", fill(F.delete, { number: number }));
        del.type = "button";
        del.addEventListener("click", function () { if (!busy) { busy = true; remove(st); } });
        form.appendChild(del);
        if (editing[1] === "delete") del.scrollIntoView({ block: "center" });
      }
      if (kept) setFields(form, kept.fields.filter(function (f) { return ["csrf_token", "version", "token"].indexOf(f[0]) < 0; }));
      if (!online() && !document.querySelector(".offline-note")) {
        form.parentNode.insertBefore(make("p", "flash offline-note", F.offline), form);
      }
      return true;
    }
    function top(list) { return list.map(function (p) { return { field: "hand", text: p.text }; }); }
    // a form sent that got no answer: the line it posted, on the version it was made on, with
    // its token as the key (the API answers as the form was, had it been stored: no double hand)
    function sentBefore(st) {
      var f = {};
      if (!kept || !kept.line || st.entry) return null;
      kept.fields.forEach(function (p) { f[p[0]] = p[1]; });
      return f.token && f.version ? { line: kept.line, key: f.token, version: quoted(f.version) } : null;
    }
    function save(st) {
      busy = false;
      if (number) return change(st);
      var first = sentBefore(st);
      if (first && first.version !== st.file.version && !queued.length) return keepLine(st, first.line, null, first);
      if (st.before.problems) return problems(form, top(st.before.problems));
      var line = toLine(form, st.before.next_dealer);
      var lines = st.pending.concat([line]);
      var out = st.run(st.base, lines, st.base.hands + lines.length);
      if (out.problems) {
        var at = st.base.hands + lines.length;
        return problems(form, out.problems.filter(function (p) { return p.hand === at; })
          .concat(top(out.problems.filter(function (p) { return p.hand !== at; }))));
      }
      return keepLine(st, first ? first.line : line, out, first);
    }
    // line `number` changed, or deleted: checked with every line after it, then queued
    function change(st, gone) {
      var lines = st.now.lines.slice(), data = JSON.parse(st.now.text);
      var line = gone ? null : toLine(form, st.before.next_dealer);
      if (gone) lines.splice(number - 1, 1);
      else lines[number - 1] = line;
      data.hands = lines;
      var out = st.run({ text: JSON.stringify(data), hands: lines.length }, [], gone ? null : number);
      if (out.problems) {
        busy = false;
        return problems(form, out.problems.filter(function (p) { return !gone && p.hand === number; })
          .concat(top(out.problems.filter(function (p) { return gone || p.hand !== number; }))));
      }
      busy = true;
      var last = queued[queued.length - 1];
      return put({
        account: account, game: game, op: gone ? "delete" : "put", number: number, line: line,
        key: newKey(), version: last ? last.version : st.file.version,
        base: queued.length ? queued[0].base : st.file.hands, hand: number
      }).then(function () { location.href = "/games/" + game; });
    }
    function remove(st) { change(st, true); }
    function keepLine(st, line, out, first) {
      busy = true;
      var entry = st.entry || { account: account, game: game };
      entry.line = line;
      entry.key = first ? first.key : newKey();  // a line changed is a new request
      entry.version = st.entry ? st.file.version : queued.length ? queued[queued.length - 1].version : st.file.version;
      if (first) entry.version = first.version;
      entry.base = st.entry ? st.file.hands : queued.length ? queued[0].base : st.file.hands;
      entry.hand = out ? handCount(out, out.hands.length) : (st.before.hands ? handCount(st.before, st.before.hands.length) : 0) + 1;
      delete entry.state;
      delete entry.why;
      return put(entry).then(function () {
        try { sessionStorage.removeItem("scorekeeper-post"); } catch (e) {}
        location.href = "/games/" + game + "#unsent";
      });
    }

    // The live preview when the server cannot give one (forms.js asks): what the engine says
    // this hand would score, in the shape of the server's preview (web/hands/posting.would_score).
    form.offlinePreview = function () {
      // a preview is no Save: it must not turn the page's next Save into an offline one
      var was = ready, state = prepare();
      if (!was) ready = null;
      return state.then(function (st) {
        if (st.before.problems) throw new Error("the hands waiting do not fit");
        var line = toLine(form, st.before.next_dealer), out, at;
        if (number) {
          var data = JSON.parse(st.now.text), lines = st.now.lines.slice(0, number - 1).concat([line]);
          data.hands = lines;
          at = number;
          out = st.run({ text: JSON.stringify(data), hands: lines.length }, [], at);
        } else {
          var mine = st.pending.concat([line]);
          at = st.base.hands + mine.length;
          out = st.run(st.base, mine, at);
        }
        if (out.problems) {
          return { ok: false, errors: out.problems.filter(function (p) { return p.hand === at; })
            .map(function (p) { return { field: p.field, seat: p.seat, message: p.text }; }) };
        }
        var h = out.hands[at - 1];
        return { ok: true, scores: h.scores, totals: h.totals, notes: h.notes };
      });
    };

    if (!online() || unsent || fixing || editing) prepare().then(patch).then(function (shown) {
      if (shown && kept) return prepare().then(save);
    }).catch(function () {});
    else outbox(game).then(function (list) { if (list.length) prepare().then(patch).catch(function () {}); });

    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented) return;
      var direct = online() && !fixing && !unsent && !editing && !ready;
      if (direct) {
        // sent as the page always did; should it not get through, the worker brings the form
        // back (#unsent) and what was typed is kept on the phone instead
        try {
          var dealer = form.querySelector("[name=dealer]"), rotation = dealer && dealer.options ?
            array(dealer.options).filter(function (o) { return o.defaultSelected; }).map(function (o) { return +o.value; })[0] : null;
          sessionStorage.setItem("scorekeeper-post", JSON.stringify({
            path: path, fields: Array.from(new FormData(form)), line: rotation == null ? null : toLine(form, rotation)
          }));
        } catch (e) {}
        return;
      }
      ev.preventDefault();
      if (busy) return;
      busy = true;
      ready = null;  // the outbox and the file as they are now: a send may have changed them
      prepare().then(save).catch(function () {
        // no engine or no file on this phone: the server decides, or the offline page says so
        busy = false;
        var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
        if (worker && (!online() || fixing || queued.length)) location.href = "/offline";
        else HTMLFormElement.prototype.submit.call(form);
      });
    });
  }

  // --- an adjustment: with no connection, or with lines of this game waiting, queued like a hand
  function adjustForm(form) {
    var game = parseInt(form.dataset.game, 10), busy = false, waiting = false;
    outbox(game).then(function (list) { waiting = list.length > 0; });
    function value(el) { return /^[-+]?[0-9]+$/.test(el.value.trim()) ? parseInt(el.value, 10) : 0; }
    form.addEventListener("submit", function (ev) {
      if (ev.defaultPrevented || (online() && !waiting)) return;  // sent as always
      ev.preventDefault();
      if (busy) return;
      busy = true;
      all(form.querySelectorAll(".error.offline"), function (e) { e.remove(); });
      outbox(game).then(function (list) {
        return Promise.all([loadFile(game), loadEngine()]).then(function (got) {
          var base = edits(list) ? applied(got[0], list) : got[0];
          var lines = (base === got[0] ? list.map(function (e) { return e.line; }) : []).concat([{
            adjustment: array(form.querySelectorAll("[name^='values-']")).map(value),
            reason: form.querySelector("[name=reason]").value.trim()
          }]);
          var out = got[1](base, lines, base.hands + lines.length), last = list[list.length - 1];
          if (out.problems) {
            busy = false;
            var p = make("p", "error offline", out.problems.map(function (x) { return x.text; }).join("; "));
            p.setAttribute("role", "alert");
            return form.insertBefore(p, form.firstChild);
          }
          return put({
            account: account, game: game, line: lines[lines.length - 1], key: newKey(),
            version: last ? last.version : got[0].version, base: last ? list[0].base : got[0].hands,
            hand: handCount(out, out.hands.length)
          }).then(function () { location.href = "/games/" + game + "#unsent"; });
        });
      }).catch(function () {
        busy = false;
        if (online()) HTMLFormElement.prototype.submit.call(form);
        else location.href = "/offline";
      });
    });
  }

  // --- signing out with hands not sent: they stay under this account, and the button says so --
  function signOut(form) {
    var T = words(form), warned = false, count = 0;
    outbox().then(function (list) { count = list.length; });
    form.addEventListener("submit", function (ev) {
      if (!count || warned) return;
      ev.preventDefault();
      warned = true;
      var p = make("p", "flash", fill(T.warn, { n: count }));
      p.setAttribute("role", "alert");
      form.parentNode.insertBefore(p, form);
      form.querySelector("button").textContent = T.again;
    });
  }

  function saySent() {
    justSent = true;
    setTimeout(function () { justSent = false; status(); }, 4000);
  }

  function start() {
    var hook = document.getElementById("offline-game"), form = document.getElementById("hand-form");
    if (hook) gamePage(hook);
    if (form && form.dataset.game) handForm(form);
    var adjust = document.getElementById("adjust-form");
    if (adjust) adjustForm(adjust);
    all(document.querySelectorAll("form[data-unsent]"), signOut);
    try {
      if (Date.now() - sessionStorage.getItem("scorekeeper-sent") < 5000) saySent();
      sessionStorage.removeItem("scorekeeper-sent");
    } catch (e) {}
    status();
    sync();
    window.addEventListener("online", function () { delay = 5000; status(); sync(); });
    window.addEventListener("offline", status);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") sync();
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
