// mendikot-replay: cards, suits and sentences as text — the pure helpers every part of the
// page shares (no DOM: unit-tested with Node's test runner, tests/js/).

import { say } from "./words.js";

export const SUIT_SIGN = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
export const SUIT_ORDER = ["S", "H", "D", "C"];
const SUIT_ID = { S: "suit.spades", H: "suit.hearts", D: "suit.diamonds", C: "suit.clubs" };
const RANK_NUMBER = { A: 14, K: 13, Q: 12, J: 11, T: 10 };

/** A suit by its letter, as a sentence names it ("hearts"), in the language in force. */
export function suitWord(suit) {
  return SUIT_ID[suit] ? say(SUIT_ID[suit]) : String(suit);
}

/** A rank by its letter, as a player says it ("ace", "ten", "seven"). */
export function rankWord(rank) {
  const number = RANK_NUMBER[rank] || Number(rank);
  return number >= 2 && number <= 14 ? say(`rank.${number}`) : String(rank);
}

/** Where a ten is, in one word or two ("captured", "still out"): the ledger's status. */
export function statusWord(status) {
  return ["hand", "table", "pile", "captured", "gone"].includes(status) ? say(`ten.status.${status}`) : String(status);
}

/** A double-dummy value's level (1 win, 2 mendikot, 3 whitewash), in a word. */
export function valueWord(level) {
  return [1, 2, 3].includes(Number(level)) ? say(`value.${level}`) : String(level);
}
export const ASK = "^T"; // PMN's prefix of a card that asks for the closed trump (version B)

export const FSI = "\u2068";
export const PDI = "\u2069";
const ISOLATE_OPENERS = "\u2066\u2067\u2068"; // LRI, RLI, FSI

/** User text with its isolates balanced, as `user_text.isolate` balances them: a PDI of
 * the text's own that closes nothing would end a <bdi>'s isolation early (and let an
 * override after it reach the words that follow), so it is dropped; an isolate left open
 * is closed. */
export function balanced(text) {
  let depth = 0;
  let kept = "";
  for (const ch of String(text)) {
    if (ISOLATE_OPENERS.includes(ch)) depth += 1;
    else if (ch === PDI) {
      if (!depth) continue;
      depth -= 1;
    }
    kept += ch;
  }
  return kept + PDI.repeat(depth);
}

/** A sentence of the payload cut into pieces: `[text, user]`, the plain text as it is and
 * each FSI … PDI piece (user text, wrapped by `user_text.isolate`) without the two marks. */
export function sentencePieces(text) {
  const pieces = [];
  let plain = "";
  let piece = "";
  let depth = 0;
  for (const ch of String(text)) {
    if (!depth) {
      if (ch === FSI) {
        depth = 1;
        piece = "";
      } else plain += ch;
      continue;
    }
    if (ISOLATE_OPENERS.includes(ch)) depth += 1;
    else if (ch === PDI && --depth === 0) {
      if (plain) pieces.push([plain, false]);
      pieces.push([piece, true]);
      plain = "";
      continue;
    }
    piece += ch;
  }
  if (depth) {
    if (plain) pieces.push([plain, false]);
    pieces.push([piece, true]);
  } else if (plain) pieces.push([plain, false]);
  return pieces;
}

/** A sentence of the payload as a plain string (for an ARIA label: read out, never laid
 * out), without its isolation marks. */
export function plainText(text) {
  return String(text).replace(/[\u2066-\u2069]/g, "");
}

export function rankText(card) {
  return card[0] === "T" ? "10" : card[0];
}

/** "ten of hearts": what a screen reader says for a card. */
export function cardName(card) {
  if (!card || card.length !== 2) return say("board.card.unknown");
  return say("card.name", { rank: rankWord(card[0]), suit: suitWord(card[1]) });
}

/** "10♥": a card as text, suit sign always shown ("--": a card not known). */
export function cardText(card) {
  return card && card.length === 2 && SUIT_SIGN[card[1]] ? rankText(card) + SUIT_SIGN[card[1]] : "--";
}

/** "C 10♥": how a text refers to the card of a step. */
export function seatCard(seat, card) {
  return `${seat} ${cardText(card)}`;
}

/** Replace the `[%…]`-free point arguments' card codes by card texts for reading. */
export function argsText(text) {
  return String(text).replace(/\b([AKQJT2-9])([SHDC])\b/g, (_, r, s) => cardText(r + s));
}

export function clamp(k, n) {
  if (!Number.isFinite(k)) return 0;
  return Math.max(0, Math.min(n - 1, Math.trunc(k)));
}

export function firstAfter(list, k) {
  for (const x of list) if (x > k) return x;
  return null;
}

export function lastBefore(list, k) {
  let found = null;
  for (const x of list) if (x < k) found = x;
  return found;
}

/** Which of the `shown` cards (a hand as dealt) are still `held`, in order. Counted, not
 * looked up: with two packs a hand may hold 7S twice, and once one is played the other
 * still shows held.
 *
 *     stillHeld(["7S", "7S", "2C"], ["7S"]) → [true, false, false] */
export function stillHeld(shown, held) {
  const left = new Map();
  for (const c of held) left.set(c, (left.get(c) || 0) + 1);
  return shown.map((c) => {
    const n = left.get(c) || 0;
    if (n) left.set(c, n - 1);
    return n > 0;
  });
}

/** The recorder's pack as places, one per card of the deck: `[card, seat]` for a card dealt
 * to `seat`, `[card, null]` for one still in the `pack`; with two packs a card has two
 * places (the pack's copy after the dealt one). `order(card)` sorts them. */
export function packPlaces(pack, hands, order) {
  const places = [];
  for (const [seat, hand] of Object.entries(hands || {})) for (const card of hand) places.push([card, seat]);
  for (const card of pack || []) places.push([card, null]);
  return places.sort((a, b) => order(a[0]) - order(b[0]) || (a[1] === null) - (b[1] === null));
}

/** Columns for `n` cards in rows of at most `most`, the rows as even as can be: 13 cards in
 * rows of 7 are 7 and 6; a two-pack suit of 26 in rows of 13 is two rows of 13. */
export function packColumns(n, most) {
  return Math.max(1, Math.ceil(n / Math.max(1, Math.ceil(n / most))));
}
