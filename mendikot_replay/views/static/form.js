// -- form.js: a new deal's set-up, one short form (the recorder's first page) -------------
//
// An ES module of the page; its private names start with `form`/`FORM_`, its words come from
// words.js (the text layer). board.js imports `buildForm(view)`, which draws
// the whole viewer while the payload has `form` (`mr.recorder(path)`, and after *Next deal*;
// see payload.form_view): first the players (how many, the deck, their names), then the
// dealer and the trump method (with the closed trump's version), the occasion (event, place,
// date), a match's scoring, and folded under "House rules" the capture and the house rules,
// each filled in as the file's last deal had it. With no deal before it, the dealer is
// asked ("who deals?"), never guessed; an empty event is named by its day in Python. The form follows its own answers
// with no round trip (six players: six names, the decks that deal out evenly; a closed
// trump: its version), and sends, and only sends,
//   {do: "start", answers: {event, site, date, players, deck, dealer, method, reveal,
//                           capture, variant, scoring, "name A", …}}
// on *Deal the cards*. Python reads the answers again (pmn/deal_form.py) and answers with
// the dealing's payload, or a notice saying which answer is wrong, shown above the button.
//
// Test hooks (data-testid): mr-form (the form), mr-form-event, mr-form-site, mr-form-date,
// mr-form-players, mr-form-deck, mr-form-dealer, mr-form-method, mr-form-reveal,
// mr-form-capture, mr-form-house (the folded house rules), mr-form-flag-<flag>,
// mr-form-scoring (a match's only), mr-form-name-A …,
// mr-form-notice, mr-form-start.
import { fill, h } from "./dom.js";
import { send } from "./state.js";
import { say } from "./words.js";

/** The choices of one question, each in the language in force: `{key: words}`. */
function formChoices(question, keys) {
  return Object.fromEntries(keys.map((key) => [key, say(`form.${question}.${key}`)]));
}
const FORM_METHODS = ["Drawn", "FaceUp", "Closed", "Cut", "None"];
const FORM_REVEALS = ["A", "B"];
const FORM_CAPTURES = ["Trick", "Dehla"];
const FORM_SCORINGS = ["plain", "bonus", "graded", "tens"];

/** A PMN date ("2026.12.05") as a date input's value ("2026-12-05"), or "" when it is not
 * a whole date (a date input cannot hold "2026.??.??"). */
export function formDateValue(pmn) {
  const match = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(pmn || "");
  return match ? `${match[1]}-${match[2]}-${match[3]}` : "";
}

/** A date input's value as PMN writes a date. */
export function formPmnDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value || "");
  return match ? `${match[1]}.${match[2]}.${match[3]}` : value || "";
}

/** The house rules this form offers with these answers: each flag whose settings (the
 * package's form.flagNeeds: a rule of Dehla capture, of the closed trump or of one of its
 * versions) these answers hold. */
export function formFlags(fields, form) {
  return form.flags.filter(
    (flag) => Object.entries(form.flagNeeds[flag] || {}).every(([field, value]) => fields[field] === value),
  );
}

/** The answers a form sends: each field's value under its question's key, the flags as
 * one comma-separated answer (those offered), the names of the seats at this table only. */
export function formAnswers(fields, form) {
  const players = fields.players;
  const offered = formFlags(fields, form);
  const out = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key.startsWith("name ") && !(form.seats[players] || []).includes(key.slice(5))) continue;
    if (key === "deck" && (form.decks[players] || []).length < 2) continue;
    if (key === "reveal" && fields.method !== "Closed") continue;
    out[key] = key === "variant" ? (value || "").split(",").filter((f) => offered.includes(f)).join(",") : value;
  }
  return out;
}

function formField(label, control, extra) {
  return h("label", { class: `mr-form-field${extra ? " " + extra : ""}` }, h("span", { class: "mr-form-label", text: label }), control);
}

function formSelect(testid, options, value, onchange) {
  return h(
    "select",
    { "data-testid": testid, onchange },
    ...Object.entries(options).map(([key, words]) => h("option", { value: key, text: words, selected: key === value })),
  );
}

