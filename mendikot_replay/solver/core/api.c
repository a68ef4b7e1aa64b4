/*
 * The plain interface (ddcore.h) over the parts of the core: a core's life, a state's
 * checks, and the moves of a position as an array.
 */
#include "search.h"

static int tables_filled;

void mr_init_tables(void) {
    if (!tables_filled) {
        fill_bit_tables();
        tables_filled = 1;
    }
}

int mr_core_init(mr_core *c, int players, int total, int dehla, int must, int objective,
                 int bits) {
    if (players != 4 && players != 6 && players != 8) return MR_BAD_RULES;
    if (objective < 0 || objective > 2 || bits < 4 || bits > 28 || total < 1 || total > 13)
        return MR_BAD_RULES;
    mr_init_tables();
    release_table(c); /* (init called again) */
    c->players = players;
    c->total_tricks = total;
    c->dehla = dehla;
    c->must_trump = must;
    c->split = -1;
    c->streak_goes_on = 0;
    c->closed = 0;
    c->tie_half = 0;
    c->objective = objective;
    c->bits = players == 4 ? 2 : 3;
    if (table_init(c, bits) != MR_OK) return MR_NO_MEMORY;
    memset(c->history, 0, sizeof c->history);
    memset(c->killer, 0, sizeof c->killer);
    c->nodes = c->trick_nodes = c->expanded = 0;
    return MR_OK;
}

void mr_core_release(mr_core *c) { release_table(c); }

int mr_core_split(mr_core *c, int team) {
    if (team < -1 || team > 1) return MR_BAD_RULES;
    if (team != c->split) {
        c->split = team;
        reset_table(c); /* its entries were proved under the other rule */
    }
    return MR_OK;
}

void mr_core_streak(mr_core *c, int goes_on) {
    if (!goes_on != !c->streak_goes_on) {
        c->streak_goes_on = goes_on != 0;
        reset_table(c);
    }
}

int mr_core_closed(mr_core *c, int bits) {
    if (bits < 0 || bits > 31) return MR_BAD_RULES;
    if (bits != c->closed) {
        c->closed = bits;
        reset_table(c);
    }
    return MR_OK;
}

void mr_core_tie(mr_core *c, int half_first) {
    if (!half_first != !c->tie_half) {
        c->tie_half = half_first != 0;
        reset_table(c);
    }
}

void mr_core_clear(mr_core *c) { reset_table(c); }

int mr_state_ready(const mr_core *c, mr_state *s, const char **why) {
    const char *unused;
    if (!why) why = &unused;
    if (s->hidden_holder >= 0 &&
        (s->hidden_holder >= c->players || s->hidden_suit < 0 || s->hidden_suit > 3 ||
         s->hidden_rank < 0 || s->hidden_rank > 12)) {
        *why = "bad face-down trump";
        return MR_BAD_STATE;
    }
    for (int p = 0; p < c->players; p++)
        for (int suit = 0; suit < 4; suit++)
            if (s->hand[p][suit] >= 1u << 13) {
                *why = "bad rank mask";
                return MR_BAD_STATE;
            }
    for (int suit = 0; suit < 4; suit++) {
        s->out[suit] = 0;
        for (int p = 0; p < c->players; p++) s->out[suit] |= s->hand[p][suit];
    }
    if (s->ntable < 0 || s->ntable >= c->players) {
        *why = "too many cards on the table";
        return MR_BAD_STATE;
    }
    if (s->leader < 0 || s->leader >= c->players || s->trump < -1 || s->trump > 3) {
        *why = "bad leader or trump";
        return MR_BAD_STATE;
    }
    if (s->hidden_holder >= 0 &&
        (s->trump >= 0 || s->cut_pending ||
         !(s->hand[(int)s->hidden_holder][(int)s->hidden_suit] >> s->hidden_rank & 1))) {
        *why = "a face-down trump lies in its holder's hand, with no trump yet";
        return MR_BAD_STATE;
    }
    int seat = seat_to_play(c, s);
    int held = 0;
    for (int suit = 0; suit < 4; suit++) held += popc(s->hand[seat][suit]);
    s->left = (int8_t)held; /* the seat to move has not played to the trick under way */
    int remaining = c->total_tricks - s->tricks[0] - s->tricks[1] - s->pile_tricks;
    if (s->left != remaining) {
        *why = "hand sizes and counts disagree";
        return MR_BAD_STATE;
    }
    return MR_OK;
}

int mr_search(mr_core *c, const mr_state *s, int alpha, int beta) {
    uint16_t wr[4];
    return search(c, s, alpha, beta, wr);
}

int mr_value(mr_core *c, const mr_state *s, int guess) { return exact(c, s, guess); }

/* The moves as the caller gets them: each card that stands for itself or for its group
 * (`rep`), then each card that may ask (`asks`, a mask of ranks a suit), best rank first,
 * with its value from `values[ask]`. */
static int move_values(int8_t rep[4][13], const uint16_t asks[4], int values[2][4][13],
                       mr_move_value out[MR_MAX_MOVES]) {
    int n = 0;
    for (int ask = 0; ask < 2; ask++)
        for (int suit = 0; suit < 4; suit++)
            for (int r = 12; r >= 0; r--) {
                if (ask ? !(asks[suit] >> r & 1) : rep[suit][r] < 0) continue;
                out[n].suit = (int8_t)suit;
                out[n].rank = (int8_t)r;
                out[n].ask = (int8_t)ask;
                out[n].value = ask ? values[1][suit][r] : values[0][suit][(int)rep[suit][r]];
                n++;
            }
    return n;
}

/* The moves of a position with their values: each card's exact value (`children` false), or
 * its child's fail-soft null-window value over (alpha, beta), the asking moves only with
 * `asks`. */
static int valued_moves(mr_core *c, const mr_state *s, int children, int alpha, int beta,
                        int asks, mr_move_value out[MR_MAX_MOVES]) {
    if (s->left == 0) return 0;
    Move moves[52];
    int8_t rep[4][13];
    int values[2][4][13];
    memset(rep, -1, sizeof rep);
    int n = gen_moves(c, s, moves, rep);
    if (children)
        child_values(c, s, moves, n, alpha, beta, asks, values);
    else
        score_moves(c, s, moves, n, values);
    uint16_t ask_cards[4] = {0, 0, 0, 0}; /* the cards that may ask (one move each) */
    for (int i = 0; i < n; i++)
        if (moves[i].ask && asks) ask_cards[(int)moves[i].suit] |= (uint16_t)(1u << moves[i].low);
    return move_values(rep, ask_cards, values, out);
}

int mr_score(mr_core *c, const mr_state *s, mr_move_value out[MR_MAX_MOVES]) {
    return valued_moves(c, s, 0, 0, 0, 1, out);
}

int mr_children(mr_core *c, const mr_state *s, int alpha, int beta, int asks,
                mr_move_value out[MR_MAX_MOVES]) {
    return valued_moves(c, s, 1, alpha, beta, asks, out);
}
