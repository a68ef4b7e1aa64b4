/*
 * The compiled core of the double-dummy solver (mendikot_replay.solver): the search.
 *
 * Why C: a perfect-information search of a full 13-trick deal visits millions of
 * positions; the pure-Python solver (which plays every card through the rules engine)
 * manages tens of thousands a second, this core tens of millions.  The Python solver stays
 * the reference: the tests compare the two on thousands of positions.
 *
 * What it plays: every position -- a known trump, no trump, a cut trump not yet named (the
 * first discard of a void player names it, and that card is a trump), or a closed trump
 * still face down (version A: the first player out of the suit led turns it up, trumps from
 * the start of that trick on; version B: such a player may ask for it with its card, a move
 * of its own, trumps from that card on) -- under Trick or Dehla capture, must-trump or not,
 * at 4, 6 or 8 players. While the closed trump is down, only the counts bound the search
 * (no cashing plan foresees a suit turning into trumps).
 *
 * How it searches: alpha-beta (fail-soft) on integer values seen from A/C's side, with
 *   - a transposition table at trick boundaries whose key is the position in *relative*
 *     ranks (each suit's remaining cards in order, by owner, and who holds each ten): cards
 *     already played no longer matter, so many different histories share one entry; for
 *     the `tricks` and `tens` objectives the table stores what is still to come, so the
 *     counts so far are not part of the key either, and for the outcome each bound keeps
 *     the counts it was proved at and serves any counts on its side of them; the pattern
 *     that settles a position moves to the front of its bucket, where the next scan finds it;
 *   - bounds at every trick boundary that end a search without looking further when they
 *     settle it: the tricks (and the tens falling to them, or that a partner gives them)
 *     the side on lead can cash -- trumps drawn first, long cards, through an entry to
 *     partner, or both hands' winners in turn -- and, for both sides, each hand's trumps
 *     above all the other side's (pinning only that run at the top of the suit), and
 *     the trick a guarded trump sitting behind the higher ones takes (DDS's "later
 *     tricks"); in mid-trick, a trick one side surely takes or the side to move can make
 *     sure of. The table is read before the bounds are worked out: a position it settles
 *     costs no cashing plans;
 *   - equivalent cards searched once (neighbours in a suit with no card still out between
 *     them), through the group's lowest card; where tens count, a ten is a move of its
 *     own, and the cards either side of it in one hand stay one group;
 *     and, once a card's search shows that no rank of its suit below some card mattered,
 *     no other card below it (DDS's "one small card per suit");
 *   - move ordering: the table's best move first; at four players, leads weighed as DDS's
 *     move generator weighs them (who holds the top cards, ruffs for either side, how many
 *     cards the opponents may choose from -- a smaller tree), with its bonus for the lead
 *     that last proved a bound at the same depth, and the second hand's card when it
 *     follows suit by DDS's weights too (where tens count, with a ten first when its side
 *     takes the trick, last when not); the other cards, and leads at six and eight
 *     players, by a card player's rules of thumb, with DDS's weights for discards and its
 *     "force out the ace" for the third hand;
 *   - exact values by MTD(f): a few null-window searches sharing the table. For the
 *     outcome, the thresholds that hinge on one count (whitewash: every trick; mendikot:
 *     every ten; none against: a ten; no whitewash against: a trick) are asked as tricks or
 *     tens searches, whose table entries need no trick counts and so serve far more
 *     positions; and once every ten is taken, the result hangs on the tricks alone, and
 *     the rest of the search is a tricks search;
 *   - for the single-dummy chances, every card of a position searched once at one
 *     threshold (Core.children), with the equivalences and the one small card per suit of
 *     a node's own children.
 */
#include "search.h"

/* The cards a search settled by its bounds relies on (lo and hi settle the window whose
 * upper end is beta): the lower bound's when it settles it, the upper bound's when the
 * value stays below beta. Returns how many cards that pins. */
int settling_pins(int lo, int hi, int beta, const uint16_t pin_lo[4],
                         const uint16_t pin_hi[4], uint16_t out[4]) {
    int n = 0;
    for (int suit = 0; suit < 4; suit++) {
        out[suit] = (uint16_t)((settled_by_lo(lo, hi, beta) ? pin_lo[suit] : 0) |
                               (lo < beta ? pin_hi[suit] : 0));
        n += popc(out[suit]);
    }
    return n;
}

