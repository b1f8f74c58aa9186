// Thousand Scorekeeper: small progressive enhancements of every page (the hand form and the
// new-game form have theirs in forms.js and newgame.js, loaded by those pages only). Every
// form works without this file. A module: it runs once the page is parsed.

// the style sheet shows what works only with this file (the bid chips, the card counter)
document.documentElement.classList.add("js");

// The game page, the live view and the hand form: keep the screen awake at the card table
// (Wake Lock, where the browser has it).
function keepAwake() {
  const body = document.body.classList;
  const table = body.contains("board") || body.contains("live") || document.getElementById("hand-form");
  if (!table || !("wakeLock" in navigator)) return;
  const request = () => navigator.wakeLock.request("screen").catch(() => {});
  request();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") request();
  });
}

/**
 * The live view: ask every 3 s (give or take a fifth, so that phones spread out); the server
 * answers 304 while the game's version is the one this page shows (its ETag, given with the
 * page). A tab out of sight asks nothing, and asks at once when it is shown again. A busy
 * server's 503 says when to come back (Retry-After); no answer at all, ask later and later
 * (6, 12, 24 ... 60 s). A finished game is asked no more, except once when shown again.
 * @param {HTMLElement} board
 */
function liveBoard(board) {
  const EVERY = Number(board.dataset.every) || 3000;  // the room's screen asks less often
  let etag = board.dataset.etag || null, failures = 0, finished = board.dataset.finished === "1";
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @param {number} ms */
  const spread = (ms) => ms * (0.8 + Math.random() * 0.4);
  /** @param {number} ms */
  function later(ms) {
    clearTimeout(timer);
    if (finished) return;
    timer = setTimeout(() => {
      if (document.visibilityState !== "hidden") poll();
    }, spread(ms));
  }
  function backoff() {
    failures++;
    return Math.min(EVERY * 2 ** failures, 60000);
  }
  async function poll() {
    /** @type {Record<string, string>} */
    const headers = etag ? { "If-None-Match": etag } : {};
    try {
      const r = await fetch(board.dataset.state || "", { headers, cache: "no-store" });
      if (r.status === 200) {
        failures = 0;
        etag = r.headers.get("ETag");
        finished = r.headers.get("X-Live-Finished") === "1";
        board.innerHTML = await r.text();
        later(EVERY);
      } else if (r.status === 304) {
        failures = 0;
        later(EVERY);
      } else if (r.status !== 404) {  // a 404: the link was revoked, nothing more to ask
        const told = parseInt(r.headers.get("Retry-After") || "", 10);
        if (told > 0) {
          failures++;
          later(told * 1000);
        } else later(backoff());
      }
    } catch {
      later(backoff());
    }
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") poll();
  });
  if (etag) later(EVERY);  // the page is the board at that version already
  else poll();
}

// The game page after a save: the totals on top, and the saved line marked in the sheet.
function markSaved() {
  const saved = /[?&]saved=([0-9]+)/.exec(location.search);
  if (saved) document.getElementById(`h${saved[1]}`)?.classList.add("saved");
}

// The printable sheet's Print button (without this file, the page says to use the browser's).
function printButton() {
  document.querySelector("button[data-print]")?.addEventListener("click", () => window.print());
}

/**
 * An import's page while it runs: its progress asked for every 2 s and put in place, until
 * the import ends (without this file, the page has a link to look again).
 * @param {HTMLElement} box
 */
function importProgress(box) {
  /** @param {number} ms */
  const later = (ms) => setTimeout(poll, ms);
  async function poll() {
    if (document.visibilityState === "hidden") {
      later(2000);
      return;
    }
    try {
      const r = await fetch(location.href, { cache: "no-store" });
      const html = r.ok ? await r.text() : null;
      const fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById("import-progress");
      if (!fresh) later(5000);
      else {
        box.innerHTML = fresh.innerHTML;
        if (fresh.dataset.running) later(2000);
      }
    } catch {
      later(5000);
    }
  }
  later(2000);
}

// The service worker (static/sw.js) keeps the pages this phone opened for when the
// connection drops, each account's apart: the server's answers tell it whose they are.
function offlineCopies() {
  const worker = document.body.dataset.worker;
  if ("serviceWorker" in navigator && worker) navigator.serviceWorker.register(worker).catch(() => {});
}

// The offline code (static/offline/, its entry named by the page: /js/offline/start.js) where
// it has work: on a page the service worker controls (it comes from the worker's shell, not the
// network), with no connection, on the pages whose forms keep what was typed, or with lines
// waiting on this phone (offline/base.js counts them). A first view, before the worker, is the
// page alone. It is imported once the page's own modules have run (DOMContentLoaded comes after
// them): their submit handlers come first. The engine it scores with comes later still, when a
// page must score (offline/files.js).
function offlineCode() {
  const src = document.body.dataset.offline, worker = navigator.serviceWorker;
  if (!src) return;
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    import(src).catch(() => {
      loaded = false;  // no connection and no copy: the page works as it is
    });
  };
  let waiting = 0;
  try {
    waiting = Number(localStorage.getItem("scorekeeper-outbox")) || 0;
  } catch {
    // no storage: nothing is known to wait
  }
  if (worker?.controller || navigator.onLine === false || waiting || location.pathname === "/" ||
      document.querySelector("#hand-form, #adjust-form, #new-game, form[data-unsent]")) {
    load();
    return;
  }
  worker?.addEventListener("controllerchange", load);  // the worker, just installed
  window.addEventListener("offline", load);
}

offlineCopies();
keepAwake();
markSaved();
printButton();
const live = document.getElementById("live-board");
if (live) liveBoard(live);
const progress = document.querySelector("#import-progress[data-running]");
if (progress instanceof HTMLElement) importProgress(progress);
document.addEventListener("DOMContentLoaded", offlineCode);
