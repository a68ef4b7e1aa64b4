#include "play.h"

/* ---- the deal result, as mendikot_replay.core.result.deal_result decides it ----------- */
/* `tie` is the value of tens 2-2 with the tricks split evenly: 0 (a tie), or under
 * tie-half-first the side that reached half first -- known only once the last trick is
 * taken (the side that did not take it), so a bound passes the worst case for its side
 * (TIE_LO, TIE_HI). */
int outcome_of(const Core *c, int tens_ac, int tricks_ac, int tie) {
    int total = c->total_tricks;
    int tens_bd = 4 - tens_ac, tricks_bd = total - tricks_ac;
    if (tricks_ac == total) return 3;
    if (tens_ac == 4) return 2;
    if (tens_ac == 3) return 1;
    if (tricks_bd == total) return -3;
    if (tens_bd == 4) return -2;
    if (tens_bd == 3) return -1;
    if (c->split >= 0) return c->split == 0 ? 1 : -1; /* 2-2: the side that did not deal */
    if (2 * tricks_ac > total) return 1;
    if (2 * tricks_bd > total) return -1;
    return tie;
}

int final_value(const Core *c, const State *s) {
    if (c->objective == OBJ_TENS) return s->tens[0];
    if (c->objective == OBJ_TRICKS) return s->tricks[0];
    int tie = c->tie_half ? ((s->leader & 1) ? 1 : -1) : 0; /* the last trick's taker lost it */
    return outcome_of(c, s->tens[0], s->tricks[0], tie);
}

/* Play (suit, rank) for the seat to move; the card is legal. Ends the trick when full.
 * Returns, when the trick ended and its winner won by rank (another card of its suit was
 * in the trick), the winner as suit * 16 + rank: that rank is relevant; else -1. */
int play_move(const Core *c, State *s, int suit, int rank, int ask) {
    int seat = seat_to_play(c, s);
    int n = s->ntable;
    s->hand[seat][suit] &= (uint16_t)~(1u << rank);
    s->out[suit] &= (uint16_t)~(1u << rank);
    s->tsuit[n] = (int8_t)suit;
    s->trank[n] = (int8_t)rank;
    if (s->hidden_holder >= 0 &&
        ((s->hidden_b ? ask
                      : n > 0 && suit != s->tsuit[0] &&
                            (!(c->closed & MR_CLOSED_IF_TRUMPING) || suit == s->hidden_suit)) ||
         (seat == s->hidden_holder && suit == s->hidden_suit && rank == s->hidden_rank))) {
        /* The closed trump is turned up: version A, a player could not follow suit (its suit
         * is trump from the start of this trick on, or from this card under count-from-reveal;
         * under reveal-if-trumping only a void player holding a trump, who must play one,
         * turns it up); version B, a player out of the suit led asks for it (trump from this
         * card on); either, its holder plays it (its last card, or under trump-card-in-hand
         * any time). The card is back in its holder's hand. (Under hidden-trumps the trick's
         * cards of the suit already count.) */
        s->trump = s->hidden_suit;
        s->hidden_holder = -1;
        if (!s->hidden_b && !(c->closed & MR_CLOSED_FROM_REVEAL))
            for (int i = 0; i < n; i++) s->ttrump[i] = (int8_t)(s->tsuit[i] == s->trump);
        s->hidden_suit = s->hidden_rank = s->hidden_b = 0;
    }
    if (n > 0 && s->cut_pending && suit != s->tsuit[0]) {
        s->trump = (int8_t)suit; /* the first discard names the trump and is one */
        s->cut_pending = 0;
        s->ttrump[n] = 1;
    } else {
        int trump = scoring_trump(c, s);
        s->ttrump[n] = (int8_t)(trump >= 0 && suit == trump);
    }
    s->ntable = (int8_t)(n + 1);
    if (s->ntable < c->players) return -1;

    /* The trick is full: the highest trump, else the highest card of the suit led. */
    int best = 0, best_trump = s->ttrump[0], led = s->tsuit[0], tens = 0;
    for (int i = 0; i < c->players; i++) {
        if (s->trank[i] == TEN) tens++;
        if (i == 0) continue;
        if (s->ttrump[i]) {
            if (!best_trump || s->trank[i] > s->trank[best]) {
                best = i;
                best_trump = 1;
            }
        } else if (!best_trump && s->tsuit[i] == led && s->trank[i] > s->trank[best]) {
            best = i;
        }
    }
    int winner = (s->leader + best) % c->players;
    int team = winner & 1;
    int relevant = -1;
    for (int i = 0; i < c->players; i++)
        if (i != best && s->tsuit[i] == s->tsuit[best])
            relevant = s->tsuit[best] * 16 + s->trank[best];
    s->left--;
    if (c->dehla) {
        s->pile_tricks++;
        s->pile_tens = (int8_t)(s->pile_tens + tens);
        if (winner == s->streak_seat || s->left == 0) {
            s->tricks[team] = (int8_t)(s->tricks[team] + s->pile_tricks);
            s->tens[team] = (int8_t)(s->tens[team] + s->pile_tens);
            s->pile_tricks = s->pile_tens = 0;
            s->streak_seat = c->streak_goes_on ? (int8_t)winner : -1; /* the run goes on? */
        } else {
            s->streak_seat = (int8_t)winner;
        }
    } else {
        s->tricks[team]++;
        s->tens[team] = (int8_t)(s->tens[team] + tens);
    }
    s->ntable = 0;
    s->leader = (int8_t)winner;
    return relevant;
}

/* The cards the seat to move may play, as one rank mask per suit (version B: without asking
 * for a face-down trump; gen_moves adds the asks). */
void legal_masks(const Core *c, const State *s, uint16_t out[4]) {
    int seat = seat_to_play(c, s);
    uint16_t h[4];
    visible_hand(c, s, seat, h);
    memset(out, 0, 4 * sizeof(uint16_t));
    if (s->ntable == 0) {
        memcpy(out, h, 4 * sizeof(uint16_t));
        return;
    }
    int led = s->tsuit[0];
    if (h[led]) {
        out[led] = h[led];
        return;
    }
    /* Void: a face-down closed trump is turned up now (version A), and is its holder's
     * again. (Version B: not unless asked for, which gen_moves offers besides.) */
    int trump = s->trump;
    if (s->hidden_holder >= 0 && !s->hidden_b) {
        trump = s->hidden_suit;
        if (c->closed & MR_CLOSED_IF_TRUMPING) {
            /* turned up only for a player holding a trump, who must then play one */
            if (s->hand[seat][trump]) {
                out[trump] = s->hand[seat][trump];
                return;
            }
            memcpy(out, h, 4 * sizeof(uint16_t));
            return;
        }
        memcpy(h, s->hand[seat], 4 * sizeof(uint16_t));
    }
    if (c->must_trump && trump >= 0 && h[trump]) {
        out[trump] = h[trump];
        return;
    }
    memcpy(out, h, 4 * sizeof(uint16_t));
}
