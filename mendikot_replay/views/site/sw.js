// The site's service worker: every file of the site kept after the first visit, so that it
// opens and runs with no network at all (a phone at a table, a class with no wifi). The
// build (scripts/build_site.py) writes the file lists and the version in place of the
// markers below; a new version fetches the new files and drops the old ones.
//
// FILES are kept when it installs (asked again as "still the same?": the page has just
// downloaded them); LATER, Python's runtime and the package, are kept as the page's worker
// fetches them through this service worker on the first visit (the page starts its worker
// once this controls it): each file is downloaded once.
const VERSION = "@@VERSION@@";
const FILES = "@@FILES@@";
const LATER = "@@LATER@@";

const scope = new URL("./", self.location.href);
const kept = new Set([...FILES.split("\n"), ...LATER.split("\n")].map((file) => new URL(file, scope).href));

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(VERSION)
      .then((cache) => cache.addAll(FILES.split("\n").map((file) => new Request(file, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== VERSION && name !== OPENED).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** A file of the site from the network, kept for next time. */
async function fetchAndKeep(request, address) {
  const reply = await fetch(request);
  if (reply.ok && kept.has(address)) {
    const cache = await caches.open(VERSION);
    await cache.put(address, reply.clone());
  }
  return reply;
}

// Files the site does not ship but a visit opened (index.html?file=games/week-12.pmn: deals
// a teacher publishes beside the site): from the network while there is one, so that a
// changed file is seen, and else the copy the last visit kept. They stay across versions of
// the site: they are the teacher's, not the build's.
const OPENED = "mendikot-opened";

async function networkThenCopy(request, address) {
  try {
    const reply = await fetch(request);
    if (reply.ok) {
      const cache = await caches.open(OPENED);
      await cache.put(address, reply.clone());
    }
    return reply;
  } catch (offline) {
    const copy = await caches.match(address, { cacheName: OPENED });
    if (copy) return copy;
    throw offline; // never opened here: the page says the device is offline
  }
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  if (url.origin !== scope.origin) return;
  // the notebooks (lab/) are JupyterLite's, kept by the service worker of their own
  if (url.pathname.startsWith(`${scope.pathname}lab/`)) return;
  const address = url.origin + url.pathname;
  if (!kept.has(address)) {
    event.respondWith(networkThenCopy(event.request, address));
    return;
  }
  event.respondWith(caches.match(event.request, { ignoreSearch: true }).then((copy) => copy || fetchAndKeep(event.request, address)));
});
