// Thousand Scorekeeper's service worker: the app shell and every page this phone has opened stay
// readable with no connection, and a hand can be logged then (static/offline/).
// The shell (CSS, JS, icons, the offline page, the browser engine and its sentences in the
// languages the phone reads): from the cache of this version. Pages,
// a game's file and its hand forms: network first, the copy kept as the fallback. Served at
// /sw.js by web/install.py, which writes VERSION (a hash of the static files and catalogues) in
// place of the marker: a new release is a new worker with a new cache; the old caches are deleted
// on activate.
"use strict";
var VERSION = "__VERSION__";
var SHELL = "shell-" + VERSION, PAGES = "pages-" + VERSION;
var OFFLINE = "/offline";
// the CSS, scripts and icon at the URLs the pages ask for (fingerprinted, ?v=: web/fingerprints.py),
// written in by web/install.py in place of the marker
var SHELL_FILES = [OFFLINE, __SHELL_FILES__];
var ENGINE = "/engine/engine.js";  // static/engine/ as one script
// pages that must never come back from the cache: they change who is signed in
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
      return key !== SHELL && key !== PAGES;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page of a signed-out phone tells the worker: the pages of the account that was here go.
// (Its hands not sent yet stay, under that account: static/offline/.)
self.addEventListener("message", function (event) {
  if (event.data === "forget") event.waitUntil(caches.delete(PAGES));
});

function keep(request, response) {
  if (response.ok && response.type === "basic" && !response.redirected) {
    var copy = response.clone();
    caches.open(PAGES).then(function (cache) {
      return cache.put(request, copy).then(function () { return cache.keys(); })
        .then(function (keys) {  // in the order they were put
          return Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES))
            .map(function (key) { return cache.delete(key); }));
        });
    });
  }
  return response;
}

function fromNetworkElseCopy(request) {
  return fetch(request).then(function (response) {
    return keep(request, response);
  }, function () {
    return caches.match(request, {ignoreVary: true}).then(function (copy) {
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
      event.respondWith(fetch(request).catch(function () {
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
  if (NEVER.test(url.pathname)) return;
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
    event.respondWith(fromNetworkElseCopy(request));
  }
});