/** The viewer while a new deal is set up (see the header). */
export function buildForm(view) {
  const root = view.root;
  const form = view.payload.form;
  const fields = { ...form.answers };
  if (!fields.reveal) fields.reveal = form.reveals[0];
  view.parts = {};
  root.classList.remove("mr-entering", "mr-recording", "mr-present");
  root.classList.add("mr-setting-up");
  root.setAttribute("aria-label", say("form.label"));
  root.dataset.step = "0";
  root.dataset.node = "0";
  const body = h("form", { class: "mr-form", "data-testid": "mr-form", "aria-label": say("form.title") });
  const notice = h("p", { class: "mr-form-notice", "data-testid": "mr-form-notice", role: "alert", hidden: true });
  const text = (key, testid, type = "text", placeholder = null) =>
    h("input", {
      type,
      "data-testid": testid,
      placeholder,
      value: type === "date" ? formDateValue(fields[key]) : fields[key] || "",
      autocomplete: "off",
      oninput: (event) => {
        fields[key] = type === "date" ? formPmnDate(event.target.value) : event.target.value;
      },
    });
  const draw = () => {
    const players = fields.players;
    const seats = form.seats[players] || [];
    const decks = form.decks[players] || [];
    if (!decks.includes(fields.deck)) fields.deck = decks[0];
    // no dealer offered as if it were known: the file's last deal tells the next one, and
    // with no deal before it the form asks
    if (fields.dealer && !seats.includes(fields.dealer)) fields.dealer = "";
    const pick = (key, options) => (event) => {
      fields[key] = event.target.value;
      if (options) draw();
    };
    const names = seats.map((seat) =>
      formField(
        seat,
        h("input", {
          type: "text",
          "data-testid": `mr-form-name-${seat}`,
          "aria-label": say("form.name", { seat }),
          placeholder: say("form.name", { seat }),
          value: fields[`name ${seat}`] || "",
          autocomplete: "off",
          oninput: (event) => {
            fields[`name ${seat}`] = event.target.value;
          },
        }),
        "mr-form-name",
      ),
    );
    const flags = formFlags(fields, form).map((flag) =>
      h(
        "label",
        { class: "mr-form-flag" },
        h("input", {
          type: "checkbox",
          "data-testid": `mr-form-flag-${flag}`,
          checked: (fields.variant || "").split(",").includes(flag),
          onchange: (event) => {
            const on = new Set((fields.variant || "").split(",").filter(Boolean));
            if (event.target.checked) on.add(flag);
            else on.delete(flag);
            fields.variant = form.flags.filter((f) => on.has(f)).join(",");
            draw(); // the folded rules' summary names the rules chosen
          },
        }),
        h("span", { class: "mr-form-flag-name" }, flag),
        h("span", { class: "mr-form-flag-text" }, (form.flagText || {})[flag] || ""),
      ),
    );
    const dealers = { ...(fields.dealer ? {} : { "": say("form.who_deals") }), ...Object.fromEntries(seats.map((s) => [s, s])) };
    const chosen = (fields.variant || "").split(",").filter((flag) => formFlags(fields, form).includes(flag));
    const rows = [
      // who plays first: the names are what a table knows before anything else
      h(
        "fieldset",
        { class: "mr-form-names" },
        h("legend", { text: say("form.players_legend") }),
        h(
          "div",
          { class: "mr-form-row" },
          formField(say("form.players"), formSelect("mr-form-players", Object.fromEntries(form.players.map((n) => [n, n])), players, pick("players", true))),
          decks.length > 1
            ? formField(say("form.deck"), formSelect("mr-form-deck", Object.fromEntries(decks.map((d) => [d, say("form.cards", { count: d })])), fields.deck, pick("deck")))
            : null,
        ),
        names,
      ),
      h(
        "div",
        { class: "mr-form-row" },
        formField(say("form.dealer"), formSelect("mr-form-dealer", dealers, fields.dealer, pick("dealer", true))),
        formField(say("form.trump"), formSelect("mr-form-method", formChoices("method", FORM_METHODS), fields.method, pick("method", true))),
      ),
      fields.method === "Closed"
        ? h("div", { class: "mr-form-row" }, formField(say("form.closed"), formSelect("mr-form-reveal", formChoices("reveal", FORM_REVEALS), fields.reveal, pick("reveal", true))))
        : null,
      h(
        "div",
        { class: "mr-form-row" },
        formField(say("form.event"), text("event", "mr-form-event", "text", say("form.event_example"))),
        formField(say("form.place"), text("site", "mr-form-site")),
        formField(say("form.date"), text("date", "mr-form-date", formDateValue(fields.date) || !fields.date ? "date" : "text"), "mr-form-date"),
      ),
      fields.match
        ? h(
            "div",
            { class: "mr-form-row" },
            formField(
              say("form.scoring", { match: fields.match }),
              formSelect(
                "mr-form-scoring",
                Object.fromEntries((form.scorings || FORM_SCORINGS).map((s) => [s, FORM_SCORINGS.includes(s) ? say(`form.scoring.${s}`) : s])),
                fields.scoring || "plain",
                pick("scoring"),
              ),
            ),
          )
        : null,
      // the rules most tables never change, folded: how tricks are taken, and the house rules
      h(
        "details",
        { class: "mr-form-house", "data-testid": "mr-form-house", open: view.formHouseOpen || null, ontoggle: (event) => (view.formHouseOpen = event.target.open) },
        h("summary", {
          text: chosen.length
            ? say("form.house_chosen", { rules: chosen.join(", ") })
            : say(fields.capture === "Dehla" ? "form.house_dehla" : "form.house_none"),
        }),
        h("div", { class: "mr-form-row" }, formField(say("form.capture"), formSelect("mr-form-capture", formChoices("capture", FORM_CAPTURES), fields.capture, pick("capture", true)))),
        h("div", { class: "mr-form-field mr-form-flags", role: "group", "aria-label": say("form.house_label") }, flags),
      ),
      notice,
      h("button", { type: "submit", class: "mr-btn mr-form-start", "data-testid": "mr-form-start", text: say("form.start") }),
    ];
    fill(body, ...rows);
  };
  body.addEventListener("submit", (event) => {
    event.preventDefault();
    notice.hidden = true;
    if (!fields.dealer) {
      notice.textContent = say("form.dealer_missing");
      notice.hidden = false;
      body.querySelector("[data-testid=mr-form-dealer]").focus();
      return;
    }
    if (!send(view, { do: "start", answers: formAnswers(fields, form) })) {
      notice.textContent = say("form.needs_notebook");
      notice.hidden = false;
    }
  });
  const said = view.model.get("notice") || {};
  const heard = () => {
    if (!body.isConnected) {
      view.model.off("change:notice", heard);
      return;
    }
    const now = view.model.get("notice") || {};
    if (now.id !== said.id && now.kind === "error" && now.text) {
      notice.textContent = now.text;
      notice.hidden = false;
    }
  };
  view.model.on("change:notice", heard);
  draw();
  const file = form.file ? h("div", { class: "mr-subtitle", text: say("form.file", { file: form.file }) }) : null;
  root.replaceChildren(
    h("div", { class: "mr-head" }, h("div", { class: "mr-title", role: "heading", "aria-level": "3", text: say("form.heading") }), file),
    body,
  );
}
