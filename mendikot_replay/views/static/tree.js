// mendikot-replay: the play tree of a payload and the line shown on it — pure functions of
// the payload's steps (no DOM: unit-tested with Node's test runner, tests/js/).
//
// The payload (version 2, `session/payload.py`) holds every node of the play tree as a step
// whose index is its node id, with `parent` and `children` (the first continues the line,
// the others are the variations that replace it). A line is a chain of node ids from 0.

export const PAYLOAD_VERSION = 2;

/** The payload as the page reads it: version 2 as it is; version 1 (a main line only, from
 * an older kernel or page) as a tree without variations. */
export function readPayload(data) {
  if (!data || data.version !== 1) return data || {};
  const steps = (data.steps || []).map((step, k, all) => ({
    ...step,
    id: k,
    parent: k ? k - 1 : null,
    children: k + 1 < all.length ? [k + 1] : [],
    main: true,
    depth: 0,
    asks: step.asks || [],
  }));
  return { ...data, version: PAYLOAD_VERSION, steps, main_line: steps.map((_, k) => k), dead_ends: [] };
}

/** `path` as a chain of node ids from 0 (each the parent of the next), carried on to the
 * end of its line by first children; `null` when it is not one. */
export function checkedPath(all, path) {
  if (!Array.isArray(path) || !path.length || path[0] !== 0 || !all.length) return null;
  for (let i = 0; i < path.length; i++) {
    const id = path[i];
    if (!Number.isInteger(id) || id < 0 || id >= all.length) return null;
    if (i && all[id].parent !== path[i - 1]) return null;
  }
  const out = path.slice();
  for (let id = out[out.length - 1]; (all[id].children || []).length && out.length <= all.length; ) {
    id = all[id].children[0];
    out.push(id);
  }
  return out;
}

/** The line through node `id`: its ancestors from 0, itself, and its first children to the
 * end of the line. */
export function lineThrough(all, id) {
  const up = [];
  for (let x = id; x !== null && x !== undefined && up.length <= all.length; x = all[x].parent) up.push(x);
  up.reverse();
  return checkedPath(all, up) || [0];
}

/** The line shown: `path` when it is one, else the main line, else the line through the
 * last node. */
export function lineShown(payload, path) {
  const all = payload.steps || [];
  return checkedPath(all, path) || checkedPath(all, payload.main_line) || lineThrough(all, all.length - 1);
}

/** What the navigation needs of a line (indices into it): where its tricks end, where a
 * ten moves, which cards are annotated. */
export function lineMarks(all, ids) {
  const trickEnds = [];
  const tenSteps = [];
  const noteSteps = [];
  ids.forEach((id, k) => {
    const step = all[id];
    if (step.winner) trickEnds.push(k);
    if (k && ledgerMoved(all[ids[k - 1]], step)) tenSteps.push(k);
    if (k && step.card && noteCount(step.notes)) noteSteps.push(k);
  });
  return { trickEnds, tenSteps, noteSteps };
}

/** Whether a ten changed place or side between two steps. */
export function ledgerMoved(before, after) {
  const a = before.ledger || [];
  const b = after.ledger || [];
  if (a.length !== b.length) return true;
  return a.some((entry, i) => entry.where !== b[i].where || entry.team !== b[i].team);
}

/** How many annotations a step's notes hold (glyph, points, NAGs, comments). */
export function noteCount(notes) {
  if (!notes) return 0;
  return (notes.glyph ? 1 : 0) + (notes.points || []).length + (notes.nags || []).length + (notes.comments || []).length;
}

/** The line that starts with node `first` (then first children to its end) as the move
 * list's rows: one per trick, `{trick, ids}`. */
export function trickRows(all, first) {
  const ids = [];
  for (let x = first; x !== undefined && ids.length <= all.length; x = (all[x].children || [])[0]) ids.push(x);
  return rowsOfTricks(all, ids);
}

/** The nodes `ids` (a run of one line) as rows of tricks: `{trick, ids}`. */
export function rowsOfTricks(all, ids) {
  const rows = [];
  for (const id of ids) {
    const row = rows[rows.length - 1];
    if (row && row.trick === all[id].trick) row.ids.push(id);
    else rows.push({ trick: all[id].trick, ids: [id] });
  }
  return rows;
}
