// The scores: tricks and tens per team, the Dehla pile, the tens ledger (its rows are
// ledger.js's), and the result.

import { cardName, plural } from "./cards.js";
import { bdi, cardFace, h, sentence } from "./dom.js";
import { ledgerRows } from "./ledger.js";
import { lineOf, option, who } from "./state.js";

export function drawCounts(view, step) {
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

export function drawPile(view, step) {
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

export function drawLedger(view, step) {
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

export function drawResult(view, step, k) {
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
