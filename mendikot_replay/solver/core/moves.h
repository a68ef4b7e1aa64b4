/*
 * moves.c: move generation (equivalent cards grouped) and order (DDS's weights).
 */
#ifndef MENDIKOT_DDCORE_MOVES_H
#define MENDIKOT_DDCORE_MOVES_H

#include "play.h"

/* moves.c: move generation and order */
int beats(const State *s, int win, int suit, int rank, int counts_trump);
int current_winner(const Core *c, const State *s);
int opponents_can_beat(const Core *c, const State *s, int side, int from, int suit,
                              int rank, int counts_trump);
int trick_taken_by(const Core *c, const State *s, uint16_t pin[4]);
int partner_behind_wins(const Core *c, const State *s, int seat, int win);
int takes_surely(const Core *c, const State *s, int team, int after, int win, int suit,
                        int r, int trumps, uint16_t pin[4]);
int can_secure(const Core *c, const State *s, uint16_t pin[4]);
int holder(const State *s, int suit, int rank);
void lead_suit(const State *s, int seat, int suit, LeadSuit *ls);
int trump_lead_weight(const LeadSuit *ls, int seat, int r, int place, int sequence,
                             int wins, int killer);
int no_trump_lead_weight(const LeadSuit *ls, int seat, int r, int place, int sequence,
                                int wins, int killer);
int lead_weight(const State *s, int seat, int suit, int r, const LeadSuit *ls,
                       int killer);
int forcing_card(const State *s, int seat, int win);
void second_hand_weights(const State *s, Move *m, int n, int tens_count, int w[]);
int gen_moves(const Core *c, const State *s, Move *out, int8_t rep_of[4][13]);
int rel_of(const Core *c, const State *s, int suit, int rank);
int rank_at(const Core *c, const State *s, int suit, int rel);

/* Whether card r (of the group's suit) belongs to the group. */
static inline int in_group(const Move *m, int r) {
    return m->low <= r && r <= m->high && !(r == TEN && m->no_ten);
}

/* The second hand's card when it follows suit, at four players: DDS's weights (its
 * WeightAllocTrumpNotvoid1, and WeightAllocNTNotvoid1 when no trump is out), redone on our
 * state. They weigh a card by whether the second hand's side takes the trick -- with it,
 * with the fourth hand's card, or by the fourth hand's ruff -- and then by how cheaply.
 * Where tens count, a ten goes first when its side takes the trick and last when not.
 *
 * Against our rules of thumb (measured on random full deals, by sample of 6 to 24):
 * under the tricks objective, 6% fewer positions over 132 deals (13% fewer to 4% more, by
 * sample); under tens and the outcome, 40% fewer on the fixed sets and 8% to 21% fewer
 * by the geometric mean of each sample (a sample's total from 26% fewer to 13% more).
 * Measured and left out: DDS's weights for the third and fourth hands, and for a second
 * hand that cannot follow (more positions, or no fewer); and these weights without the
 * tens first or last, where tens count (more positions there).
 *
 * Ranks as DDS writes them (2 to 14, 0 for none), so that its weights carry over as they
 * are; a group of cards is weighed by its top card. */
static inline int dds_rank(unsigned mask) { return mask ? top_bit(mask) + 2 : 0; }
static inline int dds_low(unsigned mask) { return mask ? (int)__builtin_ctz(mask) + 2 : 0; }

/* A card's place in the order: its weight first, the cut-offs it caused (the history
 * heuristic) among cards of equal weight. */
static inline int with_history(int weight, uint32_t cutoffs) {
    return weight * 4096 + (int)(cutoffs > 4095 ? 4095 : cutoffs);
}

#endif
