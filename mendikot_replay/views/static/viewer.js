// mendikot-replay: the deal viewer that steps through a deal in the browser.
//
// One ES module, no dependencies, no build step, no network. It is used two ways:
//  - as an anywidget front end: `export default { render }`, reading the widget model
//    (traitlets `data`, `step`, `hidden_seats`, `show_played`, `scale`, `four_color`,
//    `quiz_seat`, `analyse`, `analysis`) and writing `step` (and the options) back;
//  - with no kernel at all (static HTML, nbconvert, Voila, the shared page of
//    `mendikot-replay html`): `mountStatic(el, payload, options)` gives `render` a tiny
//    in-page model with the same get/set/on/off/save_changes methods.
//
// The payload is made by `mendikot_replay/view_data.py`: every step (one per card) is
// precomputed there, so stepping here is a look-up and a small DOM rebuild, never a replay.
// All user text (names, comments) is put in the page with textContent / text nodes,
// never innerHTML, so a comment from a file cannot inject markup. Each name and comment is
// also in a <bdi> of its own (`bdi`), and the payload's sentences that quote user text (a
// step's `text`, the `subtitle`) carry it wrapped in FSI \u2068 … PDI \u2069 by
// `user_text.isolate`, which `sentence` turns into <bdi> elements: a right-to-left override
// in a name cannot mirror the words around it.
//
// "analyse": the double-dummy solver's values, computed in Python (the widget's
// `analysis` trait, filled step by step while `analyse` is on; or `payload.analysis`,
// embedded whole by `mendikot-replay html`), one entry per step (see
// `view_data.analysis_entry`): every legal card of the player to move is marked
// mr-dd-keep (green, ✓: keeps the best outcome open to its side) or mr-dd-lose (red, ✗),
// with the value in its label and ARIA label; the mr-dd panel gives the position's value;
// a played card that threw the outcome away is marked mr-dd-mistake on the table.
//
// Stable hooks for browser tests (data-testid): mr-viewer (root; data-step,
// data-last-render-ms), mr-first, mr-prev-trick, mr-prev, mr-next, mr-next-trick, mr-last,
// mr-prev-ten, mr-next-ten, mr-prev-note, mr-next-note, mr-slider, mr-step, mr-trick,
// mr-say, mr-seat-A.. (data-hidden), mr-toggle-A.., mr-table, mr-trump, mr-counts,
// mr-count-AC, mr-count-BD, mr-pile, mr-ledger, mr-ten-TS.. (data-status), mr-result,
// mr-notes, mr-points, mr-quiz, mr-opt-played, mr-opt-four, mr-opt-large, mr-opt-quiz,
// mr-opt-analyse, mr-dd (data-state, data-value).
// Every card element carries data-card="TH"; an analysed one also data-dd-value="1" and
// data-dd-text="AC win".

const PAYLOAD_VERSION = 1;
const SUIT_SIGN = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const SUIT_ORDER = ["S", "H", "D", "C"];
const RANK_WORD = {
  A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};
const STATUS_WORD = {
  hand: "still out", table: "on the table", pile: "in the Dehla pile",
  captured: "captured", gone: "taken before the position",
};

// -- small helpers ------------------------------------------------------------------------

/** Build an element. `attrs` values that are null/undefined/false are skipped; `text` sets
 * textContent; `on*` adds a listener; every other key is an attribute. Children may be
 * nodes or strings (strings become text nodes: never parsed as HTML). */
function h(tag, attrs, ...kids) {
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

const FSI = "\u2068";
const PDI = "\u2069";
const ISOLATE_OPENERS = "\u2066\u2067\u2068"; // LRI, RLI, FSI

/** User text in a <bdi> (isolated from the text direction around it). The isolates inside
 * are balanced first, as `user_text.isolate` balances them: a PDI of the text's own that
 * closes nothing would end the <bdi>'s isolation early (and let an override after it reach
 * the words that follow), so it is dropped; an isolate left open is closed. */
function bdi(text, attrs) {
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
  return h("bdi", { ...(attrs || {}), text: kept + PDI.repeat(depth) });
}

/** A sentence of the payload as nodes: its plain text as text, each FSI … PDI piece (user
 * text, wrapped by `user_text.isolate`) as a <bdi> holding the piece without the two marks. */
function sentence(text) {
  const nodes = [];
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
      if (plain) nodes.push(plain);
      nodes.push(bdi(piece));
      plain = "";
      continue;
    }
    piece += ch;
  }
  if (depth) {
    if (plain) nodes.push(plain);
    nodes.push(bdi(piece));
  } else if (plain) nodes.push(plain);
  return nodes;
}

