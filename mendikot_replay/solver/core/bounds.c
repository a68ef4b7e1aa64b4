#include "bounds.h"

/* Tricks seat L, on lead, can cash one after another from the top, whatever the others
 * do; `pin` receives, per suit, the ranks the count relies on and `tens` the suits whose ten
 * falls to these tricks. `helped` (when not NULL, and tens count: else it is left alone)
 * receives the suits whose ten L's partners can add to them by choice: a partner holding a
 * ten of a suit L cashes plays it under L's winner, and one out of that suit discards a ten
 * of another suit (not of trumps, which would ruff) -- nothing the opponents can stop, and
 * nothing L's own count depends on, but the partner's cards then differ from what a plan
 * continuing from here assumes (see cash_then_cross), so these are kept apart.
 *
 * The plan: first the trumps L holds above every other trump, then each other suit's top
 * cards. Drawing trumps matters: when every opponent has no more trumps than L cashes, no one
 * can ruff afterwards, and L's cards of a suit that outlast everyone else's are winners too.
 * A suit stops where an opponent who could ruff runs out of it (or L's partner, when the
 * rules would make it trump its partner's winner, which hands it the lead). */
int sure_tricks(const Core *c, const State *s, int L, uint16_t pin[4], unsigned *tens,
                       unsigned *helped, int n_of[4], int enough, int enough_tens) {
    int q = 0, t = s->cut_pending ? -1 : s->trump;
    unsigned extra = 0;
    if (c->objective == OBJ_TRICKS) helped = NULL; /* (no tens to count) */
    *tens = 0;
    if (n_of) memset(n_of, 0, 4 * sizeof(int));
    int spare[MAXP] = {0}; /* a partner's discards so far: tricks of L's in a suit it lacks */
    int can_ruff[MAXP]; /* after the trumps are cashed */
    for (int p = 0; p < c->players; p++) can_ruff[p] = t >= 0 && s->hand[p][t] != 0;
    for (int k = 0; k < 4; k++) {
        int suit = plan_suit(t, k);
        unsigned mine = s->hand[L][suit];
        if (!mine) continue;
        unsigned others = 0;
        int longest = 0; /* the longest other holding */
        for (int p = 0; p < c->players; p++)
            if (p != L) {
                others |= s->hand[p][suit];
                int len = popc(s->hand[p][suit]);
                if (len > longest) longest = len;
            }
        int top = others ? popc(mine & ~((2u << top_bit(others)) - 1)) : popc(mine);
        if (top == 0) continue;
        int n = top;
        if (suit == t) {
            if (top >= longest) n = popc(mine); /* everyone else is out of trumps */
            for (int p = 0; p < c->players; p++)
                if (p != L && popc(s->hand[p][t]) <= n) can_ruff[p] = 0;
        } else {
            int ruffers = 0;
            for (int p = 0; p < c->players; p++) {
                if (p == L) continue;
                int cap;
                if (s->cut_pending)
                    cap = 1; /* any void player may name a trump and take the trick */
                else
                    cap = can_ruff[p] && (((p ^ L) & 1) || c->must_trump);
                if (cap) {
                    ruffers = 1;
                    int len = popc(s->hand[p][suit]);
                    if (len < n) n = len;
                }
            }
            if (!ruffers && top >= longest) n = popc(mine); /* long cards: no one left */
        }
        if (q < enough && q + n > enough) n = enough - q; /* no more needed, nor pinned */
        if (n > 0) {
            /* the count relies on the top cards' owners (the top-th card of L pinned);
             * lengths are in the table's exact key */
            unsigned m = mine;
            for (int i = 1; i < top && i < n; i++) m &= ~(1u << top_bit(m));
            pin[suit] |= (uint16_t)(1u << top_bit(m));
            /* A ten falls to these tricks when it is among L's cashed cards, or its holder
             * has no more than n cards of the suit (all must follow, or were discarded on
             * tricks L won before). */
            unsigned cashed = mine;
            for (int i = n; i < popc(mine); i++) cashed &= cashed - 1; /* drop the lowest */
            for (int p = 0; p < c->players; p++) {
                int len = popc(s->hand[p][suit]);
                int partner = helped && p != L && !((p ^ L) & 1);
                /* (a cut trump not named yet: a void partner's discard would name it) */
                if (partner && len < n && !s->cut_pending) spare[p] += n - len;
                if (!(s->hand[p][suit] & (1u << TEN))) continue;
                if (p == L ? (cashed & (1u << TEN)) != 0 : len <= n)
                    *tens |= 1u << suit;
                else if (partner)
                    extra |= 1u << suit;
            }
            /* (with must-trump, a partner holding trumps is never out of a suit L cashes:
             * the suit stops at its length; one without trumps is never made to ruff) */
            for (int p = 0; helped && p < c->players; p++)
                for (int y = 0; y < 4 && spare[p] > 0; y++)
                    if (y != t && !((*tens | extra) >> y & 1) && (s->hand[p][y] >> TEN & 1)) {
                        extra |= 1u << y;
                        spare[p]--;
                    }
        }
        q += n;
        if (n_of) n_of[suit] = n;
        if (q >= enough || popc(*tens | (helped ? extra : 0)) >= enough_tens)
            break; /* enough: the suits after it need not be pinned */
    }
    if (helped) *helped = extra & ~*tens;
    return q < s->left ? q : s->left;
}

