// Every request the page sends is one of the session's commands, with only the fields the
// command declares: the page's modules read as text, each `{ do: "name", … }` they send
// (and each board button's action) checked against requests.json, which Python writes from
// its command list (mendikot_replay/session/commands.py) and a Python test keeps current.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const root = new URL("../../mendikot_replay/views/", import.meta.url);
const list = JSON.parse(readFileSync(new URL("static/requests.json", root), "utf8"));
const commands = new Map(list.commands.map((c) => [c.do, c]));

const sources = ["static", "site"].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, root))
    .filter((name) => name.endsWith(".js") && !name.endsWith(".min.js"))
    .map((name) => ({ name: `${folder}/${name}`, text: readFileSync(new URL(`${folder}/${name}`, root), "utf8") })),
);

/** The keys of an object literal's body: nested calls and brackets taken out first. */
export function literalKeys(body) {
  let flat = body;
  for (let before = ""; before !== flat; ) {
    before = flat;
    flat = flat.replace(/\([^()]*\)|\[[^[\]]*\]/g, "");
  }
  return flat
    .split(",")
    .map((piece) => /^\s*([A-Za-z_$][\w$]*)\s*(?::|$)/.exec(piece))
    .filter(Boolean)
    .map((m) => m[1]);
}

/** Every request literal of a module: `{ do: "name", … }`, with its keys. */
export function requestsIn(text) {
  const out = [];
  for (const m of text.matchAll(/\{\s*do:\s*"(\w+)"\s*(?:,([^{}]*))?\}/g)) out.push({ name: m[1], keys: literalKeys(m[2] || "") });
  return out;
}

test("the literal reader finds names and keys", () => {
  assert.deepEqual(requestsIn('send(view, { do: "comment", at: node, text, index: e ? e.index : null });'), [
    { name: "comment", keys: ["at", "text", "index"] },
  ]);
  assert.deepEqual(requestsIn('x({ do: "start", answers: formAnswers(fields, form) })'), [{ name: "start", keys: ["answers"] }]);
});

test("every request the page sends is a command, with the command's fields", () => {
  const context = new Set(list.context);
  const sent = sources.flatMap(({ name, text }) => requestsIn(text).map((r) => ({ ...r, module: name })));
  assert.ok(sent.length >= 20, `only ${sent.length} requests found: the reader lost them`);
  for (const { name, keys, module } of sent) {
    const command = commands.get(name);
    assert.ok(command, `${module} sends {do: "${name}"}, which is no command of the session`);
    const fields = new Set(command.fields.map((f) => f.name));
    for (const key of keys) {
      if (key === "do") continue;
      assert.ok(fields.has(key) || context.has(key), `${module}: {do: "${name}"} has no field ${key}`);
    }
  }
});

test("every board button is a command", () => {
  const viewer = sources.find((s) => s.name === "static/controls.js").text;
  const actions = [...viewer.matchAll(/\bact\(\s*"[^"]*",\s*"[^"]*",\s*"[^"]*",\s*"(\w+)"\s*\)/g)].map((m) => m[1]);
  assert.ok(actions.length >= 4, "the board's buttons were not found");
  for (const action of actions) assert.ok(action === "back" || commands.has(action), `the button ${action} is no command`);
});

test("the options the page sets are the session's", () => {
  const names = new Set(list.options.map((o) => o.name));
  for (const name of ["hidden_seats", "quiz_seat", "scale", "presentation", "four_color", "chances", "analyse"]) {
    assert.ok(names.has(name), name);
  }
  for (const option of list.options) assert.ok("default" in option && option.kind, option.name);
});
