// The page's modules import downward only: their import graph has no cycle, every import
// names a module of the folder, and the entry is short — it only wires the others.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const folder = new URL("../../mendikot_replay/views/static/", import.meta.url);
const names = readdirSync(folder).filter((name) => name.endsWith(".js"));
const source = Object.fromEntries(names.map((name) => [name, readFileSync(new URL(name, folder), "utf8")]));

/** The modules a module's source imports (or re-exports) from this folder. */
export function importsOf(text) {
  return [...text.matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+"\.\/([\w-]+\.(?:js|json))"/gms)].map((m) => m[1]);
}

/** A cycle of the graph (the modules on it, the first again at the end), or null. */
export function cycleIn(graph) {
  const state = new Map();
  const trail = [];
  const visit = (name) => {
    state.set(name, "open");
    trail.push(name);
    for (const next of graph[name] || []) {
      if (state.get(next) === "open") return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(name, "done");
    return null;
  };
  for (const name of Object.keys(graph)) {
    if (!state.has(name)) {
      const found = visit(name);
      if (found) return found;
    }
  }
  return null;
}

const graph = Object.fromEntries(names.map((name) => [name, importsOf(source[name]).filter((n) => n.endsWith(".js"))]));

test("the cycle finder finds a cycle, and none where there is none", () => {
  assert.deepEqual(cycleIn({ "a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"] }), ["a.js", "b.js", "c.js", "a.js"]);
  assert.equal(cycleIn({ "a.js": ["b.js", "c.js"], "b.js": ["c.js"], "c.js": [] }), null);
  assert.deepEqual(importsOf('import { a } from "./a.js";\nexport { b } from "./b.js";\nimport {\n  c,\n} from "./c.js";'), ["a.js", "b.js", "c.js"]);
});

test("the page's modules import one another without a cycle", () => {
  assert.ok(names.length >= 15, `only ${names.length} modules found`);
  assert.equal(cycleIn(graph), null, `an import cycle: ${(cycleIn(graph) || []).join(" -> ")}`);
});

test("every import names a module of the folder", () => {
  for (const [name, targets] of Object.entries(graph)) {
    for (const target of targets) assert.ok(names.includes(target), `${name} imports ${target}, which is not there`);
  }
});

test("every module is reached from the entry, and the entry only wires", () => {
  const reached = new Set();
  const walk = (name) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const next of graph[name]) walk(next);
  };
  walk("viewer.js");
  assert.deepEqual(names.filter((n) => !reached.has(n)), []);
  const code = source["viewer.js"].split("\n").filter((line) => line.trim() && !line.startsWith("//"));
  assert.ok(code.length <= 10, `viewer.js has ${code.length} lines of code: it should only wire the others`);
});

test("no panel imports the board or the entry (they import downward only)", () => {
  for (const [name, targets] of Object.entries(graph)) {
    if (name === "mount.js" || name === "viewer.js") continue;
    assert.ok(!targets.includes("board.js") && !targets.includes("viewer.js"), `${name} imports ${targets}`);
  }
});
