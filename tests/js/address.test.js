// What the site's address asks for, read strictly (views/site/address.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { decoded, draftLabel, freeName, linkedFile, sameBytes, wholeNumber } from "../../mendikot_replay/views/site/address.js";

const HERE = "https://club.example/mendikot/index.html";

test("a number from an address is ASCII digits in a range, nothing else", () => {
  assert.equal(wholeNumber("12"), 12);
  assert.equal(wholeNumber("0"), 0);
  for (const bad of ["1e400", "-1", " 2", "2.0", "", "\u0661", "\uff11", "0x10", "1234567890", null, 3]) {
    assert.equal(wholeNumber(bad), null, JSON.stringify(bad));
  }
  assert.equal(wholeNumber("0", 1), null);
  assert.equal(wholeNumber("10", 1, 9), null);
});

test("a piece of an address decodes, or stays as it is", () => {
  assert.equal(decoded("club%20night.pmn"), "club night.pmn");
  assert.equal(decoded("%"), "%");
  assert.equal(decoded("%E0%A4"), "%E0%A4"); // half a character: no exception
});

test("?file= opens a relative address on this site, with its deal", () => {
  assert.equal(linkedFile("", HERE), null);
  assert.equal(linkedFile("?deal=2", HERE), null);
  assert.deepEqual(linkedFile("?file=games/club%20night.pmn&deal=3", HERE), {
    url: "https://club.example/mendikot/games/club%20night.pmn",
    name: "club night.pmn",
    deal: 3,
  });
  assert.deepEqual(linkedFile("?pmn=/other/deals.pmn", HERE), {
    url: "https://club.example/other/deals.pmn",
    name: "deals.pmn",
    deal: 1,
  });
  assert.equal(linkedFile("?file=%25", HERE).name, "%");
});

test("?file= refuses another host and other schemes with a sentence", () => {
  for (const address of [
    "http://evil.example/x.pmn",
    "https://club.example/x.pmn", // absolute, even on this host: relative addresses only
    "//evil.example/x.pmn",
    "\\\\evil.example\\x.pmn",
    "data:text/plain,hello",
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "file:///etc/passwd",
  ]) {
    const refused = linkedFile(`?file=${encodeURIComponent(address)}`, HERE);
    assert.ok(refused && refused.error, address);
    assert.match(refused.error, /is not a file of this site/, address);
    assert.ok(!("url" in refused), address);
  }
});

test("a deal number that is not one is refused with a sentence", () => {
  for (const deal of ["1e400", "0", "-2", "%D9%A1", "two"]) {
    const refused = linkedFile(`?file=games/a.pmn&deal=${deal}`, HERE);
    assert.match(refused.error, /is not a deal number/, deal);
  }
});

test("a draft's label tells it from another tab's", () => {
  const label = draftLabel({ name: "games.pmn", names: ["Asha", "Bilal"], cards: 12, updated: Date.UTC(2026, 11, 7, 19, 10) }, "en-GB");
  assert.match(label, /^Resume the unsaved deal: games\.pmn · Asha, Bilal · 12 cards · /);
  assert.match(draftLabel({ name: "g.pmn", cards: 1 }), /1 card$/);
  // a tampered draft: whatever its fields hold, a label and no exception
  assert.match(draftLabel({ names: "<b>", cards: "x", updated: "soon" }), /games\.pmn · 0 cards$/);
});

test("a kept file never takes another's name", () => {
  assert.equal(freeName("games.pmn", new Set()), "games.pmn");
  assert.equal(freeName("games.pmn", new Set(["games.pmn", "games-2.pmn"])), "games-3.pmn");
  assert.equal(freeName("notes", new Set(["notes"])), "notes-2");
  assert.ok(sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2])));
  assert.ok(!sameBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3])));
  assert.ok(!sameBytes(null, new Uint8Array()));
});
