// The notebooks offline: put by scripts/build_lab.py before JupyterLite's own service worker
// (site/lab/service-worker.js), whose fetch handler passes every file to the network. Each
// file of the lab a page asks for comes from this worker's copy, or from the network and is
// kept; and once the worker runs, it keeps every other file of the lab too, a few at a time
// in the background (the first visit loads most of the lab before any service worker runs,
// so keeping only what passes through it would leave the next visit, offline, without the
// page itself). Installing waits for none of it: a kernel started while this worker was
// still installing would not be under it, and JupyterLite's kernel reads the notebooks'
// files through its service worker. When every file is kept, the cache holds KEPT_MARK (and
// the pages hear "mendikot-lab-kept"): the lab opens offline. What JupyterLite's worker does itself — the kernel's access to the
// notebooks' files (/api/drive, /api/stdin/) — is left to it. The build writes the version
// and the file list in place of the markers; a new version keeps the new files and drops
// the old.
const LAB_VERSION = "@@LABVERSION@@";
const LAB_FILES = "@@LABFILES@@";
const labScope = new URL("./", self.location.href);
const KEPT_MARK = new URL("mendikot-lab-kept", labScope).href;

self.addEventListener("activate", (event) => {
  const old = (name) => name.startsWith("mendikot-lab-") && name !== LAB_VERSION;
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(old).map((name) => caches.delete(name)))));
});

let keeping = null; // every file of the lab being kept (once in a worker's life)

/** Every file of the lab kept, those not kept yet fetched four at a time; then the mark
 * (a file the server would not give leaves no mark: the next visit tries again). */
function keepEveryFile() {
  if (!keeping) {
    keeping = (async () => {
      const cache = await caches.open(LAB_VERSION);
      if (await cache.match(KEPT_MARK)) return;
      const files = LAB_FILES.split("\n").map((file) => new URL(file, labScope).href);
      let next = 0;
      const one = async () => {
        while (next < files.length) {
          const address = files[next];
          next += 1;
          if (await cache.match(address)) continue;
          // the whole file from the server, never a "not modified" with no body
          const reply = await fetch(new Request(address, { cache: "reload" }));
          if (!reply.ok) throw new Error(`${address}: ${reply.status}`);
          await cache.put(address, reply);
        }
      };
      await Promise.all([one(), one(), one(), one()]);
      await cache.put(KEPT_MARK, new Response("kept")); // only once every file is kept
      for (const client of await self.clients.matchAll()) client.postMessage("mendikot-lab-kept");
    })().catch(() => {
      keeping = null; // offline, or the storage refused: tried again on a later visit
    });
  }
  return keeping;
}

/** JupyterLite's own business: the kernel's files and input, its heartbeat. */
function jupyterLites(url) {
  return url.pathname.includes("/api/drive") || url.pathname.includes("/api/stdin/") || url.pathname.endsWith("/api/service-worker-heartbeat");
}

/** A file of the lab: the copy kept, else the network's (kept for next time). */
async function labFile(request, address) {
  const cache = await caches.open(LAB_VERSION);
  const copy = await cache.match(address);
  if (copy) return copy;
  const reply = await fetch(request);
  if (reply.ok && reply.type === "basic" && !reply.redirected) await cache.put(address, reply.clone());
  return reply;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== labScope.origin || jupyterLites(url)) return;
  event.stopImmediatePropagation(); // JupyterLite's handler would fetch it again
  event.respondWith(labFile(request, url.origin + url.pathname));
  event.waitUntil(keepEveryFile());
});
