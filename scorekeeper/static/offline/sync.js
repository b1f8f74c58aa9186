// Offline, sending: the status line, and the outbox sent in order through the JSON API.
import { W, account, bar, drop, fill, keep, make, online, outbox, path, plural, put } from "./base.js";
import { quoted } from "./files.js";
import { formReasons, gameName, gameStarted, isGame, signedOut, startGame } from "./newgame.js";

/** @typedef {import("./base.js").Entry} Entry */

/** What the status line says besides the outbox: a send under way, why the last one failed, what went. */
export const state = {
  sending: false,
  /** @type {string | null} */
  failure: null,
  justSent: false,
  /** @type {{id: number, names: string} | null} */
  started: null,
};

// --- the status line -------------------------------------------------------------------------
export async function status() {
  if (!bar) return;
  const list = await outbox(), n = list.filter((e) => !isGame(e)).length;
  const games = list.filter(isGame), issue = list.find((e) => e.state);
  const here = issue && (isGame(issue) ? "/games/new" : `/games/${issue.game}`);
  let text = "", href = null;
  if (!online()) text = n ? plural(W.offline_n, n) : W.offline;
  else if (state.sending) text = W.sending;
  else if (issue && here !== path) {  // on its game's page, the page says it
    text = isGame(issue) ? fill(W.game_refused, { names: gameName(issue), reason: issue.why })
      : issue.state === "conflict" ? fill(W.conflict, { game: issue.game })
        : fill(W.refused, { game: issue.game, number: issue.hand, reason: issue.why });
    href = isGame(issue) ? `/games/new#fix-${issue.id}` : `/games/${issue.game}`;
  } else if (n) text = plural(W.waiting_n, n) + (state.failure ? ` ${state.failure}` : "");
  else if (state.started) {
    text = fill(W.game_started, { names: state.started.names });
    href = `/games/${state.started.id}`;
  } else if (state.justSent) text = W.sent;
  if (games.length && !issue) {  // the games list says which (newgame.js)
    text += (text ? " · " : "") + plural(W.games_n, games.length) + (n || !state.failure ? "" : ` ${state.failure}`);
  }
  bar.textContent = "";
  if (href) {
    const a = make("a", null, text);
    a.href = href;
    bar.append(a);
  } else bar.textContent = text;
  bar.hidden = !text;
  bar.classList.toggle("problem", !!(issue || state.failure));
}

/** "Every hand was sent." for a few seconds. */
export function saySent() {
  state.justSent = true;
  setTimeout(() => {
    state.justSent = false;
    state.started = null;
    status();
  }, 4000);
}

// --- sending ---------------------------------------------------------------------------------
/** @type {ReturnType<typeof setTimeout> | undefined} */
let retry;
let delay = 5000, syncing = false;

function later() {
  clearTimeout(retry);
  retry = setTimeout(sync, delay);
  delay = Math.min(delay * 2, 300000);  // 5 s, 10 s ... at most 5 minutes apart
}

/** The connection is back: the next failure waits 5 s again. */
export function soon() {
  delay = 5000;
}

/**
 * One sender at a time, across the tabs too: the others find the outbox emptied. The status
 * line is busy (aria-busy) while the outbox is looked at and sent.
 */
export async function sync() {
  if (syncing) return;
  if (!account || !online() || !window.indexedDB) {
    bar?.setAttribute("aria-busy", "false");
    return;
  }
  syncing = true;
  bar?.setAttribute("aria-busy", "true");
  try {
    await (navigator.locks ? navigator.locks.request("scorekeeper-outbox", sendAll) : sendAll());
  } catch {
    // a failure is said by sendAll; the lock refused: the next sync tries again
  } finally {
    syncing = false;
    bar?.setAttribute("aria-busy", "false");
  }
}

/**
 * The outbox, in order: a game's lines go one after the other, none after one waiting for a
 * choice; what went, refused or failed is said on the status line.
 */
