// Offline, start.js: an adjustment and the sign-out warning with no connection, and what each page
// starts.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
// --- an adjustment: with no connection, or with lines of this game waiting, queued like a hand;
// #edit-N and #delete-N (the worker's, for a line's forms not kept): that adjustment changed
// or deleted, checked with every line after it, then queued as a PUT or DELETE of line N
function adjustForm(form) {
  var game = parseInt(form.dataset.game, 10), busy = false, waiting = false, F = words(form);
  var editing = /^#(edit|delete)-([0-9]+)$/.exec(location.hash), number = editing ? +editing[2] : 0;
  var state = outbox(game).then(function (list) {
    waiting = list.length > 0;
    if (!number) return null;
    return Promise.all([loadFile(game), loadEngine()]).then(function (got) {
      var now = applied(got[0], list);
      return { list: list, file: got[0], run: got[1], now: now, line: now.lines[number - 1] };
    });
  });
  function value(el, seat) {
    var n = /^[-+]?[0-9]+$/.test(el.value.trim()) ? parseInt(el.value, 10) : 0;
    var minus = form.querySelector("[name=minus][value='" + seat + "']");
    return minus && minus.checked ? -Math.abs(n) : n;  // the seat's "−" toggle (web/forms.py)
  }
  function entered() {
    return {
      adjustment: array(form.querySelectorAll("[name^='values-']")).map(value),
      reason: form.querySelector("[name=reason]").value.trim()
    };
  }
  function refused(out) {
    busy = false;
    var p = make("p", "error offline", out.problems.map(function (x) { return x.text; }).join("; "));
    p.setAttribute("role", "alert");
    form.insertBefore(p, form.firstChild);
  }
  if (number) state.then(function (st) {
    if (!st || !st.line || !st.line.adjustment) return location.replace("/games/" + game);
    var h1 = document.querySelector("h1");
    if (h1) {
      h1.textContent = F.edit_adjustment + " ";
      h1.appendChild(make("small", null, fill(F.line, { number: number })));
    }
    var typed = typedIn(form);  // what the scorer typed while the line loaded stays
    array(form.querySelectorAll("[name^='values-']")).forEach(function (el, seat) {
      if (!typed[el.name]) el.value = st.line.adjustment[seat] ? String(st.line.adjustment[seat]) : "";
    });
    if (!typed.reason) form.querySelector("[name=reason]").value = st.line.reason || "";
    var why = form.querySelector(".offline-reason");
    if (why) why.hidden = false;
    var del = make("button", "danger big offline-delete", fill(F.delete, { number: number }));
    del.type = "button";
    del.addEventListener("click", function () { if (!busy) { busy = true; change(st, true); } });
    form.appendChild(del);
    if (editing[1] === "delete") del.scrollIntoView({ block: "center" });
  });
  // line `number` changed, or deleted: checked with every line after it, then queued
  function change(st, gone) {
    all(form.querySelectorAll(".error.offline"), function (e) { e.remove(); });
    var line = gone ? null : entered(), out = withChange(st.now, st.run, number, line);
    if (out.problems) return refused(out);
    return queueChange(game, st.file, st.list, number, line, form, st.now).then(function () {
      location.href = "/games/" + game;
    });
  }
  form.addEventListener("submit", function (ev) {
    // online with nothing waiting, a new adjustment is sent as always; a change made here is not
    // the new adjustment the form posts, so it is always queued (and sent at once when it can)
    if (ev.defaultPrevented || (online() && !waiting && !number)) return;
    ev.preventDefault();
    if (busy) return;
    busy = true;
    all(form.querySelectorAll(".error.offline"), function (e) { e.remove(); });
    if (number) {
      state.then(function (st) { return st && st.line ? change(st, false) : (busy = false); });
      return;
    }
    outbox(game).then(function (list) {
      return Promise.all([loadFile(game), loadEngine()]).then(function (got) {
        var base = edits(list) ? applied(got[0], list) : got[0];
        var lines = (base === got[0] ? list.map(function (e) { return e.line; }) : []).concat([entered()]);
        var out = got[1](base, lines, base.hands + lines.length), last = list[list.length - 1];
        if (out.problems) return refused(out);
        return put({
          account: account, game: game, line: lines[lines.length - 1], key: newKey(),
          version: last ? last.version : got[0].version, base: last ? list[0].base : got[0].hands,
          trail: last ? last.trail : got[0].trail,
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

// --- the sign-in and sign-up pages: hands of another account wait on this phone; they are neither
// shown nor sent under this one (its own are on the status line), the page only says they wait
function waitingElsewhere(note) {
  if (!window.indexedDB) return;
  store("readonly", function (s) { return s.getAll(); }).then(function (list) {
    note.hidden = !list.some(function (e) { return e.account !== account; });
  }).catch(function () {});
}

function saySent() {
  justSent = true;
  setTimeout(function () { justSent = false; started = null; status(); }, 4000);
}

function start() {
  var hook = document.getElementById("offline-game"), form = document.getElementById("hand-form");
  if (hook) gamePage(hook);
  if (form && form.dataset.game) handForm(form);
  var adjust = document.getElementById("adjust-form");
  if (adjust) adjustForm(adjust);
  var newGame = document.getElementById("new-game");
  if (newGame) newGameForm(newGame);
  if (path === "/" && account) gamesList(document.querySelector("main"));
  all(document.querySelectorAll("form[data-unsent]"), signOut);
  var elsewhere = document.getElementById("waiting-hands");
  if (elsewhere) waitingElsewhere(elsewhere);
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
