// Thousand Scorekeeper: the pages that follow a game as it is scored (the live view, the room's
// screen, the game page on a scorer's other phone), loaded by app.js where an element names it
// (data-push). Each change is pushed by the server (web/streams.py); the page asks for itself
// where it cannot be.

/**
 * Changes pushed by the server (web/streams.py): an EventSource on `url`, from the version the
 * page shows. Each event means "out of date": `changed` is called. A tab out of sight holds no
 * stream; shown again, it calls `changed` once and opens a new one. Where the stream cannot be
 * held (a server that answers 204 or 503, a proxy that buffers it: no "ready" within READY_MS,
 * or three drops in a row), `polling(true)` is called and the page asks by itself; the stream
 * is tried again later and later (30 s, 1, 2 ... 10 min, give or take a fifth), and once one
 * says "ready", `polling(false)`.
 * @param {string} url
 * @param {string} version
 * @param {() => void} changed
 * @param {(on: boolean) => void} polling
 */
function pushed(url, version, changed, polling) {
  const READY_MS = 5000, AGAIN_MS = 30000, AGAIN_MAX = 600000;
  /** @type {EventSource | null} */
  let source = null;
  let shown = version, drops = 0, asking = false, again = AGAIN_MS;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let waiting;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;
  function giveUp() {
    close();
    if (!asking) {
      asking = true;
      polling(true);
    }
    clearTimeout(retry);
    retry = setTimeout(open, again * (0.8 + Math.random() * 0.4));
    again = Math.min(again * 2, AGAIN_MAX);
  }
  function close() {
    clearTimeout(waiting);
    source?.close();
    source = null;
  }
  function open() {
    if (source || document.visibilityState === "hidden") return;
    const es = new EventSource(`${url}${url.includes("?") ? "&" : "?"}v=${encodeURIComponent(shown)}`);
    source = es;
    waiting = setTimeout(giveUp, READY_MS);
    es.addEventListener("ready", () => {
      clearTimeout(waiting);
      drops = 0;
      again = AGAIN_MS;
      if (asking) {
        asking = false;
        polling(false);
        changed();  // what came while the page asked by itself, or between two asks
      }
    });
    es.onmessage = (e) => {
      shown = e.lastEventId || shown;
      changed();
    };
    es.onerror = () => {
      // closed for good (a 204, a 503, an error answer): ask by itself, try again later; else
      // EventSource comes back by itself
      if (es.readyState === EventSource.CLOSED || ++drops >= 3) giveUp();
      else waiting = setTimeout(giveUp, READY_MS);
    };
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      close();
      clearTimeout(retry);
    } else {
      changed();
      open();
    }
  });
  if (!("EventSource" in window)) polling(true);
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
    pushed(board.dataset.stream, board.dataset.version || "0", poll, (on) => {
      polling = on;
      if (on) later(EVERY);
      else clearTimeout(timer);
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
  pushed(url, follow.dataset.version || "0", refresh, () => {});  // no stream: as fresh as its load
}

const live = document.getElementById("live-board");
const followed = document.getElementById("game-stream"), main = document.getElementById("main");
if (live) liveBoard(live);
else if (followed && main) gamePage(main, followed);
