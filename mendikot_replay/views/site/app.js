// The static site's page: a .pmn file opened (picker, drop, ?file=ADDRESS, or a shared link
// #deal=…&at=K) goes to the worker, where the package runs in Pyodide; the board (the same
// viewer as the notebook's) is drawn here over a model that stands in for the widget's: reads come from the session's state, writes and
// messages go to the worker as the session's requests, and its replies are the changes.
import viewer, { createModel } from "./viewer.mjs";

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
 * model (viewer.js's createModel: values and change events), whose saved changes go to the
 * worker as the session's requests, with `send` for the board's messages. */
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
let opened = null; // the file last opened: {name, text, inWorker, handle?}, where recorded deals go
let sharing = false; // a link is being opened: its deal is no file of the person's

const shareButton = document.querySelector("[data-testid=site-share]");
const linkField = document.querySelector("[data-testid=site-link]");

function onWorkerMessage(event) {
  const message = event.data || {};
  if (message.ready) ready();
  if (message.error) status.textContent = message.error;
  if (message.file) keep(message.file);
  if (message.draft) keepDraft(message.draft);
  if (message.share !== undefined) shareLink(message.share);
  if (message.busy !== undefined) busy(message.busy);
  if (message.deals) listDeals(message.deals);
  if (message.changes) {
    if (message.fresh) fresh();
    if (!model) return;
    model.apply(message.changes);
    if (message.fresh) {
      destroy = viewer.render({ model, el: boardEl });
      document.body.classList.add("site-has-deal");
      shareButton.hidden = false;
      status.textContent = sharing
        ? "A shared deal (Save keeps it as shared-deals.pmn)"
        : `${model.get("recording") ? "Recording into" : "Open"}: ${model.get("file")}`;
    }
  }
}

/** Python runs in the worker: the page says so (data-testid="mr-ready") and opens what the
 * address asks for — a shared link, or a file on this site — else offers a deal whose
 * recording a closed tab interrupted. */
function ready() {
  status.textContent = "Ready: open a .pmn file.";
  const mark = document.createElement("span");
  mark.className = "site-ready";
  mark.dataset.testid = "mr-ready";
  mark.setAttribute("aria-label", "Python is running in this page");
  mark.textContent = "\u25cf ready";
  status.before(mark);
  offerDraft();
  if (!openShared()) openLinked();
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
 * kept in the browser's storage either way, so a closed tab loses nothing. */
async function keep({ name, text, bytes }) {
  try {
    localStorage.setItem(`mendikot:${name}`, text);
  } catch {
    // storage full or refused: the file still goes
  }
  const handle = opened && opened.handle && opened.name === name ? opened.handle : null;
  if (handle) {
    try {
      if ((await handle.requestPermission({ mode: "readwrite" })) !== "granted") throw new Error("not allowed");
      const writable = await handle.createWritable();
      await writable.write(bytes);
      await writable.close();
      status.textContent = `Saved: ${name} (written to the file, and kept in this browser)`;
      return;
    } catch (error) {
      status.textContent = `Could not write to ${name} (${error.message}): downloading it instead`;
    }
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
  link.download = name;
  link.dataset.testid = "site-download";
  document.body.append(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 0);
  status.textContent = `Saved: ${name} (downloaded, and kept in this browser)`;
}

/** A fresh board for the state the worker sent. */
function fresh() {
  if (destroy) destroy();
  destroy = null;
  boardEl.replaceChildren();
  linkField.hidden = true;
  model = workerModel((request) => toWorker({ request }));
}

/** A file the person chose: its bytes, and where the browser gives one, its handle (to
 * write a save back to it). */
async function open(file, handle = null) {
  openBytes(file.name, await file.arrayBuffer(), handle);
}

/** Its bytes go to the worker, every one (a save changes nothing else of the file); the
 * page keeps its text for a recording taken up again after a closed tab. */
function openBytes(name, buffer, handle = null, deal = 1) {
  sharing = false;
  dealChoice.hidden = true;
  opened = { name, text: new TextDecoder().decode(buffer), inWorker: true, handle };
  status.textContent = `Opening ${name}…`;
  toWorker({ open: new Uint8Array(buffer), name, deal });
}

/** A shared link (#deal=…&at=K): its deal is read in the worker like a file's text; a
 * broken link is said in the status line and leaves the board as it was. */
function openShared() {
  const fragment = location.hash.slice(1);
  if (!new URLSearchParams(fragment).has("deal")) return false;
  sharing = true;
  opened = null;
  dealChoice.hidden = true;
  status.textContent = "Opening the shared deal…";
  toWorker({ link: fragment });
  return true;
}
window.addEventListener("hashchange", openShared);

/** A link to a file: index.html?file=ADDRESS (?pmn= too; &deal=N for its deal N) opens
 * it (on this site, or any that lets this page read it) once Python is ready. */
function openLinked() {
  const query = new URLSearchParams(location.search);
  const address = query.get("file") || query.get("pmn");
  if (!address) return;
  const url = new URL(address, location.href);
  const name = decodeURIComponent(url.pathname.split("/").pop() || "deals.pmn");
  fetch(url)
    .then((reply) => {
      if (!reply.ok) throw new Error(`${reply.status} ${reply.statusText}`);
      return reply.arrayBuffer();
    })
    .then((buffer) => openBytes(name, buffer, null, Number(query.get("deal")) || 1))
    .catch((error) => {
      status.textContent = `Cannot open ${url.href}: ${error.message}`;
    });
}

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

const DRAFT = "mendikot:draft";
/** The deal being recorded, kept in the browser's storage after every card until it is
 * saved: a tab closed mid-deal loses nothing (the page offers it back when opened again). */
function keepDraft({ name, draft }) {
  try {
    if (draft) {
      const into = opened && opened.name === name ? opened : { name, text: localStorage.getItem(`mendikot:${name}`) || "" };
      localStorage.setItem(DRAFT, JSON.stringify({ name, text: into.text, draft }));
    } else localStorage.removeItem(DRAFT);
  } catch {
    // storage refused: the deal is still on the board
  }
}

function offerDraft() {
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(DRAFT) || "null");
  } catch {
    kept = null;
  }
  if (!kept || !kept.draft) return;
  const resume = document.createElement("button");
  resume.type = "button";
  resume.className = "site-open mr-btn";
  resume.dataset.testid = "site-resume";
  resume.textContent = `Resume the unsaved deal (${kept.name})`;
  resume.addEventListener("click", () => {
    resume.remove();
    sharing = false;
    opened = { name: kept.name, text: kept.text };
    status.textContent = `Resuming the deal for ${kept.name}…`;
    toWorker({ resume: kept });
  });
  status.after(resume);
}

/** Record a new deal: into the file open (after its deals), else into games.pmn. */
function record() {
  sharing = false;
  dealChoice.hidden = true;
  const into = opened || { name: "games.pmn", text: localStorage.getItem("mendikot:games.pmn") || "" };
  status.textContent = `Recording into ${into.name}`;
  // the file opened is in the worker already, byte for byte: recorded deals go after it
  toWorker({ record: into.inWorker ? { name: into.name } : { name: into.name, text: into.text } });
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
