/*
 * The solver core's exports for JavaScript: what a browser's worker calls (through Pyodide's
 * JavaScript bridge, mendikot_replay/solver/wasm_core.py) on the core built as WebAssembly
 * (clang --target=wasm32-wasi -mexec-model=reactor, see scripts/build_wasm.py).
 *
 * JavaScript has no C structs: a core is a handle (a small number), a position the flat row
 * of flat.h written into the module's memory, the moves four numbers each (suit, rank index,
 * ask, value) written into the caller's buffer. A call that cannot be done returns
 * MR_JS_FAILED and mr_js_error() says why. Plain C: nothing here knows Python or JavaScript.
 */
#include <limits.h>

#include "ddcore.h"
#include "flat.h"

#define EXPORT(name) __attribute__((export_name(#name)))
#define MOST_CORES 32
#define MR_JS_FAILED INT_MIN

static mr_core cores[MOST_CORES]; /* zeroed: each ready for its first init */
static int in_use[MOST_CORES];
static const char *last_error = "";

static mr_core *core_of(int handle) {
    if (handle < 0 || handle >= MOST_CORES || !in_use[handle]) {
        last_error = "no such core";
        return 0;
    }
    return &cores[handle];
}

/* Why the last call failed (a C string in the module's memory). */
EXPORT(mr_js_error) const char *mr_js_error(void) { return last_error; }

/* The most numbers a result holds: four a move. */
EXPORT(mr_js_most_moves) int mr_js_most_moves(void) { return MR_MAX_MOVES; }

/* A new core (mr_core_init's arguments): its handle, or MR_JS_FAILED. */
EXPORT(mr_js_core)
int mr_js_core(int players, int total_tricks, int dehla, int must_trump, int objective,
               int table_bits) {
    for (int h = 0; h < MOST_CORES; h++)
        if (!in_use[h]) {
            int made = mr_core_init(&cores[h], players, total_tricks, dehla, must_trump,
                                    objective, table_bits);
            if (made != MR_OK) {
                last_error = made == MR_NO_MEMORY ? "no memory for the table" : "bad rules";
                return MR_JS_FAILED;
            }
            in_use[h] = 1;
            return h;
        }
    last_error = "too many cores at once";
    return MR_JS_FAILED;
}

/* The side that wins a 2-2 split of the tens (mr_core_split): MR_OK, or MR_JS_FAILED. */
EXPORT(mr_js_split) int mr_js_split(int handle, int team) {
    mr_core *c = core_of(handle);
    if (!c) return MR_JS_FAILED;
    if (mr_core_split(c, team) != MR_OK) {
        last_error = "bad split";
        return MR_JS_FAILED;
    }
    return MR_OK;
}

/* Whether a Dehla run goes on after a take (mr_core_streak). */
EXPORT(mr_js_streak) int mr_js_streak(int handle, int goes_on) {
    mr_core *c = core_of(handle);
    if (!c) return MR_JS_FAILED;
    mr_core_streak(c, goes_on);
    return MR_OK;
}

/* The closed trump's house rules, MR_CLOSED_* bits (mr_core_closed): MR_OK, or
 * MR_JS_FAILED. */
EXPORT(mr_js_closed) int mr_js_closed(int handle, int bits) {
    mr_core *c = core_of(handle);
    if (!c) return MR_JS_FAILED;
    if (mr_core_closed(c, bits) != MR_OK) {
        last_error = "bad closed-trump rules";
        return MR_JS_FAILED;
    }
    return MR_OK;
}

/* Whether an even split of the tricks at tens 2-2 goes to the side that reached half first
 * (mr_core_tie). */
EXPORT(mr_js_tie) int mr_js_tie(int handle, int half_first) {
    mr_core *c = core_of(handle);
    if (!c) return MR_JS_FAILED;
    mr_core_tie(c, half_first);
    return MR_OK;
}

/* Give a core's table back. */
EXPORT(mr_js_release) void mr_js_release(int handle) {
    mr_core *c = core_of(handle);
    if (!c) return;
    mr_core_release(c);
    in_use[handle] = 0;
}

EXPORT(mr_js_clear) void mr_js_clear(int handle) {
    mr_core *c = core_of(handle);
    if (c) mr_core_clear(c);
}

static int ready(mr_core *c, const int32_t *in, int n, mr_state *s) {
    const char *why = 0;
    if (mr_flat_state(c, in, n, s, &why) != MR_OK) {
        last_error = why ? why : "bad position";
        return 0;
    }
    return 1;
}

EXPORT(mr_js_search)
int mr_js_search(int handle, const int32_t *in, int n, int alpha, int beta) {
    mr_core *c = core_of(handle);
    mr_state s;
    if (!c || !ready(c, in, n, &s)) return MR_JS_FAILED;
    return mr_search(c, &s, alpha, beta);
}

EXPORT(mr_js_value) int mr_js_value(int handle, const int32_t *in, int n, int guess) {
    mr_core *c = core_of(handle);
    mr_state s;
    if (!c || !ready(c, in, n, &s)) return MR_JS_FAILED;
    return mr_value(c, &s, guess);
}

static int written(const mr_move_value *moves, int count, int32_t *out) {
    for (int i = 0; i < count; i++) {
        out[4 * i] = moves[i].suit;
        out[4 * i + 1] = moves[i].rank;
        out[4 * i + 2] = moves[i].ask;
        out[4 * i + 3] = moves[i].value;
    }
    return count;
}

/* Every legal move with its exact value into `out` (4 * mr_js_most_moves() numbers):
 * how many. */
EXPORT(mr_js_score) int mr_js_score(int handle, const int32_t *in, int n, int32_t *out) {
    mr_core *c = core_of(handle);
    mr_state s;
    mr_move_value moves[MR_MAX_MOVES];
    if (!c || !ready(c, in, n, &s)) return MR_JS_FAILED;
    return written(moves, mr_score(c, &s, moves), out);
}

EXPORT(mr_js_children)
int mr_js_children(int handle, const int32_t *in, int n, int alpha, int beta, int asks,
                   int32_t *out) {
    mr_core *c = core_of(handle);
    mr_state s;
    mr_move_value moves[MR_MAX_MOVES];
    if (!c || !ready(c, in, n, &s)) return MR_JS_FAILED;
    return written(moves, mr_children(c, &s, alpha, beta, asks, moves), out);
}

/* The core's counters, as doubles (JavaScript numbers, exact below 2^53). */
EXPORT(mr_js_nodes) double mr_js_nodes(int handle) {
    mr_core *c = core_of(handle);
    return c ? (double)c->nodes : -1;
}

EXPORT(mr_js_trick_nodes) double mr_js_trick_nodes(int handle) {
    mr_core *c = core_of(handle);
    return c ? (double)c->trick_nodes : -1;
}

EXPORT(mr_js_expanded) double mr_js_expanded(int handle) {
    mr_core *c = core_of(handle);
    return c ? (double)c->expanded : -1;
}
