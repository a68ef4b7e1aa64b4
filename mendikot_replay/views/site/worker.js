// The site's worker: Python (Pyodide) with the package and its solver core as WebAssembly,
// all from this site's own folder. It answers the page's messages through
// mendikot_replay.views.worker.WorkerBoard and, between them, steps the board's slow work
// (one position at a time), posting what each step changed: the page never waits on it.
//
// Messages in: {open: bytes (a Uint8Array), name, deal?}, {choose: N} (deal N of the file
// open), {link: "deal=…&at=K"} (a shared link's deals), {record: {name, bytes?}} (a new deal
// into that file; no bytes: the file opened), {resume: {name, bytes, draft}} (a recording
// taken up again), {save: {latest}} (save, into the file as another tab may have left it:
// its newest bytes, or null), {share: true} (a link to the deal shown), {request: {do: …}};
// any of them with an `id`, answered by {done: id} once carried out. Out: {ready},
// {changes, fresh?, note?} (fresh: a new board's whole state; note: a sentence to show
// once it is drawn, as an old link's), {error, detail?} (one sentence; the
// detail, a traceback, for the console), {draft: {name, text, names, cards}} after each
// message (the deal being recorded, text "" when saved), {file: {name, bytes}, id} after a
// save, {share: fragment}, {busy} while the slow work (the solver's values, the chances)
// goes on and once it is done, {deals: [{deal, label, open}]} after a file is opened.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const base = new URL(".", import.meta.url);

async function start() {
  const { instance } = await WebAssembly.instantiate(await (await fetch(new URL("ddcore.wasm", base))).arrayBuffer(), {});
  instance.exports._initialize();
  globalThis.mendikotCore = instance.exports; // before the package is imported: solver/wasm_core.py
  const py = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  const archive = await (await fetch(new URL("mendikot_replay.zip", base))).arrayBuffer();
  py.unpackArchive(archive, "zip", { extractDir: "/site-packages" });
  py.runPython("import sys; sys.path.insert(0, '/site-packages')");
  return py.pyimport("mendikot_replay.views.worker").WorkerBoard();
}

const ready = start();
let working = false;

/** A reply of the board (JSON): its changes, or its error (one sentence, and the detail for
 * the console); `fresh` when it is a new board's whole state (the page draws a new board).
 * The changes when it was carried out, null when it was refused. */
function post(reply, fresh = false) {
  const { changes, error, detail, note } = JSON.parse(reply);
  if (error) self.postMessage({ error, detail });
  else self.postMessage(note ? { changes, fresh, note } : { changes, fresh });
  return error ? null : changes;
}

/** A file's deal on a new board, and the file's deals to choose from. */
function showFile(board, reply) {
  if (post(reply, true) !== null) self.postMessage({ deals: JSON.parse(board.deals()) });
}

/** Something no boundary caught (Python could not even be called): one sentence in the
 * page, the detail in the console. */
function unforeseen(error) {
  console.error(error);
  self.postMessage({
    error: "Something went wrong in the page's Python, and nothing was changed: the browser's console has the details",
    detail: String(error && error.stack ? error.stack : error),
  });
}

/** Let the messages waiting be heard, then go on: a message to ourselves (setTimeout(0)
 * would wait at least 4 ms each time, nested, which adds up over a deal's positions). */
function giveWay() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Step the slow work one position at a time, giving way to messages in between. */
async function workLoop(board) {
  if (working) return;
  working = true;
  let told = false; // the page is told once the worker is busy, and again when it is done
  try {
    for (;;) {
      const done = board.work();
      if (done === undefined || done === null) break;
      if (!told) self.postMessage({ busy: true });
      told = true;
      if (post(done) === null) break; // a step that failed is said once, and the work stops
      await giveWay();
    }
  } finally {
    working = false;
    if (told) self.postMessage({ busy: false });
  }
}

ready.then(
  () => self.postMessage({ ready: true }),
  (error) =>
    self.postMessage({
      error: self.navigator.onLine
        ? `Python could not start: ${error}`
        : "Python could not start: this device is offline, and the site's Python was not kept on an earlier visit (open the site once with the network on)",
      detail: String(error && error.stack ? error.stack : error),
    }),
);

self.onmessage = async (event) => {
  const message = event.data || {};
  let board;
  try {
    board = await ready;
  } catch (error) {
    unforeseen(error);
    return;
  }
  try {
    if (message.open !== undefined) {
      showFile(board, board.open(message.open, String(message.name || "deals.pmn"), message.deal ?? 1));
    } else if (message.choose !== undefined) showFile(board, board.choose(message.choose));
    else if (message.link !== undefined) showFile(board, board.open_link(String(message.link)));
    else if (message.record) post(board.record(String(message.record.name), message.record.bytes), true);
    else if (message.resume) {
      const { name, bytes, draft } = message.resume;
      post(board.resume(String(name), bytes, String(draft ?? "")), true);
    } else if (message.share) self.postMessage({ share: board.link() });
    else if (message.save) {
      const changes = post(board.save(message.save.latest ?? undefined));
      const saved = changes !== null && (changes.notice || {}).kind === "saved";
      // A save writes the file in the worker's own file system: the page gets its bytes,
      // every one, to keep and to hand to the person (a download, or the file itself).
      if (saved) {
        const data = board.data();
        const bytes = data.toJs();
        data.destroy();
        self.postMessage({ file: { name: board.name(), bytes }, id: message.id });
      }
    } else if (message.request) post(board.handle(JSON.stringify(message.request)));
    // The deal being recorded, after every change not saved yet: kept by the page.
    self.postMessage({ draft: { name: board.name(), ...JSON.parse(board.draft_info()) } });
  } catch (error) {
    unforeseen(error);
  }
  if (message.id !== undefined) self.postMessage({ done: message.id });
  workLoop(board);
};
