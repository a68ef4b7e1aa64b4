// What the site's address asks for, read strictly (pure functions: unit-tested under Node in
// tests/js/address.test.js). An address comes from anyone — a link in a chat, a bookmark —
// so nothing in it is trusted: a number is ASCII digits in a range, and ?file= names a file
// of this site only, by a relative address. A refusal is a sentence for the status line.

/** The one reading of a number from an address: ASCII digits only (no sign, exponent,
 * white space or other script's digits), from `least` to `most`; `null` otherwise. */
export function wholeNumber(text, least = 0, most = 999_999_999) {
  if (typeof text !== "string" || !/^[0-9]{1,9}$/.test(text)) return null;
  const number = Number(text);
  return number >= least && number <= most ? number : null;
}

/** A piece of an address decoded for a person to read (`%20` a space), or as it is when it
 * is no valid percent-encoding (`%` alone): never an exception. */
export function decoded(piece) {
  try {
    return decodeURIComponent(piece);
  } catch {
    return piece;
  }
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The file an address's query asks the site to open: `?file=ADDRESS` (or `?pmn=`), and
 * `&deal=N`. `null` when it asks for none; `{error}` (a sentence) when it asks for what the
 * site does not open — another host, a `data:` or `javascript:` address, a deal number that
 * is not one — and no request is to be made; else `{url, name, deal}`, `url` on this site.
 * `here` is the page's own address (`location.href`). */
export function linkedFile(search, here) {
  let query;
  try {
    query = new URLSearchParams(search);
  } catch {
    return { error: "This address cannot be read: its query is damaged." };
  }
  const address = query.get("file") ?? query.get("pmn");
  if (address === null || address === "") return null;
  const shown = address.length > 60 ? `${address.slice(0, 57)}...` : address;
  const refuse = (why) => ({ error: `Not opened: ${JSON.stringify(shown)} ${why}` });
  if (SCHEME.test(address.trim()) || /^[\s]*[/\\]{2}/.test(address) || address.includes("\\")) {
    return refuse("is not a file of this site (?file= takes a relative address, such as games/club.pmn).");
  }
  let url;
  try {
    url = new URL(address, here);
  } catch {
    return refuse("is not an address.");
  }
  const home = new URL(here);
  if (url.origin !== home.origin || !/^https?:$/.test(url.protocol)) {
    return refuse("is not a file of this site (?file= takes a relative address, such as games/club.pmn).");
  }
  const given = query.get("deal");
  const deal = given === null ? 1 : wholeNumber(given, 1);
  if (deal === null) {
    const what = given.length > 20 ? `${given.slice(0, 17)}...` : given;
    return { error: `Not opened: deal=${JSON.stringify(what)} is not a deal number (1, 2, 3 ...).` };
  }
  const name = decoded(url.pathname.split("/").pop() || "") || "deals.pmn";
  return { url: url.href, name, deal };
}

/** A draft as the page offers it back: the file it goes into, the players, the cards
 * recorded so far and when it was last changed (drafts of two tabs are told apart). */
export function draftLabel(draft, locale = undefined) {
  const parts = [draft.name || "games.pmn"];
  if (Array.isArray(draft.names) && draft.names.length) parts.push(draft.names.join(", "));
  const cards = Number.isInteger(draft.cards) ? draft.cards : 0;
  parts.push(cards === 1 ? "1 card" : `${cards} cards`);
  if (Number.isFinite(draft.updated)) {
    const when = new Date(draft.updated);
    parts.push(
      when.toLocaleString(locale, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }),
    );
  }
  return `Resume the unsaved deal: ${parts.join(" · ")}`;
}

/** A name not yet taken among `taken` (a Set): `name` itself, else `name-2.pmn`, `-3`, … —
 * where a save keeps a file that would otherwise overwrite another file's copy. */
export function freeName(name, taken) {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ending = dot > 0 ? name.slice(dot) : "";
  for (let k = 2; ; k += 1) {
    const candidate = `${stem}-${k}${ending}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Whether two byte arrays (Uint8Array) hold the same bytes. */
export function sameBytes(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
