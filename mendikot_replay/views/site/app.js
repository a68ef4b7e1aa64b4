// The static site's page: a .pmn file opened (picker, drop, ?file=ADDRESS, or a shared link
// #deal=…&at=K) goes to the worker, where the package runs in Pyodide; the board (the same
// viewer as the notebook's) is drawn here over a model that stands in for the widget's: reads come from the session's state, writes and
// messages go to the worker as the session's requests, and its replies are the changes.
import viewer, { createModel } from "./viewer.mjs";
import { draftLabel, freeName, linkedFile, sameBytes } from "./address.js";
import * as store from "./store.js";

const status = document.querySelector("[data-testid=site-status]");
const boardEl = document.getElementById("board");

/** The service worker first (sw.js): every file of the site is kept as it comes, so the
 * site opens with the network off after this visit, and each file is downloaded once —
 * Python's runtime, fetched by the worker started after it, goes through it. Where a
 * browser has none, or it cannot start, the page works as well without. */
async function keptOffline() {
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("sw.js");
    if (navigator.serviceWorker.controller) return;
    const controlled = new Promise((resolve) => {
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true });
    });
    const refused = new Promise((resolve) => setTimeout(resolve, 10_000)); // never a hang
    await Promise.race([controlled, refused]);
  } catch {
    // no service worker (a private window, a file: address): online only
  }
}

let worker = null;
const waiting = []; // messages for the worker sent before it started

/** A message for the worker (kept until it has started). */
function toWorker(message) {
  if (worker) worker.postMessage(message);
  else waiting.push(message);
}

/** The widget model's part the viewer uses, over the worker's session: the static page's
 * model (mount.js's createModel, exported by the bundle: values and change events), whose
 * saved changes go to the worker as the session's requests, with `send` for the board's
 * messages. */
export function workerModel(postRequest) {
  const model = createModel(null, { board: true });
  const show = model.set; // a value the worker sent: shown, not sent back
  const pending = new Set();
  model.set = (name, value) => {
    pending.add(name);
    show(name, value);
  };
  model.save_changes = () => {
    const names = [...pending];
    pending.clear();
    if (names.includes("path") || names.includes("step")) {
      postRequest({ do: "follow", path: model.get("path"), step: model.get("step") });
    }
    for (const name of names) {
      if (name !== "path" && name !== "step") postRequest({ do: "option", name, value: model.get(name) });
    }
  };
  model.send = (content) => postRequest(content);
  /** The worker's changes: the data first (a new payload rebuilds the board). */
  model.apply = (changes) => {
    const names = Object.keys(changes).sort((a, b) => (a === "data" ? -1 : b === "data" ? 1 : 0));
    for (const name of names) show(name, changes[name]);
  };
  return model;
}

let model = null;
let destroy = null;
// The file last opened, where recorded deals go: {name, bytes (as read), inWorker, handle?
// (the file itself, where the browser gives it), kept (it is the copy this browser keeps:
// saves into it merge with other tabs'), lastKept (the bytes this tab last kept of it)}.
let opened = null;
let sharing = false; // a link is being opened: its deal is no file of the person's

const shareButton = document.querySelector("[data-testid=site-share]");
const linkField = document.querySelector("[data-testid=site-link]");

function onWorkerMessage(event) {
  const message = event.data || {};
  if (message.ready) ready();
  if (message.error) say(message.error, message.detail);
  if (message.file) keeping.set(message.id, keep(message.file));
  if (message.draft) keepDraft(message.draft);
  if (message.share !== undefined) shareLink(message.share);
  if (message.busy !== undefined) busy(message.busy);
  if (message.deals) listDeals(message.deals);
  if (message.changes) {
    if (message.fresh) fresh();
    if (model) {
      model.apply(message.changes);
      if (message.fresh) {
        destroy = viewer.render({ model, el: boardEl });
        document.body.classList.add("site-has-deal");
        shareButton.hidden = false;
        status.textContent = sharing
          ? "A shared deal (Save keeps it as shared-deals.pmn)"
          : `${model.get("recording") ? "Recording into" : "Open"}: ${model.get("file")}`;
        if (message.note) status.textContent = String(message.note);
      }
    }
  }
  if (message.done !== undefined && answers.has(message.done)) {
    answers.get(message.done)();
    answers.delete(message.done);
  }
}

