// mendikot-replay: the page's words, from the text layer's one catalog.
//
// Every sentence the page makes itself is `say(id, values)` of a message identifier of
// mendikot_replay/text/messages.py: `messages.js` (written from it by
// scripts/build_page.py, bundled here) holds the English source of each; the language in
// force arrives as a dictionary of its translated messages (`useWords`: the session's
// `words` — what it gives a page for the language it speaks, `{}` for English, and every
// message marked ⟦…⟧ in the pseudo-language `qps`). `{name}` placeholders are filled from
// `values`; a message with a number has two English forms, and the language's plural rule
// (Intl.PluralRules) picks between a translation's forms. Pure: unit-tested by Node.

import english from "./messages.js";

let words = {};
let plural = new Intl.PluralRules("en");

/** Speak the language of `given` (the session's `words`: `{$lang, id: template | [one,
 * other]}`), or English (`{}` or nothing). */
export function useWords(given) {
  words = given && typeof given === "object" ? given : {};
  let lang = "en";
  if (typeof words.$lang === "string") lang = words.$lang;
  try {
    plural = new Intl.PluralRules(lang);
  } catch {
    plural = new Intl.PluralRules("en"); // a pseudo-language has no rule of its own
  }
}

function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) => (values && name in values ? String(values[name]) : whole));
}

/** Message `id` in the language in force, its placeholders filled from `values`. An
 * identifier the catalog does not have is a mistake of the page's: it is shown as it is,
 * so that a test (and a person) sees it. */
export function say(id, values) {
  const template = id in words ? words[id] : english.messages[id];
  return template === undefined ? id : fill(template, values);
}

/** Message `id` as pieces, for a sentence that holds elements (a player's name in a
 * <bdi>, a card's face): its words as strings, each placeholder replaced by its value as it
 * is (a string or an element), in the order the language puts them. */
export function sayParts(id, values) {
  const template = id in words ? words[id] : english.messages[id];
  if (template === undefined) return [id];
  const parts = [];
  let at = 0;
  for (const m of String(template).matchAll(/\{(\w+)\}/g)) {
    if (m.index > at) parts.push(template.slice(at, m.index));
    parts.push(values && m[1] in values ? values[m[1]] : m[0]);
    at = m.index + m[0].length;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

/** Items in a list, as the language joins them ("a, b, c"; "" for none). */
export function sayList(items) {
  return items.length ? items.reduce((first, more) => say("list.more", { first, more })) : "";
}

/** A message with a number (`count`): the form the language gives that number. */
export function sayCount(id, count, values) {
  const forms = id in words ? words[id] : english.plurals[id];
  if (!Array.isArray(forms)) return id;
  const form = plural.select(count) === "one" ? forms[0] : forms[forms.length - 1];
  return fill(form, { count, ...values });
}
