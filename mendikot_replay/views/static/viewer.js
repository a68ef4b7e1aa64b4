// mendikot-replay: the deal viewer and analysis board that steps through a deal in the
// browser.
//
// The page's entry module: short, it only wires the others. The page's code is ES modules
// that import downward only (tests/js/modules.test.js checks the graph has no cycle), no
// dependencies, no network:
//  - pure, unit-tested by Node's test runner (tests/js/): `cards.js` (cards and sentences as
//    text), `tree.js` (the play tree and the line shown), `ledger.js` (the tens ledger's
//    rows), `words.js` (the page's words: the text layer's catalog, `messages.js`, in the
//    language the session sends), `requests.json` (the session's command list, which every
//    `send` follows);
//  - `dom.js` (building elements) and `state.js` (the view's shared state and transitions:
//    options, the line shown, going to a step, `send`);
//  - one renderer per panel: `table.js` (seats and table), `moves.js` (the move list),
//    `scores.js` (counts, pile, the tens ledger, the result), `notes.js`, `analysis.js`
//    (the solver's values), `chances.js` (the chances graph), `quiz.js`, `editor.js`
//    (annotations, saving, notices), `form.js` and `entry.js` (the recorder: set-up form,
//    dealing, recording), `controls.js` (keys, options, menu, the board's toolbar);
//  - `board.js` (the anywidget `render`: builds the skeleton from the panels and draws a
//    step through them), `mount.js` (without a kernel), and this entry.
// esbuild bundles them from here into one module (`scripts/build_page.py` writes
// `static/bundle/viewer.js`, kept current by a test), so a page is one module script and
// anywidget's `_esm` one string. It is used two ways:
//  - as an anywidget front end: `export default { render }`, reading the widget model
//    (traitlets `data`, `path`, `step`, `hidden_seats`, `show_played`, `scale`,
//    `four_color`, `quiz_seat`, `analyse`, `analysis`, `chances`, `chance_graph`,
//    `quiz_grade`, `quiz_odds`, `board`, `dirty`, `file`, `notice`, `recording`) and
//    writing `path`/`step` (and the options) back; with `board` true it sends the
//    messages of the analysis board to Python (`send`: play, best, playout, back,
//    promote, delete, undo; the editor sends comment, glyph, nag, save …;
//    entry mode give, take, select, paste, trump);
//  - with no kernel at all (static HTML, nbconvert, Voila, the shared page of
//    `mendikot-replay html`): `mountStatic(el, payload, options)` gives `render` a tiny
//    in-page model with the same get/set/on/off/save_changes methods (and no `send`).
//
// The payload (version 2) is made by `mendikot_replay/session/payload.py`: `steps` holds every
// node of the play tree (main line and variations; a step's index is its node id, with
// `parent`, `children` — the first continues the line, the others are the variations that
// replace it — `main`, `depth`, `legal`, `asks`), precomputed there, so stepping here is a
// look-up and a small DOM rebuild, never a replay. The viewer shows `path[step]`: `path` is
// the line shown (node ids from 0 to the line's end; missing or invalid: `main_line`),
// `step` an index into it. Stepping moves `step` along the path; going to a node anywhere
// (`goNode`) sets both. The tricks, ten events and annotated cards of the line shown are
// computed here from its steps (`lineOf`), so every button, key, label and jump follows
// the line, variation or not. A version-1 payload (a main line only) is read as a tree
// with no variations.
//
// All user text (names, comments) is put in the page with textContent / text nodes,
// never as markup, so a comment from a file cannot inject any. Each name and comment is
// also in a <bdi> of its own (`bdi`), and the payload's sentences that quote user text (a
// step's `text`, the `subtitle`) carry it wrapped in FSI \u2068 … PDI \u2069 by
// `user_text.isolate`, which `sentence` turns into <bdi> elements: a right-to-left override
// in a name cannot mirror the words around it. The local notices made here follow the same
// rule (a name in them is wrapped in FSI … PDI: show them with `sentence`).
//
// "analyse": the double-dummy solver's values, computed in Python (the widget's
// `analysis` trait, filled node by node while `analyse` is on; or `payload.analysis`,
// embedded whole by `mendikot-replay html`), one entry per node id (see
// `payload.analysis_entry`): every legal card of the player to move is marked
// mr-dd-keep (green, ✓: keeps the best outcome open to its side) or mr-dd-lose (red, ✗),
// with the value in its label and ARIA label; the mr-dd panel gives the position's value;
// the card that led to the node shown is judged from its parent's entry (`moves`), and a
// card that threw the outcome away is marked mr-dd-mistake on the table. With
// `quiz_grade` "double-dummy" (and always in a page without a kernel, which has no
// chances) the quiz grades an answer with the entry of its position (any card that keeps
// the value is right), read even while the toggle is off, and shown only once the answer
// is given; by default a kernel grades it by the chances (chances.js).
//
// "chances": the graph of A/C's single-dummy chances across the main line and the quiz
// graded by the chances are chances.js's (`buildChances`, `drawChances`, `chanceOptions`,
// `quizByChances`, `quizChanceGrade`).
//
// Playing a card (the page contract of the board): the cards in the hand of the player to
// move are buttons (legal ones with the class mr-legal). A click on the next card of the
// line steps on; on a card that starts a variation here, enters it; else, with a kernel
// (`board`), sends {do: "play", at, card, ask}; without one, a local notice. Under the
// closed trump's version B, the "ask for the trump" toggle (mr-ask) makes the next click
// ask for it. A click on another player's card says whose turn it is.
//
// Keys (on the focused viewer): ArrowLeft / ArrowRight a card, ArrowUp / ArrowDown (Page Up /
// Page Down) a trick, Home / End the line's ends, t / Shift+T the next / previous ten event,
// n / Shift+N the next / previous annotated card, Shift+ArrowRight enters the next variation
// on the line shown, Shift+ArrowLeft leaves the variation (to the card where it branches
// off). Keys typed into a text field are the field's.
//
// What every panel shares comes from state.js: `currentNode(view)` (the node id shown),
// `isBoard(view)` (a kernel behind the viewer), `send(view, content)`, `goNode(view, id)`;
// board.js calls each panel's build (once per payload: `buildMoves`, `buildEditor`,
// `buildEntry` while `payload.entry` is set …) and draw (every step: `drawSeats`,
// `drawMoves`, `drawEditor`, `drawRecording` …).
//
// Stable hooks for browser tests (data-testid): mr-viewer (root; data-step = the index in
// the path, data-node = the node id shown, data-last-render-ms), mr-first, mr-prev-trick,
// mr-prev, mr-next, mr-next-trick, mr-last, mr-prev-ten, mr-next-ten, mr-prev-note,
// mr-next-note, mr-slider, mr-step, mr-trick-text (where the step stands: "Trick 4"), mr-line,
// mr-say, mr-seat-A.. (data-hidden, data-seat), mr-toggle-A.., mr-table (the centre of the
// table), mr-trick (inside it: the cards of the trick on the table), mr-trump, mr-counts, mr-count-AC, mr-count-BD,
// mr-pile, mr-ledger, mr-ten-TS.. (data-status), mr-result, mr-notes, mr-points, mr-quiz,
// mr-opt-played, mr-opt-four, mr-opt-large, mr-opt-quiz, mr-opt-analyse, mr-dd
// (data-state, data-value), mr-dd-played; the board: mr-board (its toolbar), mr-back,
// mr-best, mr-playout, mr-promote, mr-delete, mr-ask (aria-pressed); the move list:
// mr-moves, mr-var-in, mr-var-out (moves.js); entry mode's mr-pack, mr-entry-seat-A …,
// mr-paste and the recorder's mr-undo (entry.js); the chances' mr-opt-chances, mr-opt-grade,
// mr-chances-box, mr-chances (points with data-ply), mr-chances-progress, mr-quiz-odds
// (chances.js). The quiz box has data-state (ask, working, right, wrong) and data-graded
// (chances, solver, record).
// Every card element a person can click carries data-card="TH" (in the move list also
// data-node); an analysed one also data-dd-value="1" and data-dd-text="AC win".

import { render } from "./board.js";

export { createModel, mountAll, mountPage, mountStatic } from "./mount.js";

export default { render };
