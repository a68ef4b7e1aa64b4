// mendikot-replay: building the page's elements — `h`, user text in <bdi>, card faces.
// User text is always put in with textContent or text nodes, never parsed as markup.

import { balanced, cardName, rankText, sentencePieces, SUIT_SIGN } from "./cards.js";
import { say } from "./words.js";

/** Build an element. `attrs` values that are null/undefined/false are skipped; `text` sets
 * textContent; `on*` adds a listener; every other key is an attribute. Children may be
 * nodes or strings (strings become text nodes: never parsed as HTML). */
export function h(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on") && typeof value === "function") {
        node.addEventListener(key.slice(2), value);
      } else node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : String(kid));
  }
  return node;
}

/** User text in a <bdi> (isolated from the text direction around it; its own isolates
 * balanced first, see `balanced`). */
/** `el.replaceChildren(...kids)`, skipping null, undefined and false kids as `h` does
 * (replaceChildren would write a null as the text "null"); nested lists are flattened. */
export function fill(el, ...kids) {
  el.replaceChildren(...kids.flat(Infinity).filter((kid) => kid !== null && kid !== undefined && kid !== false));
}

export function bdi(text, attrs) {
  return h("bdi", { ...(attrs || {}), text: balanced(text) });
}

/** A sentence of the payload as nodes: its plain text as text, each piece of user text
 * (FSI … PDI) as a <bdi>. */
export function sentence(text) {
  return sentencePieces(text).map(([piece, user]) => (user ? bdi(piece) : piece));
}

/** A card face. `extra` adds classes; `label` overrides the accessible name. */
export function cardFace(card, extra, label) {
  return h(
    "span",
    {
      class: `mr-card mr-suit-${card[1]}${extra ? " " + extra : ""}`,
      "data-card": card,
      role: "img",
      "aria-label": label || cardName(card),
    },
    h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(card) }),
    h("span", { class: "mr-sign", "aria-hidden": "true", text: SUIT_SIGN[card[1]] }),
  );
}

export function cardBack(label) {
  return h("span", { class: "mr-card mr-back", role: "img", "aria-label": label || say("board.card.back") });
}
