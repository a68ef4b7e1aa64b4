// The set-up form's pure parts (form.js): dates between PMN and a date input, and the
// answers a form sends, on the form payload the package makes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { formAnswers, formDateValue, formFlags, formPmnDate } from "../../mendikot_replay/views/static/form.js";
import { payload } from "./payloads.js";

const form = payload("recorder-form").form;

test("a whole PMN date goes to a date input and back unchanged", () => {
  assert.equal(formDateValue("2026.12.05"), "2026-12-05");
  assert.equal(formPmnDate("2026-12-05"), "2026.12.05");
  assert.equal(formPmnDate(formDateValue(form.answers.date)), form.answers.date);
});

test("a date a date input cannot hold is kept as text", () => {
  assert.equal(formDateValue("2026.??.??"), "");
  assert.equal(formDateValue(""), "");
  assert.equal(formPmnDate("2026.??.??"), "2026.??.??");
});

test("the answers name only the seats at the table, and a deck only where there is a choice", () => {
  const six = formAnswers({ ...form.answers, players: "6", deck: "52", "name E": "Esha", "name A": "Asha" }, form);
  assert.equal(six["name E"], "Esha");
  assert.equal(six["name A"], "Asha");
  assert.ok(!("deck" in six), "six players have one deck: no question");
  const four = formAnswers({ ...form.answers, players: "4", "name E": "Esha" }, form);
  assert.ok(!("name E" in four), "no seat E at a table of four");
  assert.equal(four.deck, form.answers.deck);
});

test("the closed trump's version goes only with a closed trump", () => {
  assert.ok(!("reveal" in formAnswers({ ...form.answers, method: "Drawn", reveal: "B" }, form)));
  assert.equal(formAnswers({ ...form.answers, method: "Closed", reveal: "B" }, form).reveal, "B");
});

test("a rule of Dehla capture is offered, and sent, only under Dehla capture", () => {
  assert.ok(form.flags.includes("streak-goes-on"), "the package offers the rule");
  const trick = { ...form.answers, capture: "Trick", variant: "must-trump,streak-goes-on" };
  assert.ok(!formFlags(trick, form).includes("streak-goes-on"));
  assert.equal(formAnswers(trick, form).variant, "must-trump");
  const dehla = { ...trick, capture: "Dehla" };
  assert.ok(formFlags(dehla, form).includes("streak-goes-on"));
  assert.equal(formAnswers(dehla, form).variant, "must-trump,streak-goes-on");
});

test("a rule of the closed trump is offered, and sent, only with a closed trump", () => {
  assert.ok(form.flags.includes("lead-after-holder"), "the package offers the rule");
  const drawn = { ...form.answers, method: "Drawn", variant: "lead-after-holder" };
  assert.ok(!formFlags(drawn, form).includes("lead-after-holder"));
  assert.equal(formAnswers(drawn, form).variant, "");
  const closed = { ...drawn, method: "Closed" };
  assert.equal(formAnswers(closed, form).variant, "lead-after-holder");
});

test("a rule of one closed-trump version is offered only with that version", () => {
  const closed = { ...form.answers, method: "Closed", reveal: "A", variant: "holder-may-ask,count-from-reveal" };
  assert.ok(formFlags(closed, form).includes("count-from-reveal"));
  assert.ok(!formFlags(closed, form).includes("holder-may-ask"));
  assert.equal(formAnswers(closed, form).variant, "count-from-reveal");
  const versionB = { ...closed, reveal: "B" };
  assert.equal(formAnswers(versionB, form).variant, "holder-may-ask");
  const drawn = { ...closed, method: "Drawn" };
  assert.ok(formFlags(drawn, form).includes("tie-half-first"), "a flag without needs is always offered");
  assert.equal(formAnswers(drawn, form).variant, "");
});