/* A partner of the leader that the leader can put on lead at once, with the trick: a suit
 * the leader holds in which the partner's top card beats every other card but the
 * leader's, the leader has a lower card to lead, and no one else can ruff; or a suit the
 * partner ruffs, everyone else following or out of trumps. Returns the partner (or -1) and
 * pins the cards this relies on; `ten` receives the entry suit when the leader can lead its
 * ten into that trick. */
int entry_to_partner(const Core *c, const State *s, uint16_t pin[4], unsigned *ten,
                            int *entry_suit, int *by_ruff) {
    *ten = 0;
    if (s->cut_pending) return -1;
    int L = s->leader, t = s->trump, found = -1, found_suit = -1, found_top = -1, found_ruff = 0;
    for (int P = (L + 2) % c->players; P != L; P = (P + 2) % c->players) {
        for (int suit = 0; suit < 4; suit++) {
            unsigned theirs = s->hand[P][suit], mine = s->hand[L][suit];
            if (!mine) continue;
            int top, ruff = !theirs && t >= 0 && suit != t && s->hand[P][t];
            if (ruff)
                top = -1; /* any trump: no one else may play one */
            else if (theirs && (int)__builtin_ctz(mine) < (top = top_bit(theirs)))
                ;
            else
                continue;
            int ok = 1;
            for (int p = 0; p < c->players && ok; p++) {
                if (p == L || p == P) continue;
                unsigned h = s->hand[p][suit];
                if (!ruff && (h >> top)) ok = 0;
                else if (!h && t >= 0 && suit != t && s->hand[p][t]) ok = 0;
            }
            if (!ok) continue;
            int leads_ten = (mine & (1u << TEN)) && (ruff || TEN < top);
            if (found < 0 || leads_ten) {
                found = P;
                found_suit = suit;
                found_top = top;
                found_ruff = ruff;
                if (leads_ten) *ten = 1u << suit;
            }
            if (leads_ten) break;
        }
        if (*ten) break;
    }
    if (found >= 0 && found_top >= 0) pin[found_suit] |= (uint16_t)(1u << found_top);
    *entry_suit = found_suit;
    *by_ruff = found_ruff;
    return found;
}

/* The leader's partner's cashing plan, reached through an entry (the entry trick counted):
 * the tricks, or -1 when there is no entry. */