/** A refusal or a failure, said in the status line in one sentence (the detail, a Python
 * traceback, goes to the console, for whoever looks into it). */
function say(sentence, detail) {
  status.textContent = String(sentence);
  if (detail) console.error(detail);
}

let asked = 0;
const answers = new Map(); // a message's id → what to do once the worker has carried it out
const keeping = new Map(); // a save's id → its keeping in the browser

/** A message for the worker, and a promise kept, with the message's id, once the worker
 * has carried it out. */
function ask(message) {
  asked += 1;
  const id = asked;
  return new Promise((resolve) => {
    answers.set(id, () => resolve(id));
    toWorker({ ...message, id });
  });
}

/** Python runs in the worker: the page says so (data-testid="mr-ready") and opens what the
 * address asks for — a shared link, or a file on this site — else offers a deal whose
 * recording a closed tab interrupted. */
function ready() {
  if (!opened) status.textContent = "Ready: open a .pmn file, or tap a sample deal.";
  const mark = document.createElement("span");
  mark.className = "site-ready";
  mark.dataset.testid = "mr-ready";
  mark.setAttribute("aria-label", "Python is running in this page");
  mark.textContent = "\u25cf ready";
  status.before(mark);
  offerDrafts();
  if (!opened && !linking && !openShared()) openLinked(); // a sample tapped already is on its way
}

const busyMark = document.querySelector("[data-testid=site-busy]");
const dealChoice = document.querySelector("[data-testid=site-deal]");

/** A file of several deals: a list to choose one from (the one open selected). */
function listDeals(deals) {
  dealChoice.replaceChildren(
    ...deals.map(({ deal, label, open: shown }) => {
      const option = document.createElement("option");
      option.value = String(deal);
      option.textContent = label; // the file's text: as text, never as markup
      option.selected = shown;
      return option;
    }),
  );
  dealChoice.hidden = deals.length < 2;
}
dealChoice.addEventListener("change", () => {
  status.textContent = `Opening deal ${dealChoice.value}…`;
  toWorker({ choose: Number(dealChoice.value) });
});

/** The worker is solving (the double-dummy values, the chances): said beside the status,
 * and on the page's body (data-busy), until it is done. */
function busy(on) {
  busyMark.hidden = !on;
  document.body.dataset.busy = on ? "1" : "0";
}

/** A saved file: written back to the file itself where the browser allows it (the File
 * System Access API, for a file opened with its picker or dropped), downloaded elsewhere;
 * kept in the browser's storage either way (IndexedDB), so a closed tab loses nothing. A
 * copy kept from another file of the same name is not overwritten: this one is kept under a
 * name of its own. When the storage is full the person still gets the file, and is told. */
async function keep({ name, bytes }) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let keptAs = name;
  let notKept = "";
  try {
    const before = await store.getFile(name);
    const ours = opened && opened.name === name && (opened.kept || sameBytes(before && before.bytes, opened.lastKept));
    if (before && !ours && !sameBytes(before.bytes, data)) keptAs = freeName(name, new Set(await store.fileNames()));
    await store.putFile(keptAs, data);
    if (opened && opened.name === name) opened.lastKept = data;
    store.askToPersist();
  } catch (error) {
    notKept = error && error.name === "QuotaExceededError" ? "the browser's storage is full" : `the browser would not keep it (${error && error.message})`;
  }
  const where = notKept ? `not kept in this browser: ${notKept}` : keptAs === name ? "and kept in this browser" : `and kept in this browser as ${keptAs}`;
  const handle = opened && opened.handle && opened.name === name ? opened.handle : null;
  if (handle) {
    try {
      if ((await handle.requestPermission({ mode: "readwrite" })) !== "granted") throw new Error("not allowed");
      const writable = await handle.createWritable();
      await writable.write(data);
      await writable.close();
      status.textContent = `Saved: ${name} (written to the file, ${where})`;
      return;
    } catch (error) {
      status.textContent = `Could not write to ${name} (${error.message}): downloading it instead`;
    }
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data], { type: "application/octet-stream" }));
  link.download = name;
  link.dataset.testid = "site-download";
  document.body.append(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 0);
  status.textContent = `Saved: ${name} (downloaded, ${where})`;
}

