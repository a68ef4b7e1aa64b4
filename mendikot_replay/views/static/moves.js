// mendikot-replay: the move list of the analysis board.
//
// An ES module of the page (board.js and controls.js import `buildMoves`, `drawMoves`,
// `enterVariation`, `leaveVariation`); its rows come from tree.js's `trickRows`. The list (data-testid="mr-moves") shows the tricks of the main line as rows —
// the trick's number, its leader, its cards, the winner and the tens it took — and under a
// row the variations that replace one of its cards (a <details open> each, collapsible),
// each drawn the same way, recursively. Every card in it is a button with data-card,
// data-node and an aria-label ("trick 4, C plays king of spades"); a click goes to that
// node (the line shown becomes the line through it). A line that ends the deal shows its
// result; cards that cannot be replayed (the payload's `dead_ends`) are shown greyed, with
// the error, and cannot be stepped to.
//
// Built once per payload (`buildMoves`); on a step `drawMoves` only moves the highlight
// (class mr-mv-here and aria-current="step" on the card shown) and, when the line shown
// changes, marks its cards (class mr-mv-online): the list is never rebuilt to step.
//
// Keys (also the buttons in the list's head, mr-var-in and mr-var-out):
//   Shift+ArrowRight  enter the next variation on the line shown, from the card shown on
//                     (again at the same place: the variation after it);
//   Shift+ArrowLeft   leave the variation: back to the card before the one it replaces,
//                     on the line it branches from.
import { cardName, cardText } from "./cards.js";
import { h } from "./dom.js";
import { rowsOfTricks, trickRows } from "./tree.js";
import { current, goNode, lineOf, nodes, option } from "./state.js";
import { showNotice } from "./editor.js";
import { say } from "./words.js";

/** The move list of the payload (an element for the viewer's body). */
export function buildMoves(view) {
  const parts = view.parts;
  const payload = view.payload;
  const all = nodes(view);
  parts.moveButtons = new Map();
  parts.movesKey = null;
  parts.movesHere = null;
  const dead = new Map();
  for (const entry of payload.dead_ends || []) {
    if (!dead.has(entry.after)) dead.set(entry.after, []);
    dead.get(entry.after).push(entry);
  }
  const ctx = { view, all, dead, buttons: parts.moveButtons };
  const startLabel = payload.position ? say("moves.start_position", { trick: payload.first_trick }) : say("moves.start_label");
  const start = h("button", {
    type: "button",
    class: "mr-mv-start",
    "data-node": "0",
    "aria-label": startLabel,
    title: startLabel,
    text: payload.position ? say("moves.start_trick", { trick: payload.first_trick }) : say("moves.start"),
  });
  parts.moveButtons.set(0, start);
  const first = (all[0].children || [])[0];
  const list = h(
    "div",
    { class: "mr-mv-list" },
    h("div", { class: "mr-mv-startrow" }, start, first === undefined ? movesDeadEnds(ctx, 0) : null),
    first === undefined ? h("p", { class: "mr-dim", text: say("moves.no_card") }) : movesLine(ctx, first, 0),
  );
  list.addEventListener("click", (event) => {
    const btn = event.target.closest("button[data-node]");
    if (btn && list.contains(btn)) goNode(view, Number(btn.dataset.node));
  });
  parts.moveScroll = list;
  parts.moveWhole = { kids: [...list.childNodes], buttons: parts.moveButtons, ctx, start };
  parts.movesMode = "whole";
  parts.varIn = h("button", {
    type: "button",
    class: "mr-btn mr-mv-nav",
    "data-testid": "mr-var-in",
    "aria-label": say("moves.enter_label"),
    "aria-keyshortcuts": "Shift+ArrowRight",
    title: say("moves.enter_title"),
    text: say("moves.enter"),
    onclick: () => enterVariation(view),
  });
  parts.varOut = h("button", {
    type: "button",
    class: "mr-btn mr-mv-nav",
    "data-testid": "mr-var-out",
    "aria-label": say("moves.leave_label"),
    "aria-keyshortcuts": "Shift+ArrowLeft",
    title: say("moves.leave_title"),
    text: say("moves.leave"),
    onclick: () => leaveVariation(view),
  });
  const variations = all.some((s) => !s.main) || (payload.dead_ends || []).length > 0;
  return h(
    "nav",
    {
      class: "mr-box mr-moves",
      "data-testid": "mr-moves",
      "aria-label": say("moves.label"),
      "aria-keyshortcuts": "Shift+ArrowRight Shift+ArrowLeft",
    },
    h(
      "div",
      { class: "mr-mv-head" },
      h("span", { class: "mr-boxtitle", text: say("moves.title") }),
      h("span", { class: "mr-mv-tools" }, parts.varIn, parts.varOut),
    ),
    h("div", {
      class: "mr-mv-hint mr-dim",
      text: say(variations ? "moves.hint_variations" : "moves.hint"),
    }),
    list,
  );
}

