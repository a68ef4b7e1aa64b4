// -- editor.js: annotating on the board, saving, and the notices -------------------------
//
// An ES module of the page; its private names start with `ed`/`Ed`/`ED_`, its words come from
// words.js (the text layer). board.js and the panels import the four it offers:
//   buildEditor(view)  -> the annotation panel, put in the side column under the notes;
//   drawEditor(view, nodeId)  at every draw;
//   drawNotice(view)  at every draw and on `change:notice`;
//   showNotice(view, kind, text, actions)  a notice made in the page ("error" / "info").
//
// The panel only sends messages (board-spec.md: comment, uncomment, glyph, nag, save,
// reload, save_as) and redraws from what Python sends back: it never assumes a message
// succeeded. A comment typed in the box stays there (a draft per node) until a new payload
// arrives after it was sent; an error notice instead leaves it to be corrected.
//
// The save bar (`mr-savebar`, after the teaching options, above the table) holds the
// notice, the unsaved mark and the Save button. The Save button is the only button whose
// accessible name has "Save" in it (tests find it by role and name): the notice's actions
// are worded "Reload from the file …" and "Copy to another file…".
//
// Notices: Python's (`notice`, a new `id` each) and the page's own (`showNotice`) are shown
// the same way, the newest one; an error or an info is done once the board moves to
// another card, a conflict stays until it is answered or dismissed, "saved" until the next
// change.
//
// Test hooks (data-testid): mr-editor, mr-edit-title, mr-comments (li data-index),
// mr-comment-edit-N, mr-comment-delete-N, mr-comment-box, mr-comment-add,
// mr-comment-cancel, mr-glyphs, mr-glyph-! (aria-pressed) …, mr-nag (select), mr-nags
// (li data-nag), mr-nag-remove-N, mr-savebar, mr-save, mr-dirty, mr-notice (data-kind,
// data-source "model"/"local"), mr-notice-text, mr-notice-close, mr-reload, mr-save-as,
// mr-save-as-path, mr-save-as-go, mr-save-as-cancel.
import { cardText } from "./cards.js";
import { bdi, h, sentence } from "./dom.js";
import { currentNode, isBoard, send } from "./state.js";
import { say, sayParts } from "./words.js";

// each glyph with its NAG, whose meaning the text layer says (nag.1 … nag.6)
const ED_GLYPHS = [
  ["!", 1],
  ["?", 2],
  ["!!", 3],
  ["??", 4],
  ["!?", 5],
  ["?!", 6],
];
const ED_TYPING = "textarea, input, select";

/** The editor's state of a view: kept across rebuilds (a new payload), so a draft, the
 * comment being edited and the notice shown survive Python's answer. */
function edState(view) {
  if (!view.mrEditor) {
    view.mrEditor = {
      drafts: new Map(), // node id -> text typed in the box and not sent (or refused)
      editing: null, // {node, index, text}: the comment the box replaces
      sent: null, // {payload, node}: a comment sent, waiting for Python's payload
      boxNode: null, // the node whose draft the box shows
      notice: null, // the notice shown: {id, kind, text, actions, source, node}
      modelId: undefined, // the id of the last `notice` of the model seen
      localCount: 0,
      noticeKey: null, // what the notice area was last drawn for
      wasDirty: false, // `dirty` at the last draw of the notice
      copying: false, // the "copy to another file" path input is open
      copyPath: "",
      nagsFor: null, // the payload the NAG menu was filled from
      parts: null,
      connected: false,
    };
    edListen(view);
  }
  return view.mrEditor;
}

function edFile(view) {
  const file = view.model.get("file");
  return typeof file === "string" ? file : "";
}

/** Redraw our parts when a trait only we show changes (the viewer redraws on the rest). */
function edListen(view) {
  const names = ["file"];
  const redraw = () => {
    const st = view.mrEditor;
    if (st.connected && view.root && !view.root.isConnected) {
      for (const name of names) view.model.off(`change:${name}`, redraw);
      return;
    }
    if (!view.payload || !st.parts) return;
    drawEditor(view, currentNode(view));
    drawNotice(view);
  };
  for (const name of names) view.model.on(`change:${name}`, redraw);
}

