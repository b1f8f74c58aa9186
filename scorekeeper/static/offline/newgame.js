// Offline, newgame.js: a game started with no connection: the new-game form kept in the outbox
// and sent as that form when the connection is back; the games list shows it until then.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
//
// The phone cannot check a new game's house rules (the form's fields become options on the
// server: web/games/newgame.py), so the form is sent as it was filled in: the server checks it,
// and a refusal is kept with its reasons until the scorer changes it (#fix-N) or drops it.
// Its hands wait for the game: the hand form is the server's, made for the game it starts.

function isGame(e) { return e.kind === "game"; }
// the variant as the form named it ("Polish Tysiąc, 3 players"; a game kept before: its key)
function gameName(e) { return e.names.join(", ") + " (" + (e.title || e.variant) + ")"; }

// the form as its fields (FormData order); the token makes it one game however often it is sent
function formFields(form) { return Array.from(new FormData(form)); }
function fieldValue(fields, name) {
  var found = fields.filter(function (f) { return f[0] === name; })[0];
  return found ? String(found[1]) : "";
}
function keepGame(fields, key) {
  fields = fields.filter(function (f) { return f[0] !== "csrf_token" && f[0] !== "token"; });
  fields.push(["token", key]);
  var names = [0, 1, 2, 3].map(function (s) { return fieldValue(fields, "players-" + s).trim(); })
    .filter(function (n) { return n; });
  var picked = document.querySelector("#new-game [name=variant]:checked");
  var title = picked && picked.closest("label").querySelector("b");
  return put({
    account: account, kind: "game", game: "new-" + key, key: key, fields: fields,
    names: names, variant: fieldValue(fields, "variant"), title: title ? title.textContent : ""
  }).then(function () {
    try { sessionStorage.removeItem("scorekeeper-post"); } catch (e) {}
    location.href = "/#unsent";
  });
}

// sent with the CSRF token of a new-game page read now (the one kept may have expired); the
// server answers with the game (its page, after a redirect) or the form with its reasons (422)
function startGame(e) {
  return fetch("/games/new", { cache: "no-store" }).then(function (r) {
    if (r.redirected || !r.ok) return r;  // signed out (the sign-in page), or the server's trouble
    return r.text().then(function (html) {
      var page = new DOMParser().parseFromString(html, "text/html"), data = new URLSearchParams();
      // someone else signed in since (in another tab): not started under them, kept (as a 403)
      if (page.body.dataset.account !== e.account) return new Response(null, { status: 403 });
      var csrf = page.querySelector("[name=csrf_token]");
      e.fields.forEach(function (f) { data.append(f[0], f[1]); });
      if (csrf) data.append("csrf_token", csrf.value);
      return fetch("/games/new", { method: "POST", body: data });
    });
  });
}
function gameStarted(r) {
  var made = r.ok && r.redirected && /^\/games\/([0-9]+)$/.exec(new URL(r.url).pathname);
  return made ? parseInt(made[1], 10) : null;
}
function signedOut(r) { return r.redirected && /^\/signin/.test(new URL(r.url).pathname); }
// the reasons a refused form gives, as its page shows them
function formReasons(r) {
  return r.text().then(function (html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    return array(page.querySelectorAll("form .error")).map(function (el) { return el.textContent.trim(); })
      .filter(function (t) { return t; }).join("; ") || String(r.status);
  }, function () { return String(r.status); });
}

// the new-game page: kept with no connection, filled again to be changed (#fix-N), or kept
// after a Save that got no answer (the worker brings the form back as #unsent)
function newGameForm(form) {
  var fixing = /^#fix-([0-9]+)$/.exec(location.hash), busy = false, entry = null;
  var kept = null;
  try { kept = JSON.parse(sessionStorage.getItem("scorekeeper-post") || "null"); } catch (e) {}
  if (location.hash === "#unsent" && kept && kept.path === path) {
    keepGame(kept.fields, fieldValue(kept.fields, "token") || newKey());
    return;
  }
  try { sessionStorage.removeItem("scorekeeper-post"); } catch (e) {}
  if (!online()) form.parentNode.insertBefore(make("p", "flash offline-note", W.game_offline), form);
  if (fixing) {
    outbox().then(function (list) {
      entry = list.filter(function (e) { return e.id === +fixing[1] && isGame(e); })[0];
      if (!entry) return;
      setFields(form, entry.fields.filter(function (f) { return f[0] !== "token"; }), typedIn(form));
      var why = make("p", "error", fill(W.game_refused, { names: gameName(entry), reason: entry.why || "" }));
      why.setAttribute("role", "alert");
      form.parentNode.insertBefore(why, form);
    });
  }
  form.addEventListener("submit", function (ev) {
    if (ev.defaultPrevented) return;
    var fields = formFields(form), offline = !online() && !!account && !!window.indexedDB;
    function remember() {  // should the Save not get through, what was typed is kept (#unsent)
      try { sessionStorage.setItem("scorekeeper-post", JSON.stringify({ path: path, fields: fields })); } catch (e) {}
    }
    if (!offline && !entry) return remember();  // sent as the page always did
    ev.preventDefault();
    if (busy) return;
    busy = true;
    (entry ? drop(entry.id) : Promise.resolve()).then(function () {  // the scorer sends it again now
      if (offline) return keepGame(fields, newKey());
      remember();
      history.replaceState(null, "", path);  // the game's page is not to open at #fix-N
      HTMLFormElement.prototype.submit.call(form);
    });
  });
}

// the games list: the games waiting to be started, and the new-game form kept for next time
function gamesList(main) {
  if (online() && window.caches && navigator.serviceWorker && navigator.serviceWorker.controller) {
    keepForm("/games/new");
  }
  outbox().then(function (list) {
    var games = list.filter(isGame);
    if (!games.length) return;
    var box = make("div", "flash pending-games");
    games.forEach(function (e) {
      var li = make("p", null, e.state ? fill(W.game_refused, { names: gameName(e), reason: e.why })
        : fill(W.game_waiting, { names: gameName(e) }));
      if (e.state) {
        var fix = make("a", null, W.fix);
        fix.href = "/games/new#fix-" + e.id;
        li.appendChild(document.createTextNode(" "));
        li.appendChild(fix);
      }
      box.appendChild(li);
    });
    main.insertBefore(box, main.querySelector("h1").nextSibling);
    if (location.hash === "#unsent") history.replaceState(null, "", path);
  });
  document.addEventListener("outbox", function () { location.replace(path); });
}