/** Save the deal on the board. Into a file kept in this browser (a recording), under the
 * browser's lock for that file, so that two tabs save one after the other: the worker is
 * handed the file as the other tab left it and adds to it (a deal both changed is refused
 * with a sentence, nothing dropped). */
async function save() {
  const name = model ? model.get("file") : "";
  const work = async () => {
    let latest = null;
    if (opened && opened.kept && name) {
      const found = await store.getFile(name).catch(() => null);
      latest = found && found.bytes instanceof Uint8Array ? found.bytes : null;
    }
    const id = await ask({ save: { latest } });
    await keeping.get(id); // the saved file kept in this browser, before the lock is let go
    keeping.delete(id);
  };
  if (navigator.locks && name) await navigator.locks.request(`mendikot-file:${name}`, work);
  else await work();
}

/** A fresh board for the state the worker sent. */
function fresh() {
  if (destroy) destroy();
  destroy = null;
  boardEl.replaceChildren();
  linkField.hidden = true;
  model = workerModel((request) => (request && request.do === "save" ? save() : toWorker({ request })));
}

/** A file the person chose: its bytes, and where the browser gives one, its handle (to
 * write a save back to it). */
async function open(file, handle = null) {
  openBytes(file.name, await file.arrayBuffer(), handle);
}

/** Its bytes go to the worker, every one (a save changes nothing else of the file); the
 * page keeps them too, for a recording taken up again after a closed tab. */
function openBytes(name, buffer, handle = null, deal = 1) {
  sharing = false;
  dealChoice.hidden = true;
  opened = { name, bytes: new Uint8Array(buffer), inWorker: true, handle, kept: false, lastKept: null };
  status.textContent = `Opening ${name}…`;
  toWorker({ open: new Uint8Array(buffer), name, deal });
}

/** A shared link (#deal=…&at=K): its deals are read in the worker like a file's; a broken
 * link is said in the status line and leaves the board as it was. */
function openShared() {
  const fragment = location.hash.slice(1);
  let shared = false;
  try {
    shared = new URLSearchParams(fragment).has("deal");
  } catch {
    shared = false;
  }
  if (!shared) return false;
  sharing = true;
  opened = { name: "shared-deals.pmn", inWorker: true, kept: false, lastKept: null };
  dealChoice.hidden = true;
  status.textContent = "Opening the shared deal…";
  toWorker({ link: fragment });
  return true;
}
window.addEventListener("hashchange", openShared);

/** A link to a file: index.html?file=ADDRESS (?pmn= too; &deal=N for its deal N) opens it
 * once Python is ready: a file of this site only, by a relative address; anything else is
 * refused with a sentence, and nothing is fetched. */
function openLinked() {
  const asked = linkedFile(location.search, location.href);
  if (!asked) return;
  if (asked.error) {
    status.textContent = asked.error;
    return;
  }
  linking = true;
  status.textContent = `Opening ${asked.name}…`;
  fetch(asked.url)
    .then((reply) => {
      if (!reply.ok) throw new Error(`${reply.status} ${reply.statusText}`);
      return reply.arrayBuffer();
    })
    .then((buffer) => openBytes(asked.name, buffer, null, asked.deal))
    .catch((error) => {
      // offline: the service worker has a copy of every file this browser opened before
      status.textContent = navigator.onLine
        ? `Cannot open ${asked.name}: ${error.message}`
        : `Cannot open ${asked.name}: this device is offline, and the file was not opened here while online`;
    });
}
let linking = false; // a file of the site is on its way (a sample tapped before Python was ready)

