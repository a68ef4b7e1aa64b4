// mendikot-replay: the chances graph and the quiz graded by the chances (an ES module of
// the page; board.js, controls.js and quiz.js import its `buildChances`, `drawChances`,
// `chanceOptions`, `quizByChances` and `quizChanceGrade`).
//
// The graph ("chances" toggle, the widget's `chances` / `chance_graph` traits, filled by
// Python as it works the deal out; see `session/chance_view.py`'s `chance_graph_entry`): like lichess's
// evaluation chart, A/C's chance of winning the deal across the main line, single dummy
// (each card scored from its own player's view: what that player could know), drawn as
// inline SVG in pixels (redrawn when its box changes size, so its labels keep their size
// on a projector and on a phone). Under the curve, the double-dummy outcome of the real
// deal as shaded columns and a step line: A/C's colour above the middle (A/C win with every
// hand known), B/D's below, the middle line for a tie. A single-dummy mistake is a red dot
// with a red stroke down from what the best card gave. Each position is a column: a click
// goes there (the step right after that card). The columns are also one keyboard stop
// (a roving tabindex: Tab reaches the current one, ←/→/Home/End step along the main line,
// Enter goes to the focused point), each with an ARIA label that says it all in words.
// While a quiz runs, the graph stops at the card shown: the rest would give answers away.
//
// The quiz graded by the chances (`quiz_grade` "chances", the widget's default, and the
// `quiz_odds` trait: per node id, every card of the player to move with its chance from
// that player's view and whether it is right, within 5 points of the best card's): the
// answer shows the card's chance, the best one's, and the whole list. A page without a
// kernel has no chances to read: its quiz stays graded double-dummy (quiz.js).
//
// Hooks (data-testid): mr-chances-box (the box), mr-chances (the SVG), mr-chances-progress,
// mr-opt-chances (the toggle, in the options of controls.js), mr-opt-grade (the quiz's grading select); each
// point carries data-ply (the main-line step it goes to), data-mistake when it is one.
// The texts of the graph come from the payload and the trait (seats, cards, numbers) and
// are set with textContent / setAttribute only: nothing is parsed as markup.
import { ASK, cardText } from "./cards.js";
import { h } from "./dom.js";
import { currentNode, goNode, lineOf, nodes, option, setOption, who, whoText } from "./state.js";
import { say, sayParts } from "./words.js";

let svgSpace = null;

/** The SVG namespace (a name, never fetched), as the HTML parser gives it to an <svg> of a
 * fixed fragment: the page's code holds no address at all, so that a reader (and a test)
 * can see at a glance that it asks nothing of the network. */
function svgNamespace() {
  if (!svgSpace) svgSpace = document.createRange().createContextualFragment("<svg></svg>").firstChild.namespaceURI;
  return svgSpace;
}

/** An SVG element (as `h`: attributes set as they are, children appended, strings as text
 * nodes). */
function svgEl(tag, attrs, ...kids) {
  const node = document.createElementNS(svgNamespace(), tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, String(value));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    node.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return node;
}

function pct(x) {
  return `${Math.round(100 * Number(x))}%`;
}

/** Whether this viewer can work chances out: a kernel behind it, with the traits. */
function canChances(view) {
  const graph = view.model.get("chance_graph");
  return graph !== undefined && graph !== null && typeof view.model.send === "function";
}

/** Whether the quiz is graded by the chances here (else double-dummy, as before). */
export function quizByChances(view) {
  const odds = view.model.get("quiz_odds");
  return (
    option(view, "quiz_grade", "chances") === "chances" &&
    odds !== undefined &&
    odds !== null &&
    typeof view.model.send === "function"
  );
}

/** The options of the graph and of the quiz's grading, for the option bar. */
export function chanceOptions(view, check) {
  if (!canChances(view)) return [];
  const grade = h(
    "select",
    {
      "data-testid": "mr-opt-grade",
      "data-option": "quiz_grade",
      "aria-label": say("chances.grade_label"),
      onchange: (event) => setOption(view, "quiz_grade", event.target.value),
    },
    h("option", { value: "chances", text: say("chances.grade_chances") }),
    h("option", { value: "double-dummy", text: say("chances.grade_dd") }),
  );
  return [check("mr-opt-chances", say("chances.option"), "chances", null, (on) => on), h("label", { class: "mr-opt" }, grade)];
}

// -- the graph -----------------------------------------------------------------------------