/** Keys typed into our fields are text, not the viewer's shortcuts (the root listens to
 * keydown; JupyterLab's shortcuts are kept off by the root's data-lm-suppress-shortcuts). */
function edKeepKeys(el) {
  const stop = (event) => {
    if (event.target && event.target.matches && event.target.matches(ED_TYPING)) event.stopPropagation();
  };
  for (const type of ["keydown", "keyup", "keypress"]) el.addEventListener(type, stop);
  // The root takes the focus on a pointer press outside buttons and inputs: not from a box.
  el.addEventListener("pointerdown", (event) => {
    if (event.target && event.target.matches && event.target.matches("textarea, input")) event.stopPropagation();
  });
}

// -- the panel ----------------------------------------------------------------------------

function edParts(view) {
  const st = edState(view);
  if (st.parts) return st.parts;
  const p = {};
  p.title = h("div", { class: "mr-boxtitle", "data-testid": "mr-edit-title" });
  p.list = h("ul", { class: "mr-edlist", "data-testid": "mr-comments", "aria-label": say("editor.comments") });
  p.box = h("textarea", {
    class: "mr-edbox",
    "data-testid": "mr-comment-box",
    "aria-label": say("editor.box"),
    rows: "2",
    placeholder: say("editor.placeholder"),
    spellcheck: "true",
    oninput: () => edTyped(view),
    onkeydown: (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        edSubmit(view);
      } else if (event.key === "Escape" && st.editing) {
        edCancel(view);
      }
    },
  });
  p.add = h("button", { type: "button", class: "mr-btn mr-edadd", "data-testid": "mr-comment-add", text: say("editor.add"), onclick: () => edSubmit(view) });
  p.cancel = h("button", { type: "button", class: "mr-btn", "data-testid": "mr-comment-cancel", text: say("editor.cancel"), hidden: true, onclick: () => edCancel(view) });
  p.glyphButtons = ED_GLYPHS.map(([glyph, nag]) => {
    const meaning = say(`nag.${nag}`);
    return h("button", {
      type: "button",
      class: "mr-btn mr-edglyph",
      "data-testid": `mr-glyph-${glyph}`,
      "data-glyph": glyph,
      "aria-pressed": "false",
      "aria-label": say("editor.glyph_label", { glyph, meaning }),
      title: say("editor.glyph_title", { glyph, meaning }),
      text: glyph,
      onclick: () => edGlyph(view, glyph),
    });
  });
  p.glyphs = h("div", { class: "mr-edglyphs", role: "group", "aria-label": say("editor.mark_label"), "data-testid": "mr-glyphs" }, p.glyphButtons);
  p.nag = h("select", {
    class: "mr-ednag",
    "data-testid": "mr-nag",
    "aria-label": say("editor.nag_label"),
    onchange: () => edAddNag(view),
  });
  p.nags = h("ul", { class: "mr-edlist mr-ednags", "data-testid": "mr-nags", "aria-label": say("editor.nags") });
  p.cardPart = h(
    "div",
    { class: "mr-edcard" },
    h("div", { class: "mr-edlabel", text: say("editor.mark") }),
    p.glyphs,
    h("div", { class: "mr-edlabel", text: say("editor.observations") }),
    p.nags,
    p.nag,
  );
  p.root = h(
    "section",
    { class: "mr-box mr-editor", "data-testid": "mr-editor", "aria-label": say("editor.label"), hidden: true },
    p.title,
    p.list,
    p.box,
    h("div", { class: "mr-edrow" }, p.add, p.cancel),
    p.cardPart,
  );
  edKeepKeys(p.root);

  p.dirty = h("span", { class: "mr-dirty", "data-testid": "mr-dirty", hidden: true, text: say("editor.unsaved") });
  p.save = h("button", { type: "button", class: "mr-btn mr-save", "data-testid": "mr-save", text: say("editor.save"), hidden: true, onclick: () => send(view, { do: "save" }) });
  p.notice = h("div", { class: "mr-notice", "data-testid": "mr-notice", hidden: true });
  p.bar = h("div", { class: "mr-savebar", "data-testid": "mr-savebar", hidden: true }, p.notice, h("span", { class: "mr-savebox" }, p.dirty, p.save));
  edKeepKeys(p.bar);
  st.parts = p;
  return p;
}

