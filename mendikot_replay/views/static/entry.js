// -- entry.js: dealing a new deal by clicks (entry mode), and recording its play ----------
//
// An ES module of the page; its private names start with `rec`/`REC_`, its words come from
// words.js (the text layer). board.js and controls.js import the three it offers:
//   buildEntry(view)          the whole viewer while the payload has `entry` (a deal being
//                             dealt: `mr.new_deal(...)`), instead of the table; at every
//                             payload of the entry;
//   buildRecording(view)      the recorder's part of the board's toolbar (Undo, and what the
//                             recorder is waiting for), once per board payload;
//   drawRecording(view, step, k)   at every draw of the board.
// Python's refusals come back as `notice`: in entry mode they are shown beside
// the part clicked (mr-entry-notice: in the pack, the hands, the trump or the paste box), which
// is in view on a phone when the status line has scrolled away; the save bar (and Save) is
// for the board.
//
// Entry mode (payload.entry: {pack, hands, selected, hand_size, complete, first_leader,
// trump, trump_card, closed_holder, needs}; see payload.entry_view) sends, and only sends:
//   {do: "give", card}  a card of the pack to the selected seat (Python moves the selection
//                       on when the hand is full, and fills the last hand by itself);
//   {do: "take", card}  a dealt card back to the pack (its seat becomes selected);
//   {do: "select", seat}, {do: "paste", text}, {do: "trump", suit | card}.
// It never assumes one succeeded: it draws what the next payload says. Once every hand is
// full and the trump settled, Python sends a board payload (no `entry`), and the viewer
// draws the table; clicking the cards of the player to move records them.
//
// The pack keeps a place for every card of the deck, in deck order, a row per suit: a card
// dealt leaves an empty place (with the seat that got it), so a card is always found where
// it was. Every button is at least 44 px square on a phone.
//
// Test hooks (data-testid): mr-entry (entry mode's body), mr-entry-status (role=status:
// "Cards go to B (Bilal): 7 of 13"), mr-entry-left, mr-entry-needs, mr-entry-notice
// (data-kind; mr-entry-notice-text, mr-entry-notice-close), mr-pack (the undealt
// cards: buttons with data-card; rows data-suit), mr-entry-seat-A … (data-seat, data-count,
// data-selected; its dealt cards buttons with data-card), mr-select-A … (aria-pressed),
// mr-entry-trump (mr-trump-S … aria-pressed; Closed: mr-closed-7S … aria-pressed),
// mr-paste (the text box), mr-paste-go; on the board: mr-undo, mr-record-next, and once the
// deal is over mr-record-next-deal (*Next deal*: {do: "next_deal"}). While the play is
// recorded the root has the class mr-rec-play and data-to-play (the seat whose card is next).
import { cardName, cardText, packColumns, packPlaces, rankText, SUIT_ORDER, SUIT_SIGN, suitWord } from "./cards.js";
import { bdi, fill, h, sentence } from "./dom.js";
import { goNode, isBoard, nodes, rulesLine, send, who, whoText } from "./state.js";
import { showNotice } from "./editor.js";
import { say, sayCount, sayParts } from "./words.js";

const REC_RANKS = "AKQJT98765432";
const REC_METHODS = ["Drawn", "FaceUp", "Closed", "Cut", "None"];

function recOrder(card) {
  return SUIT_ORDER.indexOf(card[1]) * 16 + REC_RANKS.indexOf(card[0]);
}

function recSorted(cards) {
  return [...cards].sort((a, b) => recOrder(a) - recOrder(b));
}

/** Entry mode's state of a view: its elements (kept from one payload to the next, so the
 * live status line, the text typed in the paste box and the focus stay), and the paste sent. */
function recState(view) {
  if (!view.recEntry) {
    view.recEntry = { parts: null, paste: null, payload: null, notice: null, seen: undefined, from: null };
    recListen(view);
  }
  return view.recEntry;
}

/** Python's word on a click (a refusal, "every hand is dealt …"): kept until the next
 * payload (a refusal) or dismissed, and shown beside the part clicked (`recDrawNotice`). */