export function buildChances(view) {
  if (!canChances(view)) return null;
  const parts = view.parts;
  parts.chanceTitle = h("div", { class: "mr-boxtitle", text: say("chances.title") });
  parts.chanceProgress = h("span", { class: "mr-chanceprogress", "data-testid": "mr-chances-progress", role: "status", "aria-live": "polite" });
  parts.chanceArea = h("div", { class: "mr-chancearea" });
  parts.chanceNote = h("div", { class: "mr-chancenote mr-dim" });
  parts.chanceNow = h("div", { class: "mr-chancenow", "data-testid": "mr-chances-now", "aria-live": "polite" });
  const swatch = (cls) => h("span", { class: `mr-swatch ${cls}`, "aria-hidden": "true" });
  parts.chanceLegend = h(
    "div",
    { class: "mr-chancelegend" },
    h("span", null, swatch("mr-sw-line"), say("chances.key.line")),
    h("span", null, swatch("mr-sw-AC"), say("chances.key.ac")),
    h("span", null, swatch("mr-sw-BD"), say("chances.key.bd")),
    h("span", null, swatch("mr-sw-mistake"), say("chances.key.mistake")),
  );
  // Shown while some points are a first look only (a quarter of their worlds).
  parts.chanceGlance = h("span", { class: "mr-chance-glancekey", hidden: true }, swatch("mr-sw-glance"), say("chances.key.glance"));
  parts.chanceLegend.append(parts.chanceGlance);
  parts.chances = h(
    "section",
    { class: "mr-box mr-chances", "data-testid": "mr-chances-box", "aria-label": say("chances.box"), hidden: true },
    h("div", { class: "mr-chancehead" }, parts.chanceTitle, parts.chanceProgress),
    parts.chanceNow,
    parts.chanceArea,
    parts.chanceLegend,
    parts.chanceNote,
  );
  parts.chanceKey = null;
  parts.chancePoints = [];
  if (view.chanceObserver) view.chanceObserver.disconnect(); // the last payload's box
  if (typeof ResizeObserver === "function") {
    let width = 0;
    view.chanceObserver = new ResizeObserver(() => {
      const now = parts.chanceArea.clientWidth;
      if (now && Math.abs(now - width) > 1) {
        width = now;
        parts.chanceKey = null;
        if (view.payload && !parts.chances.hidden) drawChances(view);
      }
    });
    view.chanceObserver.observe(parts.chanceArea);
  }
  return parts.chances;
}

/** The main line's position a step of the viewer shows (`null`: off the main line). */
function mainPly(view) {
  const id = currentNode(view);
  const main = view.payload.main_line || [];
  const k = main.indexOf(id);
  return k < 0 ? null : k;
}

export function drawChances(view) {
  const parts = view.parts;
  if (!parts.chances) return;
  const graph = view.model.get("chance_graph") || {};
  const on = Boolean(option(view, "chances", false)) && graph.status && graph.status !== "off";
  parts.chances.hidden = !on;
  view.root.classList.toggle("mr-has-chances", Boolean(on)); // a phone's tabs show with it
  if (!on) {
    parts.chanceKey = null;
    return;
  }
  const points = graph.points || [];
  const total = graph.total || 0;
  if (graph.status === "unavailable") {
    parts.chanceProgress.textContent = say("chances.unavailable", { reason: graph.reason || say("chances.no_score") });
  } else if (graph.status === "done") {
    parts.chanceProgress.textContent = say("chances.done", { done: points.length, total });
  } else if (graph.glanced) {
    // The first pass draws every position from a quarter of its worlds; the second makes them precise.
    parts.chanceProgress.textContent = say("chances.glanced", { drawn: points.length, total, done: graph.done || 0 });
  } else {
    parts.chanceProgress.textContent = say("chances.working", { done: graph.done || 0, total });
  }
  parts.chances.dataset.status = graph.status;
  const here = mainPly(view);
  const quiz = option(view, "quiz_seat", "");
  const cut = quiz ? (here === null ? -1 : here) : Infinity; // a quiz: nothing after the card shown
  const sampled = points.filter((p) => !p.exact).length;
  const notes = [];
  parts.chanceGlance.hidden = !points.some((p) => p.glance);
  const drawn = say("chances.drawn", { samples: graph.samples, seed: graph.seed });
  if (points.length && sampled === points.length) notes.push(say("chances.note.sampled", { drawn }));
  else if (sampled) notes.push(say("chances.note.some", { drawn }));
  else if (points.length) notes.push(say("chances.note.exact"));
  if (quiz && points.some((p) => p.ply > cut)) notes.push(say("chances.note.quiz"));
  parts.chanceNote.textContent = notes.join(" ");
  const width = Math.floor(parts.chanceArea.clientWidth || 0) || 720;
  // Drawn again when Python sent more (a new object each time), or the room, the print,
  // the line or the quiz's cut changed; else only the highlight moves.
  const key = [width, cut, option(view, "scale", 1), lineOf(view).key].join("|");
  if (key !== parts.chanceKey || graph !== parts.chanceDrawn) {
    parts.chanceDrawn = graph;
    const focused = parts.chanceArea.contains(document.activeElement);
    parts.chanceKey = key;
    parts.chanceArea.replaceChildren(chanceSvg(view, graph, width, cut));
    markChances(view, here);
    if (focused) focusChance(view, here);
  } else {
    markChances(view, here);
  }
}