/* What the table knows of a position: the best lower and upper bounds among the patterns
 * of its bucket that match it (into *tlo and *thi, which come in as -INF and INF), and the
 * patterns they came from. Reading stops once they settle the window (alpha, beta): then it
 * returns 1, and the pattern that settled it moves to the front of the bucket's newest
 * block. A pattern that settles one position tends to settle the next ones that reach the
 * bucket: the scans that find it grow short (a bucket holds tens of patterns), and it stays
 * in the arena's newest segment longer (with the tricks objective, a sixth less time and a
 * fifteenth fewer positions; the patterns found first also pin fewer cards). */
int read_table(Core *c, const State *s, const uint64_t key[3], uint64_t h,
                      const uint64_t w[4], const int count[4], const int ten_at[4], int alpha,
                      int beta, int *tlo, int *thi, const Pattern *from[2]) {
    Bucket *b = find_bucket(c, key, h, 0);
    if (!b) return 0;
    uint16_t tens = ten_owners(c, w, count, ten_at);
    Tops tops;
    tops_of(c, w, count, &tops);
    int off = stored_offset(c, s), scanned = 0;
    for (int32_t i = b->head, e = b->head_epoch; live(c, i, e) && scanned < CHAIN;
         e = c->pool[i].h.next_epoch, i = c->pool[i].h.next, scanned++) {
        int n = c->pool[i].h.n;
        for (int j = 0; j < n; j++) {
            const Pattern *p = &c->pool[i + 1 + j].p;
            if (!pattern_matches(p, &tops, tens) || !ten_places_match(p, ten_at)) continue;
            int plo = p->lo + off, phi = p->hi + off;
            if (plo > *tlo && lo_applies(c, p, s)) {
                *tlo = plo;
                from[0] = p;
            }
            if (phi < *thi && hi_applies(c, p, s)) {
                *thi = phi;
                from[1] = p;
            }
            if (settles(*tlo, *thi, alpha, beta)) {
                Pattern *front = &c->pool[b->head + 1].p, *found = &c->pool[i + 1 + j].p;
                if (front != found) {
                    Pattern swap = *front;
                    *front = *found;
                    *found = swap;
                    for (int f = 0; f < 2; f++)
                        from[f] = from[f] == found ? front : from[f] == front ? found : from[f];
                }
                return 1;
            }
        }
    }
    return 0;
}

/* Every ten taken: the deal's result now hangs on A/C's tricks alone, and grows with them.
 * So whether it reaches beta is whether A/C take the fewest tricks that give beta -- a
 * tricks question, whose table entries keep no counts and so serve every position with
 * the same cards still to play, where an outcome entry serves only counts on its side of
 * the ones it was proved at. Returns a fail-soft bound, as search() does. */
int tricks_decide(Core *c, const State *s, int beta, uint16_t wr[4]) {
    int tens = s->tens[0], total = c->total_tricks;
    int most = total - s->tricks[1], need = s->tricks[0];
    while (need <= most && outcome_of(c, tens, need, 0) < beta) need++;
    if (need == s->tricks[0] || need > most) { /* the counts so far decide it */
        memset(wr, 0, 4 * sizeof(uint16_t));
        return outcome_of(c, tens, need > most ? most : need, 0);
    }
    c->objective = OBJ_TRICKS;
    int g = search(c, s, need - 1, need, wr);
    c->objective = OBJ_OUTCOME;
    if (g < s->tricks[0]) g = s->tricks[0];
    if (g > most) g = most;
    /* g bounds A/C's final tricks (from below when it reaches need, else from above); the
     * result, monotone in them, is bounded alike */
    return outcome_of(c, tens, g, 0);
}

/* Alpha-beta, fail-soft, values from A/C's side. `wr` receives the ranks the result
 * depends on (per suit), so that the table can share it with positions that differ only
 * in cards below them. */
