/// <reference lib="webworker" />
// Thousand Scorekeeper's service worker: the app shell and every page this phone has opened stay
// readable with no connection, and a hand can be logged then (static/offline/).
// The pages are kept per account, and shown only to the account that opened them: every answer
// of the server says whose it is (X-Account-Key, web/install.py: a key per account, "none" for
// nobody); when that changes (a sign-in as someone else, a sign-up, a sign-out, a session that
// ended) the pages of the account before are deleted, and with no connection a page is looked
// for among the pages of the account of the newest answer only (docs/table.md).
// The shell (CSS, the pages' scripts, icons, the offline page, the ES modules of the offline
// code and the browser engine, and the engine's sentences in the languages the phone reads):
// from the cache of this version. Pages, a game's file and its hand forms: network first, the
// copy kept as the fallback. Served at /sw.js by web/install.py, which writes VERSION (a hash of
// the static files and catalogues) and the URLs in place of the markers: a new release is a new
// worker with a new cache; the old caches are deleted on activate.
// A classic script, not a module: a worker registered as a module is not yet run by every phone.
"use strict";
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__VERSION__";
const SHELL = `shell-${VERSION}`, PAGES = `pages-${VERSION}-`;  // + the account's key
const OFFLINE = "/offline";
// the CSS, the pages' scripts and the icon at the URLs the pages ask for (fingerprinted, ?v=:
// web/fingerprints.py), written in by web/install.py in place of the marker
const SHELL_FILES = [OFFLINE, "__SHELL_FILES__"];
// the ES modules under /js/ (web/engine.py module_urls: the offline code and the engine), at
// the URLs their imports name
const MODULES = ["__MODULES__"];
// pages that must never come back from the cache: they change who is signed in (their answers
// still say who is)
const NEVER = /^\/(signout|signin|signup|signout-everywhere|language)(\/|$)/;
// asked by the page's scripts as well as opened (the new-game form: by the games list): kept like pages
const KEPT = /^\/(api\/games\/|games\/([0-9]+(\/hands\/new|\/adjust)?|new)$)/;
const HAND_FORM = /^\/games\/([0-9]+\/hands\/)?new$/;  // and the new-game form
const LINE = /^\/games\/([0-9]+)\/hands\/([0-9]+)(?:\/(edit|delete))?$/;
const ADJUSTED = /^\/games\/([0-9]+)\/hands\/([0-9]+)\/adjust$/;
const MOST_PAGES = 300;  // the oldest copies go first: a season of games, a few MB

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    await cache.addAll(SHELL_FILES);
    // a module that will not come does not stop the worker: the pages still read, and the
    // module is kept when a page asks for it (fromShell)
    await Promise.all(MODULES.map((url) => cache.add(url).catch(() => {})));
    await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    await Promise.all(keys.filter((key) => key !== SHELL && !key.startsWith(PAGES)).map((key) => caches.delete(key)));
    await sw.clients.claim();
  })());
});

// --- whose pages: the account of the newest answer --------------------------------------------
// its key ("" when none is known: a new worker, before its first answer), kept as the name of
// the one cache of pages there is
/** @type {Promise<string> | null} */
let whose = null;
function account() {
  whose ??= caches.keys().then((keys) => {
    const pages = keys.filter((key) => key.startsWith(PAGES));
    return pages.length === 1 ? pages[0].slice(PAGES.length) : "";
  });
  return whose;
}
// changes of the caches, one after the other: a copy of the account before is never put after
// its pages were deleted
/** @type {Promise<unknown>} */
let queue = Promise.resolve();
/** @param {() => Promise<unknown>} fn */
function inTurn(fn) {
  queue = queue.then(fn).catch(() => {});
  return queue;
}
// requests counted as they leave: an answer to a request older than the one that named the
// account now (the page before a sign-in, still loading) does not name it back
let asked = 0, newest = 0;
/** @param {Response} response @param {number} n */
function told(response, n) {
  const key = response.headers.get("X-Account-Key");
  if (!key || n < newest) return Promise.resolve();
  newest = n;
  return inTurn(async () => {
    if ((await account()) === key) return;
    whose = Promise.resolve(key);
    await caches.open(PAGES + key);
    // the account before: its pages go (its hands not sent stay, under it: static/offline/)
    const keys = await caches.keys();
    await Promise.all(keys.filter((name) => name.startsWith(PAGES) && name !== PAGES + key).map((name) => caches.delete(name)));
  });
}

