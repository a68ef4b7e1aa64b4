// The notebooks offline: put by scripts/build_lab.py before JupyterLite's own service worker
// (site/lab/service-worker.js), whose fetch handler passes every file to the network. When
// it installs, every file of the lab is kept (the first visit loads most of them before any
// service worker runs, so keeping only what passes through it would leave the next visit,
// offline, without the page itself); then each file of the lab comes from that copy. What
// JupyterLite's worker does itself — the kernel's access to the notebooks' files
// (/api/drive, /api/stdin/) — is left to it. The build writes the version and the file
// list in place of the markers; a new version keeps the new files and drops the old.
const LAB_VERSION = "@@LABVERSION@@";
const LAB_FILES = "@@LABFILES@@";
const labScope = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  const files = LAB_FILES.split("\n").map((file) => new Request(new URL(file, labScope).href, { cache: "no-cache" }));
  event.waitUntil(caches.open(LAB_VERSION).then((cache) => cache.addAll(files)));
});

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("mendikot-lab-") && name !== LAB_VERSION;
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name)))));
});

/** JupyterLite's own business: the kernel's files and input, its heartbeat. */
function jupyterLites(url) {
  return url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/") || url.pathname.endsWith("/api/service-worker-heartbeat");
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== labScope.origin || jupyterLites(url)) return;
  event.stopImmediatePropagation(); // JupyterLite's handler would fetch it again
  const address = url.origin + url.pathname;
  event.respondWith(caches.match(address, { cacheName: LAB_VERSION }).then((copy) => copy || fetch(request)));
});