function rankText(card) {
  return card[0] === "T" ? "10" : card[0];
}

/** "ten of hearts": what a screen reader says for a card. */
export function cardName(card) {
  if (!card || card.length !== 2) return "unknown card";
  return `${RANK_WORD[card[0]] || card[0]} of ${SUIT_WORD[card[1]] || card[1]}`;
}

/** "10♥": a card as text, suit sign always shown. */
export function cardText(card) {
  return card && card.length === 2 ? rankText(card) + SUIT_SIGN[card[1]] : "--";
}

/** A card face. `extra` adds classes; `label` overrides the accessible name. */
function cardFace(card, extra, label) {
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

function cardBack(label) {
  return h("span", { class: "mr-card mr-back", role: "img", "aria-label": label || "a card, face down" });
}

/** "card 12 · C 10♥": how a text refers to the card of a step. */
function seatCard(seat, card) {
  return `${seat} ${cardText(card)}`;
}

/** Replace the `[%…]`-free point arguments' card codes by card texts for reading. */
function argsText(text) {
  return String(text).replace(/\b([AKQJT2-9])([SHDC])\b/g, (_, r, s) => cardText(r + s));
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function clamp(k, n) {
  if (!Number.isFinite(k)) return 0;
  return Math.max(0, Math.min(n - 1, Math.trunc(k)));
}

function firstAfter(list, k) {
  for (const x of list) if (x > k) return x;
  return null;
}

function lastBefore(list, k) {
  let found = null;
  for (const x of list) if (x < k) found = x;
  return found;
}

// Grid places of the seats around the table, in play order (anticlockwise seen from
// above): A at the bottom, then to the right, up, and round to the left.
const LAYOUT = {
  4: { areas: ['". sC ."', '"sD tbl sB"', '". sA ."'], cols: "1fr 1.35fr 1fr" },
  6: { areas: ['"sE sD sC"', '"tbl tbl tbl"', '"sF sA sB"'], cols: "1fr 1fr 1fr" },
  8: { areas: ['"sF sE sD"', '"sG tbl sC"', '"sH sA sB"'], cols: "1fr 1.2fr 1fr" },
};

/** Where a seat's card lies in the trick area (percentages of the centre box): towards
 * the seat's own place around the table, as the cards lie on a real table. */
const TRICK_PLACES = {
  4: { A: [50, 80], B: [82, 50], C: [50, 20], D: [18, 50] },
  6: { A: [50, 74], B: [82, 74], C: [82, 26], D: [50, 26], E: [18, 26], F: [18, 74] },
  8: { A: [50, 82], B: [84, 82], C: [84, 50], D: [84, 18], E: [50, 18], F: [16, 18], G: [16, 50], H: [16, 82] },
};

function ringPlace(seat, players) {
  const [left, top] = (TRICK_PLACES[players] || TRICK_PLACES[4])[seat] || [50, 50];
  return { left, top };
}

// -- the viewer ---------------------------------------------------------------------------

/** anywidget entry point: draw the viewer into `el` and follow the model. Returns the
 * clean-up function anywidget calls when the view is removed. */
export function render({ model, el }) {
  const view = { model, root: null, parts: {}, quiz: null, payload: null };
  const root = h("div", {
    class: "mr-viewer",
    "data-testid": "mr-viewer",
    tabindex: "0",
    role: "group",
    "data-lm-suppress-shortcuts": "true",
    "aria-keyshortcuts":
      "ArrowLeft ArrowRight ArrowUp ArrowDown PageUp PageDown Home End t Shift+T n Shift+N",
  });
  view.root = root;
  el.append(root);

  const rebuild = () => build(view);
  const refresh = () => update(view);
  const onKey = (event) => keydown(view, event);
  const onPointer = (event) => {
    // Keep keyboard focus in the viewer (so the arrows keep working) unless the user
    // clicked something that takes focus itself.
    if (!event.target.closest("button, input, select, a")) root.focus({ preventScroll: true });
  };
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointer);
  const names = ["step", "hidden_seats", "show_played", "scale", "four_color", "quiz_seat", "analyse", "analysis"];
  model.on("change:data", rebuild);
  for (const name of names) model.on(`change:${name}`, refresh);
  rebuild();
  return () => {
    model.off("change:data", rebuild);
    for (const name of names) model.off(`change:${name}`, refresh);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("pointerdown", onPointer);
    root.remove();
  };
}

function option(view, name, fallback) {
  const value = view.model.get(name);
  return value === undefined || value === null ? fallback : value;
}

function steps(view) {
  return (view.payload && view.payload.steps) || [];
}

function current(view) {
  const n = steps(view).length;
  return n ? clamp(Number(view.model.get("step")), n) : 0;
}

/** Ask for step `k`: the model's change event redraws (so Python-driven steps and
 * user-driven steps take the same path). */
function go(view, k) {
  const n = steps(view).length;
  if (!n) return;
  const target = clamp(k, n);
  if (target === current(view) && target === view.model.get("step")) return;
  view.model.set("step", target);
  view.model.save_changes();
}

function setOption(view, name, value) {
  view.model.set(name, value);
  view.model.save_changes();
}

const MOVES = {
  first: (v) => 0,
  last: (v) => steps(v).length - 1,
  prev: (v) => current(v) - 1,
  next: (v) => current(v) + 1,
  prevTrick: (v) => lastBefore(v.payload.trick_ends, current(v)) ?? 0,
  nextTrick: (v) => firstAfter(v.payload.trick_ends, current(v)) ?? steps(v).length - 1,
  prevTen: (v) => lastBefore(v.payload.ten_steps, current(v)) ?? current(v),
  nextTen: (v) => firstAfter(v.payload.ten_steps, current(v)) ?? current(v),
  prevNote: (v) => lastBefore(v.payload.note_steps, current(v)) ?? current(v),
  nextNote: (v) => firstAfter(v.payload.note_steps, current(v)) ?? current(v),
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

function keydown(view, event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target && event.target.tagName === "SELECT") return;
  const move = KEYS[event.key];
  if (!move || !steps(view).length) return;
  // Ours: keep it from the notebook's command shortcuts (the root also carries
  // data-lm-suppress-shortcuts, which JupyterLab's keymap honours) and from scrolling.
  event.preventDefault();
  event.stopPropagation();
  go(view, MOVES[move](view));
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
  const payload = view.model.get("data") || {};
  view.payload = payload;
  view.quiz = null;
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
  root.append(head);
  if (payload.error) {
    root.append(h("p", { class: "mr-error", role: "alert", text: `Problem: ${payload.error}` }));
  }
  const n = steps(view).length;
  if (!n) {
    root.append(h("p", { class: "mr-error", text: "There is nothing to replay." }));
    root.dataset.step = "0";
    root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
    return;
  }
  parts.slider = h("input", {
    type: "range",
    class: "mr-slider",
    min: "0",
    max: String(n - 1),
    step: "1",
    value: "0",
    "data-testid": "mr-slider",
    "aria-label": "card",
    oninput: (event) => go(view, Number(event.target.value)),
  });
  parts.stepText = h("span", { class: "mr-steptext", "data-testid": "mr-step" });
  parts.trickText = h("span", { class: "mr-tricktext", "data-testid": "mr-trick" });
  const controls = h(
    "div",
    { class: "mr-controls", role: "toolbar", "aria-label": "step through the deal" },
    button(view, "mr-first", "|\u25C0", "start of the deal", "first", "Home"),
    button(view, "mr-prev-trick", "\u25C0\u25C0", "previous trick", "prevTrick", "Up / Page Up"),
    button(view, "mr-prev", "\u25C0", "previous card", "prev", "Left"),
    button(view, "mr-next", "\u25B6", "next card", "next", "Right"),
    button(view, "mr-next-trick", "\u25B6\u25B6", "next trick", "nextTrick", "Down / Page Down"),
    button(view, "mr-last", "\u25B6|", "end of the deal", "last", "End"),
    h("span", { class: "mr-sep", "aria-hidden": "true" }),
    button(view, "mr-prev-ten", "\u25C0 10", "previous ten event", "prevTen", "Shift+T"),
    button(view, "mr-next-ten", "10 \u25B6", "next ten event", "nextTen", "t"),
    button(view, "mr-prev-note", "\u25C0 \u270E", "previous annotation", "prevNote", "Shift+N"),
    button(view, "mr-next-note", "\u270E \u25B6", "next annotation", "nextNote", "n"),
  );
  parts.say = h("div", { class: "mr-say", "data-testid": "mr-say", role: "status", "aria-live": "polite" });
  const where = h("div", { class: "mr-where" }, parts.trickText, " \u00B7 ", parts.stepText);
  root.append(controls, h("div", { class: "mr-sliderrow" }, parts.slider, where), parts.say);
  root.append(buildOptions(view));
  parts.quiz = h("div", { class: "mr-quiz", "data-testid": "mr-quiz", role: "status", "aria-live": "polite", hidden: true });
  root.append(parts.quiz);

  const players = payload.players;
  const layout = LAYOUT[players] || LAYOUT[4];
  const table = h("div", { class: `mr-tablearea mr-n${players}` });
  table.style.gridTemplateAreas = layout.areas.join(" ");
  table.style.gridTemplateColumns = layout.cols;
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
    h("div", { class: "mr-boxtitle", text: "The four tens" }),
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
  const side = h("div", { class: "mr-side" }, parts.result, parts.dd, parts.trump, parts.counts, parts.pile, parts.ledger, parts.notes);
  root.append(h("div", { class: "mr-body" }, table, side));

  parts.pointButtons = [];
  const list = h("ol", { class: "mr-pointlist" });
  const byStep = new Map();
  for (const point of payload.points || []) {
    if (!byStep.has(point.step)) byStep.set(point.step, []);
    byStep.get(point.step).push(point);
  }
  for (const [at, group] of byStep) {
    const first = group[0];
    const badges = [];
    const words = [];
    for (const point of group) {
      if (point.kind === "glyph") badges.push(h("span", { class: "mr-glyph", text: point.text }));
      else if (point.kind === "nag") badges.push(h("span", { class: "mr-badge", title: point.text, text: point.text.split(" ")[0] }));
      else if (point.kind === "comment") words.push(point.text);
      else {
        const args = argsText(point.text);
        badges.push(h("span", { class: "mr-badge mr-badge-point" }, "\u2605 ", bdi(point.kind), args ? [" ", bdi(args)] : null));
      }
    }
    const btn = h(
      "button",
      {
        type: "button",
        class: "mr-point",
        "data-step": String(at),
        title: words.join(" "),
        onclick: () => go(view, at),
      },
      h("span", { class: "mr-pointwhere", text: `card ${at} \u00B7 ${seatCard(first.seat, first.card)}` }),
      " ",
      ...badges.flatMap((b) => [b, " "]),
      h("span", { class: "mr-pointtext" }, words.flatMap((w, i) => (i ? [" ", bdi(w)] : [bdi(w)]))),
    );
    parts.pointButtons.push(btn);
    list.append(h("li", null, btn));
  }
  parts.points = h(
    "details",
    { class: "mr-points", "data-testid": "mr-points", open: true },
    h("summary", { text: `Annotated cards (${byStep.size}) \u2014 click to jump, or press n / N` }),
    (payload.points || []).length ? list : h("p", { class: "mr-dim", text: "This deal has no annotations." }),
  );
  if ((payload.deal_comments || []).length) {
    parts.points.append(
      h("div", { class: "mr-dealnotes" }, ...payload.deal_comments.map((c) => h("p", null, bdi(c)))),
    );
  }
  root.append(parts.points);
  update(view);
}

function rulesLine(payload) {
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
    h("label", { class: "mr-opt" }, quiz),
    // Only where values can come from: a kernel (the widget has the trait) or a page
    // that embeds them.
    canAnalyse(view) ? check("mr-opt-analyse", "analyse (double-dummy)", "analyse", null, (on) => on) : null,
  );
  return view.parts.options;
}