/** The annotation panel (board.js puts it under the notes). The same element is given
 * back after every rebuild: its draft and state live in `view.mrEditor`. */
export function buildEditor(view) {
  const p = edParts(view);
  edState(view).boxNode = null; // fill the box again at the next draw
  return p.root;
}

/** The save bar goes after the teaching options, on the line of the sentence when it fits
 * (a notice takes a line of its own, just above the table); once per build. */
function edPlaceBar(view) {
  const st = edState(view);
  const bar = st.parts.bar;
  if (!view.root) return;
  if (view.root.isConnected) st.connected = true;
  if (bar.parentNode === view.root) return;
  const anchor = view.root.querySelector(":scope > .mr-options") || view.root.querySelector(":scope > [data-testid=mr-board]");
  const body = view.root.querySelector(":scope > .mr-body");
  if (anchor) anchor.after(bar);
  else if (body) body.before(bar);
  else view.root.append(bar);
}

export function drawEditor(view, nodeId) {
  const st = edState(view);
  const p = edParts(view);
  edPlaceBar(view);
  edDrawSave(view);
  const board = isBoard(view);
  const payload = view.payload || {};
  const all = payload.steps || [];
  const step = all[nodeId];
  p.root.hidden = !board || !step;
  if (p.root.hidden) return;

  // Python answered a comment with a new payload: the draft it carried is done.
  if (st.sent && st.sent.payload !== payload) {
    st.drafts.delete(st.sent.node);
    if (st.editing && st.editing.node === st.sent.node) st.editing = null;
    st.boxNode = null;
    st.sent = null;
    const active = document.activeElement;
    if ((!active || active === document.body) && view.root && view.root.isConnected) view.root.focus({ preventScroll: true });
  }
  if (st.boxNode !== nodeId) {
    p.box.value = st.drafts.get(nodeId) || "";
    st.boxNode = nodeId;
  }
  const notes = step.notes || {};
  const own = notes.own || [];
  // The comment being edited, found again by its text if the list changed meanwhile (a
  // comment before it deleted): else the box's text is a new comment.
  const editing = st.editing && st.editing.node === nodeId ? st.editing : null;
  if (editing) {
    const same = own.find((c) => c.index === editing.index && c.text === editing.text) || own.find((c) => c.text === editing.text);
    if (same) editing.index = same.index;
    else st.editing = null;
  }

  if (nodeId === 0 || !step.card) {
    p.title.textContent = say("editor.deal_title");
    p.box.placeholder = say("editor.deal_placeholder");
  } else {
    const card = step.card;
    p.title.textContent = say("editor.card_title", { seat: card.seat, card: cardText(card.card), number: edCardNumber(view, nodeId) });
    p.box.placeholder = say("editor.card_placeholder");
  }
  p.list.replaceChildren(
    ...own.map((comment, i) => {
      const n = i + 1;
      const here = st.editing && st.editing.node === nodeId && st.editing.index === comment.index;
      return h(
        "li",
        { class: here ? "mr-edcomment mr-editing" : "mr-edcomment", "data-index": String(comment.index) },
        h("span", { class: "mr-edtext" }, bdi(comment.text)),
        h("button", {
          type: "button",
          class: "mr-btn mr-edsmall",
          "data-testid": `mr-comment-edit-${comment.index}`,
          "aria-label": say("editor.edit_label", { n }),
          title: say("editor.edit_title"),
          text: "\u270E",
          onclick: () => edEdit(view, nodeId, comment),
        }),
        h("button", {
          type: "button",
          class: "mr-btn mr-edsmall",
          "data-testid": `mr-comment-delete-${comment.index}`,
          "aria-label": say("editor.delete_label", { n }),
          title: say("editor.delete_title"),
          text: "\u2715",
          onclick: () => send(view, { do: "uncomment", at: nodeId, index: comment.index }),
        }),
      );
    }),
  );
  p.list.hidden = !own.length;
  const isEditing = Boolean(st.editing && st.editing.node === nodeId);
  p.add.textContent = say(isEditing ? "editor.update" : "editor.add");
  p.cancel.hidden = !isEditing;
  edTyped(view, true);

  p.cardPart.hidden = nodeId === 0 || !step.card;
  if (p.cardPart.hidden) return;
  for (const btn of p.glyphButtons) {
    btn.setAttribute("aria-pressed", btn.dataset.glyph === notes.glyph ? "true" : "false");
  }
  const nags = notes.nags || [];
  p.nags.replaceChildren(
    ...nags.map((nag) =>
      h(
        "li",
        { class: "mr-ednagitem", "data-nag": String(nag.nag) },
        h("span", { class: "mr-badge", text: `$${nag.nag}` }),
        " ",
        h("span", { class: "mr-edtext", text: nag.text || edNagName(payload, nag.nag) }),
        h("button", {
          type: "button",
          class: "mr-btn mr-edsmall",
          "data-testid": `mr-nag-remove-${nag.nag}`,
          "aria-label": say("editor.remove_nag_label", { nag: nag.text || "$" + nag.nag }),
          title: say("editor.remove_nag_title"),
          text: "\u2715",
          onclick: () => send(view, { do: "nag", at: nodeId, nag: Number(nag.nag), on: false }),
        }),
      ),
    ),
  );
  p.nags.hidden = !nags.length;
  edFillNags(view, nags);
}

