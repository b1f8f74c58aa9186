// Thousand Scorekeeper: small progressive enhancements of every page (the hand form and the
// new-game form have theirs in forms.js and newgame.js, loaded by those pages only). Every
// form works without this file.
(function () {
  "use strict";
  // the style sheet shows what works only with this file (the bid chips, the card counter)
  document.documentElement.classList.add("js");

  // The game page, the live view and the hand form: keep the screen awake at the card table
  // (Wake Lock, where the browser has it).
  function keepAwake() {
    var body = document.body.classList;
    var table = body.contains("board") || body.contains("live") || document.getElementById("hand-form");
    if (!table || !("wakeLock" in navigator)) return;
    var request = function () { navigator.wakeLock.request("screen").catch(function () {}); };
    request();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") request();
    });
  }

  // The live view: ask every 3 s (give or take a fifth, so that phones spread out); the server
  // answers 304 while the game's version is the one this page shows (its ETag, given with the
  // page). A tab out of sight asks nothing, and asks at once when it is shown again. A busy
  // server's 503 says when to come back (Retry-After); no answer at all, ask later and later
  // (6, 12, 24 ... 60 s). A finished game is asked no more, except once when shown again.
  function liveBoard(board) {
    var EVERY = 3000, etag = board.dataset.etag || null, timer = null, failures = 0;
    var finished = board.dataset.finished === "1";
    function spread(ms) { return ms * (0.8 + Math.random() * 0.4); }
    function later(ms) {
      clearTimeout(timer);
      if (!finished) timer = setTimeout(function () {
        if (document.visibilityState !== "hidden") poll();
      }, spread(ms));
    }
    function backoff() { failures++; return Math.min(EVERY * Math.pow(2, failures), 60000); }
    function poll() {
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(board.dataset.state, { headers: headers, cache: "no-store" })
        .then(function (r) {
          if (r.status === 200) {
            failures = 0;
            etag = r.headers.get("ETag");
            finished = r.headers.get("X-Live-Finished") === "1";
            return r.text().then(function (html) { board.innerHTML = html; later(EVERY); });
          }
          if (r.status === 304) { failures = 0; return later(EVERY); }
          if (r.status === 404) return;  // the link was revoked: nothing more to ask
          var told = parseInt(r.headers.get("Retry-After"), 10);
          if (told > 0) { failures++; return later(told * 1000); }
          later(backoff());
        })
        .catch(function () { later(backoff()); });
    }
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") poll();
    });
    if (etag) later(EVERY);  // the page is the board at that version already
    else poll();
  }

  // The game page after a save: the totals on top, and the saved line marked in the sheet.
  function markSaved() {
    var saved = /[?&]saved=([0-9]+)/.exec(location.search);
    var row = saved && document.getElementById("h" + saved[1]);
    if (row) row.classList.add("saved");
  }

  // The printable sheet's Print button (without this file, the page says to use the browser's).
  function printButton() {
    var button = document.querySelector("button[data-print]");
    if (button) button.addEventListener("click", function () { window.print(); });
  }

  // An import's page while it runs: its progress asked for every 2 s and put in place, until
  // the import ends (without this file, the page has a link to look again).
  function importProgress(box) {
    function later(ms) { setTimeout(poll, ms); }
    function poll() {
      if (document.visibilityState === "hidden") return later(2000);
      fetch(location.href, { cache: "no-store" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          var page = html && new DOMParser().parseFromString(html, "text/html");
          var fresh = page && page.getElementById("import-progress");
          if (!fresh) return later(5000);
          box.innerHTML = fresh.innerHTML;
          if (fresh.dataset.running) later(2000);
        })
        .catch(function () { later(5000); });
    }
    later(2000);
  }

  // The service worker (static/sw.js) keeps the pages this phone opened for when the
  // connection drops, each account's apart: the server's answers tell it whose they are.
  function offlineCopies() {
    if (!("serviceWorker" in navigator) || !document.body.dataset.worker) return;
    navigator.serviceWorker.register(document.body.dataset.worker).catch(function () {});
  }

  // The offline code (/engine/offline.js: static/offline/, 11 KB gzip) where it has work: on a
  // page the service worker controls (it comes from the worker's shell, not the network), with
  // no connection, on the pages whose forms keep what was typed, or with lines waiting on this
  // phone (base.js counts them). A first view, before the worker, is the page alone. It runs
  // after the page's own scripts (this is DOMContentLoaded): their submit handlers come first.
  function offlineCode() {
    var src = document.body.dataset.offline, worker = navigator.serviceWorker, loaded = false;
    if (!src) return;
    function load() {
      if (loaded) return;
      loaded = true;
      var script = document.createElement("script");
      script.src = src;
      document.head.appendChild(script);
    }
    var waiting = 0;
    try { waiting = +localStorage.getItem("scorekeeper-outbox") || 0; } catch (e) {}
    if ((worker && worker.controller) || navigator.onLine === false || waiting || location.pathname === "/" ||
        document.querySelector("#hand-form, #adjust-form, #new-game, form[data-unsent]")) {
      load();
      return;
    }
    if (worker) worker.addEventListener("controllerchange", load);  // the worker, just installed
    window.addEventListener("offline", load);
  }

  document.addEventListener("DOMContentLoaded", function () {
    offlineCopies();
    offlineCode();
    keepAwake();
    markSaved();
    printButton();
    var live = document.getElementById("live-board");
    if (live) { liveBoard(live); }
    var progress = document.querySelector("#import-progress[data-running]");
    if (progress) { importProgress(progress); }
  });
})();
