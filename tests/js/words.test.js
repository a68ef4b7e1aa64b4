// The page's words (words.js): the one catalog's English, a language's translations when
// the session sends them, placeholders filled, plural forms by the language's rule; and
// every message the page's modules ask for is in the catalog.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import english from "../../mendikot_replay/views/static/messages.js";
import { cardName, rankWord, statusWord, suitWord, valueWord } from "../../mendikot_replay/views/static/cards.js";
import { say, sayCount, useWords } from "../../mendikot_replay/views/static/words.js";

test("English is the source, its placeholders filled", () => {
  useWords({});
  assert.equal(say("suit.hearts"), "hearts");
  assert.equal(say("step.to_play", { who: "A" }), "A to play");
  assert.equal(cardName("TH"), "ten of hearts");
  assert.equal(cardName("AS"), "ace of spades");
  assert.equal(statusWord("hand"), "still out");
  assert.equal(valueWord(2), "mendikot");
  assert.equal(rankWord("7"), "seven");
});

test("a language the session sends is spoken, and what it lacks is English", () => {
  useWords({ $lang: "hi", "suit.hearts": "पान", "card.name": "{suit} का {rank}" });
  assert.equal(suitWord("H"), "पान");
  assert.equal(cardName("TH"), "पान का ten");
  useWords({});
  assert.equal(suitWord("H"), "hearts");
});

test("the number picks the plural form, by the language's rule", () => {
  useWords({});
  assert.equal(sayCount("show.pile_tricks", 1), "1 trick in the pile");
  assert.equal(sayCount("show.pile_tricks", 0), "0 tricks in the pile");
  useWords({ $lang: "hi", "show.pile_tricks": ["{count} one", "{count} many"] });
  assert.equal(sayCount("show.pile_tricks", 0), "0 one"); // Hindi: 0 and 1 take the singular
  assert.equal(sayCount("show.pile_tricks", 2), "2 many");
  useWords({ $lang: "qps", "show.pile_tricks": ["⟦{count}⟧", "⟦{count}s⟧"] }); // no rule: English's
  assert.equal(sayCount("show.pile_tricks", 3), "⟦3s⟧");
  useWords({});
});

test("an identifier the catalog lacks is shown as it is, not hidden", () => {
  assert.equal(say("no.such.message"), "no.such.message");
});

const folder = new URL("../../mendikot_replay/views/static/", import.meta.url);
const modules = readdirSync(folder).filter((n) => n.endsWith(".js") && n !== "messages.js");

test("every message the page asks for is in the catalog", () => {
  const known = new Set([...Object.keys(english.messages), ...Object.keys(english.plurals)]);
  let asked = 0;
  for (const name of modules) {
    const text = readFileSync(new URL(name, folder), "utf8");
    for (const m of text.matchAll(/\bsay(?:Count)?\(\s*"([\w.-]+)"/g)) {
      asked += 1;
      assert.ok(known.has(m[1]), `${name} asks for ${m[1]}, which the catalog does not have`);
    }
    for (const m of text.matchAll(/\bsay(?:Count)?\(\s*`([\w.-]+)\$\{/g)) {
      asked += 1;
      assert.ok([...known].some((id) => id.startsWith(m[1])), `${name} asks for ${m[1]}…, which the catalog does not have`);
    }
  }
  assert.ok(asked >= 4, `only ${asked} messages found: the reader lost them`);
});
