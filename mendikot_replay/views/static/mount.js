// Without a kernel: a tiny in-page model (get/set/on/off/save_changes, no `send`) for the
// static HTML, nbconvert and the shared page, and the mounting of every deal of a page.

import { render } from "./board.js";

/** A minimal stand-in for the widget model, so `render` works in a page with no kernel
 * (no `send`: nothing to send to, so `isBoard` is false). */
export function createModel(payload, options) {
  const values = {
    data: payload,
    path: payload && Array.isArray(payload.main_line) ? payload.main_line.slice() : [],
    step: 0,
    hidden_seats: [],
    show_played: true,
    scale: 1.0,
    four_color: false,
    quiz_seat: "",
    analyse: false,
    analysis: payload ? payload.analysis : undefined,
    ...(options || {}),
  };
  const listeners = new Map();
  return {
    get: (name) => values[name],
    set(name, value) {
      if (values[name] === value) return;
      values[name] = value;
      for (const fn of [...(listeners.get(`change:${name}`) || [])]) fn();
    },
    on(name, fn) {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(fn);
    },
    off(name, fn) {
      if (listeners.has(name)) listeners.get(name).delete(fn);
    },
    save_changes() {},
  };
}

/** Mount the stepping viewer on `el` with no kernel; returns `{ model, destroy }`. */
export function mountStatic(el, payload, options) {
  const model = createModel(payload, options);
  const destroy = render({ model, el });
  return { model, destroy };
}

/** Mount the viewer on every static deal block matched by `selector` that is not mounted
 * yet: the block's script[data-mr-payload] holds the payload, its [data-mr-static] part (the
 * script-free view) is hidden once the viewer stands in its place. */
export function mountAll(selector) {
  const mounted = [];
  for (const box of document.querySelectorAll(selector)) {
    if (box.hasAttribute("data-mr-mounted")) continue;
    const source = box.querySelector("script[data-mr-payload]");
    const still = box.querySelector("[data-mr-static]");
    if (!source || !still) continue;
    box.setAttribute("data-mr-mounted", "true");
    const host = document.createElement("div");
    host.className = "mr-host";
    still.before(host);
    const payload = JSON.parse(source.textContent);
    // The page's words (a page made in another language than English), once for the
    // fragment or the whole page.
    const words = box.querySelector("script[data-mr-words]") || document.querySelector("script[data-mr-words]");
    // A page made with the solver's values (`mendikot-replay html --analyse`) opens with
    // them shown; the toggle turns them off.
    const options = { analyse: Boolean(payload.analysis), words: words ? JSON.parse(words.textContent) : undefined };
    mounted.push(mountStatic(host, payload, options));
    still.hidden = true;
  }
  return mounted;
}

/** The shared page of `mendikot-replay html`: every deal mounted, one shown at a time with
 * the deal selector (and `#deal-N` in the address to link to a deal). */
export function mountPage() {
  mountAll("[data-mr-embed]");
  document.documentElement.classList.add("mr-js");
  const deals = [...document.querySelectorAll(".mr-deal")];
  const picker = document.querySelector(".mr-dealpicker");
  if (deals.length < 2 || !picker) return;
  const select = picker.querySelector("select");
  const show = (n) => {
    const k = Math.max(1, Math.min(deals.length, n));
    deals.forEach((deal, i) => {
      deal.hidden = i + 1 !== k;
    });
    select.value = String(k);
    if (history.replaceState) history.replaceState(null, "", `#deal-${k}`);
  };
  picker.hidden = false;
  select.addEventListener("change", () => show(Number(select.value)));
  picker.querySelector("[data-testid=mr-prev-deal]").addEventListener("click", () => show(Number(select.value) - 1));
  picker.querySelector("[data-testid=mr-next-deal]").addEventListener("click", () => show(Number(select.value) + 1));
  const wanted = /^#deal-(\d+)$/.exec(location.hash);
  show(wanted ? Number(wanted[1]) : 1);
}
