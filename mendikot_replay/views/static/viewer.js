// mendikot-replay: the deal viewer and analysis board that steps through a deal in the
// browser.
//
// The page's entry module. The page's code is ES modules with explicit imports, no
// dependencies, no network: `cards.js` (cards and sentences as text), `tree.js` (the play
// tree and the line shown), `ledger.js` (the tens ledger's rows) — pure, unit-tested by
// Node's test runner (tests/js/) — and `dom.js` (building elements), `moves.js` (the move
// list), `editor.js` (annotations, saving, notices), `entry.js` (dealing and recording),
// `chances.js` (the chances graph and its quiz). `views/html.py` joins them into one module
// (`bundle_modules`: imports dropped, every module after what it imports), so a page is one
// module script and anywidget's `_esm` one string, with no build tool. It is used
// two ways:
//  - as an anywidget front end: `export default { render }`, reading the widget model
//    (traitlets `data`, `path`, `step`, `hidden_seats`, `show_played`, `scale`,
//    `four_color`, `quiz_seat`, `analyse`, `analysis`, `chances`, `chance_graph`,
//    `quiz_grade`, `quiz_odds`, `board`, `dirty`, `file`, `notice`, `recording`) and
//    writing `path`/`step` (and the options) back; with `board` true it sends the
//    messages of the analysis board to Python (`send`: play, best, playout, back,
//    promote, delete, undo; the editor sends comment, glyph, nag, save …;
//    entry mode give, take, select, paste, trump);
//  - with no kernel at all (static HTML, nbconvert, Voila, the shared page of
//    `mendikot-replay html`): `mountStatic(el, payload, options)` gives `render` a tiny
//    in-page model with the same get/set/on/off/save_changes methods (and no `send`).
//
// The payload (version 2) is made by `mendikot_replay/session/payload.py`: `steps` holds every
// node of the play tree (main line and variations; a step's index is its node id, with
// `parent`, `children` — the first continues the line, the others are the variations that
// replace it — `main`, `depth`, `legal`, `asks`), precomputed there, so stepping here is a
// look-up and a small DOM rebuild, never a replay. The viewer shows `path[step]`: `path` is
// the line shown (node ids from 0 to the line's end; missing or invalid: `main_line`),
// `step` an index into it. Stepping moves `step` along the path; going to a node anywhere
// (`goNode`) sets both. The tricks, ten events and annotated cards of the line shown are
// computed here from its steps (`lineOf`), so every button, key, label and jump follows
// the line, variation or not. A version-1 payload (a main line only) is read as a tree
// with no variations.
//
// All user text (names, comments) is put in the page with textContent / text nodes,
// never as markup, so a comment from a file cannot inject any. Each name and comment is
// also in a <bdi> of its own (`bdi`), and the payload's sentences that quote user text (a
// step's `text`, the `subtitle`) carry it wrapped in FSI \u2068 … PDI \u2069 by
// `user_text.isolate`, which `sentence` turns into <bdi> elements: a right-to-left override
// in a name cannot mirror the words around it. The local notices made here follow the same
// rule (a name in them is wrapped in FSI … PDI: show them with `sentence`).
//
// "analyse": the double-dummy solver's values, computed in Python (the widget's
// `analysis` trait, filled node by node while `analyse` is on; or `payload.analysis`,
// embedded whole by `mendikot-replay html`), one entry per node id (see
// `payload.analysis_entry`): every legal card of the player to move is marked
// mr-dd-keep (green, ✓: keeps the best outcome open to its side) or mr-dd-lose (red, ✗),
// with the value in its label and ARIA label; the mr-dd panel gives the position's value;
// the card that led to the node shown is judged from its parent's entry (`moves`), and a
// card that threw the outcome away is marked mr-dd-mistake on the table. With
// `quiz_grade` "double-dummy" (and always in a page without a kernel, which has no
// chances) the quiz grades an answer with the entry of its position (any card that keeps
// the value is right), read even while the toggle is off, and shown only once the answer
// is given; by default a kernel grades it by the chances (chances.js).
//
// "chances": the graph of A/C's single-dummy chances across the main line and the quiz
// graded by the chances are chances.js's (`buildChances`, `drawChances`, `chanceOptions`,
// `quizByChances`, `quizChanceGrade`).
//
// Playing a card (the page contract of the board): the cards in the hand of the player to
// move are buttons (legal ones with the class mr-legal). A click on the next card of the
// line steps on; on a card that starts a variation here, enters it; else, with a kernel
// (`board`), sends {do: "play", at, card, ask}; without one, a local notice. Under the
// closed trump's version B, the "ask for the trump" toggle (mr-ask) makes the next click
// ask for it. A click on another player's card says whose turn it is.
//
// Keys (on the focused viewer): ArrowLeft / ArrowRight a card, ArrowUp / ArrowDown (Page Up /
// Page Down) a trick, Home / End the line's ends, t / Shift+T the next / previous ten event,
// n / Shift+N the next / previous annotated card, Shift+ArrowRight enters the next variation
// on the line shown, Shift+ArrowLeft leaves the variation (to the card where it branches
// off). Keys typed into a text field are the field's.
//
// For the other files of the module: `currentNode(view)` (the node id shown),
// `isBoard(view)` (a kernel behind the viewer), `send(view, content)`, `goNode(view, id)`.
// What they define and this file calls: `buildMoves(view)` / `drawMoves(view)` (moves.js),
// `buildEditor(view)` (an element for the side column, under the notes; once per payload),
// `drawEditor(view, nodeId)` (every draw), `drawNotice(view)` (every draw and on
// `change:notice`) and `showNotice(view, kind, text)` (a local notice) (editor.js);
// `buildEntry(view)` (the whole viewer while `payload.entry` is set: a deal being dealt by
// `mr.new_deal`, no table yet), `buildRecording(view)` (Undo and the recorder's prompt, in
// the board's toolbar) and `drawRecording(view, step, k)` (every draw) (entry.js).
//
// Stable hooks for browser tests (data-testid): mr-viewer (root; data-step = the index in
// the path, data-node = the node id shown, data-last-render-ms), mr-first, mr-prev-trick,
// mr-prev, mr-next, mr-next-trick, mr-last, mr-prev-ten, mr-next-ten, mr-prev-note,
// mr-next-note, mr-slider, mr-step, mr-trick-text (where the step stands: "Trick 4"), mr-line,
// mr-say, mr-seat-A.. (data-hidden, data-seat), mr-toggle-A.., mr-table (the centre of the
// table), mr-trick (inside it: the cards of the trick on the table), mr-trump, mr-counts, mr-count-AC, mr-count-BD,
// mr-pile, mr-ledger, mr-ten-TS.. (data-status), mr-result, mr-notes, mr-points, mr-quiz,
// mr-opt-played, mr-opt-four, mr-opt-large, mr-opt-quiz, mr-opt-analyse, mr-dd
// (data-state, data-value), mr-dd-played; the board: mr-board (its toolbar), mr-back,
// mr-best, mr-playout, mr-promote, mr-delete, mr-ask (aria-pressed); the move list:
// mr-moves, mr-var-in, mr-var-out (moves.js); entry mode's mr-pack, mr-entry-seat-A …,
// mr-paste and the recorder's mr-undo (entry.js); the chances' mr-opt-chances, mr-opt-grade,
// mr-chances-box, mr-chances (points with data-ply), mr-chances-progress, mr-quiz-odds
// (chances.js). The quiz box has data-state (ask, working, right, wrong) and data-graded
// (chances, solver, record).
// Every card element a person can click carries data-card="TH" (in the move list also
// data-node); an analysed one also data-dd-value="1" and data-dd-text="AC win".

import {
  ASK,
  argsText,
  cardName,
  cardText,
  clamp,
  firstAfter,
  FSI,
  lastBefore,
  PDI,
  plural,
  rankText,
  seatCard,
  SUIT_ORDER,
  SUIT_SIGN,
  stillHeld,
  SUIT_WORD,
  VALUE_WORD,
} from "./cards.js";
import { bdi, cardBack, cardFace, h, sentence } from "./dom.js";
import { ledgerRows } from "./ledger.js";
import { lineMarks, lineShown, lineThrough, noteCount, PAYLOAD_VERSION, readPayload } from "./tree.js";
import { buildChances, chanceOptions, drawChances, quizByChances, quizChanceGrade } from "./chances.js";
import { buildEditor, drawEditor, drawNotice, showNotice } from "./editor.js";
import { buildForm } from "./form.js";
import { buildEntry, buildRecording, drawRecording } from "./entry.js";
import { buildMoves, drawMoves, enterVariation, leaveVariation } from "./moves.js";

// Grid places of the seats around the table, in play order (anticlockwise seen from
// above): A at the bottom, then to the right, up, and round to the left.
const LAYOUT = {
  4: { areas: ['". sC ."', '"sD tbl sB"', '". sA ."'], cols: "1fr 1.35fr 1fr" },
  6: { areas: ['"sE sD sC"', '"tbl tbl tbl"', '"sF sA sB"'], cols: "1fr 1fr 1fr" },
  8: { areas: ['"sF sE sD"', '"sG tbl sC"', '"sH sA sB"'], cols: "1fr 1.2fr 1fr" },
  10: { areas: ['"sH sG sF sE"', '"sI tbl tbl sD"', '"sJ sA sB sC"'], cols: "1fr 1fr 1fr 1fr" },
  12: { areas: ['"sI sH sG sF sE"', '"sJ tbl tbl tbl sD"', '"sK sL sA sB sC"'], cols: "repeat(5, 1fr)" },
};