function recListen(view) {
  const st = view.recEntry;
  const seen = view.model.get("notice") || {};
  st.seen = seen.id; // what was said before this view: not shown again
  const heard = () => {
    if (view.root && !view.root.isConnected && st.parts) {
      view.model.off("change:notice", heard);
      return;
    }
    const notice = view.model.get("notice") || {};
    if (notice.id === st.seen) return;
    st.seen = notice.id;
    st.notice = notice.text ? { kind: notice.kind || "info", text: String(notice.text), from: st.from, model: true } : null;
    if (view.payload && view.payload.entry && st.parts) recDrawNotice(view);
  };
  view.model.on("change:notice", heard);
}

/** A message to Python from a part of entry mode (`from`: "pack", "seats", "trump",
 * "paste"): its answer, if it is a notice, is shown there, where the eyes are. */
function recSend(view, from, content) {
  recState(view).from = from;
  return send(view, content);
}

function recSay(view, kind, text, from) {
  const st = recState(view);
  st.notice = { kind, text, from: from || st.from };
  recDrawNotice(view);
}

function recDrawNotice(view) {
  const st = recState(view);
  const p = st.parts;
  const box = p.notice;
  const entry = (view.payload && view.payload.entry) || {};
  // "Every hand is dealt; missing …": the "still missing" line says it already, in words
  // of the table.
  const said = st.notice && st.notice.model && st.notice.kind === "info" && entry.complete && entry.needs;
  const notice = said ? null : st.notice;
  // Beside what was clicked (on a phone the status line is scrolled away by then), else
  // under the status line.
  const places = { pack: [p.packBox, p.packTitle], seats: [p.seats, null], trump: [p.trump, null], paste: [p.paste, null] };
  const [home, after] = (notice && places[notice.from]) || [p.statusBox, null];
  const [where, behind] = home.hidden ? [p.statusBox, null] : [home, after];
  if (behind) {
    if (box.previousSibling !== behind) behind.after(box);
  } else if (where === p.seats) {
    if (where.firstChild !== box) where.prepend(box);
  } else if (box.parentNode !== where || box.nextSibling) where.append(box);
  box.hidden = !notice;
  if (!notice) {
    fill(box);
    box.removeAttribute("role");
    box.removeAttribute("aria-live");
    box.dataset.kind = "";
    return;
  }
  const urgent = notice.kind === "error";
  box.setAttribute("role", urgent ? "alert" : "status");
  box.setAttribute("aria-live", urgent ? "assertive" : "polite");
  box.dataset.kind = notice.kind;
  box.className = `rec-notice rec-notice-${notice.kind}`;
  fill(
    box,
    h("span", { class: "rec-noticesign", "aria-hidden": "true", text: urgent ? "\u26A0" : "\u2139" }),
    h("span", { class: "rec-noticetext", "data-testid": "mr-entry-notice-text" }, sentence(notice.text)),
    h("button", {
      type: "button",
      class: "mr-btn rec-noticeclose",
      "data-testid": "mr-entry-notice-close",
      "aria-label": say("editor.dismiss_label"),
      text: "\u2715",
      onclick: () => {
        st.notice = null;
        recDrawNotice(view);
      },
    }),
  );
  if (urgent && box.isConnected) box.scrollIntoView({ block: "nearest" });
}

/** Keys typed into the paste box are text: not the viewer's, nor the notebook's. */
function recKeepKeys(el) {
  const stop = (event) => {
    if (event.target && event.target.matches && event.target.matches("input, textarea")) event.stopPropagation();
  };
  for (const type of ["keydown", "keyup", "keypress"]) el.addEventListener(type, stop);
}

