// Offline, sync.js: the status line, and sending the outbox in order through the JSON API.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
// --- the status line -------------------------------------------------------------------------
var sending = false, failure = null, justSent = false, started = null;
function status() {
  if (!bar) return;
  outbox().then(function (list) {
    var hands = list.filter(function (e) { return !isGame(e); }), n = hands.length;
    var games = list.filter(isGame), issue = list.filter(function (e) { return e.state; })[0];
    var text = "", href = null, here = issue && (isGame(issue) ? "/games/new" : "/games/" + issue.game);
    if (!online()) text = n ? plural(W.offline_n, n) : W.offline;
    else if (sending) text = W.sending;
    else if (issue && here !== path) {  // on its game's page, the page says it
      text = isGame(issue) ? fill(W.game_refused, { names: gameName(issue), reason: issue.why })
        : issue.state === "conflict" ? fill(W.conflict, { game: issue.game })
        : fill(W.refused, { game: issue.game, number: issue.hand, reason: issue.why });
      href = isGame(issue) ? "/games/new#fix-" + issue.id : "/games/" + issue.game;
    } else if (n) text = plural(W.waiting_n, n) + (failure ? " " + failure : "");
    else if (started) {
      text = fill(W.game_started, { names: started.names });
      href = "/games/" + started.id;
    } else if (justSent) text = W.sent;
    if (games.length && !issue) {  // the games list says which (newgame.js)
      text += (text ? " · " : "") + plural(W.games_n, games.length) + (n || !failure ? "" : " " + failure);
    }
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
      if (isGame(e)) return startGame(e).then(function (r) { return gameAnswer(e, r); }, unreachable);
      var headers = { "Content-Type": "application/json", "Idempotency-Key": e.key, "Prefer": "return=minimal" };
      if (e.version) headers["If-Match"] = e.version;
      headers["X-Account-Id"] = e.account;  // whose: never stored under another (web/access.py)
      var why = e.op && e.reason ? "?reason=" + encodeURIComponent(e.reason) : "";
      return fetch("/api/games/" + e.game + "/hands" + (e.op ? "/" + e.number : "") + why, {
        method: e.op === "delete" ? "DELETE" : e.op ? "PUT" : "POST",
        headers: headers, body: e.op === "delete" ? undefined : JSON.stringify(e.line)
      }).then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (b) { return answer(e, r, b); });
      }, unreachable);
    });
  }
  function unreachable() {
    failure = W.unreachable;
    return done(false);
  }
  // a game kept with no connection (newgame.js): started, refused with its reasons, or later
  function gameAnswer(e, r) {
    var id = gameStarted(r);
    if (id) {
      changed = true;
      sent[id] = true;
      started = { id: id, names: gameName(e) };
      return drop(e.id).then(next);
    }
    if (r.status === 422) {
      changed = true;
      return formReasons(r).then(function (why) {
        e.state = "refused";
        e.why = why;
        return put(e).then(next);
      });
    }
    failure = signedOut(r) || r.status === 401 || r.status === 403 ? W.signin : fill(W.status, { status: r.status });
    return done(false);
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
          if (e.op && x.trail != null) x.trail += 1;  // and the changes its trail holds: this one too
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