int partner_plan(const Core *c, const State *s, uint16_t pin[4], unsigned *tens,
                        int enough, int enough_tens) {
    unsigned entry_ten, helped = 0;
    int x = -1, by_ruff = 0;
    int P = entry_to_partner(c, s, pin, &entry_ten, &x, &by_ruff);
    if (P < 0) return -1;
    int q;
    if (by_ruff) {
        /* The ruff spends a trump of the partner's, which its own plan may need (to draw
         * the opponents'): its plan is counted after that trick, on top of it. */
        State after = *s;
        after.hand[s->leader][x] &= (uint16_t)~(entry_ten ? 1u << TEN
                                                          : after.hand[s->leader][x] &
                                                                -after.hand[s->leader][x]);
        unsigned pt = after.hand[P][(int)s->trump];
        after.hand[P][(int)s->trump] = (uint16_t)(pt & (pt - 1)); /* its lowest trump */
        for (int p = 0; p < c->players; p++)
            if (p != s->leader && p != P && after.hand[p][x]) {
                unsigned h = after.hand[p][x];
                after.hand[p][x] = (uint16_t)(h & (h - 1)); /* follows, lowest */
            }
        after.left = (int8_t)(s->left - 1);
        q = 1 + sure_tricks(c, &after, P, pin, tens, &helped, NULL, enough - 1,
                            enough_tens - (entry_ten ? 1 : 0));
    } else {
        q = sure_tricks(c, s, P, pin, tens, &helped, NULL, enough,
                        enough_tens - (entry_ten ? 1 : 0));
    }
    if (q < 1) q = 1; /* the entry trick itself */
    *tens |= entry_ten | helped; /* (nothing continues from the partner's plan) */
    return q;
}

/* Both hands' winners (DDS counts them so): the leader cashes its own sure tricks, then
 * crosses to its partner, who cashes its own. The position after the leader's tricks is
 * played out the way that is worst for the plan where the opponents choose -- they follow
 * with their lowest cards, and one who cannot follow keeps its cards (it holds no trump, or
 * the leader's count would have stopped there: extra cards only weaken the plan's counts)
 * -- and the way the plan chooses for the partner: its lowest cards, and when it cannot
 * follow, a low card of its longest other suit, never a trump (which would take the lead).
 * The leader's own plan comes worked out (`q` tricks, `own_tens`, `n_of` per suit: what
 * sure_tricks gives; `pin` holds its pins already). Returns the tricks, or -1 when the
 * plan adds nothing or cannot be played. */
int cash_then_cross(const Core *c, const State *s, int q, unsigned own_tens,
                           const int n_of[4], uint16_t pin[4], unsigned *tens, int enough,
                           int enough_tens) {
    int L = s->leader;
    unsigned their_tens = 0;
    if (q == 0 || q >= s->left || s->cut_pending) return -1;
    State a = *s;
    int t = s->trump;
    for (int k = 0; k < 4; k++) {
        int y = plan_suit(t, k); /* in sure_tricks' order */
        int n = n_of[y];
        for (int i = 0; i < n; i++) a.hand[L][y] &= (uint16_t)~(1u << top_bit(a.hand[L][y]));
        if (!n) continue;
        for (int p = 0; p < c->players; p++) {
            if (p == L) continue;
            int len = popc(a.hand[p][y]), follow = len < n ? len : n;
            for (int i = 0; i < follow; i++) a.hand[p][y] &= (uint16_t)(a.hand[p][y] - 1);
            if ((p ^ L) & 1) continue;
            for (int d = len; d < n; d++) { /* the partner discards */
                int from = -1;
                for (int z = 0; z < 4; z++)
                    if (z != y && z != t && a.hand[p][z] &&
                        (from < 0 || popc(a.hand[p][z]) > popc(a.hand[p][from])))
                        from = z;
                if (from < 0) return -1; /* only trumps left: it would ruff */
                unsigned h = a.hand[p][from], low = h & -h;
                if (low == (1u << TEN) && h != low) low = (h & (h - 1)) & -(h & (h - 1));
                a.hand[p][from] &= (uint16_t)~low;
            }
        }
    }
    a.left = (int8_t)(s->left - q);
    int q2 = partner_plan(c, &a, pin, &their_tens, enough - q, enough_tens - popc(own_tens));
    if (q2 < 0) return -1;
    *tens = own_tens | their_tens;
    q += q2;
    return q < s->left ? q : s->left;
}

