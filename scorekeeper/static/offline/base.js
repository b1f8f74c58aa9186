// Offline, base.js: the page's words and small helpers, and the outbox: IndexedDB, per account and
// game.
// A part of the offline code (docs/table.md): the files of static/offline/, in the order of
// files.json, share one scope; web/engine.py serves them as one script, /engine/offline.js.
//
// Thousand Scorekeeper with no connection: a hand logged then is checked and scored on the phone
// by the browser engine (static/engine/, docs/engine.md), kept in an outbox (IndexedDB: per
// account and game, the line in game-file shape, an Idempotency-Key made once and the version of
// the game it was logged on), shown on the sheet marked "not sent yet", and sent in order
// through the JSON API when the connection is back. Another phone's hands meanwhile (412) are
// shown beside the scorer's, who chooses; a hand refused (400) stays until dropped or changed.
// Every word comes from the page (templates/_offline.html). Without this file, or without a
// service worker, the pages work as they always did.
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
// a form for later (with no connection): asked for once, and again after a change of language
function keepForm(url) {
  caches.match(url, { ignoreVary: true }).then(function (hit) {
    return hit ? hit.text().then(function (page) {
      if (page.indexOf('<html lang="' + lang + '"') < 0) keep(url);
    }) : keep(url);
  }).catch(function () {});
}
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
// how many lines wait, every account's, for app.js: a page loads this code when any do
function counted(r) {
  return store("readonly", function (s) { return s.count(); }).then(function (n) {
    try { localStorage.setItem("scorekeeper-outbox", String(n)); } catch (e) {}
    return r;
  }, function () { return r; });
}
function put(e) { return store("readwrite", function (s) { return s.put(e); }).then(counted); }
function drop(id) { return store("readwrite", function (s) { return s.delete(id); }).then(counted); }
function newKey() {
  var b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return array(b).map(function (x) { return (x + 256).toString(16).slice(1); }).join("");
}