/** @param {Request} request @param {Response} response */
function keep(request, response) {
  const key = response.headers.get("X-Account-Key");
  if (!key || !response.ok || response.type !== "basic" || response.redirected) return Promise.resolve();
  const copy = response.clone();
  return inTurn(async () => {
    if ((await account()) !== key) return;  // an answer of the account before, come late
    const cache = await caches.open(PAGES + key);
    await cache.put(request, copy);
    const keys = await cache.keys();  // in the order they were put
    await Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES)).map((name) => cache.delete(name)));
  });
}

/** The copy of this account's, none when nobody's is known. @param {Request} request */
async function copyOf(request) {
  const key = await account();
  return key ? (await caches.open(PAGES + key)).match(request, { ignoreVary: true }) : undefined;
}

/**
 * The network's answer, and the worker told whose it is (kept alive until it has heard).
 * @param {FetchEvent} event
 * @param {Request} request
 */
async function network(event, request) {
  const n = ++asked;
  const response = await fetch(request);
  event.waitUntil(told(response, n));
  return response;
}

/** @param {FetchEvent} event @returns {Promise<Response>} */
async function fromNetworkElseCopy(event) {
  const request = event.request;
  let response;
  try {
    response = await network(event, request);
  } catch {
    const copy = await copyOf(request);
    if (copy) return copy;
    if (request.mode !== "navigate") return Response.error();
    const url = new URL(request.url);
    // a line's page, its edit form or its delete page not kept: the hand form kept for the
    // game, where static/offline/ fills in that line (#edit-N) or offers to delete it (#delete-N)
    const line = LINE.exec(url.pathname);
    if (line) return Response.redirect(`/games/${line[1]}/hands/new#${line[3] || "edit"}-${line[2]}`, 303);
    // an adjustment's edit form: the adjustment form kept, filled with that line (#edit-N)
    const adjusted = ADJUSTED.exec(url.pathname);
    if (adjusted) return Response.redirect(`/games/${adjusted[1]}/adjust#edit-${adjusted[2]}`, 303);
    return offlinePage();
  }
  event.waitUntil(keep(request, response));
  return response;
}

async function offlinePage() {
  return (await caches.match(OFFLINE, { ignoreVary: true })) || Response.error();
}

// the modules and the engine's sentences (/engine/messages-<lang>.json, in the languages the
// phone reads): one release's, kept with its shell
/** @param {Request} request */
async function fromShell(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

sw.addEventListener("fetch", (event) => {
  const request = event.request, url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.method !== "GET") {
    if (request.mode === "navigate") {
      event.respondWith(network(event, request).catch(() => {
        // a hand or a new game that could not be sent: its form again, where static/offline/
        // keeps it on the phone (it kept what was typed); any other form: the offline page
        // says it was not saved
        if (HAND_FORM.test(url.pathname)) return Response.redirect(`${url.pathname}${url.search}#unsent`, 303);
        return offlinePage();
      }));
    }
    return;
  }
  if (NEVER.test(url.pathname)) event.respondWith(network(event, request));
  else if (url.pathname.startsWith("/static/")) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  } else if (url.pathname.startsWith("/js/") || url.pathname.startsWith("/engine/")) {
    event.respondWith(fromShell(request));
  } else if (request.mode === "navigate" || KEPT.test(url.pathname)) {
    event.respondWith(fromNetworkElseCopy(event));
  }
});
