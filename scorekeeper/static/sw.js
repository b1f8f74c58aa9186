// Thousand Scorekeeper's service worker: the app shell and every page this phone has opened stay
// readable with no connection. Pages: network first, the copy kept as the fallback; the shell
// (CSS, JS, icons, the offline page): from the cache of this version. Served at /sw.js by
// web/install.py, which writes VERSION (a hash of the static files) in place of the marker:
// a new release is a new worker with a new cache, and the old caches are deleted on activate.
"use strict";
var VERSION = "__VERSION__";
var SHELL = "shell-" + VERSION, PAGES = "pages-" + VERSION;
var OFFLINE = "/offline";
var SHELL_FILES = [OFFLINE, "/static/style.css", "/static/app.js", "/static/icons/icon.svg"];
// pages that must never come back from the cache: they change who is signed in
var NEVER = /^\/(signout|signin|signup|signout-everywhere|language)(\/|$)/;
var MOST_PAGES = 300;  // the oldest copies go first: a season of games, a few MB

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(SHELL_FILES);
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
      return caches.match(OFFLINE, {ignoreVary: true});
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // a form sent with no connection: the offline page says it was not saved
    if (request.mode === "navigate") {
      event.respondWith(fetch(request).catch(function () {
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
  if (request.mode === "navigate" || url.pathname.indexOf("/api/games/") === 0) {
    event.respondWith(fromNetworkElseCopy(request));
  }
});