function recParts(view) {
  const st = recState(view);
  if (st.parts && st.parts.body.parentNode === view.root) return st.parts;
  const p = {};
  p.head = h("div", { class: "mr-head" });
  p.status = h("div", { class: "rec-status", "data-testid": "mr-entry-status", role: "status", "aria-live": "polite" });
  p.left = h("div", { class: "rec-left", "data-testid": "mr-entry-left" });
  p.needs = h("div", { class: "rec-needs", "data-testid": "mr-entry-needs", hidden: true });
  p.notice = h("div", { class: "rec-notice", "data-testid": "mr-entry-notice", hidden: true });
  p.statusBox = h("div", { class: "rec-statusbox" }, p.status, p.left, p.needs, p.notice);
  p.trump = h("section", { class: "mr-box rec-trump", "data-testid": "mr-entry-trump", "aria-label": say("rec.trump_label") });
  p.packTitle = h("div", { class: "mr-boxtitle rec-packtitle" });
  p.pack = h("div", { class: "rec-pack", "data-testid": "mr-pack", role: "group" });
  p.packBox = h("section", { class: "mr-box rec-packbox" }, p.packTitle, p.pack);
  p.seats = h("div", { class: "rec-seats", role: "group", "aria-label": say("rec.seats_label") });
  p.pasteInput = h("input", {
    type: "text",
    class: "rec-pasteinput",
    "data-testid": "mr-paste",
    "aria-label": say("rec.paste_label"),
    placeholder: "A:AK6.QJ2.T98.765 B:\u2026",
    spellcheck: "false",
    autocomplete: "off",
    autocapitalize: "characters",
    onkeydown: (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        recPaste(view);
      }
    },
  });
  p.pasteGo = h("button", { type: "button", class: "mr-btn rec-pastego", "data-testid": "mr-paste-go", text: say("rec.paste_go"), onclick: () => recPaste(view) });
  p.paste = h(
    "section",
    { class: "mr-box rec-paste" },
    h("label", { class: "rec-pastelabel" }, h("span", { class: "mr-boxtitle", text: say("rec.paste_title") }), p.pasteInput),
    h("div", { class: "rec-pasterow" }, p.pasteGo, h("span", { class: "mr-dim", text: say("rec.paste_hint") })),
  );
  recKeepKeys(p.paste);
  p.body = h("div", { class: "rec-body", "data-testid": "mr-entry" }, p.trump, p.packBox, p.seats, p.paste);
  fill(view.root, p.head, p.statusBox, p.body);
  st.parts = p;
  return p;
}

/** Entry mode: the viewer while the hands are dealt (see the header). */
export function buildEntry(view) {
  const st = recState(view);
  const payload = view.payload;
  const entry = payload.entry;
  const root = view.root;
  const focus = recFocusKey(view);
  const fresh = !st.parts || st.parts.body.parentNode !== root;
  view.parts = {};
  const p = recParts(view);
  root.classList.add("mr-entering");
  root.classList.toggle("mr-board", isBoard(view));
  root.classList.remove("mr-recording");
  root.setAttribute("aria-label", say("rec.label", { title: payload.title || say("form.title") }));
  root.dataset.step = "0";
  root.dataset.node = "0";

  // A new payload after a refusal: the card refused is done with, its message too (a word
  // like "every hand is dealt" that comes with the payload stays).
  const changed = st.payload !== null && st.payload !== payload;
  if (changed && st.notice && st.notice.kind === "error") st.notice = null;
  if (changed && st.paste) {
    const notice = view.model.get("notice") || {};
    const refused = notice.id !== st.paste.noticeId && notice.kind === "error";
    if (!refused && p.pasteInput.value === st.paste.text) p.pasteInput.value = "";
    st.paste = null;
  }
  st.payload = payload;

  fill(
    p.head,
    h("div", { class: "mr-title", role: "heading", "aria-level": "3" }, bdi(payload.title || say("form.heading"))),
    payload.subtitle ? h("div", { class: "mr-subtitle" }, sentence(payload.subtitle)) : null,
    h("div", { class: "mr-rules", text: rulesLine(payload) }),
  );
  recDrawStatus(view, entry);
  recDrawTrump(view, entry);
  recDrawPack(view, entry);
  recDrawSeats(view, entry);
  p.pasteGo.disabled = !isBoard(view);
  recDrawNotice(view);
  recRestoreFocus(view, focus, fresh);
}

