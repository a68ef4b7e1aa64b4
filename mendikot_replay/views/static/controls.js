// The controls: the keys, the option bar and the menu (presentation mode, the phone's
// sheet and tabs), the board's toolbar (best, play out, promote, delete, ask).

import { h } from "./dom.js";
import { current, currentNode, go, isBoard, MOVES, nodes, option, send, setOption } from "./state.js";
import { canAnalyse } from "./analysis.js";
import { chanceOptions } from "./chances.js";
import { showNotice } from "./editor.js";
import { buildRecording, drawRecording } from "./entry.js";
import { enterVariation, leaveVariation } from "./moves.js";
import { quizTurn } from "./quiz.js";
import { drawSeats } from "./table.js";
import { say } from "./words.js";

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

export function keydown(view, event) {
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

/** The phone's two tabs over the body: the table (with the move list and the boxes), or
 * the chances graph. Shown only in a narrow viewer while the graph is on (CSS). */
export function buildTabs(view) {
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
  return h(
    "div",
    { class: "mr-tabs", role: "tablist", "aria-label": say("board.tabs") },
    tab("table", say("board.tab.table")),
    tab("chances", say("board.tab.chances")),
  );
}

function showTab(view, name) {
  view.root.classList.toggle("mr-tab-chances", name === "chances");
  for (const btn of view.parts.tabs.querySelectorAll("[role=tab]")) btn.setAttribute("aria-selected", btn.dataset.tab === name ? "true" : "false");
}

/** In presentation mode the chances graph is the root's (its grid puts it under the
 * table); elsewhere it is the body's, beside the table. */
export function placeChances(view, present) {
  const { chances, body, points } = view.parts;
  if (!chances || !body) return;
  if (present && chances.parentNode === body) view.root.insertBefore(chances, points);
  else if (!present && chances.parentNode !== body) body.append(chances);
}

/** Presentation mode keeps the options and the board's buttons in the menu; elsewhere they
 * go back to their places, the buttons above the sentence and the options after it. */
export function placeMenu(view, present) {
  const { menu, options, boardbar, say: sentence } = view.parts;
  if (!menu) return;
  const inMenu = present || Boolean(view.menuOpen && view.sheet);
  if (inMenu && options.parentNode !== menu) menu.append(boardbar, options);
  else if (!inMenu && options.parentNode === menu) {
    sentence.before(boardbar);
    sentence.after(options);
  }
}


export function buildOptions(view) {
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
      "aria-label": say("board.opt.quiz_label"),
      onchange: (event) => setOption(view, "quiz_seat", event.target.value),
    },
    h("option", { value: "", text: say("board.opt.no_quiz") }),
    ...payload.seats.map((s) => h("option", { value: s, text: say("board.opt.quiz_seat", { seat: s }) })),
  );
  view.parts.options = h(
    "div",
    { class: "mr-options", role: "group", "aria-label": say("board.opt.label") },
    check("mr-opt-played", say("board.opt.played"), "show_played", null, (on) => on),
    check("mr-opt-four", say("board.opt.four"), "four_color", null, (on) => on),
    check("mr-opt-large", say("board.opt.large"), "scale", null, (on) => (on ? 1.6 : 1.0)),
    check("mr-opt-present", say("board.opt.present"), "presentation", null, (on) => on),
    h("label", { class: "mr-opt" }, quiz),
    // Only where values can come from: a kernel (the widget has the trait) or a page
    // that embeds them.
    canAnalyse(view) ? check("mr-opt-analyse", say("board.opt.analyse"), "analyse", null, (on) => on) : null,
    chanceOptions(view, check),
  );
  return view.parts.options;
}

// -- the board's toolbar ------------------------------------------------------------------

export function buildBoardBar(view) {
  const parts = view.parts;
  const act = (testid, text, label, what) =>
    h("button", {
      type: "button",
      class: "mr-btn mr-boardbtn",
      "data-testid": testid,
      "aria-label": say(label),
      title: say(label),
      text: say(text),
      onclick: () => boardAction(view, what),
    });
  parts.board = {
    back: act("mr-back", "board.btn.back", "board.btn.back_label", "back"),
    best: act("mr-best", "board.btn.best", "board.btn.best_label", "best"),
    playout: act("mr-playout", "board.btn.playout", "board.btn.playout_label", "playout"),
    promote: act("mr-promote", "board.btn.promote", "board.btn.promote_label", "promote"),
    del: act("mr-delete", "board.btn.delete", "board.btn.delete_label", "delete"),
  };
  parts.ask = h("button", {
    type: "button",
    class: "mr-btn mr-ask",
    "data-testid": "mr-ask",
    "aria-pressed": "false",
    title: say("board.ask_title"),
    text: say("board.ask"),
    onclick: () => toggleAsk(view),
  });
  parts.boardbar = h(
    "div",
    { class: "mr-boardbar", "data-testid": "mr-board", role: "toolbar", "aria-label": say("board.bar") },
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
  if (!send(view, { do: what, at: currentNode(view) })) showNotice(view, "info", say("board.needs_notebook"));
}

/** Presentation mode keeps the options and the board's buttons behind one menu, over the
 * table (so opening it moves nothing); a phone keeps them behind it too, above the table. */
export function toggleMenu(view) {
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

export function drawBoardBar(view, step, k) {
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
  parts.ask.textContent = say(on ? "board.asking" : "board.ask");
  drawRecording(view, step, k);
}

// -- playing a card -----------------------------------------------------------------------


export function syncOptions(view) {
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
