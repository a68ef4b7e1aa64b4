/*
 * bounds.c: what each side surely takes, at a trick's start and within it.
 */
#ifndef MENDIKOT_DDCORE_BOUNDS_H
#define MENDIKOT_DDCORE_BOUNDS_H

#include "play.h"

/* bounds.c: what each side surely takes, at a trick's start and within it */
int sure_tricks(const Core *c, const State *s, int L, uint16_t pin[4], unsigned *tens,
                       unsigned *helped, int n_of[4], int enough, int enough_tens);
int entry_to_partner(const Core *c, const State *s, uint16_t pin[4], unsigned *ten,
                            int *entry_suit, int *by_ruff);
int partner_plan(const Core *c, const State *s, uint16_t pin[4], unsigned *tens,
                        int enough, int enough_tens);
int cash_then_cross(const Core *c, const State *s, int q, unsigned own_tens,
                           const int n_of[4], uint16_t pin[4], unsigned *tens, int enough,
                           int enough_tens);
void bounds(const Core *c, const State *s, int alpha, int beta, int *lo, int *hi,
                   uint16_t pin_lo[4], uint16_t pin_hi[4], int with_plans);

/* ---- bounds at a trick boundary ----------------------------------------------------- */

/* The k-th suit a cashing plan plays: the trump suit (t, or -1 for none) first. */
static inline int plan_suit(int t, int k) {
    return t >= 0 ? (k == 0 ? t : (k <= t ? k - 1 : k)) : k;
}

/* The value of a deal ending with these counts, `tie` as for outcome_of. */
static inline int value_of(const Core *c, int ac_tens, int ac_tricks, int tie) {
    if (c->objective == OBJ_TRICKS) return ac_tricks;
    if (c->objective == OBJ_TENS) return ac_tens;
    return outcome_of(c, ac_tens, ac_tricks, tie);
}

/* Lowest and highest value the counts so far allow: A/C take nothing more, or everything
 * still to be taken. When they decide a search, it relies on no card at all. */
static inline void count_bounds(const Core *c, const State *s, int *lo, int *hi) {
    int left_tricks = c->total_tricks - s->tricks[0] - s->tricks[1];
    *lo = value_of(c, s->tens[0], s->tricks[0], TIE_LO(c));
    *hi = value_of(c, 4 - s->tens[1], s->tricks[0] + left_tricks, TIE_HI(c));
}

#endif
