// The static copy's service worker: the page, its solver and its icon kept in the
// browser, so a reload with no network plays. VERSION is the files' hash, written in
// by scripts/static-page.sh: a new version is a new worker, which keeps the new files
// and drops the old ones; the visit after it has them.
"use strict";
const VERSION = "__VERSION__";
const CACHE = `lightsout-${VERSION}`;
const FILES = ["./", "index.html", "lightsout.wasm", "favicon.svg", "manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("lightsout-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Kept files first (a page's link holds its game in the query: the page is one file
// whatever the query), the network for anything else.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(CACHE)
    .then((cache) => cache.match(event.request, { ignoreSearch: event.request.mode === "navigate" }))
    .then((kept) => kept ?? fetch(event.request)));
});