/** A sample deal of the front page, opened in a tap (Python may still be starting: the
 * file waits for it) and named in the address, as a link to it would be. */
for (const sample of document.querySelectorAll("[data-testid=mr-sample]")) {
  sample.addEventListener("click", (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return; // a new tab: the browser's
    event.preventDefault();
    history.pushState(null, "", sample.getAttribute("href"));
    shownSearch = location.search;
    openLinked();
  });
}
// Back (or forward) to another address of the site — the front page, the sample before —
// opens it afresh; a change of the part after # alone is a shared link's (hashchange).
let shownSearch = location.search;
window.addEventListener("popstate", () => {
  if (location.search !== shownSearch) location.reload();
});

/** The address of the deal shown, at the card shown: copied, and shown to copy by hand. */
function shareLink(fragment) {
  if (!fragment) return;
  const address = `${location.origin}${location.pathname}#${fragment}`;
  linkField.value = address;
  linkField.hidden = false;
  linkField.select();
  const copied = navigator.clipboard ? navigator.clipboard.writeText(address) : Promise.reject(new Error("no clipboard"));
  copied.then(
    () => {
      status.textContent = "Link copied: it holds the deal itself, and opens it at this card.";
    },
    () => {
      status.textContent = "Copy the link below: it holds the deal itself.";
    },
  );
}
shareButton.addEventListener("click", () => toWorker({ share: true }));

/** This page's name among the other tabs, new at each load, and held as a lock while the
 * page lives: a draft whose tab holds no lock was left by a closed (or reloaded) tab and is
 * offered back; one whose tab is alive is that tab's to finish. */
const TAB = globalThis.crypto && crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
let drafting = false; // this page has a draft kept: dropped once its deal is saved
let inherited = null; // the id of a closed tab's draft taken up here: dropped once ours is kept
const alive = navigator.locks ? navigator.locks.request(`mendikot-tab:${TAB}`, () => new Promise(() => {})) : null;
alive?.catch(() => {});

/** The deal being recorded, kept in the browser's storage after every card until it is
 * saved, each tab's apart from the others': a tab closed mid-deal loses nothing (the page
 * offers every such deal back when opened again). */
function keepDraft({ name, text, names, cards }) {
  if (typeof text !== "string" || (!text && !drafting)) return; // nothing of ours to keep
  drafting = Boolean(text);
  const done = text
    ? store.putDraft({
        id: TAB,
        name,
        base: opened && opened.name === name && opened.bytes ? opened.bytes : new Uint8Array(),
        kept: Boolean(opened && opened.name === name && opened.kept), // the base: this browser's copy
        text,
        names: Array.isArray(names) ? names : [],
        cards: Number.isInteger(cards) ? cards : 0,
        updated: Date.now(),
      })
    : store.dropDraft(TAB);
  done.then(
    () => {
      // ours is kept now: the closed tab's draft it came from can go (a draft the worker
      // refused stays, to be looked at again)
      if (text && inherited !== null && inherited !== TAB) store.dropDraft(inherited).catch(() => {});
      if (text) inherited = null;
    },
    (error) => {
      if (text) status.textContent = `The deal is not kept in this browser (${error && error.name}): save it before closing the tab`;
    },
  );
}

/** The tabs alive now (their locks), whose drafts are theirs, not to offer. */
async function liveTabs() {
  if (!navigator.locks || !navigator.locks.query) return new Set();
  const { held = [] } = await navigator.locks.query();
  return new Set(held.map((lock) => lock.name).filter((name) => name.startsWith("mendikot-tab:")).map((name) => name.slice(13)));
}

