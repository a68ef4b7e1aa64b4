// The static site's page: a .pmn file opened (picker or drop) goes to the worker, where the
// package runs in Pyodide; the board (the same viewer as the notebook's) is drawn here over
// a model that stands in for the widget's: reads come from the session's state, writes and
// messages go to the worker as the session's requests, and its replies are the changes.
import { createModel, render } from "./viewer.mjs";

const status = document.querySelector("[data-testid=site-status]");
const boardEl = document.getElementById("board");
const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });

// Every file kept after this first visit: the site opens with the network off (sw.js).
if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});

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

worker.onmessage = (event) => {
  const message = event.data || {};
  if (message.ready) {
    status.textContent = "Ready: open a .pmn file.";
    offerDraft();
    openLinked();
  }
  if (message.error) status.textContent = message.error;
  if (message.file) keep(message.file);
  if (message.draft) keepDraft(message.draft);
  if (message.changes) {
    if (!model) return;
    const first = !destroy;
    model.apply(message.changes);
    if (first && message.changes.data) {
      destroy = render({ model, el: boardEl });
      document.body.classList.add("site-has-deal");
      status.textContent = `${model.get("recording") ? "Recording into" : "Open"}: ${model.get("file")}`;
    }
  }
};

/** A saved file: kept in the browser's storage (so a closed tab loses nothing) and handed
 * to the person as a download of the same name. */
function keep({ name, text, bytes }) {
  try {
    localStorage.setItem(`mendikot:${name}`, text);
  } catch {
    // storage full or refused: the download still goes
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

/** A fresh board for what the worker is about to send. */
function fresh() {
  if (destroy) destroy();
  destroy = null;
  boardEl.replaceChildren();
  model = workerModel((request) => worker.postMessage({ request }));
}

let opened = null; // the file last opened: {name, text}, where recorded deals go

function open(file) {
  file.arrayBuffer().then((buffer) => openBytes(file.name, buffer));
}

/** Its bytes go to the worker, every one (a save changes nothing else of the file); the
 * page keeps its text for a recording taken up again after a closed tab. */
function openBytes(name, buffer) {
  fresh();
  opened = { name, text: new TextDecoder().decode(buffer), inWorker: true };
  status.textContent = `Opening ${name}…`;
  worker.postMessage({ open: new Uint8Array(buffer), name });
}

/** A link to a deal: index.html?pmn=ADDRESS opens that file (on this site, or any that
 * lets this page read it) once Python is ready. */
function openLinked() {
  const address = new URLSearchParams(location.search).get("pmn");
  if (!address) return;
  const url = new URL(address, location.href);
  const name = decodeURIComponent(url.pathname.split("/").pop() || "deals.pmn");
  fetch(url)
    .then((reply) => {
      if (!reply.ok) throw new Error(`${reply.status} ${reply.statusText}`);
      return reply.arrayBuffer();
    })
    .then((buffer) => openBytes(name, buffer))
    .catch((error) => {
      status.textContent = `Cannot open ${url.href}: ${error.message}`;
    });
}

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
    fresh();
    opened = { name: kept.name, text: kept.text };
    status.textContent = `Resuming the deal for ${kept.name}…`;
    worker.postMessage({ resume: kept });
  });
  status.after(resume);
}

/** Record a new deal: into the file open (after its deals), else into games.pmn. */
function record() {
  fresh();
  const into = opened || { name: "games.pmn", text: localStorage.getItem("mendikot:games.pmn") || "" };
  status.textContent = `Recording into ${into.name}`;
  // the file opened is in the worker already, byte for byte: recorded deals go after it
  worker.postMessage({ record: into.inWorker ? { name: into.name } : { name: into.name, text: into.text } });
}

document.querySelector("[data-testid=site-record]").addEventListener("click", record);

document.querySelector("[data-testid=site-file]").addEventListener("change", (event) => {
  if (event.target.files.length) open(event.target.files[0]);
});
document.addEventListener("dragover", (event) => {
  event.preventDefault();
  document.body.classList.add("site-dragging");
});
document.addEventListener("dragleave", () => document.body.classList.remove("site-dragging"));
document.addEventListener("drop", (event) => {
  event.preventDefault();
  document.body.classList.remove("site-dragging");
  if (event.dataTransfer.files.length) open(event.dataTransfer.files[0]);
});