/** The graph's SVG, `width` pixels wide; positions after `cut` are left out. */
function chanceSvg(view, graph, width, cut) {
  const payload = view.payload;
  const all = nodes(view);
  const main = payload.main_line || [];
  const lineCards = Math.max(main.length - 1, 0);
  const total = Math.min(graph.total || 0, lineCards);
  const font = parseFloat(getComputedStyle(view.root).fontSize) || 13;
  const first = lineCards - total; // the position before the first card scored
  const count = total + 1; // positions: before the first card, then after each
  const height = Math.round(font * 12.5);
  const m = { left: Math.round(font * 3.1), right: Math.round(font * 0.6), top: Math.round(font * 0.7), bottom: Math.round(font * 1.9) };
  const plotW = Math.max(width - m.left - m.right, 10);
  const plotH = height - m.top - m.bottom;
  const col = plotW / Math.max(count, 1);
  const X = (ply) => m.left + (ply - first + 0.5) * col;
  const Y = (p) => m.top + (1 - p) * plotH;
  const byPly = new Map();
  for (const p of graph.points || []) if (p.ply <= cut) byPly.set(p.ply, p);
  const firstPoint = (graph.points || []).find((p) => p.ply === first + 1);
  // Each position: A/C's chance there and the double-dummy value of the real deal.
  const at = (ply) => {
    if (ply > cut) return null;
    if (ply === first) return firstPoint ? { ac: firstPoint.ac_before, dd: firstPoint.dd_before, ddText: firstPoint.dd_before_text } : null;
    const p = byPly.get(ply);
    return p ? { ac: p.ac_after, dd: p.dd_after, ddText: p.dd_after_text, point: p } : null;
  };
  const kids = [];
  // the double-dummy columns and step line
  const ddLevel = (dd) => (dd > 0 ? 1 : dd < 0 ? 0 : 0.5);
  let stepPath = "";
  let joined = false;
  for (let ply = first; ply <= lineCards; ply++) {
    const a = at(ply);
    if (!a || a.dd === null || a.dd === undefined) {
      joined = false;
      continue;
    }
    const x0 = X(ply) - col / 2;
    if (a.dd !== 0) {
      const top = a.dd > 0 ? Y(1) : Y(0.5);
      kids.push(svgEl("rect", { class: `mr-ddband mr-ddband-${a.dd > 0 ? "AC" : "BD"}`, x: x0.toFixed(1), y: top.toFixed(1), width: (col + 0.5).toFixed(1), height: (plotH / 2).toFixed(1) }));
    }
    const y = Y(ddLevel(a.dd)).toFixed(1);
    const end = (x0 + col).toFixed(1);
    stepPath += joined ? `V${y} H${end} ` : `M${x0.toFixed(1)},${y} H${end} `;
    joined = true;
  }
  // the grid: 0, 50, 100% and the tricks
  const grid = [];
  for (const p of [0, 0.5, 1]) {
    grid.push(svgEl("line", { class: p === 0.5 ? "mr-grid mr-grid-mid" : "mr-grid", x1: m.left, x2: m.left + plotW, y1: Y(p).toFixed(1), y2: Y(p).toFixed(1) }));
    grid.push(svgEl("text", { class: "mr-axis", x: m.left - font * 0.35, y: (Y(p) + font * 0.35).toFixed(1), "text-anchor": "end", text: pct(p) }));
  }
  const trickOf = (ply) => (ply >= 1 && ply < main.length ? all[main[ply]].trick : null);
  const tricks = [];
  for (let ply = first + 1; ply <= lineCards; ply++) {
    const t = trickOf(ply);
    if (t === null || t === undefined) continue;
    const last = tricks[tricks.length - 1];
    if (last && last.trick === t) last.to = ply;
    else tricks.push({ trick: t, from: ply, to: ply });
  }
  if (tricks.length) grid.push(svgEl("text", { class: "mr-axis", x: m.left - font * 0.35, y: (m.top + plotH + font * 1.2).toFixed(1), "text-anchor": "end", text: "trick" }));
  const labelEvery = Math.max(1, Math.ceil((font * 1.9) / Math.max(col * (payload.players || 4), 1)));
  tricks.forEach((t, i) => {
    const left = X(t.from) - col / 2;
    if (i) grid.push(svgEl("line", { class: "mr-grid mr-grid-trick", x1: left.toFixed(1), x2: left.toFixed(1), y1: m.top, y2: m.top + plotH }));
    if (i % labelEvery === 0) {
      const mid = (X(t.from) + X(t.to)) / 2;
      grid.push(svgEl("text", { class: "mr-axis", x: mid.toFixed(1), y: (m.top + plotH + font * 1.2).toFixed(1), "text-anchor": "middle", text: String(t.trick) }));
    }
  });
  // the curve, in runs of known positions
  const runs = [];
  let run = [];
  for (let ply = first; ply <= lineCards; ply++) {
    const a = at(ply);
    if (a) run.push(`${X(ply).toFixed(1)},${Y(a.ac).toFixed(1)}`);
    else if (run.length) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  const curve = runs.map((r) => svgEl("polyline", { class: "mr-curve", points: r.join(" ") }));
  // the positions: a column to click, a point, a mistake's drop
  const spots = [];
  const radius = Math.max(font * 0.3, 3);
  for (let ply = first; ply <= lineCards; ply++) {
    const a = at(ply);
    if (!a) continue;
    const p = a.point;
    const mistake = Boolean(p && p.mistake);
    const x = X(ply);
    const label = chanceLabel(view, ply, a, p);
    const g = svgEl(
      "g",
      {
        class: `mr-chancept${mistake ? " mr-chance-mistake" : ""}${p && p.glance ? " mr-chance-glance" : ""}`,
        "data-ply": String(ply),
        "data-glance": p && p.glance ? "true" : null,
        "data-mistake": mistake ? "true" : null,
        role: "button",
        tabindex: "-1",
        "aria-label": label,
      },
      svgEl("title", { text: label }),
      svgEl("rect", { class: "mr-chancecol", x: (x - col / 2).toFixed(1), y: m.top, width: col.toFixed(1), height: plotH }),
      mistake ? svgEl("line", { class: "mr-drop", x1: x.toFixed(1), x2: x.toFixed(1), y1: Y(p.ac_before).toFixed(1), y2: Y(p.ac_after).toFixed(1) }) : null,
      mistake ? svgEl("circle", { class: "mr-was", cx: x.toFixed(1), cy: Y(p.ac_before).toFixed(1), r: (radius * 0.8).toFixed(1) }) : null,
      svgEl("circle", { class: "mr-dot", cx: x.toFixed(1), cy: Y(a.ac).toFixed(1), r: (mistake ? radius * 1.6 : radius).toFixed(1) }),
      mistake ? mistakeLabel(p, x, Y, font, m, plotW) : null,
    );
    g.addEventListener("click", () => goChance(view, ply));
    spots.push(g);
  }
  view.parts.chancePoints = spots;
  const svg = svgEl(
    "svg",
    {
      class: "mr-chancesvg",
      "data-testid": "mr-chances",
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
      role: "group",
      "aria-label": say("chances.graph_label"),
    },
    svgEl("g", { class: "mr-dd-layer" }, kids, stepPath ? svgEl("path", { class: "mr-ddstep", d: stepPath.trim() }) : null),
    svgEl("g", { class: "mr-grid-layer" }, grid),
    svgEl("rect", { class: "mr-here-col", x: 0, y: m.top, width: 3, height: plotH, visibility: "hidden" }),
    svgEl("g", { class: "mr-curve-layer" }, curve),
    svgEl("g", { class: "mr-points-layer" }, spots),
  );
  svg.addEventListener("keydown", (event) => chanceKey(view, event));
  view.parts.chanceGeom = { X, col };
  return svg;
}

/** The card of a single-dummy mistake written by its point ("C 9♠"), above its drop (or
 * under it, where the top is too near), so that a class can read it off the projector. */
function mistakeLabel(p, x, Y, font, m, plotW) {
  const high = Math.min(Y(p.ac_before), Y(p.ac_after));
  const low = Math.max(Y(p.ac_before), Y(p.ac_after));
  const y = high - font * 0.75 >= m.top + font * 0.8 ? high - font * 0.75 : low + font * 1.35;
  const anchor = x < m.left + font * 2 ? "start" : x > m.left + plotW - font * 2 ? "end" : "middle";
  return svgEl("text", { class: "mr-mistake-label", x: x.toFixed(1), y: y.toFixed(1), "text-anchor": anchor, "aria-hidden": "true", text: `${p.seat} ${cardText(p.card)}` });
}

/** What a screen reader says for a position of the graph (and its tooltip). */
function chanceLabel(view, ply, a, p) {
  const withDd = (text) => (a.ddText ? say("chances.label.dd", { text, value: a.ddText }) : text);
  if (!p) return withDd(say("chances.label.before", { card: ply + 1, chance: pct(a.ac) }));
  const payload = view.payload;
  const card = p.asked ? say("chances.asking_card", { card: cardText(p.card) }) : cardText(p.card);
  let text = say(p.glance ? "chances.label.glance" : "chances.label.card", { ply, who: whoText(payload, p.seat), card, chance: pct(p.ac_after) });
  if (p.mistake) {
    const side = payload.team_labels[p.team] || p.team;
    const best = p.best === ASK ? say("chances.asking") : cardText(p.best);
    text = say("chances.label.mistake", { text, side, before: pct(p.win_before), best, after: pct(p.win_after) });
  }
  return withDd(text);
}

/** Go to main-line position `ply` (the step right after that card). */
function goChance(view, ply) {
  const main = view.payload.main_line || [];
  if (ply < 0 || ply >= main.length) return;
  goNode(view, main[ply]);
}

function chanceKey(view, event) {
  const spots = view.parts.chancePoints || [];
  if (!spots.length || event.ctrlKey || event.metaKey || event.altKey) return;
  const plies = spots.map((g) => Number(g.dataset.ply));
  const g = event.target.closest && event.target.closest("[data-ply]");
  const now = g ? Number(g.dataset.ply) : mainPly(view);
  let i = plies.indexOf(now);
  if (event.key === "Enter" || event.key === " ") {
    if (i >= 0) goChance(view, plies[i]);
  } else if (event.key === "ArrowRight" || event.key === "ArrowDown") i = Math.min(i + 1, plies.length - 1);
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") i = Math.max(i - 1, 0);
  else if (event.key === "Home") i = 0;
  else if (event.key === "End") i = plies.length - 1;
  else return;
  event.preventDefault();
  event.stopPropagation(); // the graph's keys, not the viewer's
  if (event.key !== "Enter" && event.key !== " " && i >= 0) {
    goChance(view, plies[i]);
    focusChance(view, plies[i]);
  }
}

/** The roving tabindex and the highlight: the point of the step shown (or the nearest
 * before it, off the graph) is the graph's one tab stop. */
function markChances(view, here) {
  const spots = view.parts.chancePoints || [];
  let stop = null;
  for (const g of spots) {
    const ply = Number(g.dataset.ply);
    const current = here !== null && ply === here;
    g.classList.toggle("mr-here", current);
    if (current) g.setAttribute("aria-current", "step");
    else g.removeAttribute("aria-current");
    if (here !== null && ply <= here) stop = g;
  }
  if (!stop && spots.length) stop = spots[0];
  view.parts.chanceNow.textContent = chanceNowText(view, here);
  for (const g of spots) g.setAttribute("tabindex", g === stop ? "0" : "-1");
  const col = view.parts.chanceArea.querySelector(".mr-here-col");
  const geom = view.parts.chanceGeom;
  if (col && geom) {
    const shown = here !== null && spots.some((g) => Number(g.dataset.ply) === here);
    col.setAttribute("visibility", shown ? "visible" : "hidden");
    if (shown) col.setAttribute("x", (geom.X(here) - 1.5).toFixed(1));
  }
}

/** The words under the graph's title for the card just played: what its player's side had
 * with it, and with the best choice, from that player's view (what a teacher reads out). */
function chanceNowText(view, here) {
  const points = (view.model.get("chance_graph") || {}).points || [];
  const p = here === null ? null : points.find((q) => q.ply === here);
  if (!p) return "";
  const payload = view.payload;
  const side = payload.team_labels[p.team] || p.team;
  const card = p.asked ? say("chances.asking_card", { card: cardText(p.card) }) : cardText(p.card);
  const best = p.best === ASK ? say("chances.asking_first") : cardText(p.best);
  const more = Math.round(100 * (p.win_before - p.win_after));
  let choice = say("chances.now.best");
  if (more > 0) choice = say("chances.now.better", { best, chance: pct(p.win_before), more });
  else if (p.best !== p.card || p.asked) choice = say("chances.now.as_good", { best });
  return say("chances.now", { trick: p.trick, who: whoText(payload, p.seat), card, side, chance: pct(p.win_after), seat: p.seat, choice });
}

function focusChance(view, ply) {
  const spots = view.parts.chancePoints || [];
  const g = spots.find((s) => Number(s.dataset.ply) === ply) || spots.find((s) => s.getAttribute("tabindex") === "0");
  if (g) g.focus({ preventScroll: true });
}

// -- the quiz, graded by the chances -------------------------------------------------------

/** The quiz's answer graded by the chances of its position (`quiz_odds`): the kids of the
 * quiz box and its state, or null when the chances cannot grade it (the position has
 * none: the double-dummy grade or the record's card stands in). */
export function quizChanceGrade(view, q, actual) {
  const payload = view.payload;
  const entry = (view.model.get("quiz_odds") || {})[String(q.at)];
  if (!entry) {
    return {
      state: "working",
      kids: [h("strong", { text: say("chances.quiz.chose", { card: cardText(q.chosen) }) }), " ", ...sayParts("chances.quiz.working", { who: who(payload, q.seat) })],
    };
  }
  if (entry.status !== "done") return null;
  const cards = entry.cards || [];
  const chosen = cards.find((c) => c.card === q.chosen);
  const best = cards[0];
  const kids = [];
  let state;
  if (!chosen) {
    state = "wrong";
    kids.push(h("strong", { text: say("chances.quiz.illegal") }), " ", say("chances.quiz.cannot", { card: cardText(q.chosen) }), " ");
  } else {
    state = chosen.right ? "right" : "wrong";
    const grade = chosen.card === best.card ? "chances.quiz.best" : "chances.quiz.chance";
    const words = say(grade, { card: cardText(chosen.card), chance: pct(chosen.win), best: cardText(best.card), best_chance: pct(best.win) });
    kids.push(h("strong", { text: say(chosen.right ? "quiz.right" : "quiz.not_best") }), " ", words, " ");
  }
  const played = cards.find((c) => c.card === actual);
  const verdict = actual === q.chosen ? "quiz.played_too" : played ? "chances.quiz.played_chance" : "quiz.played";
  kids.push(...sayParts(verdict, { who: who(payload, q.seat), card: cardText(actual), chance: played ? pct(played.win) : "" }));
  const how = entry.exact ? say("chances.quiz.all", { worlds: entry.worlds }) : say("chances.quiz.drawn", { samples: entry.samples });
  const list = h(
    "ul",
    { class: "mr-quizodds", "data-testid": "mr-quiz-odds", "aria-label": say("chances.quiz.list") },
    cards.map((c) =>
      h(
        "li",
        { class: `${c.right ? "mr-q-right" : "mr-q-wrong"}${c.card === q.chosen ? " mr-q-chosen" : ""}`, "data-card": c.card, "data-win": String(c.win), "data-right": String(Boolean(c.right)) },
        h("span", { class: "mr-q-mark", "aria-hidden": "true", text: c.right ? "\u2713" : "\u2717" }),
        h("strong", { text: cardText(c.card) }),
        ` ${pct(c.win)}`,
        c.dd_text ? h("span", { class: "mr-dim", text: ` ${say("chances.quiz.dd", { value: c.dd_text })}` }) : null,
      ),
    ),
  );
  const side = payload.team_labels[entry.team] || entry.team;
  kids.push(
    h(
      "div",
      { class: "mr-quizhow mr-dim" },
      ...sayParts("chances.quiz.how", { side, who: who(payload, entry.seat), how, margin: Math.round(100 * entry.margin) }),
    ),
    list,
  );
  if (entry.ask && best && entry.ask.win > best.win + 1e-9) {
    kids.push(h("div", { class: "mr-dim", text: say("chances.quiz.ask", { chance: pct(entry.ask.win) }) }));
  }
  return { state, kids };
}
