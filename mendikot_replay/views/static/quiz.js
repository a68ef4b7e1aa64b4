// The quiz: "what would you play?" for a seat, graded by the solver's values or by the
// chances (chances.js), its fixed-height box.

import { cardText } from "./cards.js";
import { fill, h } from "./dom.js";
import { currentNode, go, nodes, option, stepAt, who } from "./state.js";
import { analysisEntry, entryText, moveValue } from "./analysis.js";
import { quizByChances, quizChanceGrade } from "./chances.js";
import { say, sayParts } from "./words.js";

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
      const chosen = cardText(q.chosen);
      kids.push(
        h("strong", { text: say(grade.right ? "quiz.right" : "quiz.not_best") }),
        " ",
        say(grade.right ? "quiz.keeps" : "quiz.loses", { card: chosen, value: best, after: grade.text }),
        " ",
      );
      const a = grade.actual;
      const played = { who: who(payload, q.seat), card: cardText(actual), after: a ? a.text : "" };
      let verdict = "quiz.played";
      if (actual === q.chosen) verdict = "quiz.played_too";
      else if (a && a.keeps) verdict = grade.right ? "quiz.played_also_keeps" : "quiz.played_keeps";
      else if (a) verdict = grade.right ? "quiz.played_loses" : "quiz.played_loses_too";
      kids.push(...sayParts(verdict, played));
      const refining = byChances && byChances.state === "working";
      kids.push(
        h("div", {
          class: "mr-quizhow mr-dim",
          "data-testid": "mr-quiz-how",
          text: refining ? say("quiz.how_refining", { seat: q.seat }) : say("quiz.how_dd"),
        }),
      );
    } else {
      const right = q.chosen === actual;
      box.dataset.state = right ? "right" : "wrong";
      box.dataset.graded = "record";
      kids.push(
        h("strong", { text: say(right ? "quiz.record_right" : "quiz.record_wrong") }),
        " ",
        ...sayParts("quiz.record", { card: cardText(q.chosen), who: who(payload, q.seat), played: cardText(actual) }),
        " ",
        h("span", { class: "mr-dim", text: say("quiz.no_values") }),
      );
    }
    fillQuiz(box, kids);
    return;
  }
  if (quizSeat) {
    box.hidden = false;
    box.dataset.state = "ask";
    box.dataset.graded = "";
    const graded = quizByChances(view) ? say("quiz.how_both", { seat: quizSeat }) : say("quiz.how_dd");
    fillQuiz(box, [
      h("strong", { text: say("quiz.title") }),
      " ",
      ...sayParts("quiz.ask", { who: who(payload, quizSeat) }),
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
    fillQuiz(box, [h("strong", { text: say("quiz.title") }), " ", ...sayParts("quiz.wait", { who: who(payload, seenBy), seat: seenBy })]);
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
        h("summary", { "aria-label": say("quiz.more_label"), text: say("quiz.more") }),
        h("div", { class: "mr-quizpanel" }, more),
      )
    : null;
  fill(box, head, details);
}
