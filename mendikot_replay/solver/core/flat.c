/*
 * flat.c: a position as a flat array of whole numbers (see flat.h), read into an mr_state
 * with every number checked against the range its field holds, so that no input, however
 * wrong, reaches the search.
 */
#include "flat.h"

#include <string.h>

int mr_flat_length(const mr_core *c, const int32_t *in, int n) {
    int head = 4 * c->players + 2; /* the hands, the leader, the cards on the table */
    if (n < head) return -1;
    int ntable = in[head - 1];
    if (ntable < 0 || ntable >= c->players) return -1;
    int length = head + 3 * ntable + 13;
    return length <= n ? length : -1;
}

static int in_range(int32_t v, int lo, int hi) { return v >= lo && v <= hi; }

int mr_flat_state(const mr_core *c, const int32_t *in, int n, mr_state *s, const char **why) {
    const char *unused;
    if (!why) why = &unused;
    memset(s, 0, sizeof *s);
    if (mr_flat_length(c, in, n) < 0) {
        *why = "the position's numbers are too few, or its table too full";
        return MR_BAD_STATE;
    }
    const int32_t *at = in;
    for (int p = 0; p < c->players; p++)
        for (int suit = 0; suit < 4; suit++) {
            int32_t mask = *at++;
            if (!in_range(mask, 0, (1 << 13) - 1)) {
                *why = "bad rank mask";
                return MR_BAD_STATE;
            }
            s->hand[p][suit] = (uint16_t)mask;
        }
    int32_t leader = *at++, ntable = *at++;
    if (!in_range(leader, 0, c->players - 1)) {
        *why = "bad leader or trump";
        return MR_BAD_STATE;
    }
    s->leader = (int8_t)leader;
    s->ntable = (int8_t)ntable;
    for (int i = 0; i < ntable; i++) {
        int32_t suit = *at++, rank = *at++, trump = *at++;
        if (!in_range(suit, 0, 3) || !in_range(rank, 0, 12) || !in_range(trump, 0, 1)) {
            *why = "bad card on the table";
            return MR_BAD_STATE;
        }
        s->tsuit[i] = (int8_t)suit;
        s->trank[i] = (int8_t)rank;
        s->ttrump[i] = (int8_t)trump;
    }
    int32_t v[13];
    for (int i = 0; i < 13; i++) v[i] = *at++;
    if (!in_range(v[0], -1, 3) || !in_range(v[1], 0, 1)) {
        *why = "bad leader or trump";
        return MR_BAD_STATE;
    }
    for (int i = 2; i < 8; i++)
        if (!in_range(v[i], 0, 16)) {
            *why = "bad counts of tricks or tens";
            return MR_BAD_STATE;
        }
    if (!in_range(v[8], -1, c->players - 1) || !in_range(v[9], -1, c->players - 1) ||
        !in_range(v[10], 0, 3) || !in_range(v[11], 0, 12) || !in_range(v[12], 0, 1)) {
        *why = "bad face-down trump or streak";
        return MR_BAD_STATE;
    }
    s->trump = (int8_t)v[0];
    s->cut_pending = (int8_t)v[1];
    s->tricks[0] = (int8_t)v[2];
    s->tricks[1] = (int8_t)v[3];
    s->tens[0] = (int8_t)v[4];
    s->tens[1] = (int8_t)v[5];
    s->pile_tricks = (int8_t)v[6];
    s->pile_tens = (int8_t)v[7];
    s->streak_seat = (int8_t)v[8];
    s->hidden_holder = (int8_t)v[9];
    s->hidden_suit = (int8_t)v[10];
    s->hidden_rank = (int8_t)v[11];
    s->hidden_b = (int8_t)v[12];
    return mr_state_ready(c, s, why);
}