// -- drawing one step ---------------------------------------------------------------------

function update(view) {
  const started = performance.now();
  const root = view.root;
  const payload = view.payload;
  const all = steps(view);
  if (!payload || !all.length) return;
  const k = current(view);
  const step = all[k];
  const parts = view.parts;
  const scale = Number(option(view, "scale", 1)) || 1;
  root.style.setProperty("--mr-scale", String(scale));
  root.classList.toggle("mr-4c", Boolean(option(view, "four_color", false)));
  root.classList.toggle("mr-large", scale > 1.01);
  root.dataset.step = String(k);

  // quiz answers belong to the card they were given for
  if (view.quiz && view.quiz.step !== k) view.quiz = null;

  parts.slider.value = String(k);
  parts.slider.setAttribute("aria-valuetext", `card ${k} of ${all.length - 1}`);
  parts.stepText.textContent = k ? `card ${k} of ${all.length - 1}` : `start \u00B7 card 0 of ${all.length - 1}`;
  parts.trickText.textContent = `Trick ${step.trick}`;
  parts.say.replaceChildren(...sentence(step.text));
  syncOptions(view);

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
  for (const btn of parts.pointButtons) {
    const here = Number(btn.dataset.step) === k;
    btn.classList.toggle("mr-here", here);
    if (here) btn.setAttribute("aria-current", "step");
    else btn.removeAttribute("aria-current");
  }
  root.dataset.lastRenderMs = (performance.now() - started).toFixed(2);
}