async function sendAll() {
  let changed = false, ok = true;
  /** @type {Set<number | string>} */
  const sent = new Set();
  for (;;) {
    /** @type {Set<number | string>} */
    const blocked = new Set();
    const e = (await outbox()).find((x) => {
      if (x.state) blocked.add(x.game);
      return !blocked.has(x.game);
    });
    if (!e) break;
    state.sending = true;
    state.failure = null;
    status();
    let r;
    try {
      r = isGame(e) ? await startGame(e) : await send(e);
    } catch {
      state.failure = W.unreachable;
      ok = false;
      break;
    }
    if (isGame(e) ? !(await gameAnswer(e, r, sent)) : !(await handAnswer(e, r, sent))) {
      // a line the server could not take now changes nothing the page shows: no reload, which
      // would send again at once instead of later
      if (!isGame(e)) changed = false;
      ok = false;
      break;
    }
    changed = true;
  }
  state.sending = false;
  if (!ok) later();
  else if (sent.size) {
    delay = 5000;
    saySent();
    try {
      sessionStorage.setItem("scorekeeper-sent", String(Date.now()));  // and after a reload
    } catch {
      // said on this page only
    }
  }
  status();
  // the worker's copies of a game that changed: as the server has it now
  for (const game of sent) {
    keep(`/api/games/${game}/file`);
    keep(`/games/${game}`);
  }
  if (changed) document.dispatchEvent(new Event("outbox"));
}

/** A line's request, with its key and the version it was made on. @param {Entry} e */
function send(e) {
  /** @type {Record<string, string>} */
  const headers = { "Content-Type": "application/json", "Idempotency-Key": e.key, Prefer: "return=minimal" };
  if (e.version) headers["If-Match"] = e.version;
  headers["X-Account-Id"] = e.account;  // whose: never stored under another (web/access.py)
  const why = e.op && e.reason ? `?reason=${encodeURIComponent(e.reason)}` : "";
  return fetch(`/api/games/${e.game}/hands${e.op ? `/${e.number}` : ""}${why}`, {
    method: e.op === "delete" ? "DELETE" : e.op ? "PUT" : "POST",
    headers, body: e.op === "delete" ? undefined : JSON.stringify(e.line),
  });
}

/**
 * A game kept with no connection (newgame.js): started, refused with its reasons, or later.
 * False: stop, and try again later.
 * @param {Entry} e
 * @param {Response} r
 * @param {Set<number | string>} sent
 */
async function gameAnswer(e, r, sent) {
  const id = gameStarted(r);
  if (id) {
    sent.add(id);
    state.started = { id, names: gameName(e) };
    await drop(e.id);
    return true;
  }
  if (r.status === 422) {
    e.state = "refused";
    e.why = await formReasons(r);
    await put(e);
    return true;
  }
  state.failure = signedOut(r) || r.status === 401 || r.status === 403 ? W.signin : fill(W.status, { status: r.status });
  return false;
}

/**
 * A line's answer: stored (the entries after it move on to the version now), another phone
 * wrote (412: the scorer chooses), refused (kept, and why), or later (false).
 * @param {Entry} e
 * @param {Response} r
 * @param {Set<number | string>} sent
 */
async function handAnswer(e, r, sent) {
  /** @type {{[key: string]: any}} */
  const b = await r.json().catch(() => ({}));
  const version = r.headers.get("ETag") || quoted(b.version);
  if (r.status === 201 || r.status === 200) {
    sent.add(e.game);
    await drop(e.id);
    for (const x of await outbox(e.game)) {
      x.version = version || x.version;
      const base = x.base ?? 0;  // the lines the server has before them
      x.base = e.op === "delete" ? base - 1 : e.op ? base : b.hand || base + 1;
      if (e.op && x.trail != null) x.trail += 1;  // and the changes its trail holds: this one too
      await put(x);
    }
    return true;
  }
  if (r.status === 412) {  // another phone wrote: the scorer chooses
    e.state = "conflict";
    e.theirs = { file: JSON.stringify(b.file || {}), version };
    await put(e);
    return true;
  }
  if (r.status === 401 || r.status === 403) state.failure = W.signin;
  else if (r.status >= 500 || r.status === 429 || (r.status === 409 && b.hands)) {
    state.failure = fill(W.status, { status: r.status });
  }
  if (state.failure) return false;
  // a hand that no longer fits (400), a game gone (404), abandoned (409)...: kept, and why
  e.state = "refused";
  /** @type {unknown[]} */
  const why = b.problems ? b.problems.map((/** @type {{text: string}} */ p) => p.text) : b.errors || [r.status];
  e.why = why.join("; ");
  await put(e);
  return true;
}