function recDrawStatus(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const size = entry.hand_size;
  const left = (entry.pack || []).length;
  if (!entry.complete) {
    const seat = entry.selected;
    const count = (entry.hands[seat] || []).length;
    fill(
      p.status,
      ...sayParts("rec.cards_go", { who: who(payload, seat), count, size }),
      count >= size ? h("span", { class: "rec-fullnote", text: ` ${say("rec.full")}` }) : null,
    );
    fill(
      p.left,
      sayCount("rec.left", left),
      h("span", { class: "rec-hint", text: " \u00B7 " }),
      h("span", { class: "mr-dim rec-hint", text: say("rec.tap_hint") }),
    );
  } else {
    fill(p.status, say(entry.needs ? "rec.dealt_missing" : "rec.dealt"));
    fill(p.left, h("span", { class: "mr-dim", text: sayCount("rec.left", 0) }));
  }
  // What is missing in words of the table; Python's own words (`needs`: the tag the record
  // lacks) where those say nothing, else in the tooltip.
  const missing = recMissing(view, entry);
  const words = missing.length ? missing.join("; ") : entry.needs || "";
  p.needs.hidden = !words;
  p.needs.title = entry.needs || "";
  fill(p.needs, h("strong", { text: say(entry.complete ? "rec.still_missing" : "rec.still_to_do") }), " ", say("rec.needs", { words }));
}

/** What the trump still needs, in words (empty: nothing). */
function recMissing(view, entry) {
  const method = view.payload.trump_method;
  if ((method === "Drawn" || method === "FaceUp") && !entry.trump) return [say("rec.choose_suit")];
  if (method === "Closed" && !entry.trump_card) {
    return [say("rec.choose_card", { who: whoText(view.payload, entry.closed_holder) })];
  }
  return [];
}

function recDrawTrump(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const method = payload.trump_method;
  const board = isBoard(view);
  const how = REC_METHODS.includes(method) ? say(`rec.method.${method}`) : method;
  const kids = [h("div", { class: "mr-boxtitle", text: say("rec.trump_title", { how }) })];
  if (method === "Drawn" || method === "FaceUp") {
    const chosen = entry.trump;
    const shown = entry.trump_card && entry.trump_card.length === 2 ? entry.trump_card : null;
    kids.push(
      h(
        "div",
        { class: "rec-suits", role: "group", "aria-label": say("rec.choose_suit") },
        SUIT_ORDER.map((suit) =>
          h(
            "button",
            {
              type: "button",
              class: `mr-btn rec-suitbtn mr-suit-${suit}${chosen === suit ? " mr-on" : ""}`,
              "data-testid": `mr-trump-${suit}`,
              "data-rec-key": `trump:${suit}`,
              "aria-pressed": chosen === suit ? "true" : "false",
              disabled: !board,
              title: say("rec.suit_trumps", { suit: suitWord(suit) }),
              onclick: () => recSend(view, "trump", { do: "trump", suit }),
            },
            h("span", { class: "rec-suitsign", "aria-hidden": "true", text: SUIT_SIGN[suit] }),
            ` ${suitWord(suit)}`,
          ),
        ),
      ),
      h("div", {
        class: chosen ? "rec-trumpsays" : "rec-trumpsays mr-dim",
        text: chosen
          ? shown
            ? say(method === "FaceUp" ? "rec.trump_face_up" : "rec.trump_drawn", { suit: suitWord(chosen), card: cardText(shown) })
            : say("rec.trump_suit", { suit: suitWord(chosen) })
          : say(method === "FaceUp" ? "rec.which_face_up" : "rec.which_drawn"),
      }),
    );
  } else if (method === "Closed") {
    const holder = entry.closed_holder;
    const hand = recSorted(entry.hands[holder] || []);
    const chosen = entry.trump_card && entry.trump_card.includes(":") ? entry.trump_card.split(":")[1] : null;
    const lays = payload.reveal ? "rec.lays_version" : "rec.lays";
    kids.push(h("div", { class: "rec-trumpsays" }, ...sayParts(lays, { who: who(payload, holder), version: payload.reveal })));
    if (!hand.length) {
      kids.push(h("div", { class: "mr-dim", text: say("rec.deal_first", { who: whoText(payload, holder) }) }));
    } else {
      kids.push(
        h(
          "div",
          { class: "rec-closed", role: "group", "aria-label": say("rec.closed_label", { who: whoText(payload, holder) }) },
          hand.map((card) =>
            h(
              "button",
              {
                type: "button",
                class: `mr-card mr-suit-${card[1]} rec-cardbtn${chosen === card ? " mr-on" : ""}`,
                "data-testid": `mr-closed-${card}`,
                "data-rec-key": `closed:${card}`,
                "data-trump-card": card,
                "aria-pressed": chosen === card ? "true" : "false",
                "aria-label": say("rec.closed_card", { card: cardName(card) }),
                disabled: !board,
                onclick: () => recSend(view, "trump", { do: "trump", card }),
              },
              recFace(card),
            ),
          ),
        ),
      );
      kids.push(h("div", { class: chosen ? "rec-trumpsays" : "mr-dim", text: chosen ? say("rec.face_down", { card: cardText(chosen) }) : say("rec.nothing_chosen") }));
    }
  } else if (method === "Cut") {
    kids.push(h("div", { class: "mr-dim", text: say("rec.cut") }));
  } else {
    kids.push(h("div", { class: "mr-dim", text: say("board.trump.none") }));
  }
  p.trump.dataset.method = method || "";
  fill(p.trump, ...kids);
}