/** Where a seat's card lies in the trick area (percentages of the centre box): towards
 * the seat's own place around the table, as the cards lie on a real table. */
const TRICK_PLACES = {
  4: { A: [50, 80], B: [82, 50], C: [50, 20], D: [18, 50] },
  6: { A: [50, 74], B: [82, 74], C: [82, 26], D: [50, 26], E: [18, 26], F: [18, 74] },
  8: { A: [50, 82], B: [84, 82], C: [84, 50], D: [84, 18], E: [50, 18], F: [16, 18], G: [16, 50], H: [16, 82] },
  10: { A: [37, 82], B: [63, 82], C: [88, 82], D: [88, 50], E: [88, 18], F: [63, 18], G: [37, 18], H: [12, 18], I: [12, 50], J: [12, 82] },
  12: {
    A: [50, 82], B: [70, 82], C: [90, 82], D: [90, 50], E: [90, 18], F: [70, 18],
    G: [50, 18], H: [30, 18], I: [10, 18], J: [10, 50], K: [10, 82], L: [30, 82],
  },
};

function ringPlace(seat, players) {
  const [left, top] = (TRICK_PLACES[players] || TRICK_PLACES[4])[seat] || [50, 50];
  return { left, top };
}

// -- the viewer ---------------------------------------------------------------------------

/** anywidget entry point: draw the viewer into `el` and follow the model. Returns the
 * clean-up function anywidget calls when the view is removed. */
function render({ model, el }) {
  const view = { model, root: null, parts: {}, quiz: null, payload: null, line: null, ask: null, holding: false, menuOpen: false };
  const root = h("div", {
    class: "mr-viewer",
    "data-testid": "mr-viewer",
    tabindex: "0",
    role: "group",
    "data-lm-suppress-shortcuts": "true",
    "aria-keyshortcuts":
      "ArrowLeft ArrowRight ArrowUp ArrowDown PageUp PageDown Home End t Shift+T n Shift+N Shift+ArrowRight Shift+ArrowLeft",
  });
  view.root = root;
  el.append(root);

  const rebuild = () => build(view);
  // While the viewer sets `path` and `step` together, one draw at the end (`setLine`).
  const refresh = () => {
    if (!view.holding) update(view);
  };
  const onNotice = () => {
    if (view.payload) drawNotice(view);
  };
  const onKey = (event) => keydown(view, event);
  const onPointer = (event) => {
    // Keep keyboard focus in the viewer (so the arrows keep working) unless the user
    // clicked something that takes focus itself.
    if (!event.target.closest("button, input, select, textarea, a, summary, [contenteditable]")) {
      root.focus({ preventScroll: true });
    }
  };
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointer);
  const names = [
    "step", "path", "hidden_seats", "show_played", "scale", "presentation", "four_color", "quiz_seat",
    "analyse", "analysis", "board", "dirty", "chances", "chance_graph", "quiz_grade", "quiz_odds",
  ];
  model.on("change:data", rebuild);
  model.on("change:notice", onNotice);
  for (const name of names) model.on(`change:${name}`, refresh);
  rebuild();
  return () => {
    model.off("change:data", rebuild);
    model.off("change:notice", onNotice);
    for (const name of names) model.off(`change:${name}`, refresh);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("pointerdown", onPointer);
    root.remove();
  };
}

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
function stepAt(view, k) {
  const ids = lineOf(view).ids;
  return k >= 0 && k < ids.length ? nodes(view)[ids[k]] : null;
}

/** Ask for index `k` of the line shown: the model's change event redraws (so Python-driven
 * steps and user-driven steps take the same path). */
