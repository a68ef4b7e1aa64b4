/*
 * table.c: the partition table -- a position's key, its buckets and patterns, storing
 * and finding bounds -- and the bit tables its keys are packed with.
 */
#ifndef MENDIKOT_DDCORE_TABLE_H
#define MENDIKOT_DDCORE_TABLE_H

#include "internal.h"

/* table.c: a new table of 2^bits buckets for `c` (MR_OK or MR_NO_MEMORY). */
int table_init(Core *c, int bits);

/* table.c: the partition table */
void fill_bit_tables(void);
void suit_owners(const Core *c, const State *s, uint64_t w[4], int count[4], int ten_at[4]);
void tops_of(const Core *c, const uint64_t w[4], const int count[4], Tops *t);
void exact_key(const Core *c, const State *s, const int ten_at[4], uint64_t k[3]);
Bucket *find_bucket(Core *c, const uint64_t k[3], uint64_t h, int create);
uint16_t ten_owners(const Core *c, const uint64_t w[4], const int count[4],
                           const int ten_at[4]);
int32_t allocate(Core *c, int slots);
void new_generation(Core *c);
void reset_table(Core *c);
void release_table(Core *c);
void store(Core *c, const State *s, const uint64_t k[3], uint64_t h, const uint64_t w[4],
                  const int count[4], const int ten_at[4], const uint16_t wr[4], int lo, int hi,
                  int bsuit, int brel);

/* The bits of b at the places of mask's set bits, packed from the lowest. */
static inline unsigned compress13(unsigned b, unsigned mask) {
    return compress_lo[mask & 127][b & 127] |
           (unsigned)compress_hi[mask >> 7][(b >> 7) & 63] << __builtin_popcount(mask & 127);
}

static inline uint64_t spread13(unsigned v) {
    return (uint64_t)spread[v & 255] | (uint64_t)spread[v >> 8] << 16;
}

static inline uint64_t hash_key(const uint64_t k[3]) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 3; i++) {
        h ^= k[i] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 33;
    }
    return h;
}

/* What the table stores is the value still to come for `tens` and `tricks` (the key leaves
 * the counts out), the value itself for the outcome. */
static inline int stored_offset(const Core *c, const State *s) {
    if (c->objective == OBJ_TENS) return s->tens[0];
    if (c->objective == OBJ_TRICKS) return s->tricks[0];
    return 0;
}

static inline int live(const Core *c, int32_t at, int32_t epoch) {
    return at >= 0 && c->epoch[at / c->seg_size] == epoch;
}

/* Whether each ten lies where the pattern needs it. Among the cards a pattern pins, the
 * ten's place is pinned: the owners of the top cards say nothing of which one is the ten.
 * Below them it only has to be below them too: there the search found that no rank
 * mattered, so which of its owner's small cards is the ten changes nothing -- the line that
 * proved the bound plays the ten in the same trick as before, whatever its rank among them.
 * (When the exact key held the ten's place, positions whose histories left different cards
 * above a small ten never shared an entry: sharing them, the tens and outcome searches
 * visit a fifth to a quarter fewer positions.) */
static inline int ten_places_match(const Pattern *p, const int ten_at[4]) {
    for (int suit = 0; suit < 4; suit++) {
        int at = p->ten_at >> (4 * suit) & 15;
        if (at == 15) continue;
        if (at == 14 ? ten_at[suit] < p->kk[suit] : ten_at[suit] != at) return 0;
    }
    return 1;
}

static inline int pattern_matches(const Pattern *p, const Tops *t, uint16_t tens) {
    return p->tens == tens &&
           ((t->at[0][p->kk[0]] ^ p->top[0]) | (t->at[1][p->kk[1]] ^ p->top[1]) |
            (t->at[2][p->kk[2]] ^ p->top[2]) | (t->at[3][p->kk[3]] ^ p->top[3])) == 0;
}

/* Whether a pattern's bounds apply at these counts. The table keys the outcome without the
 * counts so far: the deal's result only grows with A/C's final tens and tricks, so a lower
 * bound proved with A/C holding t tens and k tricks holds whenever they hold at least as
 * many, and an upper bound whenever they hold at most as many. (Tens and tricks searches
 * store what is still to come: the counts do not matter.)
 * The outcome could be searched as one count that grows trick by trick, (T + 1) x tens +
 * tricks for T tricks a deal: each outcome is a range of it, so its entries could store what
 * is still to come and serve any counts. Measured, that shares more and searches no less: as
 * many positions on seeds 20-25, 18% more on the benchmark's deal 5 (seed 2026). */
static inline int lo_applies(const Core *c, const Pattern *p, const State *s) {
    return c->objective != OBJ_OUTCOME ||
           (s->tens[0] >= p->lo_at[0] && s->tricks[0] >= p->lo_at[1]);
}

static inline int hi_applies(const Core *c, const Pattern *p, const State *s) {
    return c->objective != OBJ_OUTCOME ||
           (s->tens[0] <= p->hi_at[0] && s->tricks[0] <= p->hi_at[1]);
}

/* The rank mask pinning the top kk cards of a suit still out (the kk-th card's bit). */
static inline unsigned pin_of(const Core *c, const State *s, int suit, int kk) {
    if (!kk) return 0;
    unsigned all = s->out[suit];
    for (int r = 12; r >= 0; r--)
        if (all & (1u << r))
            if (--kk == 0) return 1u << r;
    return 0;
}

#endif
