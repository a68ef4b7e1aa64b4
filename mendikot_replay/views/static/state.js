// The view's shared state and its transitions: the option values, the play tree's nodes, the
// line shown and the place on it, going to a step or a node, and the requests to Python
// (`send`, checked against the session's command list by tests/js/requests.test.js). Every
// panel reads the view through these; none draws here (a move asks `view.redraw`, which
// the board sets).

import { clamp, firstAfter, lastBefore } from "./cards.js";
import { bdi, h } from "./dom.js";
import { lineMarks, lineShown, lineThrough } from "./tree.js";
import { say } from "./words.js";

export function option(view, name, fallback) {
  const value = view.model.get(name);
  return value === undefined || value === null ? fallback : value;
}

/** Every node of the play tree (the payload's steps, by node id). */
export function nodes(view) {
  return (view.payload && view.payload.steps) || [];
}

/** The line shown, and what the navigation needs of it (indices into the path): where its
 * tricks end, where a ten moves, which cards are annotated. Remade only when the payload
 * or the path changes. */
export function lineOf(view) {
  const payload = view.payload;
  const raw = view.model.get("path");
  const cached = view.line;
  if (cached && cached.payload === payload && cached.raw === raw) return cached;
  const ids = lineShown(payload, raw);
  const { trickEnds, tenSteps, noteSteps } = lineMarks(nodes(view), ids);
  const key = ids.join(",");
  view.line = { payload, raw, ids, set: new Set(ids), key, trickEnds, tenSteps, noteSteps };
  return view.line;
}

/** The index shown in the path (`step`, clamped to it). */
export function current(view) {
  const n = lineOf(view).ids.length;
  return n ? clamp(Number(view.model.get("step")), n) : 0;
}

/** The node id shown. */
export function currentNode(view) {
  if (!nodes(view).length) return 0;
  return lineOf(view).ids[current(view)];
}

/** The node at index `k` of the line shown. */
export function stepAt(view, k) {
  const ids = lineOf(view).ids;
  return k >= 0 && k < ids.length ? nodes(view)[ids[k]] : null;
}

/** Ask for index `k` of the line shown: the model's change event redraws (so Python-driven
 * steps and user-driven steps take the same path). */
export function go(view, k) {
  const n = lineOf(view).ids.length;
  if (!n || !nodes(view).length) return;
  const target = clamp(k, n);
  if (target === current(view) && target === view.model.get("step")) return;
  view.model.set("step", target);
  view.model.save_changes();
}

/** Go to node `id` anywhere in the tree: the line shown becomes the line through it. */
export function goNode(view, id) {
  const all = nodes(view);
  if (!Number.isInteger(id) || id < 0 || id >= all.length) return;
  const path = lineThrough(all, id);
  setLine(view, path, path.indexOf(id));
}

/** Set `path` and `step` together: one message to Python, one draw. */
function setLine(view, path, step) {
  const model = view.model;
  view.holding = true;
  try {
    model.set("path", path);
    model.set("step", step);
  } finally {
    view.holding = false;
  }
  model.save_changes();
  view.redraw();
}

export function setOption(view, name, value) {
  view.model.set(name, value);
  view.model.save_changes();
}

/** A kernel is behind the viewer: new cards, the solver's buttons and saving work. */
export function isBoard(view) {
  return Boolean(view.model.get("board")) && typeof view.model.send === "function";
}

/** A message to Python (only on a board); whether it was sent. */
export function send(view, content) {
  if (!isBoard(view)) return false;
  // The payload's revision goes with it: Python refuses a request about an older tree,
  // whose node ids may stand for other cards now.
  view.model.send({ ...content, revision: view.payload.revision });
  return true;
}

export const MOVES = {
  first: (v) => 0,
  last: (v) => lineOf(v).ids.length - 1,
  prev: (v) => current(v) - 1,
  next: (v) => current(v) + 1,
  prevTrick: (v) => lastBefore(lineOf(v).trickEnds, current(v)) ?? 0,
  nextTrick: (v) => firstAfter(lineOf(v).trickEnds, current(v)) ?? lineOf(v).ids.length - 1,
  prevTen: (v) => lastBefore(lineOf(v).tenSteps, current(v)) ?? current(v),
  nextTen: (v) => firstAfter(lineOf(v).tenSteps, current(v)) ?? current(v),
  prevNote: (v) => lastBefore(lineOf(v).noteSteps, current(v)) ?? current(v),
  nextNote: (v) => firstAfter(lineOf(v).noteSteps, current(v)) ?? current(v),
};

export function rulesLine(payload) {
  const bits = [];
  if (payload.rules) bits.push(payload.rules);
  if (payload.dealer) bits.push(say("page.dealer", { dealer: payload.dealer }));
  if (payload.position) bits.push(say("board.position_from", { trick: payload.first_trick }));
  return bits.join(" \u00B7 ");
}
/** "A (Asha)" for the page: one span (a single item where its parent is a flex box), the
 * name in a <bdi>. */
export function who(payload, seat) {
  const name = payload.names[seat];
  return h("span", { class: "mr-who" }, seat, name ? [" (", bdi(name), ")"] : null);
}

/** "A (Asha)" as a plain string, for an ARIA label (read out, never laid out). */
export function whoText(payload, seat) {
  const name = payload.names[seat];
  return name ? say("seat.named", { seat, name }) : seat;
}
