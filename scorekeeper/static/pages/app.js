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
 * Changes pushed by the server (web/streams.py): an EventSource on `url`, from the version the
 * page shows. Each event means "out of date": `changed` is called. A tab out of sight holds no
 * stream; shown again, it calls `changed` once and opens a new one. Where the stream cannot be
 * held (a server that answers 204, a proxy that buffers it: no "ready" within READY_MS, or
 * three drops in a row), `fallback` is called and the page asks by itself instead.
 * @param {string} url
 * @param {string} version
 * @param {() => void} changed
 * @param {() => void} fallback
 */
function pushed(url, version, changed, fallback) {
  const READY_MS = 5000;
  /** @type {EventSource | null} */
  let source = null;
  let shown = version, drops = 0, given = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let waiting;
  function giveUp() {
    close();
    if (!given) {
      given = true;
      fallback();
    }
  }
  function close() {
    clearTimeout(waiting);
    source?.close();
    source = null;
  }
  function open() {
    if (given || source || document.visibilityState === "hidden") return;
    const es = new EventSource(`${url}${url.includes("?") ? "&" : "?"}v=${encodeURIComponent(shown)}`);
    source = es;
    waiting = setTimeout(giveUp, READY_MS);
    es.addEventListener("ready", () => {
      clearTimeout(waiting);
      drops = 0;
    });
    es.onmessage = (e) => {
      shown = e.lastEventId || shown;
      changed();
    };
    es.onerror = () => {
      // closed for good (a 204, an error answer): poll; else EventSource comes back by itself
      if (es.readyState === EventSource.CLOSED || ++drops >= 3) giveUp();
      else waiting = setTimeout(giveUp, READY_MS);
    };
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") close();
    else if (!given) {
      changed();
      open();
    }
  });
  if (!("EventSource" in window)) giveUp();
  else open();
}

/**
 * The live view and the room's screen: each change pushed (`pushed`), the board then asked
 * for. Without a stream, ask every 3 s (give or take a fifth, so that phones spread out); the
 * server answers 304 while the game's version is the one this page shows (its ETag, given with
 * the page). A tab out of sight asks nothing, and asks at once when it is shown again. A busy
 * server's 503 says when to come back (Retry-After); no answer at all, ask later and later
 * (6, 12, 24 ... 60 s). A finished game is asked no more, except once when shown again.
 * @param {HTMLElement} board
 */
function liveBoard(board) {
  const EVERY = Number(board.dataset.every) || 3000;  // the room's screen asks less often
  let etag = board.dataset.etag || null, failures = 0, finished = board.dataset.finished === "1";
  let polling = !board.dataset.stream, busy = false, again = false;
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
    if (busy) {  // a change pushed while the board is on its way: ask once more after it
      again = true;
      return;
    }
    busy = true;
    /** @type {Record<string, string>} */
    const headers = etag ? { "If-None-Match": etag } : {};
    try {
      const r = await fetch(board.dataset.state || "", { headers, cache: "no-store" });
      if (r.status === 200) {
        failures = 0;
        etag = r.headers.get("ETag");
        finished = r.headers.get("X-Live-Finished") === "1";
        board.innerHTML = await r.text();
        if (polling) later(EVERY);
      } else if (r.status === 304) {
        failures = 0;
        if (polling) later(EVERY);
      } else if (r.status !== 404) {  // a 404: the link was revoked, nothing more to ask
        const told = parseInt(r.headers.get("Retry-After") || "", 10);
        if (told > 0) {
          failures++;
          later(told * 1000);
        } else later(backoff());
      }
    } catch {
      later(backoff());
    } finally {
      busy = false;
      if (again) {
        again = false;
        poll();
      }
    }
  }
  if (board.dataset.stream) {
    pushed(board.dataset.stream, board.dataset.version || "0", poll, () => {
      polling = true;
      later(EVERY);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") poll();
      });
    });
    return;
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") poll();
  });
  if (etag) later(EVERY);  // the page is the board at that version already
  else poll();
}

/**
 * The game page on a scorer's other phone: a hand saved elsewhere is shown at once (the
 * page's main part fetched again and put in place). Without a stream, nothing changes: the
 * page is as fresh as its last load, as it always was.
 * @param {HTMLElement} main
 * @param {HTMLElement} follow
 */
function gamePage(main, follow) {
  const url = follow.dataset.stream || "";
  let busy = false, again = false;
  async function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const r = await fetch(location.href, { cache: "no-store" });
      const fresh = r.ok && new DOMParser().parseFromString(await r.text(), "text/html").querySelector("main");
      if (fresh) main.innerHTML = fresh.innerHTML;
    } catch {
      // no connection: the page stays as it is
    } finally {
      busy = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  }
  pushed(url, follow.dataset.version || "0", refresh, () => {});
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
const followed = document.getElementById("game-stream"), main = document.getElementById("main");
if (followed && main) gamePage(main, followed);
const progress = document.querySelector("#import-progress[data-running]");
if (progress instanceof HTMLElement) importProgress(progress);
document.addEventListener("DOMContentLoaded", offlineCode);