function go(view, k) {
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
  update(view);
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

const MOVES = {
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

const KEYS = {
  ArrowRight: "next",
  ArrowLeft: "prev",
  ArrowDown: "nextTrick",
  PageDown: "nextTrick",
  ArrowUp: "prevTrick",
  PageUp: "prevTrick",
  Home: "first",
  End: "last",
  t: "nextTen",
  T: "prevTen",
  n: "nextNote",
  N: "prevNote",
};

const TEXT_INPUTS = new Set(["text", "search", "email", "number", "password", "url", "tel"]);

function keydown(view, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target && (target.tagName === "SELECT" || target.tagName === "TEXTAREA" || target.isContentEditable)) return;
  if (target && target.tagName === "INPUT" && TEXT_INPUTS.has(target.type)) return;
  let move = KEYS[event.key];
  if (event.shiftKey && event.key === "ArrowRight") move = "in";
  if (event.shiftKey && event.key === "ArrowLeft") move = "out";
  if (!move || !nodes(view).length) return;
  // Ours: keep it from the notebook's command shortcuts (the root also carries
  // data-lm-suppress-shortcuts, which JupyterLab's keymap honours) and from scrolling.
  event.preventDefault();
  event.stopPropagation();
  if (move === "in") enterVariation(view);
  else if (move === "out") leaveVariation(view);
  else go(view, MOVES[move](view));
}

// -- building the skeleton (once per payload) ---------------------------------------------

function button(view, testid, text, label, move, keys) {
  return h("button", {
    type: "button",
    class: "mr-btn",
    "data-testid": testid,
    "aria-label": label,
    title: `${label} (${keys})`,
    text,
    onclick: () => go(view, MOVES[move](view)),
  });
}

function build(view) {
  const started = performance.now();
  const root = view.root;
  const payload = readPayload(view.model.get("data"));
  view.payload = payload;
  view.quiz = null;
  view.line = null;
  view.ask = null;
  view.menuOpen = false;
  root.classList.remove("mr-menu-open");
  root.classList.remove("mr-setting-up");
  // A new deal's set-up (`mr.recorder`): form.js draws the form instead.
  if (payload.form && payload.version === PAYLOAD_VERSION) {
    buildForm(view);
    root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
    return;
  }
  // A deal being dealt (`mr.new_deal`): entry.js draws the pack and the hands instead.
  if (payload.entry && payload.version === PAYLOAD_VERSION) {
    buildEntry(view);
    root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
    return;
  }
  root.classList.remove("mr-entering");
  root.replaceChildren();
  const parts = (view.parts = {});
  root.setAttribute("aria-label", `Mendikot replay: ${payload.title || "deal"}`);
  if (payload.version !== PAYLOAD_VERSION) {
    root.append(h("p", { class: "mr-error", text: "This viewer cannot read this deal (payload version)." }));
    return;
  }
  const head = h(
    "div",
    { class: "mr-head" },
    h("div", { class: "mr-title", role: "heading", "aria-level": "3" }, bdi(payload.title || "")),
    payload.subtitle ? h("div", { class: "mr-subtitle" }, sentence(payload.subtitle)) : null,
    h("div", { class: "mr-rules", text: rulesLine(payload) }),
  );
  // In presentation mode the deal's first comment is the question put to the class, in the
  // heading (elsewhere it is among the notes below the table).
  const question = (payload.deal_comments || [])[0];
  if (question) head.append(h("div", { class: "mr-question", "data-testid": "mr-question" }, bdi(question)));
  root.append(head);
  if (payload.error) {
    root.append(h("p", { class: "mr-error", role: "alert", text: `Problem: ${payload.error}` }));
  }
  if (!nodes(view).length) {
    root.append(h("p", { class: "mr-error", text: "There is nothing to replay." }));
    root.dataset.step = "0";
    root.dataset.node = "0";
    root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
    return;
  }
  parts.slider = h("input", {
    type: "range",
    class: "mr-slider",
    min: "0",
    max: "0",
    step: "1",
    value: "0",
    "data-testid": "mr-slider",
    "aria-label": "card",
    oninput: (event) => go(view, Number(event.target.value)),
  });
  parts.stepText = h("span", { class: "mr-steptext", "data-testid": "mr-step" });
  parts.trickText = h("span", { class: "mr-tricktext", "data-testid": "mr-trick-text" });
  parts.lineText = h("span", { class: "mr-linetext", "data-testid": "mr-line" });
  const controls = h(
    "div",
    { class: "mr-controls", role: "toolbar", "aria-label": "step through the line shown" },
    button(view, "mr-first", "|\u25C0", "start of the line", "first", "Home"),
    button(view, "mr-prev-trick", "\u25C0\u25C0", "previous trick", "prevTrick", "Up / Page Up"),
    button(view, "mr-prev", "\u25C0", "previous card", "prev", "Left"),
    button(view, "mr-next", "\u25B6", "next card", "next", "Right"),
    button(view, "mr-next-trick", "\u25B6\u25B6", "next trick", "nextTrick", "Down / Page Down"),
    button(view, "mr-last", "\u25B6|", "end of the line", "last", "End"),
    h("span", { class: "mr-sep", "aria-hidden": "true" }),
    button(view, "mr-prev-ten", "\u25C0 10", "previous ten event", "prevTen", "Shift+T"),
    button(view, "mr-next-ten", "10 \u25B6", "next ten event", "nextTen", "t"),
    button(view, "mr-prev-note", "\u25C0 \u270E", "previous annotation", "prevNote", "Shift+N"),
    button(view, "mr-next-note", "\u270E \u25B6", "next annotation", "nextNote", "n"),
    h("span", { class: "mr-sep", "aria-hidden": "true" }),
    h("button", {
      type: "button",
      class: "mr-btn mr-menubtn",
      "data-testid": "mr-menu",
      "aria-expanded": "false",
      "aria-label": "options and the analysis board",
      title: "options and the analysis board",
      text: "\u2630 options",
      onclick: () => toggleMenu(view),
    }),
  );
  parts.say = h("div", { class: "mr-say", "data-testid": "mr-say", role: "status", "aria-live": "polite" });
  const where = h("div", { class: "mr-where" }, parts.trickText, " \u00B7 ", parts.stepText, parts.lineText);
  root.append(controls, h("div", { class: "mr-sliderrow" }, parts.slider, where), buildBoardBar(view), parts.say);
  root.append(buildOptions(view));
  parts.quiz = h("div", { class: "mr-quiz", "data-testid": "mr-quiz", role: "status", "aria-live": "polite", hidden: true });
  root.append(parts.quiz);

  const players = payload.players;
  const layout = LAYOUT[players] || LAYOUT[4];
  const table = h("div", { class: `mr-tablearea mr-n${players}` });
  table.style.gridTemplateAreas = layout.areas.join(" ");
  table.style.gridTemplateColumns = layout.cols;
  // A card of a hand that is not a button (another player's, or one played): say why it
  // does not play.
  table.addEventListener("click", (event) => {
    const chip = event.target.closest("[data-card]");
    const panel = chip && chip.closest(".mr-seat");
    if (!panel || chip.tagName === "BUTTON") return;
    clickCard(view, panel.dataset.seat, chip.dataset.card);
  });
  parts.seats = {};
  for (const seat of payload.seats) {
    const panel = h("section", {
      class: `mr-seat mr-team-${payload.teams[seat]}`,
      "data-testid": `mr-seat-${seat}`,
      "data-seat": seat,
    });
    panel.style.gridArea = `s${seat}`;
    parts.seats[seat] = panel;
    table.append(panel);
  }
  parts.center = h("div", { class: "mr-center", "data-testid": "mr-table", role: "group", "aria-label": "the trick on the table" });
  parts.center.style.gridArea = "tbl";
  table.append(parts.center);

  parts.trump = h("div", { class: "mr-box mr-trump", "data-testid": "mr-trump" });
  parts.counts = h("div", { class: "mr-box mr-counts", "data-testid": "mr-counts" });
  parts.pile = h("div", { class: "mr-box mr-pile", "data-testid": "mr-pile", hidden: payload.capture !== "Dehla" });
  parts.ledgerList = h("ul", { class: "mr-ledgerlist" });
  parts.ledger = h(
    "div",
    { class: "mr-box mr-ledger", "data-testid": "mr-ledger", role: "group", "aria-label": "tens ledger" },
    h("div", { class: "mr-boxtitle", text: (payload.all_tens || 4) === 8 ? "The eight tens" : "The four tens" }),
    parts.ledgerList,
  );
  parts.result = h("div", { class: "mr-result", "data-testid": "mr-result", role: "status", hidden: true });
  parts.dd = h("div", {
    class: "mr-box mr-dd",
    "data-testid": "mr-dd",
    role: "status",
    "aria-live": "polite",
    "aria-label": "double-dummy analysis",
    hidden: true,
  });
  parts.notes = h("div", { class: "mr-box mr-notes", "data-testid": "mr-notes", "aria-label": "annotations at this card" });
  parts.editor = buildEditor(view) || null;
  const side = h("div", { class: "mr-side" }, parts.result, parts.dd, parts.trump, parts.counts, parts.pile, parts.ledger, parts.notes, parts.editor);
  parts.moves = buildMoves(view);
  // The chances graph sits in the body, beside the table (at the top of the column next to
  // it); on a phone it is a tab of its own, one tap away, not a long scroll below. In
  // presentation mode it goes under the table, where that layout gives it room
  // (placeChances).
  parts.chances = buildChances(view);
  parts.tabs = parts.chances ? buildTabs(view) : null;
  parts.body = h("div", { class: "mr-body" }, parts.tabs, table, side, parts.moves, parts.chances);
  root.append(parts.body);

  parts.pointList = h("ol", { class: "mr-pointlist" });
  parts.pointSummary = h("summary");
  parts.pointEmpty = h("p", { class: "mr-dim", text: "This deal has no annotations." });
  parts.pointButtons = [];
  parts.pointsKey = null;
  parts.points = h("details", { class: "mr-points", "data-testid": "mr-points", open: true }, parts.pointSummary, parts.pointList, parts.pointEmpty);
  if ((payload.deal_comments || []).length) {
    parts.points.append(
      h("div", { class: "mr-dealnotes" }, ...payload.deal_comments.map((c) => h("p", null, bdi(c)))),
    );
  }
  root.append(parts.points);
  parts.menu = h(
    "div",
    { class: "mr-menu", "data-testid": "mr-menu-panel", role: "group", "aria-label": "options and the analysis board" },
    h("button", { type: "button", class: "mr-btn mr-menuclose", "data-testid": "mr-menu-close", text: "Done", onclick: () => toggleMenu(view) }),
  );
  root.append(parts.menu);
  update(view);
}

/** The phone's two tabs over the body: the table (with the move list and the boxes), or
 * the chances graph. Shown only in a narrow viewer while the graph is on (CSS). */
function buildTabs(view) {
  const tab = (name, words) =>
    h("button", {
      type: "button",
      role: "tab",
      class: "mr-tab",
      "data-testid": `mr-tab-${name}`,
      "data-tab": name,
      "aria-selected": name === "table" ? "true" : "false",
      text: words,
      onclick: () => showTab(view, name),
    });
  return h("div", { class: "mr-tabs", role: "tablist", "aria-label": "the table or the chances graph" }, tab("table", "Table"), tab("chances", "Chances graph"));
}

function showTab(view, name) {
  view.root.classList.toggle("mr-tab-chances", name === "chances");
  for (const btn of view.parts.tabs.querySelectorAll("[role=tab]")) btn.setAttribute("aria-selected", btn.dataset.tab === name ? "true" : "false");
}

/** In presentation mode the chances graph is the root's (its grid puts it under the
 * table); elsewhere it is the body's, beside the table. */
function placeChances(view, present) {
  const { chances, body, points } = view.parts;
  if (!chances || !body) return;
  if (present && chances.parentNode === body) view.root.insertBefore(chances, points);
  else if (!present && chances.parentNode !== body) body.append(chances);
}

/** Presentation mode keeps the options and the board's buttons in the menu; elsewhere they
 * go back to their places, the buttons above the sentence and the options after it. */
function placeMenu(view, present) {
  const { menu, options, boardbar, say } = view.parts;
  if (!menu) return;
  const inMenu = present || Boolean(view.menuOpen && view.sheet);
  if (inMenu && options.parentNode !== menu) menu.append(boardbar, options);
  else if (!inMenu && options.parentNode === menu) {
    say.before(boardbar);
    say.after(options);
  }
}

/** The jump list of the line shown: one button per annotated card (remade when the line
 * changes, not on every step). */
function drawPoints(view, line) {
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
      h("span", { class: "mr-pointwhere", text: `card ${k} \u00B7 ${seatCard(step.card.seat, step.card.card)}` }),
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
    upTo === Infinity ? "This deal has no annotations." : "The comments of the cards to come show as the quiz goes on.";
  const which = lineOf(view).ids.every((id) => nodes(view)[id].main) ? "" : " on this line";
  parts.pointSummary.textContent = `Annotated cards${which} (${items.length}) \u2014 click to jump, or press n / N`;
}

export function rulesLine(payload) {
  const bits = [];
  if (payload.rules) bits.push(payload.rules);
  if (payload.dealer) bits.push(`dealer ${payload.dealer}`);
  if (payload.position) bits.push(`position from trick ${payload.first_trick}`);
  return bits.join(" \u00B7 ");
}

function buildOptions(view) {
  const payload = view.payload;
  const check = (testid, text, name, get, set) =>
    h(
      "label",
      { class: "mr-opt" },
      h("input", {
        type: "checkbox",
        "data-testid": testid,
        "data-option": name,
        onchange: (event) => setOption(view, name, set(event.target.checked)),
      }),
      " ",
      text,
    );
  const quiz = h(
    "select",
    {
      "data-testid": "mr-opt-quiz",
      "data-option": "quiz_seat",
      "aria-label": "quiz: which seat do you play?",
      onchange: (event) => setOption(view, "quiz_seat", event.target.value),
    },
    h("option", { value: "", text: "no quiz" }),
    ...payload.seats.map((s) => h("option", { value: s, text: `quiz: play ${s}` })),
  );
  view.parts.options = h(
    "div",
    { class: "mr-options", role: "group", "aria-label": "teaching options" },
    check("mr-opt-played", "played cards", "show_played", null, (on) => on),
    check("mr-opt-four", "4-colour deck", "four_color", null, (on) => on),
    check("mr-opt-large", "large print", "scale", null, (on) => (on ? 1.6 : 1.0)),
    check("mr-opt-present", "present (projector)", "presentation", null, (on) => on),
    h("label", { class: "mr-opt" }, quiz),
    // Only where values can come from: a kernel (the widget has the trait) or a page
    // that embeds them.
    canAnalyse(view) ? check("mr-opt-analyse", "analyse (double-dummy)", "analyse", null, (on) => on) : null,
    chanceOptions(view, check),
  );
  return view.parts.options;
}

// -- the board's toolbar ------------------------------------------------------------------

function buildBoardBar(view) {
  const parts = view.parts;
  const act = (testid, text, label, what) =>
    h("button", {
      type: "button",
      class: "mr-btn mr-boardbtn",
      "data-testid": testid,
      "aria-label": label,
      title: label,
      text,
      onclick: () => boardAction(view, what),
    });
  parts.board = {
    back: act("mr-back", "\u21B6 back", "one card back on the line shown", "back"),
    best: act("mr-best", "\u2605 best card", "play a card that keeps the double-dummy outcome", "best"),
    playout: act("mr-playout", "\u00BB play out", "play the deal out with best cards", "playout"),
    promote: act("mr-promote", "\u2191 promote", "make this variation the main line", "promote"),
    del: act("mr-delete", "\u2715 delete variation", "delete this variation", "delete"),
  };
  parts.ask = h("button", {
    type: "button",
    class: "mr-btn mr-ask",
    "data-testid": "mr-ask",
    "aria-pressed": "false",
    title: "version B of the closed trump: the next card you click also asks for the trump to be turned up",
    text: "ask for the trump",
    onclick: () => toggleAsk(view),
  });
  parts.boardbar = h(
    "div",
    { class: "mr-boardbar", "data-testid": "mr-board", role: "toolbar", "aria-label": "analysis board" },
    buildRecording(view),
    Object.values(parts.board),
    parts.ask,
  );
  return parts.boardbar;
}

function boardAction(view, what) {
  if (what === "back") {
    go(view, current(view) - 1); // a step along the line: the page does it alone
    return;
  }
  if (!send(view, { do: what, at: currentNode(view) })) showNotice(view, "info", "The board's buttons need the notebook: open this deal there with mr.replay(...).");
}

/** Presentation mode keeps the options and the board's buttons behind one menu, over the
 * table (so opening it moves nothing); a phone keeps them behind it too, above the table. */
function toggleMenu(view) {
  view.menuOpen = !view.menuOpen;
  // a phone (a viewer as narrow as the CSS's phone layout): the options open as a sheet
  // over the bottom of the screen, never pushing the board down
  view.sheet = view.menuOpen && !view.root.classList.contains("mr-present") && view.root.clientWidth <= 560;
  view.root.classList.toggle("mr-menu-open", view.menuOpen);
  view.root.classList.toggle("mr-sheet", view.sheet);
  placeMenu(view, view.root.classList.contains("mr-present"));
  if (view.sheet) {
    // under the bar of buttons (where the thumb is), over what follows it: a notebook's
    // output may contain a fixed position, so the sheet is placed in the board itself
    const bar = view.root.querySelector(".mr-controls");
    view.root.style.setProperty("--mr-sheet-top", `${bar ? bar.offsetTop + bar.offsetHeight : 0}px`);
  }
  const btn = view.root.querySelector("[data-testid=mr-menu]");
  if (btn) btn.setAttribute("aria-expanded", view.menuOpen ? "true" : "false");
}

function toggleAsk(view) {
  const at = currentNode(view);
  const on = Boolean(view.ask && view.ask.node === at && view.ask.on);
  view.ask = { node: at, on: !on };
  const step = nodes(view)[at];
  const k = current(view);
  drawBoardBar(view, step, k);
  // the hand to play again: with the ask on, the cards it allows are legal (the holder's
  // face-down card under holder-may-ask)
  drawSeats(view, step, k, quizTurn(view, k));
}

function drawBoardBar(view, step, k) {
  const parts = view.parts;
  const board = isBoard(view);
  const asks = (step.asks || []).length > 0 && Boolean(step.to_play);
  parts.boardbar.hidden = !board && !asks;
  for (const btn of Object.values(parts.board)) btn.hidden = !board;
  const over = !step.to_play;
  parts.board.back.disabled = k === 0;
  parts.board.best.disabled = over;
  parts.board.playout.disabled = over;
  parts.board.promote.disabled = Boolean(step.main);
  parts.board.del.disabled = Boolean(step.main);
  if (view.ask && view.ask.node !== step.id) view.ask = null;
  const on = Boolean(asks && view.ask && view.ask.on);
  // Under version B of the closed trump the button keeps its place at every card (greyed
  // where no one may ask), so the buttons after it never move; elsewhere it is not there.
  const versionB = view.payload.reveal === "B";
  parts.ask.hidden = !asks && !versionB;
  parts.ask.disabled = !asks;
  parts.ask.setAttribute("aria-pressed", on ? "true" : "false");
  parts.ask.classList.toggle("mr-on", on);
  parts.ask.textContent = on ? "asking for the trump \u2713" : "ask for the trump";
  drawRecording(view, step, k);
}

// -- playing a card -----------------------------------------------------------------------

/** "C (Chitra)" for a notice: the name wrapped in FSI … PDI (see `sentence`). */
function whoSentence(payload, seat) {
  const name = payload.names[seat];
  return name ? `${seat} (${FSI}${name}${PDI})` : seat;
}

/** A card of `seat`'s hand was clicked (see the page contract in the header). */
function clickCard(view, seat, card) {
  const payload = view.payload;
  const all = nodes(view);
  const line = lineOf(view);
  const k = current(view);
  const id = line.ids[k];
  const step = all[id];
  if (!step.to_play) {
    showNotice(view, "info", "The deal is over here: no card is left to play.");
    return;
  }
  if (seat !== step.to_play) {
    showNotice(view, "info", `It is ${whoSentence(payload, step.to_play)}'s turn.`);
    return;
  }
  if (!(step.hands[seat] || []).includes(card)) {
    showNotice(view, "info", `${cardText(card)} was played already.`);
    return;
  }
  const ask = Boolean(view.ask && view.ask.node === id && view.ask.on);
  view.ask = null;
  const asks = step.asks || [];
  const same = (child, exact) => {
    const played = child !== undefined ? all[child].card : null;
    if (!played || played.card !== card) return false;
    return !exact || !asks.includes(card) || Boolean(played.asked) === ask;
  };
  const next = line.ids[k + 1];
  if (same(next, true)) {
    go(view, k + 1);
    return;
  }
  const child = (step.children || []).find((c) => same(c, true));
  if (child !== undefined) {
    goNode(view, child);
    return;
  }
  if (send(view, { do: "play", at: id, card, ask })) return;
  const legal = Array.isArray(step.legal) ? step.legal : null;
  if (legal && !legal.includes(card) && !(ask && asks.includes(card))) {
    const allowed = legal.length ? ` (legal: ${legal.map(cardText).join(" ")})` : "";
    showNotice(view, "error", `${cardText(card)} is not a legal card here${allowed}.`);
    return;
  }
  // Without a kernel the ask cannot be tried: the recorded card, asked or not, is shown.
  if (same(next, false)) {
    go(view, k + 1);
    return;
  }
  const loose = (step.children || []).find((c) => same(c, false));
  if (loose !== undefined) {
    goNode(view, loose);
    return;
  }
  showNotice(
    view,
    "info",
    `New cards need the notebook: open this deal there with mr.replay(...) to play ${cardText(card)} here and keep it as a variation.`,
  );
}

// -- drawing one step ---------------------------------------------------------------------

function update(view) {
  const started = performance.now();
  const root = view.root;
  const payload = view.payload;
  const all = nodes(view);
  if (!payload || !all.length || !view.parts.slider) return;
  const line = lineOf(view);
  const k = current(view);
  const id = line.ids[k];
  const step = all[id];
  const parts = view.parts;
  const scale = Number(option(view, "scale", 1)) || 1;
  root.style.setProperty("--mr-scale", String(scale));
  root.classList.toggle("mr-4c", Boolean(option(view, "four_color", false)));
  const present = Boolean(option(view, "presentation", false));
  root.classList.toggle("mr-large", scale > 1.01 && !present);
  root.classList.toggle("mr-present", present);
  if (present) root.dataset.presentation = "1";
  else delete root.dataset.presentation;
  // Into presentation mode or out of it: the menu starts closed in the new layout.
  if (present !== Boolean(view.wasPresent) && view.menuOpen) toggleMenu(view);
  view.wasPresent = present;
  placeMenu(view, present);
  placeChances(view, present);
  root.classList.toggle("mr-board", isBoard(view));
  root.dataset.step = String(k);
  root.dataset.node = String(id);

  // quiz answers belong to the card they were given for
  if (view.quiz && view.quiz.node !== id) view.quiz = null;

  const last = line.ids.length - 1;
  if (parts.slider.max !== String(last)) parts.slider.max = String(last);
  parts.slider.value = String(k);
  parts.slider.setAttribute("aria-valuetext", `card ${k} of ${last}`);
  parts.stepText.textContent = k ? `card ${k} of ${last}` : `start \u00B7 card 0 of ${last}`;
  // in a variation: where in it, too (the card count above is the deal's, along this line)
  const branch = step.main ? -1 : line.ids.findIndex((node) => !nodes(view)[node].main);
  // An empty table: the trick is still to come.
  parts.trickText.textContent = step.table.length ? `Trick ${step.trick}` : `before trick ${step.trick}`;
  const depth = step.depth || 0;
  parts.lineText.hidden = Boolean(step.main);
  parts.lineText.textContent = step.main
    ? ""
    : ` \u00B7 variation${depth > 1 ? ` (${depth} deep)` : ""}: its card ${k - branch + 1} of ${last - branch + 1}`;
  delete parts.say.dataset.notice;
  parts.say.replaceChildren(...sentence(step.text));
  syncOptions(view);
  drawBoardBar(view, step, k);

  const quizSeat = quizTurn(view, k);
  drawSeats(view, step, k, quizSeat);
  drawCenter(view, step, k);
  drawAnalysis(view, step, k, quizSeat);
  drawTrump(view, step);
  drawCounts(view, step);
  drawPile(view, step);
  drawLedger(view, step);
  drawResult(view, step, k);
  drawNotes(view, step, k);
  drawQuiz(view, k, quizSeat);
  drawPoints(view, line);
  for (const btn of parts.pointButtons) {
    const here = Number(btn.dataset.step) === k;
    btn.classList.toggle("mr-here", here);
    if (here) btn.setAttribute("aria-current", "step");
    else btn.removeAttribute("aria-current");
  }
  drawChances(view);
  drawMoves(view);
  drawEditor(view, id);
  drawNotice(view);
  root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
}

function syncOptions(view) {
  for (const input of view.parts.options.querySelectorAll("input[data-option]")) {
    const name = input.dataset.option;
    const value = option(view, name, name === "show_played");
    input.checked = name === "scale" ? Number(value) > 1.01 : Boolean(value);
  }
  for (const select of view.parts.options.querySelectorAll("select[data-option]")) {
    const name = select.dataset.option;
    select.value = option(view, name, name === "quiz_grade" ? "chances" : "") || "";
  }
}

/** The quiz seat, when it is that seat's turn and the line shows what it played. */
function quizTurn(view, k) {
  const seat = option(view, "quiz_seat", "");
  if (!seat) return null;
  const next = stepAt(view, k + 1);
  if (!next || !next.card || next.card.seat !== seat || stepAt(view, k).to_play !== seat) return null;
  return seat;
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
  return name ? `${seat} (${name})` : seat;
}

function drawSeats(view, step, k, quizSeat) {
  const payload = view.payload;
  const hidden = new Set(option(view, "hidden_seats", []) || []);
  const showPlayed = Boolean(option(view, "show_played", true));
  const trump = step.trump;
  // The quiz plays one seat's view all along: the other hands stay hidden (a glance at
  // them between questions would answer the next one).
  const seenBy = option(view, "quiz_seat", "");
  for (const seat of payload.seats) {
    const panel = view.parts.seats[seat];
    const quizHides = Boolean(seenBy) && seat !== seenBy;
    const isHidden = quizHides || (hidden.has(seat) && seat !== quizSeat);
    panel.dataset.hidden = isHidden ? "true" : "false";
    panel.classList.toggle("mr-toplay", step.to_play === seat);
    const team = payload.teams[seat];
    const badges = [];
    if (payload.dealer === seat) badges.push(h("span", { class: "mr-badge", title: "dealer", text: "dealer" }));
    if (step.to_play === seat) badges.push(h("span", { class: "mr-badge mr-badge-turn", text: "to play" }));
    const toggle = h("button", {
      type: "button",
      class: "mr-eye",
      "data-testid": `mr-toggle-${seat}`,
      "aria-pressed": isHidden ? "true" : "false",
      "aria-label": quizHides ? `${seat}'s hand stays hidden while the quiz plays ${seenBy}` : isHidden ? `show ${seat}'s hand` : `hide ${seat}'s hand`,
      title: quizHides ? `hidden while the quiz plays ${seenBy}'s view (turn the quiz off to see it)` : null,
      disabled: quizHides,
      text: isHidden ? "show" : "hide",
      onclick: () => {
        const next = new Set(option(view, "hidden_seats", []) || []);
        if (next.has(seat)) next.delete(seat);
        else next.add(seat);
        setOption(view, "hidden_seats", payload.seats.filter((s) => next.has(s)));
      },
    });
    const header = h(
      "div",
      { class: "mr-seathead" },
      h("span", { class: "mr-seatletter", text: seat }),
      bdi(payload.names[seat] || "", { class: "mr-seatname" }),
      h("span", { class: `mr-teamtag mr-team-${team}`, text: payload.team_labels[team] }),
      ...badges,
      toggle,
    );
    const hand = step.hands[seat];
    const start = payload.start_hands[seat];
    let body;
    if (hand === null || hand === undefined) {
      body = h("div", { class: "mr-hand mr-dim", text: "unknown hand" });
    } else if (isHidden) {
      body = h(
        "div",
        { class: "mr-hand mr-backs", role: "img", "aria-label": `${seat}'s hand is hidden: ${hand.length} cards` },
        ...hand.map(() => h("span", { class: "mr-card mr-back mr-mini", "aria-hidden": "true" })),
      );
    } else {
      // The solver's values on the hand of the player to move (not while a quiz asks
      // that player's card: they would give the answer away).
      const dd = analysisOf(view, step.id);
      const values = dd && dd.cards && dd.to_play === seat && quizSeat !== seat ? dd : null;
      const asking = Boolean(view.ask && view.ask.node === step.id && view.ask.on);
      const legal = Array.isArray(step.legal) ? new Set([...step.legal, ...(asking ? step.asks || [] : [])]) : null;
      const play = step.to_play === seat && quizSeat !== seat ? { legal } : null;
      body = handRows(view, seat, hand, start || hand, showPlayed, trump, quizSeat === seat ? k : null, values, play);
    }
    panel.setAttribute("aria-label", `${whoText(payload, seat)}, team ${payload.team_labels[team]}${isHidden ? ", hand hidden" : ""}${step.to_play === seat ? ", to play" : ""}`);
    panel.replaceChildren(header, body);
  }
}

/** One hand, a row per suit. `quizStep`: the quiz asks this seat's card (its cards are
 * the quiz's buttons); `dd`: the solver's entry to mark the cards with; `play`: this seat
 * is to move, its cards are buttons that play them (`play.legal`: the legal cards, or null
 * when the payload does not say). */
function handRows(view, seat, hand, start, showPlayed, trump, quizStep, dd, play) {
  let facedown = trump.status === "hidden" && trump.holder === seat ? trump.card : null;
  const shown = showPlayed ? start : hand;
  const held = stillHeld(shown, hand);
  const rows = [];
  for (const suit of SUIT_ORDER) {
    const chips = [];
    for (const [i, c] of shown.entries()) {
      if (c[1] !== suit) continue;
      const played = !held[i];
      let label = cardName(c);
      let cls = "mr-chip";
      if (played) {
        cls += " mr-played";
        label += ", played";
      }
      const down = c === facedown && !played;
      if (down) {
        facedown = null; // two packs: one copy lies face down, not both
        cls += " mr-facedown";
        label += ", set aside face down as the closed trump";
      }
      if (quizStep !== null && !played) {
        const chip = h(
          "button",
          {
            type: "button",
            class: `${cls} mr-card mr-suit-${suit} mr-pick`,
            "data-card": c,
            "aria-label": `play the ${label}`,
            onclick: () => answerQuiz(view, quizStep, seat, c),
          },
          h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(c) }),
        );
        chips.push(chip);
        continue;
      }
      const value = dd && !played ? dd.cards[c] : undefined;
      if (value) {
        cls += ` mr-dd ${value.keeps ? "mr-dd-keep" : "mr-dd-lose"}`;
        label += value.keeps
          ? `, double-dummy ${value.text}: keeps the best outcome`
          : `, double-dummy ${value.text}: loses ${dd.text}`;
      }
      const playable = play && !played;
      const legal = playable && (play.legal === null || play.legal.has(c));
      if (playable) {
        cls += legal ? " mr-playcard mr-legal" : " mr-playcard mr-illegal";
        label += legal ? ", a legal card: play it" : ", not a legal card here";
      }
      const chip = h(playable ? "button" : "span", {
        type: playable ? "button" : null,
        class: `${cls} mr-card mr-suit-${suit}`,
        "data-card": c,
        role: playable ? null : "img",
        "aria-label": label,
        "data-legal": playable ? String(Boolean(legal)) : null,
        "data-dd-value": value ? String(value.value) : null,
        "data-dd-text": value ? value.text : null,
        onclick: playable ? () => clickCard(view, seat, c) : null,
      });
      chip.append(h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(c) }));
      if (value) {
        // a card that keeps the value says so with its mark (the panel says which value);
        // one that loses it says what it comes to, in print a room can read
        chip.append(h("span", { class: "mr-ddtag", "aria-hidden": "true", text: value.keeps ? "\u2713" : `\u2717 ${value.text}` }));
        chip.title = value.keeps ? `double-dummy: ${value.text} (keeps it)` : `double-dummy: ${value.text} (${dd.text} was possible)`;
      } else if (playable) {
        chip.title = legal ? `play ${cardText(c)}` : `${cardText(c)} is not a legal card here`;
      }
      if (down) chip.title = "set aside face down: the closed trump";
      chips.push(chip);
    }
    rows.push(
      h(
        "div",
        { class: `mr-suitrow mr-suit-${suit}` },
        h("span", { class: "mr-rowsign", role: "img", "aria-label": SUIT_WORD[suit], text: SUIT_SIGN[suit] }),
        chips.length ? chips : h("span", { class: "mr-void", text: "\u2014", "aria-label": "none" }),
      ),
    );
  }
  return h("div", { class: "mr-hand" }, rows);
}

