// Cards and sentences as text (cards.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { balanced, cardName, cardText, clamp, packColumns, packPlaces, sentencePieces, stillHeld } from "../../mendikot_replay/views/static/cards.js";

test("a card reads as a player says it, and shows its suit sign", () => {
  assert.equal(cardName("TH"), "ten of hearts");
  assert.equal(cardName("AS"), "ace of spades");
  assert.equal(cardText("TH"), "10\u2665");
  assert.equal(cardText("--"), "--");
  assert.equal(cardName(""), "unknown card");
});

test("user text in a sentence is cut out as its own piece", () => {
  assert.deepEqual(sentencePieces("captured by \u2068Asha\u2069 in trick 5"), [
    ["captured by ", false],
    ["Asha", true],
    [" in trick 5", false],
  ]);
  // an override inside a name stays inside its piece
  assert.deepEqual(sentencePieces("\u2068Asha\u202e\u2069 leads"), [
    ["Asha\u202e", true],
    [" leads", false],
  ]);
  // a piece left open still ends as a piece of its own
  assert.deepEqual(sentencePieces("by \u2068Asha"), [
    ["by ", false],
    ["Asha", true],
  ]);
});

test("a name's own isolates are balanced before it is isolated", () => {
  assert.equal(balanced("Asha\u2069 evil"), "Asha evil");
  assert.equal(balanced("\u2067Asha"), "\u2067Asha\u2069");
});

test("steps", () => {
  assert.equal(clamp(99, 5), 4);
  assert.equal(clamp(-3, 5), 0);
  assert.equal(clamp(Number.NaN, 5), 0);
});

test("a hand holding a card twice (two packs) shows one copy played once one is", () => {
  assert.deepEqual(stillHeld(["AS", "7S", "7S", "2C"], ["7S", "2C"]), [false, true, false, true]);
  assert.deepEqual(stillHeld(["7S", "7S"], ["7S", "7S"]), [true, true]);
  assert.deepEqual(stillHeld(["7S", "7S"], []), [false, false]);
});

test("the recorder's pack has a place for each copy of a card, the dealt one first", () => {
  const order = (c) => "SHDC".indexOf(c[1]) * 16 + "AKQJT98765432".indexOf(c[0]);
  assert.deepEqual(packPlaces(["7S", "AH"], { A: ["7S"], B: ["KS"] }, order), [
    ["KS", "B"],
    ["7S", "A"],
    ["7S", null],
    ["AH", null],
  ]);
  assert.deepEqual(packPlaces(["7S", "7S"], {}, order), [
    ["7S", null],
    ["7S", null],
  ]);
});

test("the pack's rows: one pack's suit in one row or two, two packs' in two or four", () => {
  assert.equal(packColumns(13, 13), 13);
  assert.equal(packColumns(13, 7), 7);
  assert.equal(packColumns(26, 13), 13);
  assert.equal(packColumns(25, 7), 7);
  assert.equal(packColumns(24, 7), 6);
  assert.equal(packColumns(0, 7), 1);
});