int search(Core *c, const State *s, int alpha, int beta, uint16_t wr[4]) {
    /* (not at tens 2-2 under tie-half-first: an even split then goes to the side that did
     * not take the last trick, which no count of tricks says) */
    if (c->objective == OBJ_OUTCOME && s->tens[0] + s->tens[1] == 4 && beta == alpha + 1 &&
        s->left > 0 && !(c->tie_half && s->tens[0] == 2))
        return tricks_decide(c, s, beta, wr);
    c->nodes++;
    memset(wr, 0, 4 * sizeof(uint16_t));
    if (s->left == 0) return final_value(c, s);
    int boundary = s->ntable == 0;
    c->trick_nodes += (unsigned)boundary;
    uint64_t key[3], h = 0, w[4];
    int count[4], ten_at[4];
    int hint_suit = -1, hint_rank = -1;
    int tlo = -INF, thi = INF; /* what the table knew */
    if (boundary) {
        if (s->left == 1 && !(s->hidden_holder >= 0 && s->hidden_b)) {
            /* the last trick plays itself (but for asking for a face-down trump) */
            State t = *s;
            for (int i = 0; i < c->players; i++) {
                int seat = seat_to_play(c, &t);
                for (int suit = 0; suit < 4; suit++)
                    if (t.hand[seat][suit]) {
                        add_relevant(wr, play(c, &t, suit, top_bit(t.hand[seat][suit])));
                        break;
                    }
            }
            return final_value(c, &t);
        }
        /* The counts so far first: when they alone settle it (a tens question whose tens
         * are already taken, say: an eighth of a tens search's positions), nothing is
         * pinned and the table need not be read. */
        int clo, chi;
        count_bounds(c, s, &clo, &chi);
        if (settles(clo, chi, alpha, beta)) return settled_by_lo(clo, chi, beta) ? clo : chi;
        /* The table first, then the bounds: working out the cashing plans of every
         * position the table then settled anyway cost a sixth of the search's time. */
        suit_owners(c, s, w, count, ten_at);
        exact_key(c, s, ten_at, key);
        h = hash_key(key);
        const Pattern *from[2] = {NULL, NULL}; /* the patterns that gave tlo and thi */
        if (read_table(c, s, key, h, w, count, ten_at, alpha, beta, &tlo, &thi, from)) {
            /* Settled by the table: the patterns that settled it pin their cards. When what
             * each side takes however the play goes settles it too, with fewer pins, those
             * pins go instead: fewer pins, more positions served. (The cashing plans are
             * not asked: what their pins would save costs more to find.) */
            int by_lo = settled_by_lo(tlo, thi, beta), n_table = 0;
            uint16_t pin_table[4] = {0, 0, 0, 0};
            for (int f = 0; f < 2; f++) {
                if (!from[f] || (f == 0 ? !by_lo : tlo >= beta)) continue;
                for (int suit = 0; suit < 4; suit++)
                    pin_table[suit] |= (uint16_t)pin_of(c, s, suit, from[f]->kk[suit]);
            }
            for (int suit = 0; suit < 4; suit++) n_table += popc(pin_table[suit]);
            if (n_table) {
                int lo, hi;
                uint16_t pin_lo[4], pin_hi[4];
                bounds(c, s, alpha, beta, &lo, &hi, pin_lo, pin_hi, 0);
                uint16_t pin[4];
                if (settles(lo, hi, alpha, beta) &&
                    settling_pins(lo, hi, beta, pin_lo, pin_hi, pin) <= n_table) {
                    memcpy(wr, pin, sizeof pin);
                    return settled_by_lo(lo, hi, beta) ? lo : hi;
                }
            }
            memcpy(wr, pin_table, sizeof pin_table);
            return by_lo ? tlo : thi;
        }
        int lo, hi;
        uint16_t pin_lo[4], pin_hi[4];
        bounds(c, s, alpha, beta, &lo, &hi, pin_lo, pin_hi, 1);
        if (settles(lo, hi, alpha, beta)) {
            settling_pins(lo, hi, beta, pin_lo, pin_hi, wr);
            return settled_by_lo(lo, hi, beta) ? lo : hi;
        }
        /* Only the patterns whose bounds are used pin their cards. */
        if (tlo <= lo) from[0] = NULL;
        if (thi >= hi) from[1] = NULL;
        for (int f = 0; f < 2; f++) {
            if (!from[f]) continue;
            for (int suit = 0; suit < 4; suit++)
                wr[suit] |= (uint16_t)pin_of(c, s, suit, from[f]->kk[suit]);
            if (hint_rank < 0) {
                hint_suit = from[f]->bsuit;
                hint_rank = rank_at(c, s, from[f]->bsuit, from[f]->brel);
            }
        }
        /* the bounds' own pins, for those of their bounds still in use */
        int lo_own = lo >= tlo, hi_own = hi <= thi;
        if (tlo > lo) lo = tlo;
        if (thi < hi) hi = thi;
        int cut = settles(lo, hi, alpha, beta);
        int use_lo = cut ? settled_by_lo(lo, hi, beta) : lo > alpha;
        int use_hi = cut ? lo < beta : hi < beta;
        for (int suit = 0; suit < 4; suit++)
            wr[suit] |= (uint16_t)((use_lo && lo_own ? pin_lo[suit] : 0) |
                                   (use_hi && hi_own ? pin_hi[suit] : 0));
        if (cut) return settled_by_lo(lo, hi, beta) ? lo : hi;
        c->expanded++;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    if (!boundary && !c->dehla && s->hidden_holder < 0) {
        /* Mid-trick: when one side surely takes this trick, or the side to move can make
         * sure of it (DDS asks this of the second hand), the counts it adds may already
         * settle the search. Asked only when they would. */
        int tens = table_tens(c, s);
        int lo = value_of(c, s->tens[0] + tens, s->tricks[0] + 1, TIE_LO(c)); /* A/C take it */
        int hi = value_of(c, 4 - s->tens[1] - tens, s->tricks[0] + s->left - 1,
                          TIE_HI(c)); /* B/D do */
        if (lo >= beta || hi <= alpha) {
            uint16_t pin[4] = {0, 0, 0, 0};
            int side = trick_taken_by(c, s, pin);
            if (side < 0 && can_secure(c, s, pin)) side = seat_to_play(c, s) & 1;
            if (side == 0 ? lo >= beta : side == 1 && hi <= alpha) {
                memcpy(wr, pin, sizeof pin);
                return side == 0 ? lo : hi;
            }
        }
    }
    int a0 = alpha, b0 = beta;
    Move all[52];
    int n = gen_moves(c, s, all, NULL);
    if (hint_rank >= 0) {
        for (int i = 0; i < n; i++)
            if (all[i].suit == hint_suit && in_group(&all[i], hint_rank)) {
                Move m = all[i];
                memmove(&all[1], &all[0], (size_t)i * sizeof(Move));
                all[0] = m;
                break;
            }
    }
    int maximising = (seat_to_play(c, s) & 1) == 0;
    int best = maximising ? -INF : INF;
    int bsuit = 0, brank = 0;
    uint16_t acc[4] = {0, 0, 0, 0}, cw[4];
    int8_t small_below[4] = {-1, -1, -1, -1}; /* see below */
    int cut = 0;
    for (int i = 0; i < n; i++) {
        if (all[i].high < small_below[(int)all[i].suit] && !never_small(c, s, &all[i])) continue;
        State t = *s;
        int rel = play_move(c, &t, all[i].suit, all[i].low, all[i].ask);
        int v = search(c, &t, alpha, beta, cw);
        add_relevant(cw, rel);
        if (maximising ? v > best : v < best) {
            best = v;
            bsuit = all[i].suit;
            brank = all[i].low;
        }
        if (maximising ? v > alpha : v < beta) {
            if (maximising)
                alpha = v;
            else
                beta = v;
        }
        if (alpha >= beta) {
            /* one child proves the bound: only its ranks matter */
            for (int suit = 0; suit < 4; suit++) acc[suit] = cw[suit];
            uint32_t *hv = &c->history[seat_to_play(c, s)][all[i].suit][all[i].low];
            *hv += (uint32_t)(s->left * s->left);
            if (boundary) {
                c->killer[(int)s->left][0] = (int8_t)(all[i].suit + 1);
                c->killer[(int)s->left][1] = all[i].high;
            }
            cut = 1;
            break;
        }
        for (int suit = 0; suit < 4; suit++) acc[suit] |= cw[suit];
        /* One small card per suit (DDS): when the card just searched lies below every rank
         * that its search found relevant in its suit, so does any other card of the seat's
         * below those ranks, and playing it instead changes nothing that matters -- the
         * positions after either differ only in cards below the relevant ranks, and no line
         * of the search had the trick won by a card the swap could change (a card winning by
         * rank is relevant). A ten is never small where tens count, nor the face-down card
         * (never_small). */
        int ms = all[i].suit;
        if (small_below[ms] < 0 && !never_small(c, s, &all[i])) {
            unsigned pins = acc[ms] | wr[ms];
            int low = pins ? __builtin_ctz(pins) : 13;
            if (all[i].low < low) small_below[ms] = (int8_t)low;
        }
    }
    (void)cut;
    for (int suit = 0; suit < 4; suit++) wr[suit] |= acc[suit];
    if (!cut) {
        /* Every card was searched (one per group of equivalent cards) and none did better:
         * the bound holds for every position of the table's pattern only if each card such
         * a position offers stands for one searched. A group whose upper cards are pinned
         * and lower ones not stands, in another position, for the pinned cards and
         * whatever low cards take the others' place. Playing the low card there is playing
         * the group's lowest card here (what was searched: unpinned, so any low card will
         * do); but playing a pinned card there keeps the low card in hand where here a
         * card of the group stays -- and the low card may duck where the group's card
         * would win, in this trick (KQ over the seven: elsewhere K3, and the three ducks)
         * or a later one (QA kept for a later trick: elsewhere 8A, the ace thrown and the
         * eight kept). Nothing searched stands for that. So pin the group down to its
         * lowest member. (Searching that lowest member makes this rare: when it wins a
         * trick by rank, its rank is pinned. A cut-off needs no such pin: the card that
         * proved it is there.) */
        for (int changed = 1; changed;) {
            changed = 0;
            for (int i = 0; i < n; i++) {
                int g = all[i].suit;
                if (all[i].low == all[i].high || !wr[g]) continue;
                int lowest = __builtin_ctz(wr[g]);
                if (all[i].low < lowest && lowest <= all[i].high) {
                    wr[g] |= (uint16_t)(1u << all[i].low);
                    changed = 1;
                }
            }
        }
    }
    if (boundary) {
        int off = stored_offset(c, s);
        int lo = -INF, hi = INF;
        if (best <= a0)
            hi = best;
        else if (best >= b0)
            lo = best;
        else
            lo = hi = best;
        int slo = lo == -INF ? -120 : lo - off, shi = hi == INF ? 120 : hi - off;
        /* a best card only where one card proved the bound (no card is best where all
         * fell short: 255 says none) */
        int proved = maximising ? best >= b0 : best <= a0;
        store(c, s, key, h, w, count, ten_at, wr, slo, shi, bsuit,
              proved ? rel_of(c, s, bsuit, brank) : 255);
    }
    return best;
}

/* Whether the value reaches beta, by a null-window search: a fail-soft bound (>= beta: a
 * lower bound, < beta: an upper bound).
 *
 * Four of the outcome's six thresholds are questions about one count alone, and are asked
 * as such: the tens and tricks searches keep no trick counts in the table's key, so they
 * share far more of what they learn than the outcome search can (for which two positions
 * with different counts so far are different questions).
 *   outcome >= 3 (whitewash)  <=>  A/C take every trick;
 *   outcome >= 2 (mendikot+)  <=>  A/C take all four tens;
 *   outcome >= -1 (no mendikot against)  <=>  A/C take a ten (a ten comes with a trick);
 *   outcome >= -2 (no whitewash against)  <=>  A/C take a trick.
 * Only the win and tie thresholds (0 and 1) need the outcome search itself. */
int probe(Core *c, const State *s, int beta, uint16_t wr[4]) {
    /* (Each side's tens so far must have come with a trick, as in play; a made-up start
     * position with tens but no tricks is asked the plain way.) */
    int consistent = (s->tens[0] == 0 || s->tricks[0] > 0) &&
                     (s->tens[1] == 0 || s->tricks[1] > 0) &&
                     (s->pile_tens == 0 || s->pile_tricks > 0);
    if (c->objective != OBJ_OUTCOME || !consistent || beta < -2 || beta > 3 || beta == 0 ||
        beta == 1)
        return search(c, s, beta - 1, beta, wr);
    int tens = beta == 2 || beta == -1;
    int need = beta == 3 ? c->total_tricks : beta == 2 ? 4 : 1;
    c->objective = tens ? OBJ_TENS : OBJ_TRICKS;
    int g = search(c, s, need - 1, need, wr);
    c->objective = OBJ_OUTCOME;
    if (tens) /* what A/C's tens say of the outcome, as a bound of the same kind */
        return g >= need ? (g >= 4 ? 2 : g >= 3 ? 1 : -1) : (g <= 0 ? -2 : g == 1 ? -1 : 1);
    return g >= need ? (g >= c->total_tricks ? 3 : -2) : (g <= 0 ? -3 : 2);
}

/* Exact value by MTD(f): null-window searches until the bounds meet. */
int exact_within(Core *c, const State *s, int guess, int lower, int upper) {
    int g = guess;
    uint16_t wr[4];
    while (lower < upper) {
        int beta = g == lower ? g + 1 : g;
        g = probe(c, s, beta, wr);
        if (g < beta)
            upper = g;
        else
            lower = g;
    }
    return g;
}

int exact(Core *c, const State *s, int guess) {
    return exact_within(c, s, guess, -INF, INF);
}

/* Every card's exact value. The position's value v comes first: no card of the player to
 * move can do better than v, so a card shown to reach v is done in one null-window search,
 * and only the others need a full MTD(f). */
void score_moves(Core *c, const State *s, const Move *moves, int n,
                        int values[2][4][13]) {
    int v = exact(c, s, 0);
    int maximising = (seat_to_play(c, s) & 1) == 0;
    uint16_t wr[4];
    for (int i = 0; i < n; i++) {
        State t = *s;
        play_move(c, &t, moves[i].suit, moves[i].low, moves[i].ask);
        int g, value;
        if (maximising) {
            g = probe(c, &t, v, wr);
            value = g >= v ? v : exact_within(c, &t, g, -INF, g);
        } else {
            g = probe(c, &t, v + 1, wr);
            value = g <= v ? v : exact_within(c, &t, g, g, INF);
        }
        values[(int)moves[i].ask][(int)moves[i].suit][(int)moves[i].low] = value;
    }
}

/* Each move's null-window search over (alpha, beta), as the single-dummy chances need
 * them: they ask only whether every card of a world reaches a threshold, and so search
 * each card once with that window -- no root search first (measured: it costs as much as
 * the cards' own searches, which find the same refutations again) and no exact value.
 * The cards are tried as search() tries a node's children: one per group of equivalent
 * cards (rep_of), and once a card's search shows that no rank of its suit below some card
 * mattered, the seat's smaller cards of that suit take its result without a search (DDS's
 * "one small card per suit", on the same argument as in search(): the positions after
 * either card differ only in cards below every relevant rank). values[ask][suit][rank]
 * receives each searched or covered card's fail-soft value; `asks` 0 leaves out the
 * version-B moves that ask for the face-down trump (left at -INF - 1). */
void child_values(Core *c, const State *s, const Move *moves, int n, int alpha,
                         int beta, int asks, int values[2][4][13]) {
    uint16_t acc[4] = {0, 0, 0, 0}, cw[4];
    int8_t small_below[4] = {-1, -1, -1, -1};
    int small_value[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        const Move *m = &moves[i];
        int *slot = &values[(int)m->ask][(int)m->suit][(int)m->low];
        if (m->ask && !asks) continue;
        if (m->high < small_below[(int)m->suit] && !never_small(c, s, m)) {
            *slot = small_value[(int)m->suit];
            continue;
        }
        State t = *s;
        int rel = play_move(c, &t, m->suit, m->low, m->ask);
        int v = search(c, &t, alpha, beta, cw);
        add_relevant(cw, rel);
        *slot = v;
        for (int suit = 0; suit < 4; suit++) acc[suit] |= cw[suit];
        int ms = m->suit;
        if (small_below[ms] < 0 && !never_small(c, s, m)) {
            unsigned pins = acc[ms];
            int low = pins ? __builtin_ctz(pins) : 13;
            if (m->low < low) {
                small_below[ms] = (int8_t)low;
                small_value[ms] = v;
            }
        }
    }
}