/* Lowest and highest value the rest of the deal can give, from the counts and what each
 * side surely takes; used to stop a search whose window (alpha, beta) these already decide,
 * and worked out no further than it takes to decide it. `pin_lo` and `pin_hi` receive the
 * ranks each bound relies on (a search settled by one bound alone is shared by more
 * positions when it pins only that bound's cards). Without `with_plans`, only what each
 * side takes however the play goes counts, not what the side on lead can cash (the plans
 * cost most of the time). */
void bounds(const Core *c, const State *s, int alpha, int beta, int *lo, int *hi,
                   uint16_t pin_lo[4], uint16_t pin_hi[4], int with_plans) {
    int left_tricks = c->total_tricks - s->tricks[0] - s->tricks[1];
    uint16_t pin_any[2][4]; /* what each side's any-play guarantees rely on */
    memset(pin_any, 0, sizeof pin_any);
    memset(pin_lo, 0, 4 * sizeof(uint16_t));
    memset(pin_hi, 0, 4 * sizeof(uint16_t));
    /* The counts so far: search() has found that they do not settle it by themselves. */
    count_bounds(c, s, lo, hi);
    if (c->dehla || s->hidden_holder >= 0) {
        /* (Dehla: captures wait for a streak, so the counts are all there is; a closed trump
         * still face down will make a suit trumps at the first player out of a suit, which
         * no cashing plan foresees) */
        if (*lo > *hi) *lo = *hi; /* value_of is monotone: never, but keep it safe */
        return;
    }
    /* What each side takes however the play goes. */
    int any_tricks[2] = {0, 0}, any_hand[2] = {-1, -1}; /* any_hand: whose top trumps count */
    unsigned any_tens[2] = {0, 0}, out_tens = 0;
    for (int suit = 0; suit < 4; suit++) out_tens |= ((s->out[suit] >> TEN) & 1u) << suit;
    if (s->trump >= 0) {
        int t = s->trump;
        /* Every card is played before the deal ends, each in a trick of its own: a hand's
         * trumps above all the other side's trumps each take a trick for its side (all its
         * trumps, when the other side has none). */
        unsigned side_trumps[2] = {0, 0};
        for (int p = 0; p < c->players; p++) side_trumps[p & 1] |= s->hand[p][t];
        for (int side = 0; side < 2; side++) {
            unsigned theirs = side_trumps[side ^ 1];
            unsigned above = theirs ? ~((2u << top_bit(theirs)) - 1) : ~0u;
            int most = 0;
            for (int p = side; p < c->players; p += 2) {
                int n = popc(s->hand[p][t] & above);
                if (n > most) {
                    most = n;
                    any_hand[side] = p;
                }
            }
            if (!most) continue;
            /* The trumps above the other side's are this side's run at the top of the suit:
             * pinning its lowest card pins who holds each of them, and so the count. (Not
             * the other side's top trump: wherever that card and the ones below it lie, they
             * stay below the run, so pinning it would cost every entry a card, and the small
             * cards of its holder's group with it. DDS pins no more either.) When the other
             * side has no trumps, the suit lengths (in the exact key) say it all. */
            unsigned run = s->out[t] & above;
            if (theirs) pin_any[side][t] |= (uint16_t)(run & -run);
            any_tricks[side] = most;
        }
        /* A side's top trump sitting right behind every higher trump, guarded by as many
         * lower ones (DDS's "later tricks", the king behind the ace, in general): a trick
         * for that side, unless the guard is on lead. Until its side wins a trick, the lead
         * stays with the other side or goes to a partner, so the seat before the guard, which
         * holds the higher trumps, plays before it in every trick: the guard spends a lower
         * trump under each of them, and its own whenever none of them was played (no one
         * after it can beat it then). */
        for (int X = 0; X < 2 && !s->cut_pending; X++) {
            if (any_tricks[X] || !side_trumps[X]) continue;
            unsigned top = 1u << top_bit(side_trumps[X]);
            unsigned above = side_trumps[X ^ 1] & ~((top << 1) - 1);
            int H = X;
            while (!(s->hand[H][t] & top)) H += 2;
            int R = (H + c->players - 1) % c->players;
            if (H != s->leader && (above & ~s->hand[R][t]) == 0 &&
                popc(s->hand[H][t]) > popc(above)) {
                any_tricks[X] = 1;
                pin_any[X][t] |= (uint16_t)top;
            }
        }
        /* The second and third trumps on the side not on lead, the second guarded (DDS's
         * rule too): a trick for that side. Until it wins one, the other side leads; the
         * guard plays trumps only to a lead of trumps (no rule makes it ruff), and the first
         * time it must, the top trump falls or the second or third, whichever plays after
         * the top trump's holder, wins; once the top trump is gone, the guard's second is the
         * top. */
        int X = (s->leader & 1) ^ 1;
        unsigned all_t = side_trumps[0] | side_trumps[1];
        if (c->players == 4 && !c->must_trump && !any_tricks[X] && !s->cut_pending &&
            popc(all_t) >= 3) {
            unsigned first = 1u << top_bit(all_t), second = 1u << top_bit(all_t & ~first);
            unsigned third = 1u << top_bit(all_t & ~first & ~second);
            int H = -1;
            for (int p = X; p < c->players; p += 2)
                if (s->hand[p][t] & second) H = p;
            if (H >= 0 && (side_trumps[X] & third) && popc(s->hand[H][t]) >= 2) {
                any_tricks[X] = 1;
                pin_any[X][t] |= (uint16_t)third;
            }
        }
        /* The ten of trumps goes to its holder's side when that side also holds every
         * higher trump still out: whenever it is played, the trick's best trump is theirs. */
        if (c->objective != OBJ_TRICKS && (all_t & (1u << TEN))) {
            int side = (side_trumps[0] >> TEN) & 1 ? 0 : 1;
            if (!(side_trumps[side ^ 1] >> (TEN + 1))) {
                pin_any[side][t] |= (uint16_t)(1u << TEN);
                any_tens[side] |= 1u << t;
            }
        }
    }
    /* What the other side surely takes: when that settles the search, the plans of the side
     * on lead need not be counted. */
    int S = s->leader & 1;
    /* What each side must take to settle the search by itself: A/C reaching beta, B/D
     * holding A/C to alpha (in tricks, under the tricks objective; in tens, under tens). */
    int settle_tricks[2] = {beta - s->tricks[0], s->tricks[0] + left_tricks - alpha};
    int settle_tens[2] = {beta - s->tens[0], 4 - s->tens[1] - alpha};
    if (c->objective == OBJ_TRICKS && any_hand[S ^ 1] >= 0) {
        /* Fewer of the other side's master trumps may settle it: when one hand holds that
         * many at the top outright, pinning them alone says so (the other side's top trump
         * may lie far below). */
        int t = s->trump, k = settle_tricks[S ^ 1] < 1 ? 1 : settle_tricks[S ^ 1];
        if (k < any_tricks[S ^ 1]) {
            unsigned top = 0;
            for (int i = 0; i < k; i++) top |= 1u << top_bit(s->out[t] & ~top);
            if (!(top & ~s->hand[any_hand[S ^ 1]][t])) {
                pin_any[S ^ 1][t] = (uint16_t)(top & -top);
                any_tricks[S ^ 1] = k;
            }
        }
    }
    int other_tricks = any_tricks[S ^ 1], other_tens = popc(any_tens[S ^ 1]);
    int other = S == 0 ? value_of(c, 4 - s->tens[1] - other_tens,
                                  s->tricks[0] + left_tricks - other_tricks, TIE_HI(c))
                       : value_of(c, s->tens[0] + other_tens, s->tricks[0] + other_tricks,
                                  TIE_LO(c));
    int settled = S == 0 ? other <= alpha : other >= beta;
    /* What the side on lead takes by cashing: the leader's own winners, a partner's after
     * an entry to it, or both in turn; the best plan counts (the first that settles the
     * search is enough). Plan -1 is none: only what the side takes however the play goes. */
    int best_for_s = -INF, chosen = -1, capped = 0, chosen_q = 0;
    /* A plan stops counting where it settles the search, so that it pins no suit it did
     * not need. (The outcome weighs tricks and tens together: its plans count whole.) */
    int need = c->objective == OBJ_TRICKS ? settle_tricks[S] : INF;
    int need_tens = c->objective == OBJ_TENS ? settle_tens[S] : INF;
    uint16_t plan_pin[3][4];
    memset(plan_pin, 0, sizeof plan_pin);
    int own_q = 0, own_n[4]; /* the leader's plan, which the third plan builds on */
    unsigned own_tens = 0;
    for (int i = -1; i < (with_plans ? 3 : 0); i++) {
        unsigned tens = 0;
        int q;
        if (i == -1) {
            q = 0;
        } else if (i == 0) {
            unsigned helped = 0;
            q = own_q = sure_tricks(c, s, s->leader, plan_pin[0], &own_tens, &helped, own_n, need,
                                    need_tens);
            tens = own_tens | helped; /* (the third plan builds on own_tens alone) */
        } else if (i == 1) {
            q = partner_plan(c, s, plan_pin[1], &tens, need, need_tens);
        } else {
            memcpy(plan_pin[2], plan_pin[0], sizeof plan_pin[0]);
            q = cash_then_cross(c, s, own_q, own_tens, own_n, plan_pin[2], &tens, need, need_tens);
        }
        if (q < 0) continue;
        int tricks = q > any_tricks[S] ? q : any_tricks[S], cap = 0;
        if (tricks > left_tricks - any_tricks[S ^ 1]) { /* (sound bounds never meet here) */
            tricks = left_tricks - any_tricks[S ^ 1];
            cap = 1;
        }
        if (tricks >= left_tricks) tens = out_tens; /* every trick: every ten still out */
        int n_tens = popc(tens | any_tens[S]);
        int v = S == 0 ? value_of(c, s->tens[0] + n_tens, s->tricks[0] + tricks, TIE_LO(c))
                       : -value_of(c, 4 - s->tens[1] - n_tens,
                                   s->tricks[0] + left_tricks - tricks, TIE_HI(c));
        if (v > best_for_s) {
            best_for_s = v;
            chosen = i;
            capped = cap;
            chosen_q = q;
        }
        if (settled || (S == 0 ? best_for_s >= beta : -best_for_s <= alpha)) break;
    }
    uint16_t *pin_s = S == 0 ? pin_lo : pin_hi, *pin_o = S == 0 ? pin_hi : pin_lo;
    /* what the side on lead takes however the play goes counts only where the plan alone
     * does not reach it (or tens count, which it may add) */
    int any_used = c->objective != OBJ_TRICKS || chosen < 0 || any_tricks[S] > chosen_q;
    for (int suit = 0; suit < 4; suit++) {
        pin_s[suit] |= (chosen >= 0 ? plan_pin[chosen][suit] : 0) |
                       (any_used ? pin_any[S][suit] : 0) | (capped ? pin_any[S ^ 1][suit] : 0);
        pin_o[suit] |= pin_any[S ^ 1][suit];
    }
    if (S == 0) {
        *lo = best_for_s;
        *hi = other;
    } else {
        *hi = -best_for_s;
        *lo = other;
    }
}