function syncOptions(view) {
  for (const input of view.parts.options.querySelectorAll("input[data-option]")) {
    const name = input.dataset.option;
    const value = option(view, name, name === "show_played");
    input.checked = name === "scale" ? Number(value) > 1.01 : Boolean(value);
  }
  const select = view.parts.options.querySelector("select");
  select.value = option(view, "quiz_seat", "") || "";
}

/** The quiz seat, when it is that seat's turn and the record shows what it played. */
function quizTurn(view, k) {
  const seat = option(view, "quiz_seat", "");
  if (!seat) return null;
  const all = steps(view);
  const next = all[k + 1];
  if (!next || !next.card || next.card.seat !== seat || all[k].to_play !== seat) return null;
  return seat;
}

/** "A (Asha)" for the page: one span (a single item where its parent is a flex box), the
 * name in a <bdi>. */
function who(payload, seat) {
  const name = payload.names[seat];
  return h("span", { class: "mr-who" }, seat, name ? [" (", bdi(name), ")"] : null);
}

/** "A (Asha)" as a plain string, for an ARIA label (read out, never laid out). */
function whoText(payload, seat) {
  const name = payload.names[seat];
  return name ? `${seat} (${name})` : seat;
}

function drawSeats(view, step, k, quizSeat) {
  const payload = view.payload;
  const hidden = new Set(option(view, "hidden_seats", []) || []);
  const showPlayed = Boolean(option(view, "show_played", true));
  const trump = step.trump;
  for (const seat of payload.seats) {
    const panel = view.parts.seats[seat];
    const isHidden = hidden.has(seat) && seat !== quizSeat;
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
      "aria-label": isHidden ? `show ${seat}'s hand` : `hide ${seat}'s hand`,
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
      const dd = analysisOf(view, k);
      const values = dd && dd.cards && dd.to_play === seat && quizSeat !== seat ? dd : null;
      body = handRows(view, seat, hand, start || hand, showPlayed, trump, quizSeat === seat ? k : null, values);
    }
    panel.setAttribute("aria-label", `${whoText(payload, seat)}, team ${payload.team_labels[team]}${isHidden ? ", hand hidden" : ""}`);
    panel.replaceChildren(header, body);
  }
}