/** The line that starts with node `first` (then first children to its end), as rows of
 * tricks, at variation depth `depth`. */
function movesLine(ctx, first, depth) {
  const rows = trickRows(ctx.all, first);
  return h(
    "ol",
    { class: "mr-mv-line", "data-depth": String(depth) },
    rows.map((row, r) => movesRow(ctx, row, r === 0, r === rows.length - 1, depth)),
  );
}

function movesRow(ctx, row, first, last, depth) {
  const { all, view } = ctx;
  const payload = view.payload;
  const head = all[row.ids[0]];
  const end = all[row.ids[row.ids.length - 1]];
  const li = h("li", { class: "mr-mv-row", "data-trick": String(row.trick) });
  li.append(h("span", { class: "mr-mv-num", text: `${row.trick}.` }));
  li.append(h("span", { class: "mr-mv-lead", title: say("moves.leads", { seat: head.leader, trick: row.trick }), text: `${head.leader}:` }));
  // The cards of the trick played before this row's first card: the position's own (the
  // start of the main line), or those of the line a variation branches from ("…").
  const before = head.table.slice(0, Math.max(0, head.table.length - 1));
  if (before.length && depth === 0 && first) {
    for (const [seat, card] of before) {
      const label = say("moves.before_position", { seat, card: cardName(card) });
      li.append(h("span", { class: `mr-mv-pre mr-suit-${card[1]}`, title: label, "aria-label": label, role: "img", text: cardText(card) }));
    }
  } else if (before.length) {
    li.append(h("span", { class: "mr-mv-more", title: say("moves.after", { cards: before.map(([s, c]) => `${s} ${cardText(c)}`).join(", ") }), text: "\u2026" }));
  }
  for (const id of row.ids) li.append(movesCard(ctx, id));
  if (end.winner) {
    const team = payload.teams[end.winner];
    const label = say("moves.wins", { seat: end.winner, side: payload.team_labels[team] });
    li.append(h("span", { class: `mr-mv-win mr-team-${team}`, title: label, "aria-label": label, text: `\u2192${end.winner}` }));
    const taken = end.collected;
    if (taken && taken.tens && taken.tens.length) {
      const side = payload.team_labels[taken.team] || taken.team;
      const words = say("moves.take", { side, tens: taken.tens.map(cardText).join(" ") });
      li.append(h("span", { class: `mr-mv-tens mr-team-${taken.team}`, title: words, "aria-label": words, text: taken.tens.map(cardText).join(" ") }));
    } else if (payload.capture === "Dehla" && (!taken || !taken.tricks)) {
      li.append(h("span", { class: "mr-mv-pile", title: say("board.trick.to_pile"), text: say("moves.pile") }));
    }
  } else {
    const tens = row.ids.map((id) => all[id].card.card).filter((c) => c[0] === "T");
    if (tens.length) {
      const words = say("moves.on_table", { tens: tens.map(cardText).join(" ") });
      li.append(h("span", { class: "mr-mv-tens", title: words, "aria-label": words, text: tens.map(cardText).join(" ") }));
    }
  }
  if (last && !(end.children || []).length) {
    if (end.result) {
      li.append(h("span", { class: "mr-mv-result", "data-result": end.result.tag, title: end.result.text, text: resultShort(end.result) }));
    }
    const stops = movesDeadEnds(ctx, end.id);
    if (stops) li.append(stops);
  }
  // The variations that replace a card of this row, and the cards that could not be
  // replayed in their place (not in a quiz's list: they would answer it).
  if (ctx.quiz) return li;
  const branches = [];
  for (const id of row.ids) {
    const parent = all[id].parent;
    const siblings = all[parent].children || [];
    if (siblings[0] !== id) continue;
    for (const other of siblings.slice(1)) branches.push(movesVariation(ctx, other, id, depth));
    const stops = movesDeadEnds(ctx, parent);
    if (stops) branches.push(stops);
  }
  if (branches.length) li.append(h("div", { class: "mr-mv-vars" }, branches));
  return li;
}

