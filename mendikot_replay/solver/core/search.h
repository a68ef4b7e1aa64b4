/*
 * search.c: alpha-beta with the partition table, MTD(f), the values of a node's children.
 */
#ifndef MENDIKOT_DDCORE_SEARCH_H
#define MENDIKOT_DDCORE_SEARCH_H

#include "moves.h"
#include "table.h"
#include "bounds.h"

/* search.c: alpha-beta, MTD(f), the children of a node */
int settling_pins(int lo, int hi, int beta, const uint16_t pin_lo[4],
                         const uint16_t pin_hi[4], uint16_t out[4]);
int read_table(Core *c, const State *s, const uint64_t key[3], uint64_t h,
                      const uint64_t w[4], const int count[4], const int ten_at[4], int alpha,
                      int beta, int *tlo, int *thi, const Pattern *from[2]);
int tricks_decide(Core *c, const State *s, int beta, uint16_t wr[4]);
int search(Core *c, const State *s, int alpha, int beta, uint16_t wr[4]);
int probe(Core *c, const State *s, int beta, uint16_t wr[4]);
int exact_within(Core *c, const State *s, int guess, int lower, int upper);
int exact(Core *c, const State *s, int guess);
void score_moves(Core *c, const State *s, const Move *moves, int n,
                        int values[2][4][13]);
void child_values(Core *c, const State *s, const Move *moves, int n, int alpha,
                         int beta, int asks, int values[2][4][13]);


/* ---- the search --------------------------------------------------------------------- */
/* Whether a group of cards holds a ten whose capture the objective counts. */
static inline int ten_matters(const Core *c, const Move *m) {
    return c->objective != OBJ_TRICKS && in_group(m, TEN);
}

/* Whether a move is never "one small card" standing for the seat's others of its suit (DDS):
 * a ten whose capture counts, an ask for the face-down trump, or the holder's face-down
 * card itself (playing it turns the trump up: the positions after it and after a smaller
 * card differ in more than small cards). */
static inline int never_small(const Core *c, const State *s, const Move *m) {
    return ten_matters(c, m) || m->ask ||
           (s->hidden_holder == seat_to_play(c, s) && m->suit == s->hidden_suit &&
            in_group(m, s->hidden_rank));
}

static inline void add_relevant(uint16_t wr[4], int rel) {
    if (rel >= 0) wr[rel >> 4] |= (uint16_t)(1u << (rel & 15));
}

/* Whether bounds lo and hi settle a search of the window (alpha, beta): the value reaches
 * beta, stays at most alpha, or is known. */
static inline int settles(int lo, int hi, int alpha, int beta) {
    return lo >= beta || hi <= alpha || lo == hi;
}

/* Whether a search that bounds lo and hi settle rests on the lower one: it reaches beta,
 * or the two meet (the value is then lo). Otherwise the upper one, at most alpha, settles
 * it, and the value is hi. */
static inline int settled_by_lo(int lo, int hi, int beta) { return lo >= beta || lo == hi; }

#endif