function handRows(view, seat, hand, start, showPlayed, trump, quizStep, dd) {
  const held = new Set(hand);
  const facedown = trump.status === "hidden" && trump.holder === seat ? trump.card : null;
  const rows = [];
  for (const suit of SUIT_ORDER) {
    const cards = (showPlayed ? start : hand).filter((c) => c[1] === suit);
    const chips = [];
    for (const c of cards) {
      const played = !held.has(c);
      let label = cardName(c);
      let cls = "mr-chip";
      if (played) {
        cls += " mr-played";
        label += ", played";
      }
      if (c === facedown) {
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
      } else {
        const value = dd && !played ? dd.cards[c] : undefined;
        if (value) {
          cls += ` mr-dd ${value.keeps ? "mr-dd-keep" : "mr-dd-lose"}`;
          label += value.keeps
            ? `, double-dummy ${value.text}: keeps the best outcome`
            : `, double-dummy ${value.text}: loses ${dd.text}`;
        }
        const chip = h("span", {
          class: `${cls} mr-card mr-suit-${suit}`,
          "data-card": c,
          role: "img",
          "aria-label": label,
          "data-dd-value": value ? String(value.value) : null,
          "data-dd-text": value ? value.text : null,
        });
        chip.append(h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(c) }));
        if (value) {
          chip.append(h("span", { class: "mr-ddtag", "aria-hidden": "true", text: `${value.keeps ? "\u2713" : "\u2717"} ${value.text}` }));
          chip.title = value.keeps ? `double-dummy: ${value.text} (keeps it)` : `double-dummy: ${value.text} (${dd.text} was possible)`;
        }
        if (c === facedown) chip.title = "set aside face down: the closed trump";
        chips.push(chip);
      }
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
  if (notes.points.length) return "\u2605";
  if (notes.nags.length) return "$";
  if (notes.comments.length) return "\u270E";
  return null;
}

