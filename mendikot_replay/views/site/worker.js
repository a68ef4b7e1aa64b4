// The site's worker: Python (Pyodide) with the package and its solver core as WebAssembly,
// all from this site's own folder. It answers the page's messages through
// mendikot_replay.views.worker.WorkerBoard and, between them, steps the board's slow work
// (one position at a time), posting what each step changed: the page never waits on it.
//
// Messages in: {open: bytes (a Uint8Array), name, deal?}, {choose: N} (deal N of the file
// open), {link: "#deal=…&at=K"} (a shared deal),
// {record: {name, text?}} (a new deal into that file; no text: the file opened),
// {resume: {name, text, draft}} (a recording taken up again), {share: true} (a link to the
// deal shown), {request: {do: …}}. Out: {ready}, {changes, fresh?} (fresh: a new board's
// whole state), {error}, {draft: {name, draft}} after each request (the deal being recorded,
// "" when saved), {file: {name, text, bytes}} after a save, {share: fragment}, {busy} while
// the slow work (the solver's values, the chances) goes on, and once it is done, {deals:
// [{deal, label, open}]} after a file is opened (its deals, to choose from).
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

/** A reply of the board (JSON): its changes, and its error if it has one; `fresh` when it
 * is a new board's whole state (the page draws a new board for it). */
function post(reply, fresh = false) {
  const { changes, error } = JSON.parse(reply);
  if (error) self.postMessage({ error });
  else self.postMessage({ changes, fresh });
}

/** A deal of a file on a new board, and the file's deals to choose from. */
function showFile(board, reply) {
  post(reply, true);
  self.postMessage({ deals: JSON.parse(board.deals()) });
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
      post(done);
      await giveWay();
    }
  } finally {
    working = false;
    if (told) self.postMessage({ busy: false });
  }
}

ready.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ error: `Python could not start: ${error}` }),
);

self.onmessage = async (event) => {
  const board = await ready;
  const message = event.data || {};
  try {
    if (message.open !== undefined) {
      showFile(board, board.open(message.open, String(message.name || "deals.pmn"), Number(message.deal) || 1));
    } else if (message.choose !== undefined) showFile(board, board.choose(Number(message.choose)));
    else if (message.link !== undefined) post(board.open_link(String(message.link)), true);
    else if (message.record) post(board.record(String(message.record.name), message.record.text ?? null), true);
    else if (message.resume) post(board.resume(message.resume.name, message.resume.text, message.resume.draft), true);
    else if (message.share) self.postMessage({ share: board.link() });
    else if (message.request) {
      post(board.handle(JSON.stringify(message.request)));
      // A save writes the file in the worker's own file system: the page gets its text, to
      // keep and to hand to the person (a download, or the file itself where allowed).
      if (message.request.do === "save") {
        const data = board.data(); // the bytes, every one kept: what is downloaded
        const bytes = data.toJs();
        data.destroy();
        self.postMessage({ file: { name: board.name(), text: board.text(), bytes } });
      }
    }
    // The deal being recorded, after every change not saved yet: kept by the page.
    self.postMessage({ draft: { name: board.name(), draft: board.draft() } });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
  workLoop(board);
};
