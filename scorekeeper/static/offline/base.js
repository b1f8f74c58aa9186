// Offline, the page and the outbox: the page's words and small helpers, and the outbox
// (IndexedDB, per account and game).
//
// Thousand Scorekeeper with no connection (docs/table.md): a hand logged then is checked and
// scored on the phone by the browser engine (static/rules/, static/gamefile/, docs/engine.md),
// kept in an outbox (IndexedDB: per account and game, the line in game-file shape, an
// Idempotency-Key made once and the version of the game it was logged on), shown on the sheet
// marked "not sent yet", and sent in order through the JSON API when the connection is back.
// Another phone's hands meanwhile (412) are shown beside the scorer's, who chooses; a hand
// refused (400) stays until dropped or changed. Every word comes from the page
// (templates/_offline.html). Without this code, or without a service worker, the pages work as
// they always did.

/**
 * A line of the game file (gamefile/parts.py), as the offline code writes and reads it: a hand
 * or an adjustment; its keys are the file's.
 * @typedef {object} Line
 * @property {number} [dealer]
 * @property {number} [declarer]
 * @property {number} [bid]
 * @property {number} [contract]
 * @property {boolean} [give_up]
 * @property {boolean} [blind]
 * @property {(number | null)[]} [points]
 * @property {(number | null)[]} [tricks]
 * @property {{seat: number, suit: string, switch?: boolean}[]} [marriages]
 * @property {string} [trump]
 * @property {{aces: number, marriage: string | null}} [musik]
 * @property {number[]} [adjustment]
 * @property {string} [reason]
 */

/**
 * One thing waiting in the outbox: a line added (no `op`), changed (`put`) or deleted
 * (`delete`), or a game started with no connection (`kind` "game", static/offline/newgame.js).
 * @typedef {object} Entry
 * @property {number} [id] the outbox's key, in the order things were kept
 * @property {string} account whose: never shown nor sent under another
 * @property {number | string} game the game's id ("new-<key>" for a game to start)
 * @property {"game"} [kind]
 * @property {"put" | "delete"} [op]
 * @property {number} [number] the line changed or deleted, in the version it was made on
 * @property {Line | null} [line]
 * @property {Line | null} [was] that line as it was then (files.js, a line's identity)
 * @property {string} [reason] why the change, kept in the trail
 * @property {string} key the Idempotency-Key (a new game's token)
 * @property {string} [version] the API's ETag of the game it was made on (If-Match)
 * @property {number} [base] the lines the server had then
 * @property {number | null} [trail] the changes its trail held then
 * @property {number | null} [hand] its number on the sheet
 * @property {"refused" | "conflict"} [state] waiting for the scorer
 * @property {string} [why] the server's reasons, when refused
 * @property {{file: string, version: string}} [theirs] the game as another phone left it (412)
 * @property {[string, string][]} [fields] a new game's form
 * @property {string[]} [names] its players
 * @property {string} [variant] its variant's key
 * @property {string} [title] its variant as the form named it
 */

/** The page's sentences for the offline code, as the templates write them. @typedef {{[key: string]: any}} Words */

export const account = document.body.dataset.account || "";
export const lang = document.documentElement.lang || "en";
export const bar = document.getElementById("sync-status");
export const W = bar ? words(bar) : {};
export const path = location.pathname;

/**
 * The words an element carries (data-words, or the sign-out form's data-unsent).
 * @param {HTMLElement} el
 * @returns {Words}
 */
export function words(el) {
  try {
    return JSON.parse(el.dataset.words || el.dataset.unsent || "");
  } catch {
    return {};
  }
}

/**
 * A sentence with its {fields} filled (a field not given stays as it is).
 * @param {string} text
 * @param {{[key: string]: unknown}} params
 */
export function fill(text, params) {
  return String(text).replace(/\{(\w+)\}/g, (all, key) => (key in params ? String(params[key]) : all));
}

/**
 * The sentence for n: forms are those for 1, 2 and 5 ({n} where the count goes, or the count
 * itself), and the language's plural rule picks one.
 * @param {string[]} forms
 * @param {number} n
 */
export function plural(forms, n) {
  const a = n % 10, b = n % 100, few = a >= 2 && a <= 4 && (b < 12 || b > 14);
  let i;
  if (lang === "pl") i = n === 1 ? 0 : few ? 1 : 2;
  else if (lang === "ru" || lang === "uk") i = a === 1 && b !== 11 ? 0 : few ? 1 : 2;
  else i = n === 1 ? 0 : 1;
  const form = forms[i];
  return form.includes("{n}") ? fill(form, { n }) : form.replace(/\b[125]\b/, String(n));
}

/**
 * A new element.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string | null} [cls]
 * @param {string | null} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function make(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text != null) el.textContent = text;
  return el;
}

/** Asked for, so that the worker keeps it. @param {string} url */
export function keep(url) {
  fetch(url).catch(() => {});
}

/** A form for later (with no connection): asked for once, and again after a change of language. @param {string} url */
export async function keepForm(url) {
  try {
    const hit = await caches.match(url, { ignoreVary: true });
    if (!hit || !(await hit.text()).includes(`<html lang="${lang}"`)) keep(url);
  } catch {
    // no cache on this phone: the form is not kept, the page works as ever
  }
}

export function online() {
  return navigator.onLine !== false;
}

/** Whether a worker keeps what the page asks for (it has a connection and a worker). */
export function kept() {
  return online() && "caches" in window && !!navigator.serviceWorker?.controller;
}

// --- the outbox ------------------------------------------------------------------------------
/** @type {Promise<IDBDatabase> | null} */
let opened = null;
function db() {
  opened ??= new Promise((ok, no) => {
    const r = indexedDB.open("scorekeeper", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
  return opened;
}

/**
 * One transaction on the outbox; its request's result once it is complete.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} fn
 * @returns {Promise<T>}
 */
export async function store(mode, fn) {
  const d = await db();
  return new Promise((ok, no) => {
    const t = d.transaction("outbox", mode), r = fn(t.objectStore("outbox"));
    t.oncomplete = () => ok(r.result);
    t.onerror = t.onabort = () => no(t.error);
  });
}

/**
 * This account's entries (of one game, if named), oldest first; another account's stay on the
 * phone, unseen and unsent.
 * @param {number | string | null} [game]
 * @returns {Promise<Entry[]>}
 */
export async function outbox(game = null) {
  if (!account || !window.indexedDB) return [];
  try {
    /** @type {Entry[]} */
    const list = await store("readonly", (s) => s.getAll());
    return list.filter((e) => e.account === account && (game == null || e.game === game))
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  } catch {
    return [];
  }
}

// how many entries wait, every account's, for pages/app.js: a page loads this code when any do
async function counted() {
  try {
    const n = await store("readonly", (s) => s.count());
    localStorage.setItem("scorekeeper-outbox", String(n));
  } catch {
    // not counted: app.js loads this code on the pages with forms all the same
  }
}

/** @param {Entry} e */
export async function put(e) {
  await store("readwrite", (s) => s.put(e));
  await counted();
}

/** @param {number | undefined} id */
export async function drop(id) {
  if (id != null) await store("readwrite", (s) => s.delete(id));
  await counted();
}

/** A new Idempotency-Key (or a new game's token). */
export function newKey() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => x.toString(16).padStart(2, "0")).join("");
}