/** The glyph or mark a step's annotations put on its card ("!", "★", "✎"), or null. */
function stepMark(step) {
  if (!step || !step.notes) return null;
  const notes = step.notes;
  if (notes.glyph) return notes.glyph;
  if ((notes.points || []).length) return "\u2605";
  if ((notes.nags || []).length) return "$";
  if ((notes.comments || []).length) return "\u270E";
  return null;
}

function drawCenter(view, step, k) {
  const payload = view.payload;
  const center = view.parts.center;
  const players = payload.players;
  const kids = [];
  const count = step.table.length;
  step.table.forEach(([seat, card], j) => {
    const at = k - (count - 1 - j); // the index in the line at which this card was played (<= 0: before)
    const played = at >= 1 ? stepAt(view, at) : null;
    const classes = ["mr-trickcard"];
    if (j === 0) classes.push("mr-lead");
    if (step.winner === seat) classes.push("mr-winner");
    if (at === k && k > 0) classes.push("mr-current");
    if (played && played.card && played.card.trump) classes.push("mr-istrump");
    const mistake = played ? mistakeAt(view, played) : null;
    if (mistake) classes.push("mr-dd-mistake");
    let label = `${whoText(payload, seat)}: ${cardName(card)}`;
    if (j === 0) label += ", led";
    if (played && played.card && played.card.trump) label += ", a trump";
    if (step.winner === seat) label += ", wins the trick";
    if (mistake) label += `, a double-dummy mistake: ${mistake.before} became ${mistake.played.text}`;
    const mark = stepMark(played);
    const place = ringPlace(seat, players);
    const box = h(
      "div",
      { class: classes.join(" "), "data-seat": seat },
      cardFace(card, null, label),
      mark ? h("span", { class: "mr-mark", title: "annotated: see the notes", text: mark }) : null,
      mistake
        ? h("span", { class: "mr-ddmark", "aria-hidden": "true", title: `double-dummy mistake: ${mistake.before} \u2192 ${mistake.played.text}`, text: "\u2717" })
        : null,
      h("span", { class: "mr-trickseat", text: seat + (j === 0 ? " led" : "") + (step.winner === seat ? " \u2714" : "") }),
    );
    box.style.left = `${place.left}%`;
    box.style.top = `${place.top}%`;
    kids.push(box);
  });
  let caption;
  if (!count) {
    caption = step.to_play ? [who(payload, step.to_play), " to lead"] : "";
  } else if (step.winner) {
    const team = payload.teams[step.winner];
    caption = [`${step.leader} led \u00B7 `, who(payload, step.winner), ` wins for ${payload.team_labels[team]}`];
  } else {
    caption = `${step.leader} led \u00B7 ${step.to_play ? step.to_play + " to play" : ""}`;
  }
  const collected = step.collected;
  let extra = null;
  if (collected && payload.capture === "Dehla") {
    extra = collected.tricks
      ? `${collected.seat} takes the pile for ${payload.team_labels[collected.team]}: ${collected.tricks} trick${collected.tricks > 1 ? "s" : ""}${collected.tens.length ? " with " + collected.tens.map(cardText).join(" ") : ""}`
      : "the trick goes to the Dehla pile";
  }
  center.classList.toggle("mr-done", Boolean(step.winner));
  const lines = [
    h("div", { class: "mr-ring", "data-testid": "mr-trick" }, kids),
    h("div", { class: "mr-caption" }, h("strong", { text: count ? `Trick ${step.trick}` : `Before trick ${step.trick}` }), " ", caption),
  ];
  if (extra) lines.push(h("div", { class: "mr-caption mr-collect", text: extra }));
  center.replaceChildren(...lines);
}

