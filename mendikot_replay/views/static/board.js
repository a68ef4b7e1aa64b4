// The board: the anywidget `render` — the skeleton built once per payload (`build`) from
// every panel's part, and one step drawn (`update`) by asking each panel to draw itself.
// The only module that knows every panel.

import { bdi, h, sentence } from "./dom.js";
import { PAYLOAD_VERSION, readPayload } from "./tree.js";
import { current, go, isBoard, lineOf, MOVES, nodes, option, rulesLine } from "./state.js";
import { drawAnalysis } from "./analysis.js";
import { buildChances, drawChances } from "./chances.js";
import { buildEditor, drawEditor, drawNotice } from "./editor.js";
import { buildForm } from "./form.js";
import { buildEntry } from "./entry.js";
import { buildMoves, drawMoves } from "./moves.js";
import { drawQuiz, quizTurn } from "./quiz.js";
import { clickCard, drawCenter, drawSeats, drawTrump, LAYOUT } from "./table.js";
import { drawNotes, drawPoints } from "./notes.js";
import { drawCounts, drawLedger, drawPile, drawResult } from "./scores.js";
import { buildBoardBar, buildOptions, buildTabs, drawBoardBar, keydown, placeChances, placeMenu, syncOptions, toggleMenu } from "./controls.js";
import { say, useWords } from "./words.js";

/** anywidget entry point: draw the viewer into `el` and follow the model. Returns the
 * clean-up function anywidget calls when the view is removed. */
export function render({ model, el }) {
  const view = { model, root: null, parts: {}, quiz: null, payload: null, line: null, ask: null, holding: false, menuOpen: false };
  view.redraw = () => update(view); // what a panel's move asks for: the step drawn again
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
// -- building the skeleton (once per payload) ---------------------------------------------

function button(view, testid, text, move) {
  const label = say(`board.nav.${move}`);
  return h("button", {
    type: "button",
    class: "mr-btn",
    "data-testid": testid,
    "aria-label": label,
    title: say("board.nav.title", { label, keys: say(`board.nav.${move}.keys`) }),
    text,
    onclick: () => go(view, MOVES[move](view)),
  });
}

function build(view) {
  const started = performance.now();
  const root = view.root;
  useWords(view.model.get("words")); // the language the session speaks (English: none)
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
  root.setAttribute("aria-label", say("board.label", { title: payload.title || say("board.label_untitled") }));
  if (payload.version !== PAYLOAD_VERSION) {
    root.append(h("p", { class: "mr-error", text: say("board.bad_version") }));
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
    root.append(h("p", { class: "mr-error", role: "alert", text: say("board.problem", { problem: payload.error }) }));
  }
  if (!nodes(view).length) {
    root.append(h("p", { class: "mr-error", text: say("page.nothing") }));
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
    "aria-label": say("board.slider"),
    oninput: (event) => go(view, Number(event.target.value)),
  });
  parts.stepText = h("span", { class: "mr-steptext", "data-testid": "mr-step" });
  parts.trickText = h("span", { class: "mr-tricktext", "data-testid": "mr-trick-text" });
  parts.lineText = h("span", { class: "mr-linetext", "data-testid": "mr-line" });
  const controls = h(
    "div",
    { class: "mr-controls", role: "toolbar", "aria-label": say("board.controls") },
    button(view, "mr-first", "|\u25C0", "first"),
    button(view, "mr-prev-trick", "\u25C0\u25C0", "prevTrick"),
    button(view, "mr-prev", "\u25C0", "prev"),
    button(view, "mr-next", "\u25B6", "next"),
    button(view, "mr-next-trick", "\u25B6\u25B6", "nextTrick"),
    button(view, "mr-last", "\u25B6|", "last"),
    h("span", { class: "mr-sep", "aria-hidden": "true" }),
    button(view, "mr-prev-ten", "\u25C0 10", "prevTen"),
    button(view, "mr-next-ten", "10 \u25B6", "nextTen"),
    button(view, "mr-prev-note", "\u25C0 \u270E", "prevNote"),
    button(view, "mr-next-note", "\u270E \u25B6", "nextNote"),
    h("span", { class: "mr-sep", "aria-hidden": "true" }),
    h("button", {
      type: "button",
      class: "mr-btn mr-menubtn",
      "data-testid": "mr-menu",
      "aria-expanded": "false",
      "aria-label": say("board.menu_label"),
      title: say("board.menu_label"),
      text: say("board.menu"),
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
  parts.center = h("div", { class: "mr-center", "data-testid": "mr-table", role: "group", "aria-label": say("board.table") });
  parts.center.style.gridArea = "tbl";
  table.append(parts.center);

  parts.trump = h("div", { class: "mr-box mr-trump", "data-testid": "mr-trump" });
  parts.counts = h("div", { class: "mr-box mr-counts", "data-testid": "mr-counts" });
  parts.pile = h("div", { class: "mr-box mr-pile", "data-testid": "mr-pile", hidden: payload.capture !== "Dehla" });
  parts.ledgerList = h("ul", { class: "mr-ledgerlist" });
  parts.ledger = h(
    "div",
    { class: "mr-box mr-ledger", "data-testid": "mr-ledger", role: "group", "aria-label": say("board.ledger") },
    h("div", { class: "mr-boxtitle", text: say((payload.all_tens || 4) === 8 ? "board.tens.8" : "board.tens.4") }),
    parts.ledgerList,
  );
  parts.result = h("div", { class: "mr-result", "data-testid": "mr-result", role: "status", hidden: true });
  parts.dd = h("div", {
    class: "mr-box mr-dd",
    "data-testid": "mr-dd",
    role: "status",
    "aria-live": "polite",
    "aria-label": say("board.dd.box"),
    hidden: true,
  });
  parts.notes = h("div", { class: "mr-box mr-notes", "data-testid": "mr-notes", "aria-label": say("board.notes.box") });
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
  parts.pointEmpty = h("p", { class: "mr-dim", text: say("board.notes.none") });
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
    { class: "mr-menu", "data-testid": "mr-menu-panel", role: "group", "aria-label": say("board.menu_label") },
    h("button", { type: "button", class: "mr-btn mr-menuclose", "data-testid": "mr-menu-close", text: say("board.menu_done"), onclick: () => toggleMenu(view) }),
  );
  root.append(parts.menu);
  update(view);
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
  parts.slider.setAttribute("aria-valuetext", say("board.card_of", { card: k, cards: last }));
  parts.stepText.textContent = say(k ? "board.card_of" : "board.start_card", { card: k, cards: last });
  // in a variation: where in it, too (the card count above is the deal's, along this line)
  const branch = step.main ? -1 : line.ids.findIndex((node) => !nodes(view)[node].main);
  // An empty table: the trick is still to come.
  parts.trickText.textContent = say(step.table.length ? "board.trick" : "board.before_trick", { trick: step.trick });
  const depth = step.depth || 0;
  parts.lineText.hidden = Boolean(step.main);
  parts.lineText.textContent = step.main
    ? ""
    : ` \u00B7 ${say(depth > 1 ? "board.variation_deep" : "board.variation", { depth, card: k - branch + 1, cards: last - branch + 1 })}`;
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