function drawCenter(view, step, k) {
  const payload = view.payload;
  const all = steps(view);
  const center = view.parts.center;
  const players = payload.players;
  const kids = [];
  const count = step.table.length;
  step.table.forEach(([seat, card], j) => {
    const at = k - (count - 1 - j); // the step at which this card was played (<= 0: before)
    const played = at >= 1 ? all[at] : null;
    const classes = ["mr-trickcard"];
    if (j === 0) classes.push("mr-lead");
    if (step.winner === seat) classes.push("mr-winner");
    if (at === k && k > 0) classes.push("mr-current");
    if (played && played.card && played.card.trump) classes.push("mr-istrump");
    const mistake = at >= 1 ? mistakeAt(view, at) : null;
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
    h("div", { class: "mr-ring" }, kids),
    h("div", { class: "mr-caption" }, h("strong", { text: `Trick ${step.trick}` }), " ", caption),
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
  const payload = view.payload;
  const items = step.ledger.map((entry) => {
    const team = entry.team;
    const status = entry.where;
    return h(
      "li",
      {
        class: `mr-ten mr-status-${status}${team && (status === "captured" || status === "gone") ? " mr-team-" + team : ""}`,
        "data-testid": `mr-ten-${entry.card}`,
        "data-status": status,
        "data-team": team || null,
        "aria-label": `${cardName(entry.card)}: ${entry.text}`,
      },
      cardFace(entry.card, "mr-mini", cardName(entry.card)),
      h("span", { class: "mr-tenstatus", text: STATUS_WORD[status] || status }),
      team && (status === "captured" || status === "gone")
        ? h("span", { class: `mr-teamtag mr-team-${team}`, text: payload.team_labels[team] })
        : null,
      h("span", { class: "mr-tentext", text: entry.text }),
    );
  });
  view.parts.ledgerList.replaceChildren(...items);
}

function drawResult(view, step, k) {
  const box = view.parts.result;
  const last = k === steps(view).length - 1;
  const payload = view.payload;
  if (last && step.result) {
    const r = step.result;
    box.hidden = false;
    box.className = `mr-result mr-result-${r.kind}${r.winner ? " mr-team-" + r.winner : ""}`;
    box.dataset.kind = r.kind;
    box.dataset.winner = r.winner || "";
    box.replaceChildren(
      h("div", { class: "mr-resulttitle", text: r.text }),
      h("div", { class: "mr-dim", text: `tens ${r.tens[0]}-${r.tens[1]} \u00B7 tricks ${r.tricks[0]}-${r.tricks[1]} (${payload.team_labels.AC} first) \u00B7 ${r.reason}` }),
    );
  } else if (last && payload.error) {
    box.hidden = false;
    box.className = "mr-result mr-result-error";
    box.dataset.kind = "error";
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: `The replay stops here: ${payload.error}` }));
  } else if (last) {
    box.hidden = false;
    box.className = "mr-result mr-result-open";
    box.dataset.kind = "unfinished";
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: "No result: the record stops here." }));
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
  if (k === 0) {
    for (const c of payload.deal_comments || []) kids.push(h("p", { class: "mr-comment" }, bdi(c)));
  }
  const card = step.card;
  const notes = step.notes;
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
    for (const nag of notes.nags) {
      kids.push(h("div", { class: "mr-nag" }, h("span", { class: "mr-badge", text: `$${nag.nag}` }), " ", nag.text));
    }
    for (const point of notes.points) {
      kids.push(
        h("div", { class: "mr-pointnote" }, h("span", { class: "mr-badge mr-badge-point" }, "\u2605 ", bdi(point.kind)), " ", bdi(argsText(point.args.join(" ")))),
      );
    }
    for (const c of notes.comments) kids.push(h("p", { class: "mr-comment" }, bdi(c)));
    for (const c of notes.commands || []) kids.push(h("div", { class: "mr-dim" }, bdi(c.name), ": ", bdi(c.args)));
    for (const v of notes.variations || []) {
      kids.push(h("div", { class: "mr-variation", text: `instead: ${v.split(" ").map((c) => (c.length === 2 ? cardText(c) : c)).join(" ")}` }));
    }
  }
  if (kids.length === 1 || (card && kids.length === 2)) kids.push(h("p", { class: "mr-dim", text: "No annotation at this card." }));
  box.dataset.count = String(card ? (notes.comments.length + notes.points.length + notes.nags.length + (notes.glyph ? 1 : 0)) : (payload.deal_comments || []).length);
  box.replaceChildren(...kids);
}