/** The button of one card of the list. */
function movesCard(ctx, id) {
  const step = ctx.all[id];
  const card = step.card;
  const notes = step.notes || {};
  const glyph = notes.glyph || null;
  const noted = (notes.comments || []).length + (notes.points || []).length + (notes.nags || []).length > 0;
  let label = say("moves.card", { trick: step.trick, seat: card.seat, card: cardName(card.card) });
  if (card.asked) label = say("moves.card_asking", { label });
  if (card.trump) label = say("board.trick.trump", { label });
  if (glyph) label = say("moves.card_glyph", { label, glyph });
  if (noted) label = say("moves.card_annotated", { label });
  const btn = h(
    "button",
    {
      type: "button",
      class: `mr-mv-card mr-suit-${card.card[1]}${card.trump ? " mr-mv-trump" : ""}${step.main ? "" : " mr-mv-side"}`,
      "data-card": card.card,
      "data-node": String(id),
      "aria-label": label,
      title: label,
    },
    card.asked ? h("span", { class: "mr-mv-ask", "aria-hidden": "true", text: "^" }) : null,
    cardText(card.card),
    glyph ? h("span", { class: "mr-mv-glyph", "aria-hidden": "true", text: glyph }) : null,
    noted ? h("span", { class: "mr-mv-noted", "aria-hidden": "true", text: "\u270E" }) : null,
  );
  ctx.buttons.set(id, btn);
  return btn;
}

/** The node at the end of the line that starts with `id`. */
function movesEnd(all, id) {
  let x = id;
  for (let n = 0; (all[x].children || []).length && n <= all.length; n++) x = all[x].children[0];
  return all[x];
}

/** A result in a few words, as the list ends a line with it ("A/C win", "tie"). */
function resultShort(result) {
  if (!result.winner) return say("result.short.tie");
  return say(`result.short.${result.kind}`, { side: result.winner });
}

/** A variation: node `other` in place of node `replaced`, collapsible. */
function movesVariation(ctx, other, replaced, depth) {
  const { all } = ctx;
  const step = all[other];
  const instead = all[replaced].card;
  const end = movesEnd(all, other);
  const summary = h(
    "summary",
    { class: "mr-mv-varhead" },
    say("moves.instead", { seat: step.card.seat, card: cardText(step.card.card), replaced: cardText(instead.card) }),
    end.result ? [" ", h("span", { class: "mr-mv-result", "data-result": end.result.tag, title: end.result.text, text: resultShort(end.result) })] : null,
  );
  return h(
    "details",
    { class: "mr-mv-var", open: true, "data-node": String(other), "data-depth": String(depth + 1) },
    summary,
    movesLine(ctx, other, depth + 1),
  );
}

/** The cards that could not be replayed after node `after`, greyed, with the error; or
 * null when there are none. */
function movesDeadEnds(ctx, after) {
  const entries = ctx.dead.get(after);
  if (!entries || !entries.length) return null;
  return h(
    "div",
    { class: "mr-mv-deads" },
    entries.map((entry) =>
      h(
        "div",
        { class: "mr-mv-dead", title: entry.error, "aria-label": say("moves.dead_label", { cards: entry.cards.join(" "), error: entry.error }) },
        h("span", { class: "mr-mv-deadmark", "aria-hidden": "true", text: "\u2717" }),
        " ",
        entry.cards.map((c, i) => [i ? " " : null, h("span", { class: "mr-mv-deadcard", text: c.length === 2 ? cardText(c) : c })]),
        " ",
        h("span", { class: "mr-mv-deaderror", text: say("moves.dead", { error: entry.error }) }),
      ),
    ),
  );
}

/** While a quiz is on, the list holds the cards of the line shown up to the card shown and
 * nothing after it, no variation either (lichess hides what comes next the same way): the
 * rest appears card by card as the quiz goes on. Off again, the whole list is back. */
