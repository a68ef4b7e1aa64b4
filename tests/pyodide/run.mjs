// Runs Python in Pyodide under Node, as a page's worker would run it: the package's own
// folder mounted at /pkg (and the sample games at /samples), the solver core's WebAssembly
// module (when given) instantiated and put at globalThis.mendikotCore before any Python runs.
// The Python script reads JSON from standard input as `given` and sets `answer`, which is
// printed as JSON: what tests/test_pyodide_core.py uses. MENDIKOT_PACKAGE names another
// copy of the package folder to mount (the browser's wheel's files, say).
//
//     node tests/pyodide/run.mjs SCRIPT.py [CORE.wasm] < given.json
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { argv, env, exit, stdin, stdout } from "node:process";
import { fileURLToPath } from "node:url";

import { loadPyodide } from "pyodide";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const [script, core] = argv.slice(2);
if (!script) {
  console.error("usage: node run.mjs SCRIPT.py [CORE.wasm] < given.json");
  exit(2);
}
if (core) {
  const { instance } = await WebAssembly.instantiate(await readFile(core), {});
  instance.exports._initialize();
  globalThis.mendikotCore = instance.exports;
}
const chunks = [];
for await (const chunk of stdin) chunks.push(chunk);
const py = await loadPyodide();
py.FS.mkdirTree("/pkg/mendikot_replay");
const pkg = env.MENDIKOT_PACKAGE || join(root, "mendikot_replay");
py.FS.mount(py.FS.filesystems.NODEFS, { root: pkg }, "/pkg/mendikot_replay");
py.FS.mkdirTree("/samples");
py.FS.mount(py.FS.filesystems.NODEFS, { root: join(root, "sample_games") }, "/samples");
py.globals.set("given_json", Buffer.concat(chunks).toString("utf-8") || "null");
await py.runPythonAsync(
  ["import json, sys", "sys.path.insert(0, '/pkg')", "given = json.loads(given_json)", "answer = None"].join("\n"),
);
await py.runPythonAsync(await readFile(script, "utf-8"));
stdout.write(py.runPython("json.dumps(answer)") + "\n");
