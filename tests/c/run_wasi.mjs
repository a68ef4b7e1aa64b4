// Runs a WebAssembly program built for WASI (wasm32-wasi: the solver core's C driver) under
// Node's own WASI, its standard input and output the process's: what tests/test_core_in_wasm.py
// and benchmarks/bench_wasm.py use to run the core as a browser would, with no browser.
//
//     node tests/c/run_wasi.mjs PROGRAM.wasm [ARGS...]
import { readFile } from "node:fs/promises";
import { argv, env, exit } from "node:process";
import { WASI } from "node:wasi";

const [program, ...args] = argv.slice(2);
if (!program) {
  console.error("usage: node run_wasi.mjs PROGRAM.wasm [ARGS...]");
  exit(2);
}
const wasi = new WASI({ version: "preview1", args: [program, ...args], env, returnOnExit: true });
const module = await WebAssembly.compile(await readFile(program));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
exit(wasi.start(instance));