/** Every deal left unsaved by a closed tab (or by this one before a reload), each offered
 * with what tells it apart. A draft the storage holds in a shape no tab writes is offered
 * all the same: the worker refuses it with a sentence if it is no deal. */
async function offerDrafts() {
  let drafts = [];
  try {
    const live = await liveTabs();
    drafts = (await store.allDrafts()).filter((draft) => draft && !live.has(draft.id));
  } catch {
    drafts = [];
  }
  const offers = document.querySelector("[data-testid=site-drafts]");
  offers.replaceChildren(
    ...drafts.map((draft) => {
      const resume = document.createElement("button");
      resume.type = "button";
      resume.className = "site-open mr-btn";
      resume.dataset.testid = "site-resume";
      resume.textContent = draftLabel(draft); // the file's text: as text, never as markup
      resume.addEventListener("click", () => {
        offers.replaceChildren();
        sharing = false;
        const name = typeof draft.name === "string" && draft.name ? draft.name : "games.pmn";
        const base = draft.base instanceof Uint8Array ? draft.base : new Uint8Array();
        opened = { name, bytes: base, inWorker: true, kept: draft.kept === true, lastKept: null };
        status.textContent = `Resuming the deal for ${name}…`;
        // the draft becomes this tab's: the one it came from is dropped once this tab has
        // kept the deal itself (or saved it), never before
        inherited = draft.id;
        drafting = true;
        toWorker({ resume: { name, bytes: base, draft: typeof draft.text === "string" ? draft.text : "" } });
      });
      return resume;
    }),
  );
  offers.hidden = drafts.length === 0;
}

/** Record a new deal: into the file open (after its deals), else into games.pmn as this
 * browser keeps it. */
async function record() {
  sharing = false;
  dealChoice.hidden = true;
  if (opened && opened.inWorker && !opened.kept) {
    status.textContent = `Recording into ${opened.name}`;
    toWorker({ record: { name: opened.name } }); // the file opened is in the worker already
    return;
  }
  const name = opened && opened.kept ? opened.name : "games.pmn";
  const found = await store.getFile(name).catch(() => null);
  const bytes = found && found.bytes instanceof Uint8Array ? found.bytes : new Uint8Array();
  opened = { name, bytes, inWorker: true, kept: true, lastKept: bytes };
  status.textContent = `Recording into ${name}`;
  toWorker({ record: { name, bytes } });
}

document.querySelector("[data-testid=site-record]").addEventListener("click", record);

const fileInput = document.querySelector("[data-testid=site-file]");
fileInput.addEventListener("change", (event) => {
  if (event.target.files.length) open(event.target.files[0]);
});
/** Open: the File System Access API's picker where the browser has it (a save then writes
 * the file itself), else the plain file input (a save downloads). */
document.querySelector("[data-testid=site-open]").addEventListener("click", async () => {
  if (!window.showOpenFilePicker) {
    fileInput.click();
    return;
  }
  try {
    const types = [{ description: "PMN deals", accept: { "text/plain": [".pmn", ".txt"] } }];
    const [handle] = await window.showOpenFilePicker({ types });
    open(await handle.getFile(), handle);
  } catch (error) {
    if (error.name !== "AbortError") fileInput.click();
  }
});
document.addEventListener("dragover", (event) => {
  event.preventDefault();
  document.body.classList.add("site-dragging");
});
document.addEventListener("dragleave", () => document.body.classList.remove("site-dragging"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  document.body.classList.remove("site-dragging");
  const item = [...event.dataTransfer.items].find((each) => each.kind === "file");
  if (!item) return;
  const file = item.getAsFile();
  // a dropped file's handle, where the browser gives one: Save writes to it
  const handle = item.getAsFileSystemHandle ? item.getAsFileSystemHandle().catch(() => null) : Promise.resolve(null);
  handle.then((h) => open(file, h && h.kind === "file" ? h : null));
});

keptOffline().then(() => {
  worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
  worker.onmessage = onWorkerMessage;
  for (const message of waiting.splice(0)) worker.postMessage(message);
});
