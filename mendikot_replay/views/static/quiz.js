// The quiz: "what would you play?" for a seat, graded by the solver's values or by the
// chances (chances.js), its fixed-height box.

import { cardText } from "./cards.js";
import { h } from "./dom.js";
import { currentNode, go, nodes, option, stepAt, who } from "./state.js";
import { analysisEntry, entryText, moveValue } from "./analysis.js";
import { quizByChances, quizChanceGrade } from "./chances.js";

/** The quiz seat, when it is that seat's turn and the line shows what it played. */
export function quizTurn(view, k) {
  const seat = option(view, "quiz_seat", "");
  if (!seat) return null;
  const next = stepAt(view, k + 1);
  if (!next || !next.card || next.card.seat !== seat || stepAt(view, k).to_play !== seat) return null;
  return seat;
}

// -- quiz: "what would you play?" ---------------------------------------------------------

export function answerQuiz(view, k, seat, chosen) {
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

export function drawQuiz(view, k, quizSeat) {
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