/** A card's rank and suit sign, for a button of entry mode. */
function recFace(card) {
  return [
    h("span", { class: "mr-rank", "aria-hidden": "true", text: rankText(card) }),
    h("span", { class: "mr-sign", "aria-hidden": "true", text: SUIT_SIGN[card[1]] }),
  ];
}

function recDrawPack(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const board = isBoard(view);
  const deck = packPlaces(entry.pack, entry.hands, recOrder);
  const to = entry.complete ? null : entry.selected;
  const rows = SUIT_ORDER.map((suit) => {
    const cards = deck.filter(([c]) => c[1] === suit);
    if (!cards.length) return null;
    const keys = new Map(); // two packs: the second copy's button has a key of its own
    const places = cards.map(([card, seat]) => {
      if (seat !== null) {
        return h(
          "span",
          { class: `rec-slot mr-suit-${suit}`, "aria-hidden": "true", title: say("rec.dealt_to", { card: cardText(card), who: whoText(payload, seat) }) },
          h("span", { class: "rec-slotrank", text: rankText(card) }),
          h("span", { class: "rec-slotseat", text: `\u2192${seat}` }),
        );
      }
      return h(
        "button",
        {
          type: "button",
          class: `mr-card mr-suit-${suit} rec-cardbtn rec-packcard`,
          "data-card": card,
          "data-rec-key": keys.has(card) ? `pack:${card}:2` : (keys.set(card, 1), `pack:${card}`),
          "aria-label": to ? say("rec.deal_label", { card: cardName(card), who: whoText(payload, to) }) : cardName(card),
          title: to ? say("rec.deal_title", { card: cardText(card), who: whoText(payload, to) }) : null,
          disabled: !board,
          onclick: () => recSend(view, "pack", { do: "give", card }),
        },
        recFace(card),
      );
    });
    const row = h(
      "div",
      { class: `rec-packrow mr-suit-${suit}`, role: "group", "aria-label": suitWord(suit), "data-suit": suit },
      h("span", { class: "rec-rowsign", "aria-hidden": "true", text: SUIT_SIGN[suit] }),
      h("div", { class: "rec-packcards" }, places),
    );
    // As many columns as the suit has cards (two packs: two rows of up to 13), or rows of
    // up to 7 where they do not fit.
    row.style.setProperty("--rec-n", String(packColumns(cards.length, 13)));
    row.style.setProperty("--rec-half", String(packColumns(cards.length, 7)));
    return row;
  });
  const left = (entry.pack || []).length;
  p.packTitle.textContent = to ? sayCount("rec.pack_to", left, { seat: to }) : sayCount("rec.pack", left);
  p.pack.setAttribute("aria-label", to ? sayCount("rec.pack_label", left, { who: whoText(payload, to) }) : say("rec.pack_plain"));
  p.pack.dataset.left = String(left);
  fill(p.pack, ...rows.filter(Boolean));
  p.packBox.hidden = entry.complete && !left;
}

