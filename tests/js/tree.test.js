// The play tree and the line shown (tree.js) on payloads made by the package.
import assert from "node:assert/strict";
import { test } from "node:test";

import { checkedPath, lineMarks, lineShown, lineThrough, readPayload, trickRows } from "../../mendikot_replay/views/static/tree.js";
import { payload } from "./payloads.js";

const worked = payload("worked-example-1");
const branching = payload("drawn-trump-1");

test("the main line is shown when the page has no line, or a broken one", () => {
  for (const broken of [undefined, [], [1, 2], [0, 99999], [0, 2], "0,1"]) {
    assert.deepEqual(lineShown(worked, broken), worked.main_line);
  }
});

test("a line is carried on to its end by first children", () => {
  const all = branching.steps;
  const line = checkedPath(all, [0]);
  assert.deepEqual(line, branching.main_line);
  for (let k = 1; k < line.length; k++) assert.equal(all[line[k]].parent, line[k - 1]);
  assert.equal((all[line[line.length - 1]].children || []).length, 0);
});

test("the line through a card of a variation runs from the start through it to its end", () => {
  const all = branching.steps;
  const inVariation = all.filter((s) => !s.main);
  assert.ok(inVariation.length > 0, "the sample has variations");
  for (const step of inVariation) {
    const line = lineThrough(all, step.id);
    assert.equal(line[0], 0);
    assert.ok(line.includes(step.id));
    for (let k = 1; k < line.length; k++) assert.equal(all[line[k]].parent, line[k - 1]);
    assert.equal((all[line[line.length - 1]].children || []).length, 0);
    assert.ok(line.some((id) => !all[id].main), "a variation's line leaves the main line");
  }
});

test("the line's marks agree with the ones the package computes for the main line", () => {
  for (const p of [worked, branching]) {
    const marks = lineMarks(p.steps, p.main_line);
    assert.deepEqual(marks.trickEnds, p.trick_ends);
    assert.deepEqual(marks.tenSteps, p.ten_steps);
    assert.deepEqual(marks.noteSteps, p.note_steps);
  }
});

test("the move list's rows are the tricks of the line, each card once and in order", () => {
  const all = worked.steps;
  const rows = trickRows(all, all[0].children[0]);
  assert.deepEqual(rows.flatMap((r) => r.ids), worked.main_line.slice(1));
  assert.equal(rows.length, worked.total_tricks);
  for (const row of rows) {
    assert.ok(row.ids.every((id) => all[id].trick === row.trick));
    assert.equal(row.ids.length, worked.players);
  }
  assert.deepEqual(rows.map((r) => r.trick), rows.map((_, k) => k + 1));
});

test("a version-1 payload is read as a tree without variations", () => {
  const old = { version: 1, steps: [{ ply: 0 }, { ply: 1 }, { ply: 2 }] };
  const read = readPayload(old);
  assert.equal(read.version, 2);
  assert.deepEqual(read.main_line, [0, 1, 2]);
  assert.deepEqual(read.steps.map((s) => s.parent), [null, 0, 1]);
  assert.deepEqual(read.steps.map((s) => s.children), [[1], [2], []]);
  assert.equal(readPayload(worked), worked);
});
