// The tens ledger (ledger.js) on payloads made by the package.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ledgerRows } from "../../mendikot_replay/views/static/ledger.js";
import { payload } from "./payloads.js";

const worked = payload("worked-example-1");

test("every ten has a row at every step, and the captured ones add up to the score", () => {
  for (const step of worked.steps) {
    const rows = ledgerRows(step, worked);
    assert.deepEqual(rows.map((r) => r.card).sort(), ["TC", "TD", "TH", "TS"]);
    ["AC", "BD"].forEach((team, i) => {
      const held = rows.filter((r) => r.status === "captured" && r.team === team);
      assert.equal(held.length, step.tens[i]);
      assert.ok(held.every((r) => r.teamLabel === worked.team_labels[team]));
    });
  }
});

test("a ten still out belongs to no side and says so", () => {
  const start = ledgerRows(worked.steps[0], worked);
  assert.ok(start.every((r) => r.status === "hand" && r.teamLabel === null && r.word === "still out"));
});

test("a row's spoken label has the names without their isolation marks", () => {
  const end = worked.steps[worked.main_line[worked.main_line.length - 1]];
  for (const row of ledgerRows(end, worked)) {
    assert.ok(row.text.includes("\u2068"), "the payload isolates the names");
    assert.ok(!/[\u2066-\u2069]/.test(row.label));
    assert.match(row.label, /^ten of (spades|hearts|diamonds|clubs): captured by /);
  }
});

test("two packs: eight rows, each ten twice, the second copy keyed apart", () => {
  const ten = payload("two-packs-1");
  assert.equal(ten.all_tens, 8);
  for (const step of ten.steps) {
    const rows = ledgerRows(step, ten);
    assert.deepEqual(
      rows.map((r) => r.card),
      ["TS", "TS", "TH", "TH", "TD", "TD", "TC", "TC"],
    );
    assert.deepEqual(
      rows.map((r) => r.key),
      ["TS", "TS-2", "TH", "TH-2", "TD", "TD-2", "TC", "TC-2"],
    );
  }
  const end = ten.steps[ten.main_line[ten.main_line.length - 1]];
  const held = ["AC", "BD"].map((team) => ledgerRows(end, ten).filter((r) => r.team === team).length);
  assert.deepEqual(held, end.tens);
});

test("from one seat's view (the quiz's) a ten in another hand is not said to be there", () => {
  const start = worked.steps[0];
  const rows = ledgerRows(start, worked, "A");
  start.ledger.forEach((entry, i) => {
    const row = rows[i];
    if (entry.holder === "A") {
      assert.equal(row.text, entry.text); // A's own ten: A knows it
    } else {
      assert.equal(row.text, "not played yet, in a hand A cannot see");
      assert.equal(row.team, null);
      assert.ok(!row.label.includes(entry.text));
    }
  });
  assert.ok(start.ledger.some((entry) => entry.holder !== "A"));
  assert.ok(start.ledger.some((entry) => entry.holder === "A"));
});