function drawTrump(view, step) {
  const payload = view.payload;
  const trump = step.trump;
  const box = view.parts.trump;
  box.dataset.status = trump.status;
  const title = h("div", { class: "mr-boxtitle", text: "Trump" });
  let face;
  let words;
  if (trump.status === "hidden") {
    face = cardBack("closed trump, face down");
    words = `Closed trump (version ${payload.reveal || "A"}): face down, set aside by ${trump.holder || "?"}. Nobody else knows it yet.`;
    // hidden-trumps: its suit wins tricks already, unknown to the table
    if ((payload.flags || []).includes("hidden-trumps")) words += " Its suit is trumps already (hidden-trumps).";
  } else if (trump.status === "unnamed") {
    face = h("span", { class: "mr-trumpsign mr-dim", "aria-hidden": "true", text: "?" });
    words = "No trump yet (cut hukum): the first card of a player who cannot follow names it.";
  } else if (trump.status === "none" || !trump.suit) {
    face = h("span", { class: "mr-trumpsign mr-dim", "aria-hidden": "true", text: "\u2014" });
    words = "No trump in this deal.";
  } else {
    face = h("span", { class: `mr-trumpsign mr-suit-${trump.suit}`, "aria-hidden": "true", text: SUIT_SIGN[trump.suit] });
    const suit = SUIT_WORD[trump.suit];
    if (trump.status === "revealed") {
      words = `${suit}: the closed trump ${cardText(trump.card)} (set aside by ${trump.holder}) was turned up at card ${trump.since + 1}.`;
    } else if (trump.status === "named") {
      words = `${suit}: named by the cut ${cardText(trump.card)} at card ${trump.since + 1}.`;
    } else {
      const how = payload.trump_method === "FaceUp" ? "card face up" : "drawn";
      words = `${suit}${trump.card ? ` (${how}: ${cardText(trump.card)})` : ""}.`;
    }
  }
  box.setAttribute("aria-label", `Trump: ${words}`);
  box.replaceChildren(title, h("div", { class: "mr-trumprow" }, face, h("span", { text: words })));
}

