// The notes: the annotated cards of the line (points and comments), a card's notes, and
// the variations that branch off here.

import { argsText, cardName, cardText, seatCard } from "./cards.js";
import { bdi, cardFace, h } from "./dom.js";
import { noteCount } from "./tree.js";
import { current, go, goNode, lineOf, nodes, option, who } from "./state.js";
import { say, sayList } from "./words.js";

/** The jump list of the line shown: one button per annotated card (remade when the line
 * changes, not on every step). */
export function drawPoints(view, line) {
  const parts = view.parts;
  // a quiz: the annotated cards up to the card shown (a later one's comment answers it)
  const upTo = option(view, "quiz_seat", "") ? current(view) : Infinity;
  const key = `${line.key}|${upTo}`;
  if (parts.pointsKey === key) return;
  parts.pointsKey = key;
  const all = nodes(view);
  parts.pointButtons = [];
  const items = [];
  for (const k of line.noteSteps.filter((step) => step <= upTo)) {
    const id = line.ids[k];
    const step = all[id];
    const notes = step.notes;
    const badges = [];
    if (notes.glyph) badges.push(h("span", { class: "mr-glyph", text: notes.glyph }));
    for (const point of notes.points || []) {
      const args = argsText((point.args || []).join(" "));
      badges.push(h("span", { class: "mr-badge mr-badge-point" }, "\u2605 ", bdi(point.kind), args ? [" ", bdi(args)] : null));
    }
    for (const nag of notes.nags || []) {
      const text = `$${nag.nag} ${nag.text || ""}`.trim();
      badges.push(h("span", { class: "mr-badge", title: text, text: `$${nag.nag}` }));
    }
    const words = notes.comments || [];
    const btn = h(
      "button",
      {
        type: "button",
        class: "mr-point",
        "data-step": String(k),
        "data-node": String(id),
        title: words.join(" "),
        onclick: () => go(view, k),
      },
      h("span", { class: "mr-pointwhere", text: say("board.notes.point", { card: k, played: seatCard(step.card.seat, step.card.card) }) }),
      " ",
      ...badges.flatMap((b) => [b, " "]),
      h("span", { class: "mr-pointtext" }, words.flatMap((w, i) => (i ? [" ", bdi(w)] : [bdi(w)]))),
    );
    parts.pointButtons.push(btn);
    items.push(h("li", null, btn));
  }
  parts.pointList.replaceChildren(...items);
  parts.pointList.hidden = !items.length;
  const dealNotes = (view.payload.deal_comments || []).length > 0;
  // With no annotated card, the deal's own comment (shown below) stands instead; in a
  // quiz, those of the cards to come are not said to be none.
  parts.pointEmpty.hidden = items.length > 0 || dealNotes;
  parts.pointEmpty.textContent =
    upTo === Infinity ? say("board.notes.none") : say("board.notes.quiz_later");
  const mainOnly = lineOf(view).ids.every((id) => nodes(view)[id].main);
  parts.pointSummary.textContent = say(mainOnly ? "board.notes.summary" : "board.notes.summary_line", { count: items.length });
}

export function drawNotes(view, step, k) {
  const payload = view.payload;
  const box = view.parts.notes;
  const kids = [h("div", { class: "mr-boxtitle", text: say("board.notes.title") })];
  if (step.id === 0) {
    for (const c of payload.deal_comments || []) kids.push(h("p", { class: "mr-comment" }, bdi(c)));
  }
  const card = step.card;
  const notes = step.notes || { comments: [], points: [], nags: [], glyph: null };
  if (card) {
    const head = h("div", { class: "mr-notehead" }, who(payload, card.seat), " ", cardFace(card.card, "mr-mini"));
    if (notes.glyph) head.append(h("span", { class: "mr-glyph", text: notes.glyph }));
    const flags = [];
    if (card.trump) flags.push(say("board.flag.trump"));
    if (card.revealed) flags.push(say(card.asked ? "board.flag.asked" : "board.flag.revealed"));
    if (card.named) flags.push(say("board.flag.named"));
    if (card.revoke) flags.push(say("board.flag.revoke"));
    if (!card.followed) flags.push(say("board.flag.not_followed"));
    if (flags.length) {
      head.append(h("span", { class: "mr-dim", text: ` ${say("board.flags", { flags: sayList(flags) })}` }));
    }
    kids.push(head);
    for (const nag of notes.nags || []) {
      kids.push(h("div", { class: "mr-nag" }, h("span", { class: "mr-badge", text: `$${nag.nag}` }), " ", nag.text));
    }
    for (const point of notes.points || []) {
      kids.push(
        h("div", { class: "mr-pointnote" }, h("span", { class: "mr-badge mr-badge-point" }, "\u2605 ", bdi(point.kind)), " ", bdi(argsText(point.args.join(" ")))),
      );
    }
    for (const c of notes.comments || []) kids.push(h("p", { class: "mr-comment" }, bdi(c)));
    for (const c of notes.commands || []) kids.push(h("div", { class: "mr-dim" }, bdi(c.name), ": ", bdi(c.args)));
  }
  if (kids.length === 1 || (card && kids.length === 2)) kids.push(h("p", { class: "mr-dim", text: say("board.notes.empty") }));
  const alternatives = alternativesHere(view, step);
  if (alternatives) kids.push(alternatives);
  box.dataset.count = String(card ? noteCount(notes) : (payload.deal_comments || []).length);
  box.replaceChildren(...kids);
}

/** The variations of the tree that replace the card shown (its siblings), as buttons that
 * go there: "instead: 9♠ (BD win)". */
function alternativesHere(view, step) {
  const all = nodes(view);
  if (step.parent === null || step.parent === undefined) return null;
  const siblings = (all[step.parent].children || []).filter((c) => c !== step.id);
  if (!siblings.length) return null;
  return h(
    "div",
    { class: "mr-variation" },
    `${say(step.main ? "board.alt.instead" : "board.alt.others")} `,
    ...siblings.flatMap((c, i) => {
      const other = all[c];
      const label = say("board.alt.go", { seat: other.card.seat, card: cardName(other.card.card) });
      const btn = h("button", {
        type: "button",
        class: "mr-btn mr-altbtn",
        "data-card": other.card.card,
        "data-node": String(c),
        "aria-label": label,
        title: label,
        text: say(other.main ? "board.alt.card_main" : "board.alt.card", { seat: other.card.seat, card: cardText(other.card.card) }),
        onclick: () => goNode(view, c),
      });
      return i ? [" ", btn] : [btn];
    }),
  );
}