function quizList(view) {
  const parts = view.parts;
  const whole = parts.moveWhole;
  const line = lineOf(view);
  const k = current(view);
  const mode = option(view, "quiz_seat", "") ? `quiz|${line.key}|${k}` : "whole";
  if (parts.movesMode === mode) return;
  parts.movesMode = mode;
  parts.movesKey = null;
  parts.movesHere = null;
  if (mode === "whole") {
    parts.moveScroll.replaceChildren(...whole.kids);
    parts.moveButtons = whole.buttons;
    return;
  }
  const start = whole.start.cloneNode(true);
  const buttons = new Map([[0, start]]);
  const ctx = { ...whole.ctx, buttons, quiz: true };
  const rows = rowsOfTricks(nodes(view), line.ids.slice(1, k + 1));
  const shown = h("ol", { class: "mr-mv-line", "data-depth": "0" }, rows.map((row, r) => movesRow(ctx, row, r === 0, false, 0)));
  const hint = h("p", { class: "mr-dim", "data-testid": "mr-moves-quiz", text: say("moves.quiz_later") });
  parts.moveScroll.replaceChildren(h("div", { class: "mr-mv-startrow" }, start), shown, hint);
  parts.moveButtons = buttons;
}

/** Move the highlight to the node shown (and mark the line shown when it changed). */
export function drawMoves(view) {
  const parts = view.parts;
  if (!parts.moveButtons) return;
  quizList(view);
  const buttons = parts.moveButtons;
  const line = lineOf(view);
  const id = line.ids[current(view)];
  if (parts.movesKey !== line.key) {
    parts.movesKey = line.key;
    for (const [node, btn] of buttons) btn.classList.toggle("mr-mv-online", line.set.has(node));
  }
  if (parts.movesHere !== id) {
    const old = buttons.get(parts.movesHere);
    if (old) {
      old.classList.remove("mr-mv-here");
      old.removeAttribute("aria-current");
    }
    const btn = buttons.get(id);
    if (btn) {
      btn.classList.add("mr-mv-here");
      btn.setAttribute("aria-current", "step");
      for (let d = btn.closest("details"); d; d = d.parentElement && d.parentElement.closest("details")) d.open = true;
      movesKeepInView(parts.moves, btn);
    }
    parts.movesHere = id;
  }
  const quiz = parts.movesMode !== "whole";
  parts.varIn.disabled = quiz || nextVariation(view) === null;
  parts.varOut.disabled = quiz || branchOf(view) === null;
}

/** Scroll the list (not the page) so that the card shown is in it: after the frame is
 * drawn, so that the step's own draw does not wait for a layout. */
function movesKeepInView(section, btn) {
  if (typeof requestAnimationFrame !== "function") return;
  requestAnimationFrame(() => {
    for (let box = btn.parentElement; box && section && section.contains(box); box = box.parentElement) {
      if (box.scrollHeight <= box.clientHeight + 1) continue;
      const overflow = getComputedStyle(box).overflowY;
      if (overflow !== "auto" && overflow !== "scroll") continue;
      const outer = box.getBoundingClientRect();
      const inner = btn.getBoundingClientRect();
      if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top + 8;
      else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + 8;
      return;
    }
  });
}

/** The variation Shift+ArrowRight enters: at the first card from the one shown on where
 * the line shown has an alternative after the child it follows. Null when there is none. */
function nextVariation(view) {
  const all = nodes(view);
  const line = lineOf(view);
  for (let j = current(view); j < line.ids.length - 1; j++) {
    const kids = all[line.ids[j]].children || [];
    if (kids.length < 2) continue;
    const at = kids.indexOf(line.ids[j + 1]);
    if (at >= 0 && at + 1 < kids.length) return kids[at + 1];
  }
  return null;
}

/** The node where the innermost variation holding the card shown branches off (the card
 * before the one it replaces), or null on the main line. */
function branchOf(view) {
  const all = nodes(view);
  const line = lineOf(view);
  for (let i = current(view); i >= 1; i--) {
    const id = line.ids[i];
    const parent = all[id].parent;
    if ((all[parent].children || [])[0] !== id) return parent;
  }
  return null;
}

export function enterVariation(view) {
  const id = nextVariation(view);
  if (id === null) showNotice(view, "info", say("moves.no_variation"));
  else goNode(view, id);
}

export function leaveVariation(view) {
  const id = branchOf(view);
  if (id === null) showNotice(view, "info", say("moves.main_line"));
  else goNode(view, id);
}
