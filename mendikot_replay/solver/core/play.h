/*
 * play.c: the deal's result, a card played, the legal cards; and the small questions
 * every part asks of a state (whose turn, which suit wins tricks, a seat's visible hand).
 */
#ifndef MENDIKOT_DDCORE_PLAY_H
#define MENDIKOT_DDCORE_PLAY_H

#include "internal.h"

/* play.c: the deal's result, and playing a card */
int outcome_of(const Core *c, int tens_ac, int tricks_ac, int tie);
/* What an even split of the tricks at tens 2-2 is worth to a lower and an upper bound. */
#define TIE_LO(c) ((c)->tie_half ? -1 : 0)
#define TIE_HI(c) ((c)->tie_half ? 1 : 0)
int final_value(const Core *c, const State *s);
int play_move(const Core *c, State *s, int suit, int rank, int ask);
void legal_masks(const Core *c, const State *s, uint16_t out[4]);

/* ---- playing a card ----------------------------------------------------------------- */
static inline int seat_to_play(const Core *c, const State *s) {
    int seat = s->leader + s->ntable; /* (no division: this runs at every node) */
    return seat >= c->players ? seat - c->players : seat;
}

/* The suit that wins tricks now: the trump, or (hidden-trumps) the face-down card's suit. */
static inline int scoring_trump(const Core *c, const State *s) {
    if (s->trump < 0 && s->hidden_holder >= 0 && (c->closed & MR_CLOSED_HIDDEN_TRUMPS))
        return s->hidden_suit;
    return s->trump;
}

static inline int play(const Core *c, State *s, int suit, int rank) {
    return play_move(c, s, suit, rank, 0);
}

/* The cards of a seat's hand it may choose from: all of them, but a face-down closed trump
 * stays down while its holder has another card (unless trump-card-in-hand). */
static inline void visible_hand(const Core *c, const State *s, int seat, uint16_t v[4]) {
    memcpy(v, s->hand[seat], 4 * sizeof(uint16_t));
    if (seat != s->hidden_holder || (c->closed & MR_CLOSED_IN_HAND)) return;
    uint16_t down = (uint16_t)(1u << s->hidden_rank);
    if (popc(v[0]) + popc(v[1]) + popc(v[2]) + popc(v[3]) > 1) v[(int)s->hidden_suit] &= ~down;
}

/* A suit's cards not yet gone: still in a hand, or on the table in the trick under way. */
static inline unsigned cards_out(const State *s, int suit) {
    unsigned all = s->out[suit];
    for (int i = 0; i < s->ntable; i++)
        if (s->tsuit[i] == suit) all |= 1u << s->trank[i];
    return all;
}

/* Tens on the table in the trick under way, where the objective counts them (0 under
 * tricks). */
static inline int table_tens(const Core *c, const State *s) {
    int tens = 0;
    if (c->objective != OBJ_TRICKS)
        for (int i = 0; i < s->ntable; i++) tens += s->trank[i] == TEN;
    return tens;
}

#endif
