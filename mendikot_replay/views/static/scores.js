// The scores: tricks and tens per team, the Dehla pile, the tens ledger (its rows are
// ledger.js's), and the result.

import { cardName } from "./cards.js";
import { bdi, cardFace, fill, h, sentence } from "./dom.js";
import { ledgerRows } from "./ledger.js";
import { lineOf, option, who } from "./state.js";
import { say, sayCount } from "./words.js";

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
      h("span", { class: "mr-num", text: sayCount("count.tricks", step.tricks[i]) }),
      h("span", { class: "mr-num", text: sayCount("count.tens", step.tens[i]) }),
    );
  });
  view.parts.counts.replaceChildren(
    h("div", { class: "mr-boxtitle", text: say("board.counts", { tricks: payload.total_tricks }) }),
    ...rows,
  );
}

export function drawPile(view, step) {
  if (view.payload.capture !== "Dehla") return;
  const pile = step.pile;
  const [seat, run] = step.streak;
  const runLine = seat && run ? h("div", { class: "mr-dim" }, who(view.payload, seat), ` ${sayCount("board.run", run)}`) : null;
  const count = h(
    "div",
    { "data-pile-tricks": pile.tricks },
    sayCount("show.pile_tricks", pile.tricks),
    pile.tens.length ? h("span", null, ` ${say("board.pile_with")} `, ...pile.tens.map((t) => cardFace(t, "mr-mini"))) : null,
  );
  fill(view.parts.pile, h("div", { class: "mr-boxtitle", text: say("board.pile") }), count, runLine);
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
      h("div", { class: "mr-resulttitle", text: step.main ? r.text : say("board.result_variation", { result: r.text }) }),
      h("div", { class: "mr-dim", text: say("board.result_counts", { ac_tens: r.tens[0], bd_tens: r.tens[1], ac_tricks: r.tricks[0], bd_tricks: r.tricks[1], first: payload.team_labels.AC, reason: r.reason }) }),
    );
  } else if (last && payload.error && step.main) {
    box.hidden = false;
    box.className = "mr-result mr-result-error";
    box.dataset.kind = "error";
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: say("show.stops", { error: payload.error }) }));
  } else if (last) {
    box.hidden = false;
    box.className = "mr-result mr-result-open";
    box.dataset.kind = "unfinished";
    const words = say(step.main ? "board.no_result" : "board.no_result_variation");
    box.replaceChildren(h("div", { class: "mr-resulttitle", text: words }));
  } else {
    box.hidden = true;
    box.dataset.kind = "";
    box.replaceChildren();
  }
}