function drawCounts(view, step) {
  const payload = view.payload;
  const rows = ["AC", "BD"].map((team, i) => {
    const members = payload.seats.filter((s) => payload.teams[s] === team);
    const names = members.map((s) => payload.names[s]).filter(Boolean);
    return h(
      "div",
      { class: `mr-countrow mr-team-${team}`, "data-testid": `mr-count-${team}`, "data-tricks": step.tricks[i], "data-tens": step.tens[i] },
      h("span", { class: `mr-teamtag mr-team-${team}`, text: payload.team_labels[team] }),
      h("span", { class: "mr-teamnames" }, names.flatMap((name, j) => (j ? [", ", bdi(name)] : [bdi(name)]))),
      h("span", { class: "mr-num", text: plural(step.tricks[i], "trick") }),
      h("span", { class: "mr-num", text: plural(step.tens[i], "ten") }),
    );
  });
  view.parts.counts.replaceChildren(
    h("div", { class: "mr-boxtitle", text: `Tricks and tens (of ${payload.total_tricks} tricks)` }),
    ...rows,
  );
}

function drawPile(view, step) {
  if (view.payload.capture !== "Dehla") return;
  const pile = step.pile;
  const [seat, run] = step.streak;
  view.parts.pile.replaceChildren(
    h("div", { class: "mr-boxtitle", text: "Dehla pile" }),
    h(
      "div",
      { "data-pile-tricks": pile.tricks },
      `${pile.tricks} trick${pile.tricks === 1 ? "" : "s"} in the pile`,
      pile.tens.length ? h("span", null, " with ", ...pile.tens.map((t) => cardFace(t, "mr-mini"))) : null,
    ),
    seat && run ? h("div", { class: "mr-dim" }, who(view.payload, seat), ` has won ${run} in a row`) : null,
  );
}

function drawLedger(view, step) {
  const items = ledgerRows(step, view.payload, option(view, "quiz_seat", "") || null).map((row) =>
    h(
      "li",
      {
        class: `mr-ten mr-status-${row.status}${row.teamLabel ? " mr-team-" + row.team : ""}`,
        "data-testid": `mr-ten-${row.key}`,
        "data-status": row.status,
        "data-team": row.team,
        "aria-label": row.label,
      },
      cardFace(row.card, "mr-mini", cardName(row.card)),
      h("span", { class: "mr-tenstatus", text: row.word }),
      row.teamLabel ? h("span", { class: `mr-teamtag mr-team-${row.team}`, text: row.teamLabel }) : null,
      h("span", { class: "mr-tentext" }, sentence(row.text)),
    ),
  );
  view.parts.ledgerList.replaceChildren(...items);
}

