// Thousand Scorekeeper: small progressive enhancements of every page (the hand form and the
// new-game form have theirs in forms.js, loaded by those pages only). Every form works without
// this file.
(function () {
  "use strict";
  // the style sheet shows what works only with this file (the -/+ steppers, the card counter)
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

  // The live view: ask every 3 s; the server answers 304 while the game's version is the same.
  // A tab out of sight asks nothing, and asks at once when it is shown again.
  function liveBoard(board) {
    var etag = null;
    function poll() {
      var headers = etag ? { "If-None-Match": etag } : {};
      fetch(board.dataset.state, { headers: headers, cache: "no-store" })
        .then(function (r) {
          if (r.status === 200) {
            etag = r.headers.get("ETag");
            return r.text().then(function (html) { board.innerHTML = html; });
          }
          if (r.status === 404) { clearInterval(timer); }
        })
        .catch(function () {});
    }
    var timer = setInterval(function () {
      if (document.visibilityState !== "hidden") poll();
    }, 3000);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") poll();
    });
    poll();
  }

  // The game page after a save: the totals on top, and the saved line marked in the sheet.
  function markSaved() {
    var saved = /[?&]saved=([0-9]+)/.exec(location.search);
    var row = saved && document.getElementById("h" + saved[1]);
    if (row) row.classList.add("saved");
  }

  // The service worker (static/sw.js) keeps the pages this phone opened for when the
  // connection drops. After a sign-out, the pages of the account that was here are forgotten.
  function offlineCopies() {
    if (!("serviceWorker" in navigator) || !document.body.dataset.worker) return;
    navigator.serviceWorker.register(document.body.dataset.worker).catch(function () {});
    var now = document.body.dataset.signedIn;  // "unknown" on the offline page
    if (now !== "yes" && now !== "no") return;
    var was = null;
    try { was = localStorage.getItem("signed-in"); localStorage.setItem("signed-in", now); } catch (e) {}
    if (now === "no" && was === "yes") {
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) registration.active.postMessage("forget");
      });
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    offlineCopies();
    keepAwake();
    markSaved();
    var live = document.getElementById("live-board");
    if (live) { liveBoard(live); }
  });
})();
