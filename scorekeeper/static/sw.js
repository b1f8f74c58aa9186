// Thousand Scorekeeper's service worker: the app shell and every page this phone has opened stay
// readable with no connection, and a hand can be logged then (static/offline/).
// The pages are kept per account, and shown only to the account that opened them: every answer
// of the server says whose it is (X-Account-Key, web/install.py: a key per account, "none" for
// nobody); when that changes (a sign-in as someone else, a sign-up, a sign-out, a session that
// ended) the pages of the account before are deleted, and with no connection a page is looked
// for among the pages of the account of the newest answer only (docs/table.md).
// The shell (CSS, JS, icons, the offline page, the browser engine and its sentences in the
// languages the phone reads): from the cache of this version. Pages,
// a game's file and its hand forms: network first, the copy kept as the fallback. Served at
// /sw.js by web/install.py, which writes VERSION (a hash of the static files and catalogues) in
// place of the marker: a new release is a new worker with a new cache; the old caches are deleted
// on activate.
"use strict";
var VERSION = "__VERSION__";
var SHELL = "shell-" + VERSION, PAGES = "pages-" + VERSION + "-";  // + the account's key
var OFFLINE = "/offline";
// the CSS, scripts and icon at the URLs the pages ask for (fingerprinted, ?v=: web/fingerprints.py),
// written in by web/install.py in place of the marker
var SHELL_FILES = [OFFLINE, __SHELL_FILES__];
var ENGINE = "/engine/engine.js";  // static/engine/ as one script
// pages that must never come back from the cache: they change who is signed in (their answers
// still say who is)
var NEVER = /^\/(signout|signin|signup|signout-everywhere|language)(\/|$)/;
// asked by the page's scripts as well as opened (the new-game form: by the games list): kept like pages
var KEPT = /^\/(api\/games\/|games\/([0-9]+(\/hands\/new|\/adjust)?|new)$)/;
var HAND_FORM = /^\/games\/([0-9]+\/hands\/)?new$/;  // and the new-game form
var LINE = /^\/games\/([0-9]+)\/hands\/([0-9]+)(?:\/(edit|delete))?$/;
var ADJUSTED = /^\/games\/([0-9]+)\/hands\/([0-9]+)\/adjust$/;
var MOST_PAGES = 300;  // the oldest copies go first: a season of games, a few MB

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(SHELL_FILES).then(function () {
      // an engine that will not come does not stop the worker: the pages still read
      return cache.add(ENGINE).catch(function () {});
    });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key !== SHELL && key.indexOf(PAGES) !== 0;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

// --- whose pages: the account of the newest answer --------------------------------------------
// its key ("" when none is known: a new worker, before its first answer), kept as the name of
// the one cache of pages there is
var whose = null;
function account() {
  whose = whose || caches.keys().then(function (keys) {
    var pages = keys.filter(function (key) { return key.indexOf(PAGES) === 0; });
    return pages.length === 1 ? pages[0].slice(PAGES.length) : "";
  });
  return whose;
}
// changes of the caches, one after the other: a copy of the account before is never put after
// its pages were deleted
var queue = Promise.resolve();
function inTurn(fn) {
  queue = queue.then(fn).catch(function () {});
  return queue;
}
// requests counted as they leave: an answer to a request older than the one that named the
// account now (the page before a sign-in, still loading) does not name it back
var asked = 0, newest = 0;
function told(response, n) {
  var key = response.headers.get("X-Account-Key");
  if (!key || n < newest) return Promise.resolve();
  newest = n;
  return inTurn(function () {
    return account().then(function (was) {
      if (was === key) return;
      whose = Promise.resolve(key);
      return caches.open(PAGES + key).then(function () { return caches.keys(); })
        .then(function (keys) {  // the account before: its pages go (its hands not sent stay,
          return Promise.all(keys.filter(function (name) {  // under it: static/offline/)
            return name.indexOf(PAGES) === 0 && name !== PAGES + key;
          }).map(function (name) { return caches.delete(name); }));
        });
    });
  });
}

function keep(request, response) {
  var key = response.headers.get("X-Account-Key");
  if (!key || !response.ok || response.type !== "basic" || response.redirected) return Promise.resolve();
  var copy = response.clone();
  return inTurn(function () {
    return account().then(function (now) {
      if (now !== key) return;  // an answer of the account before, come late
      return caches.open(PAGES + key).then(function (cache) {
        return cache.put(request, copy).then(function () { return cache.keys(); })
          .then(function (keys) {  // in the order they were put
            return Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES))
              .map(function (name) { return cache.delete(name); }));
          });
      });
    });
  });
}

// the copy of this account's, none when nobody's is known
function copyOf(request) {
  return account().then(function (key) {
    return key ? caches.open(PAGES + key).then(function (cache) {
      return cache.match(request, {ignoreVary: true});
    }) : undefined;
  });
}

// the network's answer, and the worker told whose it is (kept alive until it has heard)
function network(event, request) {
  var n = ++asked;
  return fetch(request).then(function (response) {
    event.waitUntil(told(response, n));
    return response;
  });
}

function fromNetworkElseCopy(event) {
  var request = event.request;
  return network(event, request).then(function (response) {
    event.waitUntil(keep(request, response));
    return response;
  }, function () {
    return copyOf(request).then(function (copy) {
      if (copy) return copy;
      if (request.mode !== "navigate") return Response.error();
      // a line's page, its edit form or its delete page not kept: the hand form kept for the
      // game, where static/offline/ fills in that line (#edit-N) or offers to delete it (#delete-N)
      var line = LINE.exec(new URL(request.url).pathname);
      if (line) return Response.redirect("/games/" + line[1] + "/hands/new#" + (line[3] || "edit") + "-" + line[2], 303);
      // an adjustment's edit form: the adjustment form kept, filled with that line (#edit-N)
      var adjusted = ADJUSTED.exec(new URL(request.url).pathname);
      if (adjusted) return Response.redirect("/games/" + adjusted[1] + "/adjust#edit-" + adjusted[2], 303);
      return caches.match(OFFLINE, {ignoreVary: true});
    });
  });
}

// the engine and its sentences (/engine/messages-<lang>.json, in the languages the phone
// reads): one release's, kept with its shell
function fromShell(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request, {ignoreVary: true}).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    if (request.mode === "navigate") {
      event.respondWith(network(event, request).catch(function () {
        // a hand or a new game that could not be sent: its form again, where static/offline/
        // keeps it on the phone (it kept what was typed); any other form: the offline page
        // says it was not saved
        if (HAND_FORM.test(url.pathname)) {
          return Response.redirect(url.pathname + url.search + "#unsent", 303);
        }
        return caches.match(OFFLINE, {ignoreVary: true});
      }));
    }
    return;
  }
  if (NEVER.test(url.pathname)) {
    event.respondWith(network(event, request));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) {
      return hit || fetch(request);
    }));
    return;
  }
  if (url.pathname.indexOf("/engine/") === 0) {
    event.respondWith(fromShell(request));
    return;
  }
  if (request.mode === "navigate" || KEPT.test(url.pathname)) {
    event.respondWith(fromNetworkElseCopy(event));
  }
});