function drawResult(view, step, k) {
  const box = view.parts.result;
  const last = k === lineOf(view).ids.length - 1;
  const payload = view.payload;
  if (last && step.result) {
    const r = step.result;
    box.hidden = false;
    box.className = `mr-result mr-result-${r.kind}${r.winner ? " mr-team-" + r.winner : ""}`;
    box.dataset.kind = r.kind;
    box.dataset.winner = r.winner || "";
    box.replaceChildren(
      h("div", { class: "mr-resulttitle", text: step.main ? r.text : `In this variation: ${r.text}` }),
      h("div", { class: "mr-dim", text: `tens ${r.tens[0]}-${r.tens[1]} \u00B7 tricks ${r.tricks[0]}-${r.tricks[1]} (${payload.team_labels.AC} first) \u00B7 ${r.reason}` }),
    );
  } else if (last && payload.error && step.main) {
    box.hidden = false;
    box.className = "mr-result mr-result-error";
    box.dataset.kind = "error";
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: `The replay stops here: ${payload.error}` }));
  } else if (last) {
    box.hidden = false;
    box.className = "mr-result mr-result-open";
    box.dataset.kind = "unfinished";
    const words = step.main ? "No result: the record stops here." : "No result: this variation stops here.";
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: words }));
  } else {
    box.hidden = true;
    box.dataset.kind = "";
    box.replaceChildren();
  }
}

function drawNotes(view, step, k) {
  const payload = view.payload;
  const box = view.parts.notes;
  const kids = [h("div", { class: "mr-boxtitle", text: "Notes at this card" })];
  if (step.id === 0) {
    for (const c of payload.deal_comments || []) kids.push(h("p", { class: "mr-comment" }, bdi(c)));
  }
  const card = step.card;
  const notes = step.notes || { comments: [], points: [], nags: [], glyph: null };
  if (card) {
    const head = h("div", { class: "mr-notehead" }, who(payload, card.seat), " ", cardFace(card.card, "mr-mini"));
    if (notes.glyph) head.append(h("span", { class: "mr-glyph", text: notes.glyph }));
    const flags = [];
    if (card.trump) flags.push("trump");
    if (card.revealed) flags.push(card.asked ? "asked for the reveal" : "trump revealed");
    if (card.named) flags.push("names the trump");
    if (card.revoke) flags.push("revoke");
    if (!card.followed) flags.push("could not follow");
    if (flags.length) head.append(h("span", { class: "mr-dim", text: ` (${flags.join(", ")})` }));
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
  if (kids.length === 1 || (card && kids.length === 2)) kids.push(h("p", { class: "mr-dim", text: "No annotation at this card." }));
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
    step.main ? "instead: " : "other cards here: ",
    ...siblings.flatMap((c, i) => {
      const other = all[c];
      const label = `go to the variation ${other.card.seat} ${cardName(other.card.card)}`;
      const btn = h("button", {
        type: "button",
        class: "mr-btn mr-altbtn",
        "data-card": other.card.card,
        "data-node": String(c),
        "aria-label": label,
        title: label,
        text: `${other.card.seat} ${cardText(other.card.card)}${other.main ? " (main line)" : ""}`,
        onclick: () => goNode(view, c),
      });
      return i ? [" ", btn] : [btn];
    }),
  );
}

// -- the solver's values ("analyse") ------------------------------------------------------

/** Whether this viewer can show the solver's values: the widget (a kernel computes them:
 * the model has an `analysis` trait) or a page that embeds them. */
function canAnalyse(view) {
  const analysis = view.model.get("analysis");
  return analysis !== undefined && analysis !== null;
}

/** The solver's entry for node `id` as it is (the toggle aside), or null. */
function analysisEntry(view, id) {
  const analysis = view.model.get("analysis");
  if (!analysis || id === null || id === undefined) return null;
  return analysis[String(id)] || null;
}

/** The solver's entry for node `id` while the toggle is on: `null` when it is off,
 * `{status: "pending"}` while Python has not sent it yet (a page without a kernel: the
 * entry is "unavailable"). */
function analysisOf(view, id) {
  if (!option(view, "analyse", false) || !canAnalyse(view)) return null;
  const entry = analysisEntry(view, id);
  if (entry) return entry;
  if (typeof view.model.send === "function") return { status: "pending" };
  return { status: "unavailable", reason: "this page holds no value for this position" };
}

/** A value as people say it ("AC win", "BD mendikot", "tie"), as `solver.value_text`. */
function valueText(value) {
  if (value === 0) return "tie";
  const rank = Math.abs(value);
  return `${value > 0 ? "AC" : "BD"} ${VALUE_WORD[rank] || rank}`;
}

/** The text of `value` as the entry words it (its cards' texts), else `valueText`. */
function entryText(entry, value) {
  if (entry.value === value && entry.text) return entry.text;
  for (const v of Object.values(entry.cards || {})) if (v.value === value && v.text) return v.text;
  return valueText(value);
}

/** A move written as a key of an entry's `moves` ("TS", "^T7D") as {card, ask}. */
function readMove(text) {
  if (!text) return null;
  const ask = text.startsWith(ASK);
  return { card: ask ? text.slice(ASK.length) : text, ask };
}

/** The solver's word on the card that led to `step`, from its parent's `entry`: `{card,
 * asked, seat, value, text, keeps, better, betterAsks}`, or null when the entry has no
 * value for it. `keeps`: the move keeps the position's value. */
function moveValue(entry, step) {
  if (!entry || entry.value === null || entry.value === undefined || !step || !step.card) return null;
  const card = step.card.card;
  const asked = Boolean(step.card.asked);
  const moves = entry.moves || null;
  const played = entry.played && entry.played.card === card && Boolean(entry.played.asked) === asked ? entry.played : null;
  let value;
  if (moves && (asked ? ASK + card : card) in moves) value = moves[asked ? ASK + card : card];
  else if (played) value = played.value;
  else if (!asked && entry.cards && entry.cards[card]) value = entry.cards[card].value;
  else return null;
  const keeps = value === entry.value;
  let better = null;
  if (!keeps) {
    if (played && played.better) better = { card: played.better, ask: Boolean(played.better_asks) };
    else better = readMove(entry.best);
  }
  return {
    card,
    asked,
    seat: step.card.seat,
    value,
    text: entryText(entry, value),
    keeps,
    better: better ? better.card : null,
    betterAsks: better ? better.ask : false,
  };
}

/** The card that led to `step`, if the solver found it threw the outcome away:
 * `{played, before}` (the judgement, and the value of the parent's position), else null. */
function mistakeAt(view, step) {
  if (!step || step.parent === null || step.parent === undefined) return null;
  const entry = analysisOf(view, step.parent);
  const played = moveValue(entry, step);
  if (!played || played.keeps) return null;
  return { played, before: entry.text, seat: played.seat };
}

function drawAnalysis(view, step, k, quizSeat) {
  const box = view.parts.dd;
  const entry = analysisOf(view, step.id);
  if (!entry) {
    box.hidden = true;
    box.dataset.state = "off";
    box.removeAttribute("data-value");
    box.replaceChildren();
    return;
  }
  const payload = view.payload;
  box.hidden = false;
  box.dataset.state = entry.status;
  if (entry.value === null || entry.value === undefined) box.removeAttribute("data-value");
  else box.dataset.value = String(entry.value);
  const kids = [h("div", { class: "mr-boxtitle", text: "Double-dummy (every hand known)" })];
  if (quizSeat && quizSeat === entry.to_play) {
    // the value of the position would tell what the hidden hands hold: shown after the answer
    box.removeAttribute("data-value");
    kids.push(h("div", { class: "mr-dim" }, who(payload, quizSeat), " to play: the values are hidden while the quiz asks for this card."));
    box.replaceChildren(...kids);
    return;
  }
  if (entry.status === "pending") {
    kids.push(h("div", { class: "mr-dim", text: "solving\u2026" }));
  } else if (entry.status === "too-early") {
    kids.push(
      h("div", { class: "mr-ddvalue mr-dim", text: `too early to solve (${plural(entry.tricks_left, "trick")} left)` }),
      h("div", { class: "mr-dim", text: `The solver takes positions with ${entry.max_tricks} tricks left or fewer.` }),
    );
  } else if (entry.status === "unavailable") {
    kids.push(h("div", { class: "mr-ddvalue mr-dim", text: `no double-dummy value: ${entry.reason || "unknown position"}` }));
  } else {
    kids.push(h("div", { class: "mr-ddvalue" }, "double-dummy: ", h("strong", { text: entry.text })));
    if (entry.status === "over") {
      kids.push(h("div", { class: "mr-dim", text: "The deal is over." }));
    } else if (entry.to_play) {
      const values = Object.values(entry.cards || {});
      const lose = values.filter((v) => !v.keeps).length;
      let words;
      if (!lose) words = ` to play: every card keeps ${entry.text}.`;
      else words = ` to play: \u2713 green cards keep ${entry.text}, \u2717 red ones lose it (${lose} of ${values.length}).`;
      kids.push(h("div", null, who(payload, entry.to_play), words));
    }
  }
  const before = step.parent !== null && step.parent !== undefined ? analysisOf(view, step.parent) : null;
  const p = moveValue(before, step);
  if (p) {
    const asking = " asking for the trump"; // version B's ask, part of the move
    const played = ` played ${cardText(p.card)}${p.asked ? asking : ""}`;
    const text = p.keeps
      ? `${played}: keeps ${p.text}.`
      : `${played}: a mistake, ${before.text} \u2192 ${p.text}` +
        (p.better ? ` (${cardText(p.better)}${p.betterAsks ? asking : ""} kept ${before.text}).` : ".");
    kids.push(h("div", { class: p.keeps ? "mr-ddplayed" : "mr-ddplayed mr-dd-mistake", "data-testid": "mr-dd-played" }, who(payload, p.seat), text));
  }
  box.replaceChildren(...kids);
}