/** "card 12" for a node: the cards played from the start to it (its depth in the tree). */
function edCardNumber(view, nodeId) {
  const all = (view.payload || {}).steps || [];
  let count = 0;
  for (let k = nodeId; all[k] && typeof all[k].parent === "number" && count <= all.length; k = all[k].parent) count += 1;
  return count || nodeId;
}

function edNagName(payload, nag) {
  const names = payload.nag_names || {};
  return names[String(nag)] || `$${nag}`;
}

function edFillNags(view, nags) {
  const p = view.mrEditor.parts;
  const payload = view.payload || {};
  const on = new Set(nags.map((n) => String(n.nag)));
  const names = Object.entries(payload.nag_names || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
  const key = JSON.stringify([names, [...on]]);
  if (view.mrEditor.nagsFor === key) return;
  view.mrEditor.nagsFor = key;
  p.nag.replaceChildren(
    h("option", { value: "", text: say(names.length ? "editor.add_nag" : "editor.no_nags") }),
    ...names.map(([nag, name]) => h("option", { value: nag, disabled: on.has(nag), title: `$${nag}`, text: name })),
  );
  p.nag.value = "";
  p.nag.disabled = !names.length;
}

function edTyped(view, drawing) {
  const st = view.mrEditor;
  const p = st.parts;
  const node = st.boxNode;
  const text = p.box.value;
  if (!drawing && node !== null) {
    if (text) st.drafts.set(node, text);
    else st.drafts.delete(node);
  }
  const editing = st.editing && st.editing.node === node;
  p.add.disabled = !editing && !text.trim();
}

function edSubmit(view) {
  const st = edState(view);
  const p = st.parts;
  const node = currentNode(view);
  if (st.boxNode !== node) return;
  const text = p.box.value;
  const editing = st.editing && st.editing.node === node ? st.editing : null;
  if (!editing && !text.trim()) return;
  st.sent = { payload: view.payload, node };
  send(view, { do: "comment", at: node, text, index: editing ? editing.index : null });
}

function edEdit(view, node, comment) {
  const st = edState(view);
  st.editing = { node, index: comment.index, text: comment.text };
  st.drafts.set(node, comment.text);
  st.boxNode = null;
  drawEditor(view, node);
  st.parts.box.focus();
  st.parts.box.setSelectionRange(st.parts.box.value.length, st.parts.box.value.length);
}

function edCancel(view) {
  const st = edState(view);
  const node = currentNode(view);
  st.editing = null;
  st.drafts.delete(node);
  st.boxNode = null;
  drawEditor(view, node);
}

function edGlyph(view, glyph) {
  const node = currentNode(view);
  const step = ((view.payload || {}).steps || [])[node];
  const set = step && step.notes ? step.notes.glyph : null;
  send(view, { do: "glyph", at: node, glyph: set === glyph ? null : glyph });
}

function edAddNag(view) {
  const p = view.mrEditor.parts;
  const value = p.nag.value;
  p.nag.value = "";
  if (!value) return;
  send(view, { do: "nag", at: currentNode(view), nag: Number(value), on: true });
}

// -- saving -------------------------------------------------------------------------------

function edDrawSave(view) {
  const p = edParts(view);
  const file = edFile(view);
  const board = isBoard(view);
  const dirty = board && Boolean(view.model.get("dirty"));
  p.save.hidden = !board || !file;
  if (file) {
    p.save.setAttribute("aria-label", say("editor.save_label", { file }));
    p.save.title = say("editor.save_title", { file });
  }
  p.save.classList.toggle("mr-save-due", dirty);
  p.dirty.hidden = !dirty;
  edShowBar(view);
}

function edShowBar(view) {
  const p = view.mrEditor.parts;
  p.bar.hidden = p.save.hidden && p.dirty.hidden && p.notice.hidden;
}

/** "club.pmn" -> "club-copy.pmn": where "Copy to another file…" proposes to write. */
function edCopyName(file) {
  if (!file) return "copy.pmn";
  const match = /^(.*?)(\.pmn)$/i.exec(file);
  return match ? `${match[1]}-copy${match[2]}` : `${file}-copy.pmn`;
}

// -- notices ------------------------------------------------------------------------------

/** A notice made in the page (a click that cannot play, say): shown as Python's are, until
 * dismissed, replaced, or the board moves to another card (as Python's errors and infos). */
export function showNotice(view, kind, text, actions) {
  const st = edState(view);
  edParts(view);
  st.localCount += 1;
  st.notice = {
    id: `local-${st.localCount}`,
    kind: kind || "info",
    text: String(text || ""),
    actions: Array.isArray(actions) ? actions : [],
    source: "local",
    node: currentNode(view),
  };
  st.copying = false;
  drawNotice(view);
}

function edModelNotice(view) {
  const value = view.model.get("notice");
  return value && typeof value === "object" ? value : {};
}

export function drawNotice(view) {
  const st = edState(view);
  const p = edParts(view);
  edPlaceBar(view);
  const model = edModelNotice(view);
  const modelId = model.id === undefined ? null : model.id;
  if (modelId !== st.modelId) {
    st.modelId = modelId;
    if (model.text) {
      st.notice = {
        id: `model-${modelId}`,
        kind: model.kind || "info",
        text: String(model.text),
        actions: model.actions || [],
        source: "model",
        node: currentNode(view),
      };
      st.copying = false;
      if (st.sent && (model.kind === "error" || model.kind === "conflict")) st.sent = null; // refused: keep the draft
    } else if (st.notice && st.notice.source === "model") st.notice = null;
  } else if (!model.text && st.notice && st.notice.source === "model") st.notice = null;
  let notice = st.notice;
  // A word about a card (a refused card, "it is C's turn") is done once the board moves on;
  // a conflict waits for its answer, "saved" for the next change.
  const passing = notice && (notice.source === "local" || notice.kind === "error" || notice.kind === "info");
  if (passing && notice.node !== currentNode(view)) notice = st.notice = null;
  // "Saved" is out of date once a new change is made (not when it arrives while changes
  // remain, as after a copy to another file).
  const dirty = isBoard(view) && Boolean(view.model.get("dirty"));
  if (notice && notice.kind === "saved" && dirty && !st.wasDirty) notice = st.notice = null;
  st.wasDirty = dirty;

  const key = notice ? `${notice.id}|${st.copying}` : null;
  if (key !== st.noticeKey) {
    st.noticeKey = key;
    edRenderNotice(view, notice);
  }
  p.notice.hidden = !notice;
  edDrawSave(view);
}

function edRenderNotice(view, notice) {
  const st = view.mrEditor;
  const box = st.parts.notice;
  if (!notice) {
    box.replaceChildren();
    box.removeAttribute("role");
    box.dataset.kind = "";
    box.dataset.source = "";
    return;
  }
  const urgent = notice.kind === "error" || notice.kind === "conflict";
  box.setAttribute("role", urgent ? "alert" : "status");
  box.setAttribute("aria-live", urgent ? "assertive" : "polite");
  box.dataset.kind = notice.kind;
  box.dataset.source = notice.source;
  box.className = `mr-notice mr-notice-${notice.kind}`;
  const sign = { error: "\u26A0", conflict: "\u26A0", saved: "\u2714", info: "\u2139" }[notice.kind] || "\u2139";
  const kids = [
    h("span", { class: "mr-noticesign", "aria-hidden": "true", text: sign }),
    h("span", { class: "mr-noticetext", "data-testid": "mr-notice-text" }, sentence(notice.text)),
    h("button", {
      type: "button",
      class: "mr-btn mr-edsmall mr-noticeclose",
      "data-testid": "mr-notice-close",
      "aria-label": say("editor.dismiss_label"),
      title: say("editor.dismiss"),
      text: "\u2715",
      onclick: () => {
        st.notice = null;
        st.copying = false;
        drawNotice(view);
      },
    }),
  ];
  const actions = new Set(notice.actions || []);
  const row = [];
  if (actions.has("reload")) {
    row.push(
      h("button", {
        type: "button",
        class: "mr-btn",
        "data-testid": "mr-reload",
        text: say("editor.reload"),
        onclick: () => send(view, { do: "reload" }),
      }),
    );
  }
  if (actions.has("save_as") && !st.copying) {
    row.push(
      h("button", {
        type: "button",
        class: "mr-btn",
        "data-testid": "mr-save-as",
        text: say("editor.copy"),
        onclick: () => {
          st.copying = true;
          st.copyPath = edCopyName(edFile(view));
          drawNotice(view);
          const input = box.querySelector("[data-testid=mr-save-as-path]");
          if (input) {
            input.focus();
            input.select();
          }
        },
      }),
    );
  }
  if (actions.has("save_as") && st.copying) {
    const go = () => {
      const path = input.value.trim();
      if (path) send(view, { do: "save_as", path });
    };
    const input = h("input", {
      type: "text",
      class: "mr-edpath",
      "data-testid": "mr-save-as-path",
      "aria-label": "file to copy the deal to",
      value: st.copyPath,
      spellcheck: "false",
      oninput: () => {
        st.copyPath = input.value;
      },
      onkeydown: (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          go();
        } else if (event.key === "Escape") {
          st.copying = false;
          drawNotice(view);
        }
      },
    });
    row.push(
      h(
        "span",
        { class: "mr-edcopy" },
        h("label", { class: "mr-edlabel" }, ...sayParts("editor.copy_to", { file: input })),
        h("button", { type: "button", class: "mr-btn", "data-testid": "mr-save-as-go", text: say("editor.copy_go"), onclick: go }),
        h("button", {
          type: "button",
          class: "mr-btn",
          "data-testid": "mr-save-as-cancel",
          text: say("editor.cancel"),
          onclick: () => {
            st.copying = false;
            drawNotice(view);
          },
        }),
      ),
    );
  }
  if (row.length) kids.push(h("div", { class: "mr-noticeactions" }, row));
  box.replaceChildren(...kids);
}
