// The solver's values ("analyse"): each card's value from Python's entries (the widget's
// `analysis` trait, or the payload's own), the mistakes, and the mr-dd panel.

import { ASK, cardText, valueWord } from "./cards.js";
import { h } from "./dom.js";
import { option, who } from "./state.js";
import { say, sayCount } from "./words.js";

/** Whether this viewer can show the solver's values: the widget (a kernel computes them:
 * the model has an `analysis` trait) or a page that embeds them. */
export function canAnalyse(view) {
  const analysis = view.model.get("analysis");
  return analysis !== undefined && analysis !== null;
}

/** The solver's entry for node `id` as it is (the toggle aside), or null. */
export function analysisEntry(view, id) {
  const analysis = view.model.get("analysis");
  if (!analysis || id === null || id === undefined) return null;
  return analysis[String(id)] || null;
}

/** The solver's entry for node `id` while the toggle is on: `null` when it is off,
 * `{status: "pending"}` while Python has not sent it yet (a page without a kernel: the
 * entry is "unavailable"). */
export function analysisOf(view, id) {
  if (!option(view, "analyse", false) || !canAnalyse(view)) return null;
  const entry = analysisEntry(view, id);
  if (entry) return entry;
  if (typeof view.model.send === "function") return { status: "pending" };
  return { status: "unavailable", reason: say("board.dd.no_value_here") };
}

/** A value as people say it ("AC win", "BD mendikot", "tie"), as `solver.value_text`. */
function valueText(value) {
  if (value === 0) return say("board.dd.tie");
  const rank = Math.abs(value);
  return say("board.dd.value", { side: value > 0 ? "AC" : "BD", level: valueWord(rank) });
}

/** The text of `value` as the entry words it (its cards' texts), else `valueText`. */
export function entryText(entry, value) {
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
export function moveValue(entry, step) {
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
export function mistakeAt(view, step) {
  if (!step || step.parent === null || step.parent === undefined) return null;
  const entry = analysisOf(view, step.parent);
  const played = moveValue(entry, step);
  if (!played || played.keeps) return null;
  return { played, before: entry.text, seat: played.seat };
}

export function drawAnalysis(view, step, k, quizSeat) {
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
  const kids = [h("div", { class: "mr-boxtitle", text: say("board.dd.title") })];
  if (quizSeat && quizSeat === entry.to_play) {
    // the value of the position would tell what the hidden hands hold: shown after the answer
    box.removeAttribute("data-value");
    kids.push(h("div", { class: "mr-dim" }, who(payload, quizSeat), ` ${say("board.dd.hidden")}`));
    box.replaceChildren(...kids);
    return;
  }
  if (entry.status === "pending") {
    kids.push(h("div", { class: "mr-dim", text: say("board.dd.solving") }));
  } else if (entry.status === "too-early") {
    kids.push(
      h("div", { class: "mr-ddvalue mr-dim", text: say("board.dd.early", { tricks: sayCount("count.tricks", entry.tricks_left) }) }),
      h("div", { class: "mr-dim", text: say("board.dd.max_tricks", { tricks: entry.max_tricks }) }),
    );
  } else if (entry.status === "unavailable") {
    kids.push(h("div", { class: "mr-ddvalue mr-dim", text: say("board.dd.no_value", { reason: entry.reason || say("board.dd.unknown") }) }));
  } else {
    kids.push(h("div", { class: "mr-ddvalue" }, `${say("board.dd.label")} `, h("strong", { text: entry.text })));
    if (entry.status === "over") {
      kids.push(h("div", { class: "mr-dim", text: say("board.dd.over") }));
    } else if (entry.to_play) {
      const values = Object.values(entry.cards || {});
      const lose = values.filter((v) => !v.keeps).length;
      let words;
      if (!lose) words = ` ${say("board.dd.all_keep", { value: entry.text })}`;
      else words = ` ${say("board.dd.some_lose", { value: entry.text, lose, cards: values.length })}`;
      kids.push(h("div", null, who(payload, entry.to_play), words));
    }
  }
  const before = step.parent !== null && step.parent !== undefined ? analysisOf(view, step.parent) : null;
  const p = moveValue(before, step);
  if (p) {
    // version B's ask is part of the move
    const move = (card, asked) => (asked ? say("board.dd.asking", { card: cardText(card) }) : cardText(card));
    const played = move(p.card, p.asked);
    let text;
    if (p.keeps) text = say("board.dd.played_keeps", { card: played, value: p.text });
    else if (p.better) text = say("board.dd.mistake_better", { card: played, before: before.text, after: p.text, better: move(p.better, p.betterAsks) });
    else text = say("board.dd.mistake", { card: played, before: before.text, after: p.text });
    text = ` ${text}`;
    kids.push(h("div", { class: p.keeps ? "mr-ddplayed" : "mr-ddplayed mr-dd-mistake", "data-testid": "mr-dd-played" }, who(payload, p.seat), text));
  }
  box.replaceChildren(...kids);
}