function recDrawSeats(view, entry) {
  const p = recState(view).parts;
  const payload = view.payload;
  const board = isBoard(view);
  const size = entry.hand_size;
  const panels = payload.seats.map((seat) => {
    const hand = recSorted(entry.hands[seat] || []);
    const selected = !entry.complete && entry.selected === seat;
    const team = payload.teams[seat];
    const badges = [];
    if (payload.dealer === seat) badges.push(h("span", { class: "mr-badge", text: say("board.seat.dealer") }));
    if (entry.first_leader === seat) badges.push(h("span", { class: "mr-badge", text: say("rec.leads") }));
    if (entry.closed_holder === seat) badges.push(h("span", { class: "mr-badge", text: say("rec.lays_trump") }));
    const full = hand.length === size;
    const pick = h(
      "button",
      {
        type: "button",
        class: "rec-seatpick",
        "data-testid": `mr-select-${seat}`,
        "data-rec-key": `seat:${seat}`,
        "aria-pressed": selected ? "true" : "false",
        "aria-label": say(selected ? "rec.seat_selected" : "rec.seat_select", { who: whoText(payload, seat), count: hand.length, size }),
        disabled: !board || entry.complete,
        onclick: () => recSend(view, "seats", { do: "select", seat }),
      },
      h("span", { class: "mr-seatletter", text: seat }),
      payload.names[seat] ? bdi(payload.names[seat], { class: "mr-seatname" }) : null,
      h("span", { class: `rec-count${full ? " rec-full" : ""}`, text: `${hand.length}/${size}` }),
    );
    const head = h(
      "div",
      { class: "rec-seathead" },
      pick,
      h("span", { class: `mr-teamtag mr-team-${team}`, text: payload.team_labels[team] }),
      ...badges,
      selected ? h("span", { class: "mr-badge mr-badge-turn", text: say("rec.cards_here") }) : null,
    );
    const cards = hand.map((card, i) =>
      h(
        "button",
        {
          type: "button",
          class: `mr-card mr-suit-${card[1]} rec-cardbtn rec-dealt${i && hand[i - 1][1] !== card[1] ? " rec-newsuit" : ""}`,
          "data-card": card,
          "data-rec-key": `hand:${card}`,
          "aria-label": say("rec.give_back_label", { card: cardName(card), seat }),
          title: say("rec.give_back", { card: cardText(card) }),
          disabled: !board,
          onclick: () => recSend(view, "seats", { do: "take", card }),
        },
        recFace(card),
      ),
    );
    const panel = h(
      "section",
      {
        class: `rec-seat mr-team-${team}${selected ? " rec-selected" : ""}`,
        "data-testid": `mr-entry-seat-${seat}`,
        "data-seat": seat,
        "data-count": String(hand.length),
        "data-selected": selected ? "true" : "false",
        "aria-label": say(selected ? "rec.hand_selected" : "rec.hand", { who: whoText(payload, seat), team: payload.team_labels[team], count: hand.length, size }),
        onclick: (event) => {
          // A click on the seat (not on one of its cards) sends the next cards there.
          if (event.target.closest("button") || entry.complete || !board) return;
          recSend(view, "seats", { do: "select", seat });
        },
      },
      head,
      h("div", { class: "rec-hand" }, cards.length ? cards : h("span", { class: "mr-dim rec-empty", text: say("rec.no_card") })),
    );
    return panel;
  });
  p.seats.dataset.players = String(payload.players);
  fill(p.seats, ...panels);
}

function recPaste(view) {
  const st = recState(view);
  const text = st.parts.pasteInput.value.trim();
  if (!text) {
    recSay(view, "info", say("rec.paste_first"), "paste");
    return;
  }
  const notice = view.model.get("notice") || {};
  st.paste = { text: st.parts.pasteInput.value, noticeId: notice.id };
  recSend(view, "paste", { do: "paste", text });
}

/** What has the keyboard focus in entry mode (its data-rec-key), to give it back after the
 * redraw. */
function recFocusKey(view) {
  const active = document.activeElement;
  if (!active || !view.root.contains(active)) return null;
  if (active === recState(view).parts?.pasteInput) return "paste";
  return active.dataset ? active.dataset.recKey || null : null;
}

