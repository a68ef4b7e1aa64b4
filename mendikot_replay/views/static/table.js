// The seats and the table: each seat's hand (its cards the buttons of the board contract:
// data-card, inside data-seat), the trick on the table (mr-trick), the trump, and a click
// on a card (the next card of the line, a variation, or a new card sent to Python).

import { cardName, cardText, FSI, PDI, rankText, stillHeld, SUIT_ORDER, SUIT_SIGN, suitWord } from "./cards.js";
import { bdi, cardBack, cardFace, h } from "./dom.js";
import { current, go, goNode, lineOf, nodes, option, send, setOption, stepAt, who, whoText } from "./state.js";
import { analysisOf, mistakeAt } from "./analysis.js";
import { showNotice } from "./editor.js";
import { answerQuiz } from "./quiz.js";
import { say, sayCount, sayParts } from "./words.js";

// Grid places of the seats around the table, in play order (anticlockwise seen from
// above): A at the bottom, then to the right, up, and round to the left.
export const LAYOUT = {
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

/** "C (Chitra)" for a notice: the name wrapped in FSI … PDI (see `sentence`). */
function whoSentence(payload, seat) {
  const name = payload.names[seat];
  return name ? say("seat.named", { seat, name: `${FSI}${name}${PDI}` }) : seat;
}

/** A card of `seat`'s hand was clicked (see the page contract in the header). */
export function clickCard(view, seat, card) {
  const payload = view.payload;
  const all = nodes(view);
  const line = lineOf(view);
  const k = current(view);
  const id = line.ids[k];
  const step = all[id];
  if (!step.to_play) {
    showNotice(view, "info", say("board.play.over"));
    return;
  }
  if (seat !== step.to_play) {
    showNotice(view, "info", say("board.play.turn", { who: whoSentence(payload, step.to_play) }));
    return;
  }
  if (!(step.hands[seat] || []).includes(card)) {
    showNotice(view, "info", say("board.play.played", { card: cardText(card) }));
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
    const message = legal.length ? "board.play.illegal_legal" : "board.play.illegal";
    showNotice(view, "error", say(message, { card: cardText(card), legal: legal.map(cardText).join(" ") }));
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
    say("board.play.needs_notebook", { card: cardText(card) }),
  );
}


export function drawSeats(view, step, k, quizSeat) {
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
    if (payload.dealer === seat) badges.push(h("span", { class: "mr-badge", title: say("board.seat.dealer"), text: say("board.seat.dealer") }));
    if (step.to_play === seat) badges.push(h("span", { class: "mr-badge mr-badge-turn", text: say("board.seat.to_play") }));
    const toggle = h("button", {
      type: "button",
      class: "mr-eye",
      "data-testid": `mr-toggle-${seat}`,
      "aria-pressed": isHidden ? "true" : "false",
      "aria-label": say(quizHides ? "board.seat.quiz_hides" : isHidden ? "board.seat.show_label" : "board.seat.hide_label", { seat, quiz: seenBy }),
      title: quizHides ? say("board.seat.quiz_hides_title", { quiz: seenBy }) : null,
      disabled: quizHides,
      text: say(isHidden ? "board.seat.show" : "board.seat.hide"),
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
      body = h("div", { class: "mr-hand mr-dim", text: say("page.unknown_hand") });
    } else if (isHidden) {
      body = h(
        "div",
        { class: "mr-hand mr-backs", role: "img", "aria-label": sayCount("board.seat.hidden_hand", hand.length, { seat }) },
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
    let panelLabel = say("board.seat.label", { who: whoText(payload, seat), team: payload.team_labels[team] });
    if (isHidden) panelLabel = say("board.seat.label_hidden", { label: panelLabel });
    if (step.to_play === seat) panelLabel = say("board.seat.label_to_play", { label: panelLabel });
    panel.setAttribute("aria-label", panelLabel);
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
        label = say("board.card.played", { card: label });
      }
      const down = c === facedown && !played;
      if (down) {
        facedown = null; // two packs: one copy lies face down, not both
        cls += " mr-facedown";
        label = say("board.card.face_down", { card: label });
      }
      if (quizStep !== null && !played) {
        const chip = h(
          "button",
          {
            type: "button",
            class: `${cls} mr-card mr-suit-${suit} mr-pick`,
            "data-card": c,
            "aria-label": say("board.card.pick", { card: label }),
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
        label = say(value.keeps ? "board.card.dd_keeps" : "board.card.dd_loses", { card: label, value: value.text, best: dd.text });
      }
      const playable = play && !played;
      const legal = playable && (play.legal === null || play.legal.has(c));
      if (playable) {
        cls += legal ? " mr-playcard mr-legal" : " mr-playcard mr-illegal";
        label = say(legal ? "board.card.legal" : "board.card.illegal", { card: label });
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
        chip.title = say(value.keeps ? "board.card.dd_title_keeps" : "board.card.dd_title_loses", { value: value.text, best: dd.text });
      } else if (playable) {
        chip.title = say(legal ? "board.card.play" : "board.play.illegal", { card: cardText(c) });
      }
      if (down) chip.title = say("board.card.face_down_title");
      chips.push(chip);
    }
    rows.push(
      h(
        "div",
        { class: `mr-suitrow mr-suit-${suit}` },
        h("span", { class: "mr-rowsign", role: "img", "aria-label": suitWord(suit), text: SUIT_SIGN[suit] }),
        chips.length ? chips : h("span", { class: "mr-void", text: "\u2014", "aria-label": say("board.void") }),
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

export function drawCenter(view, step, k) {
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
    let label = say("board.trick.card", { who: whoText(payload, seat), card: cardName(card) });
    if (j === 0) label = say("board.trick.led", { label });
    if (played && played.card && played.card.trump) label = say("board.trick.trump", { label });
    if (step.winner === seat) label = say("board.trick.wins", { label });
    if (mistake) label = say("board.trick.mistake", { label, before: mistake.before, after: mistake.played.text });
    const mark = stepMark(played);
    const place = ringPlace(seat, players);
    const box = h(
      "div",
      { class: classes.join(" "), "data-seat": seat },
      cardFace(card, null, label),
      mark ? h("span", { class: "mr-mark", title: say("board.trick.annotated"), text: mark }) : null,
      mistake
        ? h("span", { class: "mr-ddmark", "aria-hidden": "true", title: say("board.trick.mistake_title", { before: mistake.before, after: mistake.played.text }), text: "\u2717" })
        : null,
      h("span", { class: "mr-trickseat", text: (j === 0 ? say("board.trick.seat_led", { seat }) : seat) + (step.winner === seat ? " \u2714" : "") }),
    );
    box.style.left = `${place.left}%`;
    box.style.top = `${place.top}%`;
    kids.push(box);
  });
  let caption;
  if (!count) {
    caption = step.to_play ? sayParts("board.trick.to_lead", { who: who(payload, step.to_play) }) : "";
  } else if (step.winner) {
    const team = payload.teams[step.winner];
    caption = sayParts("board.trick.won", { leader: step.leader, who: who(payload, step.winner), side: payload.team_labels[team] });
  } else {
    caption = step.to_play ? say("board.trick.going", { leader: step.leader, seat: step.to_play }) : say("board.trick.led_only", { leader: step.leader });
  }
  const collected = step.collected;
  let extra = null;
  if (collected && payload.capture === "Dehla") {
    const side = payload.team_labels[collected.team];
    const tens = collected.tens.map(cardText).join(" ");
    extra = collected.tricks
      ? sayCount(tens ? "board.trick.takes_pile_with" : "board.trick.takes_pile", collected.tricks, { seat: collected.seat, side, tens })
      : say("board.trick.to_pile");
  }
  center.classList.toggle("mr-done", Boolean(step.winner));
  const lines = [
    h("div", { class: "mr-ring", "data-testid": "mr-trick" }, kids),
    h("div", { class: "mr-caption" }, h("strong", { text: say(count ? "board.trick" : "board.trick.before", { trick: step.trick }) }), " ", caption),
  ];
  if (extra) lines.push(h("div", { class: "mr-caption mr-collect", text: extra }));
  center.replaceChildren(...lines);
}

export function drawTrump(view, step) {
  const payload = view.payload;
  const trump = step.trump;
  const box = view.parts.trump;
  box.dataset.status = trump.status;
  const title = h("div", { class: "mr-boxtitle", text: say("board.trump.title") });
  let face;
  let words;
  if (trump.status === "hidden") {
    face = cardBack(say("board.trump.back"));
    words = say("board.trump.closed", { version: payload.reveal || "A", holder: trump.holder || "?" });
    // hidden-trumps: its suit wins tricks already, unknown to the table
    if ((payload.flags || []).includes("hidden-trumps")) words = say("board.trump.hidden_trumps", { words });
  } else if (trump.status === "unnamed") {
    face = h("span", { class: "mr-trumpsign mr-dim", "aria-hidden": "true", text: "?" });
    words = say("board.trump.unnamed");
  } else if (trump.status === "none" || !trump.suit) {
    face = h("span", { class: "mr-trumpsign mr-dim", "aria-hidden": "true", text: "\u2014" });
    words = say("board.trump.none");
  } else {
    face = h("span", { class: `mr-trumpsign mr-suit-${trump.suit}`, "aria-hidden": "true", text: SUIT_SIGN[trump.suit] });
    const suit = suitWord(trump.suit);
    const card = trump.card ? cardText(trump.card) : "";
    if (trump.status === "revealed") {
      words = say("board.trump.revealed", { suit, card, holder: trump.holder, at: trump.since + 1 });
    } else if (trump.status === "named") {
      words = say("board.trump.named", { suit, card, at: trump.since + 1 });
    } else if (card) {
      words = say(payload.trump_method === "FaceUp" ? "board.trump.face_up" : "board.trump.drawn", { suit, card });
    } else {
      words = say("board.trump.known", { suit });
    }
  }
  box.setAttribute("aria-label", say("board.trump.label", { words }));
  box.replaceChildren(title, h("div", { class: "mr-trumprow" }, face, h("span", { text: words })));
}
