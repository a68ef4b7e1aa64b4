// The site's service worker: every file of the site kept after the first visit, so that it
// opens and runs with no network at all (a phone at a table, a class with no wifi). The
// build (scripts/build_site.py) writes the file list and its version in place of the two
// markers below; a new version fetches the new files and drops the old ones.
const VERSION = "@@VERSION@@";
const FILES = "@@FILES@@";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(FILES.split("\n")))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== VERSION).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.match(event.request, { ignoreSearch: true }).then((kept) => kept || fetch(event.request)));
});