function recRestoreFocus(view, key, fresh) {
  if (!key || fresh) return;
  const p = recState(view).parts;
  if (key === "paste") return; // the same element: still focused
  let target = view.root.querySelector(`[data-rec-key="${key}"]`);
  if (!target && key.startsWith("pack:")) {
    // The card went to a hand: the next card of the pack (deck order), else the last one.
    const card = key.slice(5);
    const buttons = [...p.pack.querySelectorAll("button[data-card]")];
    target = buttons.find((b) => recOrder(b.dataset.card) > recOrder(card)) || buttons[buttons.length - 1] || null;
  }
  if (!target && key.startsWith("hand:")) {
    // The card went back to the pack: focus it there.
    target = p.pack.querySelector(`[data-rec-key="pack:${key.slice(5)}"]`);
  }
  if (target && !target.disabled) target.focus({ preventScroll: true });
  else view.root.focus({ preventScroll: true });
}

// -- recording the play (on the board) ----------------------------------------------------

/** The recorder's part of the board's toolbar: Undo, and who is to play. */
export function buildRecording(view) {
  const parts = view.parts;
  parts.undo = h("button", {
    type: "button",
    class: "mr-btn mr-boardbtn rec-undo",
    "data-testid": "mr-undo",
    "aria-label": say("rec.undo_label"),
    title: say("rec.undo_title"),
    text: say("rec.undo"),
    hidden: true,
    onclick: () => {
      if (!send(view, { do: "undo" })) showNotice(view, "info", say("rec.undo_needs"));
    },
  });
  parts.recordNext = h("span", { class: "rec-next", "data-testid": "mr-record-next", hidden: true });
  parts.nextDeal = h("button", {
    type: "button",
    class: "mr-btn rec-nextdeal",
    "data-testid": "mr-record-next-deal",
    title: say("rec.next_title"),
    text: say("rec.next"),
    hidden: true,
    onclick: () => {
      if (!send(view, { do: "next_deal" })) showNotice(view, "info", say("rec.next_needs"));
    },
  });
  return [parts.undo, parts.recordNext, parts.nextDeal];
}

/** At every draw of the board: Undo while recording (`recording` trait), what is awaited. */
export function drawRecording(view, step, k) {
  const parts = view.parts;
  const root = view.root;
  root.classList.remove("mr-entering");
  const recording = isBoard(view) && Boolean(view.model.get("recording"));
  root.classList.toggle("mr-recording", recording);
  const main = view.payload.main_line || [];
  const atEnd = Boolean(step.main) && !(step.children || []).length;
  // Recording the play: only what that needs (whose turn, the hand, the trick, Undo, Save)
  // in places that stay put from card to card; the rest of the board when the deal is over.
  const playing = recording && atEnd && Boolean(step.to_play);
  root.classList.toggle("mr-rec-play", playing);
  if (playing) root.dataset.toPlay = step.to_play;
  else delete root.dataset.toPlay;
  if (!parts.undo) return;
  parts.undo.hidden = !recording;
  parts.recordNext.hidden = !recording;
  const lastStep = nodes(view)[main[main.length - 1]];
  parts.nextDeal.hidden = !(recording && lastStep && !lastStep.to_play);
  if (!recording) return;
  parts.undo.disabled = main.length <= 1;
  if (atEnd && parts.board) {
    // At the end of the recorded line the solver's cards would be recorded as played: not
    // offered there (they are, to try a card, everywhere else).
    parts.board.best.disabled = true; // greyed, not hidden: the buttons keep their places
    parts.board.playout.disabled = true;
  }
  const payload = view.payload;
  const last = lastStep;
  if (!atEnd && last && !last.to_play) {
    fill(parts.recordNext, h("span", { class: "mr-dim", text: say("rec.recorded") }));
  } else if (!atEnd) {
    fill(
      parts.recordNext,
      h("span", { class: "mr-dim", text: `${say("rec.goes_on")} ` }),
      h("button", {
        type: "button",
        class: "mr-btn rec-toend",
        text: say("rec.to_end"),
        onclick: () => goNode(view, main[main.length - 1]),
      }),
    );
  } else if (step.to_play) {
    fill(parts.recordNext, ...sayParts("rec.tap_played", { who: who(payload, step.to_play) }));
  } else {
    const saved = !view.model.get("dirty") && Boolean(view.model.get("file"));
    fill(parts.recordNext, saved ? say("rec.over_saved", { file: view.model.get("file") }) : say("rec.over"));
  }
}