// -- quiz: "what would you play?" ---------------------------------------------------------

function answerQuiz(view, k, seat, chosen) {
  const next = stepAt(view, k + 1);
  if (!next || !next.card) return;
  view.quiz = { node: next.id, at: stepAt(view, k).id, seat, chosen };
  go(view, k + 1);
}

/** The solver's grade of a quiz answer, from the entry of its position (read whatever the
 * "analyse" toggle says: the answer is given by now), or null when it has no value. */
function quizGrade(view, q) {
  const entry = analysisEntry(view, q.at);
  if (!entry || entry.status !== "solved" || entry.value === null || entry.value === undefined) return null;
  const moves = entry.moves || {};
  const cards = entry.cards || {};
  let value;
  if (cards[q.chosen]) value = cards[q.chosen].value;
  else if (q.chosen in moves) value = moves[q.chosen];
  else return null;
  const actual = moveValue(entry, nodes(view)[q.node]);
  return { entry, value, right: value === entry.value, text: entryText(entry, value), actual };
}

function drawQuiz(view, k, quizSeat) {
  const box = view.parts.quiz;
  const payload = view.payload;
  if (view.quiz && view.quiz.node === currentNode(view)) {
    const q = view.quiz;
    const actual = nodes(view)[q.node].card.card;
    box.hidden = false;
    const byChances = quizByChances(view) ? quizChanceGrade(view, q, actual) : null;
    const grade = quizGrade(view, q);
    // The chances, once worked out, grade the answer; until then (a minute at the first
    // tricks) the solver's grade, at once, saying that the chances will refine it.
    if (byChances && !(byChances.state === "working" && grade)) {
      box.dataset.state = byChances.state;
      box.dataset.graded = "chances";
      fillQuiz(box, byChances.kids);
      return;
    }
    const kids = [];
    if (grade) {
      const best = grade.entry.text;
      box.dataset.state = grade.right ? "right" : "wrong";
      box.dataset.graded = "solver";
      kids.push(
        h("strong", { text: grade.right ? "Right: " : "Not the best: " }),
        grade.right ? `${cardText(q.chosen)} keeps ${best}. ` : `${cardText(q.chosen)} loses ${best} (${grade.text}). `,
        who(payload, q.seat),
      );
      const a = grade.actual;
      if (actual === q.chosen) kids.push(" played it too.");
      else if (!a) kids.push(` played ${cardText(actual)}.`);
      else if (a.keeps) kids.push(` played ${cardText(actual)}, which ${grade.right ? "also keeps it" : "keeps it"}.`);
      else kids.push(` played ${cardText(actual)}, which ${grade.right ? "loses it" : "loses it too"} (${a.text}).`);
      const refining = byChances && byChances.state === "working";
      kids.push(
        h("div", {
          class: "mr-quizhow mr-dim",
          "data-testid": "mr-quiz-how",
          text: refining
            ? `Graded double-dummy for now (every hand known); the chances from ${q.seat}'s view, what ${q.seat} could see, are being worked out and will grade it\u2026`
            : "Graded double-dummy: every hand known.",
        }),
      );
    } else {
      const right = q.chosen === actual;
      box.dataset.state = right ? "right" : "wrong";
      box.dataset.graded = "record";
      kids.push(
        h("strong", { text: right ? "Right! " : "Not this time. " }),
        `You chose ${cardText(q.chosen)}; `,
        who(payload, q.seat),
        ` played ${cardText(actual)}. `,
        h("span", { class: "mr-dim", text: "The solver's values are not available for this position." }),
      );
    }
    fillQuiz(box, kids);
    return;
  }
  if (quizSeat) {
    box.hidden = false;
    box.dataset.state = "ask";
    box.dataset.graded = "";
    const graded = quizByChances(view)
      ? `Graded at once double-dummy (every hand known), then by the chances from ${quizSeat}'s view: what ${quizSeat} could see.`
      : "Graded double-dummy: every hand known.";
    fillQuiz(box, [
      h("strong", { text: "Quiz: " }),
      "what would you play for ",
      who(payload, quizSeat),
      "? Click a card of the hand (\u2192 to see).",
      h("div", { class: "mr-quizhow mr-dim", text: graded }),
    ]);
    return;
  }
  const seenBy = option(view, "quiz_seat", "");
  if (seenBy) {
    // between questions: the box keeps its place (the table does not move when one comes)
    box.hidden = false;
    box.dataset.state = "wait";
    box.dataset.graded = "";
    fillQuiz(box, [h("strong", { text: "Quiz: " }), "you play ", who(payload, seenBy), ", seeing what ", seenBy, " sees. The next question comes when ", seenBy, " is to play."]);
    return;
  }
  box.hidden = true;
  box.dataset.state = "";
  box.dataset.graded = "";
  box.replaceChildren();
}

/** The quiz box's words: the sentence in at most two lines, the box never taller (the table
 * under it stays where it is: the quizzed hand is not pushed off the screen), and the rest
 * (how it was graded, every card's chance) in "more", which opens over the table. */
function fillQuiz(box, kids) {
  const head = h("span", { class: "mr-quizhead", "data-testid": "mr-quiz-head" });
  const more = [];
  for (const kid of kids) {
    if (kid instanceof Element && (kid.tagName === "DIV" || kid.tagName === "UL")) more.push(kid);
    else if (kid !== null && kid !== undefined) head.append(kid instanceof Node ? kid : String(kid));
  }
  const details = more.length
    ? h(
        "details",
        { class: "mr-quizmore", "data-testid": "mr-quiz-more" },
        h("summary", { "aria-label": "how it is graded, and every card's chance", text: "more" }),
        h("div", { class: "mr-quizpanel" }, more),
      )
    : null;
  box.replaceChildren(head, details);
}

// -- without a kernel ---------------------------------------------------------------------

/** A minimal stand-in for the widget model, so `render` works in a page with no kernel
 * (no `send`: nothing to send to, so `isBoard` is false). */
export function createModel(payload, options) {
  const values = {
    data: payload,
    path: payload && Array.isArray(payload.main_line) ? payload.main_line.slice() : [],
    step: 0,
    hidden_seats: [],
    show_played: true,
    scale: 1.0,
    four_color: false,
    quiz_seat: "",
    analyse: false,
    analysis: payload ? payload.analysis : undefined,
    ...(options || {}),
  };
  const listeners = new Map();
  return {
    get: (name) => values[name],
    set(name, value) {
      if (values[name] === value) return;
      values[name] = value;
      for (const fn of [...(listeners.get(`change:${name}`) || [])]) fn();
    },
    on(name, fn) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(fn);
    },
    off(name, fn) {
      if (listeners.has(name)) listeners.get(name).delete(fn);
    },
    save_changes() {},
  };
}

/** Mount the stepping viewer on `el` with no kernel; returns `{ model, destroy }`. */
export function mountStatic(el, payload, options) {
  const model = createModel(payload, options);
  const destroy = render({ model, el });
  return { model, destroy };
}

/** Mount the viewer on every static deal block matched by `selector` that is not mounted
 * yet: the block's script[data-mr-payload] holds the payload, its [data-mr-static] part (the
 * script-free view) is hidden once the viewer stands in its place. */
export function mountAll(selector) {
  const mounted = [];
  for (const box of document.querySelectorAll(selector)) {
    if (box.hasAttribute("data-mr-mounted")) continue;
    const source = box.querySelector("script[data-mr-payload]");
    const still = box.querySelector("[data-mr-static]");
    if (!source || !still) continue;
    box.setAttribute("data-mr-mounted", "true");
    const host = document.createElement("div");
    host.className = "mr-host";
    still.before(host);
    const payload = JSON.parse(source.textContent);
    // A page made with the solver's values (`mendikot-replay html --analyse`) opens with
    // them shown; the toggle turns them off.
    mounted.push(mountStatic(host, payload, { analyse: Boolean(payload.analysis) }));
    still.hidden = true;
  }
  return mounted;
}

/** The shared page of `mendikot-replay html`: every deal mounted, one shown at a time with
 * the deal selector (and `#deal-N` in the address to link to a deal). */
export function mountPage() {
  mountAll("[data-mr-embed]");
  document.documentElement.classList.add("mr-js");
  const deals = [...document.querySelectorAll(".mr-deal")];
  const picker = document.querySelector(".mr-dealpicker");
  if (deals.length < 2 || !picker) return;
  const select = picker.querySelector("select");
  const show = (n) => {
    const k = Math.max(1, Math.min(deals.length, n));
    deals.forEach((deal, i) => {
      deal.hidden = i + 1 !== k;
    });
    select.value = String(k);
    if (history.replaceState) history.replaceState(null, "", `#deal-${k}`);
  };
  picker.hidden = false;
  select.addEventListener("change", () => show(Number(select.value)));
  picker.querySelector("[data-testid=mr-prev-deal]").addEventListener("click", () => show(Number(select.value) - 1));
  picker.querySelector("[data-testid=mr-next-deal]").addEventListener("click", () => show(Number(select.value) + 1));
  const wanted = /^#deal-(\d+)$/.exec(location.hash);
  show(wanted ? Number(wanted[1]) : 1);
}

export default { render };