// -- the solver's values ("analyse") ------------------------------------------------------

/** Whether this viewer can show the solver's values: the widget (a kernel computes them:
 * the model has an `analysis` trait) or a page that embeds them. */
function canAnalyse(view) {
  const analysis = view.model.get("analysis");
  return analysis !== undefined && analysis !== null;
}

/** The solver's entry for step `k` while the toggle is on: `null` when it is off,
 * `{status: "pending"}` while Python has not sent it yet. */
function analysisOf(view, k) {
  if (!option(view, "analyse", false) || !canAnalyse(view)) return null;
  const entry = view.model.get("analysis")[String(k)];
  return entry || { status: "pending" };
}

/** The card that led to step `at`, if the solver found it threw the outcome away:
 * `{played, before}` (its entry at the step before), else null. */
function mistakeAt(view, at) {
  const entry = analysisOf(view, at - 1);
  if (!entry || !entry.played || entry.played.keeps) return null;
  const card = steps(view)[at].card;
  if (!card || card.card !== entry.played.card) return null;
  return { played: entry.played, before: entry.text, seat: entry.played.seat };
}

function drawAnalysis(view, step, k, quizSeat) {
  const box = view.parts.dd;
  const entry = analysisOf(view, k);
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
      const values = Object.values(entry.cards);
      const lose = values.filter((v) => !v.keeps).length;
      let words;
      if (quizSeat === entry.to_play) words = " to play: the values are hidden while the quiz asks for this card.";
      else if (!lose) words = ` to play: every card keeps ${entry.text}.`;
      else words = ` to play: \u2713 green cards keep ${entry.text}, \u2717 red ones lose it (${lose} of ${values.length}).`;
      kids.push(h("div", null, who(payload, entry.to_play), words));
    }
  }
  const before = k >= 1 ? analysisOf(view, k - 1) : null;
  const card = step.card;
  if (before && before.played && card && card.card === before.played.card) {
    const p = before.played;
    const asking = " asking for the trump"; // version B's ask, part of the move
    const played = ` played ${cardText(p.card)}${p.asked ? asking : ""}`;
    const text = p.keeps
      ? `${played}: keeps ${p.text}.`
      : `${played}: a mistake, ${before.text} \u2192 ${p.text}` +
        (p.better ? ` (${cardText(p.better)}${p.better_asks ? asking : ""} kept ${before.text}).` : ".");
    kids.push(h("div", { class: p.keeps ? "mr-ddplayed" : "mr-ddplayed mr-dd-mistake", "data-testid": "mr-dd-played" }, who(payload, p.seat), text));
  }
  box.replaceChildren(...kids);
}

// -- quiz: "what would you play?" ---------------------------------------------------------

function answerQuiz(view, k, seat, chosen) {
  const actual = steps(view)[k + 1].card.card;
  view.quiz = { step: k + 1, seat, chosen, actual, right: chosen === actual };
  go(view, k + 1);
}

function drawQuiz(view, k, quizSeat) {
  const box = view.parts.quiz;
  const payload = view.payload;
  if (view.quiz && view.quiz.step === k) {
    const q = view.quiz;
    box.hidden = false;
    box.dataset.state = q.right ? "right" : "wrong";
    box.replaceChildren(
      h("strong", { text: q.right ? "Right! " : "Not this time. " }),
      `You chose ${cardText(q.chosen)}; `,
      who(payload, q.seat),
      ` played ${cardText(q.actual)}.`,
    );
    return;
  }
  if (quizSeat) {
    box.hidden = false;
    box.dataset.state = "ask";
    box.replaceChildren(
      h("strong", { text: "Quiz: " }),
      "what would you play for ",
      who(payload, quizSeat),
      "? Click a card in the hand (or press \u2192 to see).",
    );
    return;
  }
  box.hidden = true;
  box.dataset.state = "";
  box.replaceChildren();
}

// -- without a kernel ---------------------------------------------------------------------

/** A minimal stand-in for the widget model, so `render` works in a page with no kernel. */
export function createModel(payload, options) {
  const values = {
    data: payload,
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
