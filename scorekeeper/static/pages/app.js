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

/** The hands waiting on this phone, as offline/base.js counts them. */
function waitingHands() {
  try {
    return Number(localStorage.getItem("scorekeeper-outbox")) || 0;
  } catch {
    return 0;  // no storage: nothing is known to wait
  }
}

// A Save of a line or a new game that only the offline code can keep (no connection, hands
// waiting, or a form the worker brought here: #edit-N, #delete-N, #fix-N, #unsent), tapped
// before that code has come (it comes after the page is read, offlineCode): held until then,
// and made again for it. Posted at once, it went to the network and was lost with what was
// typed.
/** @type {[HTMLFormElement, HTMLElement | null][] | null} */
let held = [];
document.addEventListener("submit", (ev) => {
  const form = ev.target;
  if (!held || !(form instanceof HTMLFormElement) || !form.matches("#hand-form, #adjust-form, #new-game")) return;
  if (navigator.onLine !== false && !waitingHands() && !/^#(edit|delete|fix|unsent)\b/.test(location.hash)) return;
  ev.preventDefault();
  ev.stopImmediatePropagation();
  if (!held.some(([f]) => f === form)) held.push([form, ev.submitter]);
}, true);

/** The offline code has come (or will not): the Saves held are made again. */
function saveHeld() {
  const saves = held || [];
  held = null;
  for (const [form, submitter] of saves) form.requestSubmit(submitter);
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
  if (!src) return saveHeld();
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    import(src).catch(() => {
      loaded = false;  // no connection and no copy: the page works as it is
    }).finally(saveHeld);
  };
  if (worker?.controller || navigator.onLine === false || waitingHands() || location.pathname === "/" ||
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
// The live view, the room's screen and the game page follow their game (pages/push.js): a
// module of its own, asked for once the page is up, so a first view is the page alone.
const follows = document.querySelector("[data-push]");
if (follows instanceof HTMLElement && follows.dataset.push) import(follows.dataset.push).catch(() => {});
const progress = document.querySelector("#import-progress[data-running]");
if (progress instanceof HTMLElement) importProgress(progress);
document.addEventListener("DOMContentLoaded", offlineCode);
