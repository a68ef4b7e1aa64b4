#include "moves.h"

/* Whether a card played now would beat what is on the table. */
int beats(const State *s, int win, int suit, int rank, int counts_trump) {
    if (counts_trump) return !s->ttrump[win] || rank > s->trank[win];
    if (s->ttrump[win]) return 0;
    return suit == s->tsuit[0] && rank > s->trank[win];
}

int current_winner(const Core *c, const State *s) {
    (void)c;
    int best = 0;
    for (int i = 1; i < s->ntable; i++)
        if (beats(s, best, s->tsuit[i], s->trank[i], s->ttrump[i])) best = i;
    return best;
}

/* Whether a player of the side other than `side`, still to play in this trick from place
 * `from` on (0: the leader), could beat the card (suit, rank, counts_trump) -- with a
 * higher card of the suit led, or by trumping. */
int opponents_can_beat(const Core *c, const State *s, int side, int from, int suit,
                              int rank, int counts_trump) {
    int led = s->ntable ? s->tsuit[0] : suit, t = s->trump;
    for (int i = from; i < c->players; i++) {
        int p = (s->leader + i) % c->players;
        if ((p & 1) == side) continue;
        const uint16_t *h = s->hand[p];
        if (h[led]) {
            if (led == t && !counts_trump) return 1; /* trumps led after a closed trump's late
                                                     * reveal outrank the cards before it */
            if (led == suit && (h[led] >> (rank + 1))) return 1; /* a higher card */
        } else if (s->cut_pending) {
            return 1; /* a void opponent names a trump and wins */
        } else if (t >= 0 && h[t]) {
            if (!counts_trump || (h[t] >> (rank + 1))) return 1; /* a ruff, an overruff */
        }
    }
    return 0;
}

/* The side that surely takes the trick under way, whatever is still to be played (-1: not
 * settled yet); `pin` receives the rank this relies on, the winning card's. */
int trick_taken_by(const Core *c, const State *s, uint16_t pin[4]) {
    int win = current_winner(c, s);
    int side = ((s->leader + win) % c->players) & 1;
    if (opponents_can_beat(c, s, side, s->ntable, s->tsuit[win], s->trank[win], s->ttrump[win]))
        return -1;
    pin[(int)s->tsuit[win]] |= (uint16_t)(1u << s->trank[win]);
    return side;
}

/* Whether the last hand to play to this trick is a partner of `seat` that surely takes it
 * by following suit: its top card beats the card winning now and every card the opponents
 * between can play. */
int partner_behind_wins(const Core *c, const State *s, int seat, int win) {
    int last = (s->leader + c->players - 1) % c->players, led = s->tsuit[0];
    if (((last ^ seat) & 1) || s->cut_pending || s->ttrump[win] != (led == s->trump)) return 0;
    unsigned theirs = s->hand[last][led];
    if (!theirs || top_bit(theirs) < s->trank[win]) return 0;
    int top = top_bit(theirs);
    for (int i = s->ntable + 1; i < c->players - 1; i++) {
        int p = (s->leader + i) % c->players;
        if ((p ^ seat) & 1) {
            unsigned h = s->hand[p][led];
            if (h >> top) return 0;
            if (!h && s->trump >= 0 && led != s->trump && s->hand[p][(int)s->trump]) return 0;
        }
    }
    return 1;
}

/* Whether (suit, r), played now for `team`, surely takes the trick under way: it beats the
 * card winning now and every card an opponent still to play (from place `after` on) could
 * beat it with. `pin` receives its rank, which this relies on. */
int takes_surely(const Core *c, const State *s, int team, int after, int win, int suit,
                        int r, int trumps, uint16_t pin[4]) {
    if (!beats(s, win, suit, r, trumps) || opponents_can_beat(c, s, team, after, suit, r, trumps))
        return 0;
    pin[suit] |= (uint16_t)(1u << r);
    return 1;
}

/* Whether the seat to move can make sure its side takes the trick under way: with its top
 * card of the suit led, or (void in it) its top trump; or its partner last to play surely
 * takes it, following suit or (void in the suit led) ruffing above everything. `pin`
 * receives the rank this relies on. */
int can_secure(const Core *c, const State *s, uint16_t pin[4]) {
    int seat = seat_to_play(c, s), team = seat & 1, led = s->tsuit[0], t = s->trump;
    int win = current_winner(c, s), after = s->ntable + 1;
    const uint16_t *h = s->hand[seat];
    if (h[led]) {
        if (takes_surely(c, s, team, after, win, led, top_bit(h[led]), t >= 0 && led == t, pin))
            return 1;
    } else if (!s->cut_pending && t >= 0 && h[t]) {
        if (takes_surely(c, s, team, after, win, t, top_bit(h[t]), 1, pin)) return 1;
    }
    if (after == c->players) return 0; /* the seat to move is the last */
    int last = (s->leader + c->players - 1) % c->players;
    const uint16_t *lh = s->hand[last];
    if (partner_behind_wins(c, s, seat, win)) {
        pin[led] |= (uint16_t)(1u << top_bit(lh[led]));
        return 1;
    }
    return !((last ^ seat) & 1) && !s->cut_pending && t >= 0 && led != t && !lh[led] && lh[t] &&
           takes_surely(c, s, team, after, win, t, top_bit(lh[t]), 1, pin);
}

int holder(const State *s, int suit, int rank) {
    for (int p = 0; p < 4; p++)
        if (s->hand[p][suit] >> rank & 1) return p;
    return -1;
}

void lead_suit(const State *s, int seat, int suit, LeadSuit *ls) {
    int lho = (seat + 1) & 3, pd = (seat + 2) & 3, rho = (seat + 3) & 3;
    int t = s->cut_pending ? -1 : s->trump, side_suit = t >= 0 && suit != t;
    const uint16_t(*h)[4] = s->hand;
    unsigned all = s->out[suit];
    ls->no_trump = t < 0;
    ls->top = top_bit(all);
    ls->top_owner = holder(s, suit, ls->top);
    unsigned rest = all & ~(1u << ls->top);
    ls->second = rest ? top_bit(rest) : -1;
    ls->second_owner = rest ? holder(s, suit, ls->second) : -1;
    rest &= rest ? ~(1u << ls->second) : 0;
    ls->third_owner = rest ? holder(s, suit, top_bit(rest)) : -1;
    ls->len_lho = popc(h[lho][suit]);
    ls->len_partner = popc(h[pd][suit]);
    ls->len_rho = popc(h[rho][suit]);
    ls->choice = ((ls->len_lho ? ls->len_lho : s->left) << 2) +
                 ((ls->len_rho ? ls->len_rho : s->left) << 2);
    ls->singleton_top = (ls->len_lho == 1 && ls->top_owner == lho) ||
                        (ls->len_rho == 1 && ls->top_owner == rho);
    if (ls->second_owner == pd && ls->third_owner == pd)
        ls->next_round = 2;
    else
        ls->next_round = ls->len_partner > 1 &&
                         ((ls->second_owner == seat && ls->third_owner == pd) ||
                          (ls->second_owner == pd && ls->third_owner == seat));
    int ruff_l = side_suit && !h[lho][suit] && h[lho][t];
    int ruff_r = side_suit && !h[rho][suit] && h[rho][t];
    int ruff_p = side_suit && !h[pd][suit] && h[pd][t];
    int lore = 0;
    if (ruff_l || ruff_r) lore -= 12; /* an opponent ruffs it */
    if (ruff_p && ls->len_rho) lore += 17; /* partner ruffs it */
    if (ls->top_owner == rho || ls->second_owner == rho) {
        if (ls->len_rho != 1) lore -= 12; /* into the hand behind, holding a top card */
    } else if (ls->top_owner == lho && ls->second_owner == pd && ls->len_partner != 1) {
        lore += 27; /* towards partner's second-best card, over the top one */
    }
    if (side_suit && popc(h[seat][suit]) == 1 && h[seat][t] && ls->len_partner > 1 &&
        ls->top_owner == pd)
        lore += 19; /* a singleton: partner wins and returns it for a ruff */
    ls->trump_lore = lore;
    /* whether the top card takes the trick: no opponent ruffs it, nor partner (void) unless
     * partner's trump is above a ruffing opponent's */
    if (!side_suit)
        ls->top_wins = 1;
    else if (ls->len_partner || !h[pd][t])
        ls->top_wins = !ruff_l && !ruff_r;
    else
        ls->top_wins =
            (ls->len_lho || h[pd][t] > h[lho][t]) && (ls->len_rho || h[pd][t] > h[rho][t]);
    /* a lower card: partner's top card in the suit, or partner's ruff */
    if (h[pd][suit] > (h[lho][suit] | h[rho][suit]))
        ls->low_wins = !ruff_l && !ruff_r;
    else if (ruff_p)
        ls->low_wins = ruff_l && ruff_r ? h[pd][t] > (h[lho][t] | h[rho][t])
                       : ruff_l         ? h[pd][t] > h[lho][t]
                       : ruff_r         ? h[pd][t] > h[rho][t]
                                        : 1;
    else
        ls->low_wins = 0;
}

/* DDS's weight for leading card r with a trump; `place`: 1 for the top card out, down;
 * `sequence`: the next card out below it is the leader's too. */
int trump_lead_weight(const LeadSuit *ls, int seat, int r, int place, int sequence,
                             int wins, int killer) {
    int pd = (seat + 2) & 3;
    int d = -((ls->choice << 5) / 13) + ls->trump_lore;
    if (killer) d += wins ? 55 : 18;
    if (wins) { /* the side takes this trick */
        if (ls->singleton_top) return d + 35 + place;
        if (ls->top_owner == seat) {
            if (ls->second_owner == pd) return d + 48 + place;
            return r == ls->top ? d + 31 : d - 3 + place;
        }
        if (ls->top_owner == pd) return d + (ls->second_owner == seat ? 42 : 28) + place;
        if (sequence && r == ls->second) return d + 40;
        return d + (sequence ? 22 : 11) + place;
    }
    /* the side loses it: a lead that sets up the next round */
    d += ls->next_round == 2 ? 20 : ls->next_round ? 13 : 0;
    if (ls->singleton_top) return d + place + 2;
    if (ls->top_owner == seat) {
        if (ls->second_owner == pd) return d + 33 + place;
        return r == ls->top ? d + 38 : d - 14 + place;
    }
    if (ls->top_owner == pd) return d + 34 + place;
    if (sequence && r == ls->second) return d + 35;
    return d + 15 - r;
}

/* The same without a trump: a lead that surely takes its trick is worth more, and the
 * cut-off bonus is larger. */
int no_trump_lead_weight(const LeadSuit *ls, int seat, int r, int place, int sequence,
                                int wins, int killer) {
    int pd = (seat + 2) & 3, lho = (seat + 1) & 3, rho = (seat + 3) & 3;
    int d = -((ls->choice << 5) / 19);
    if (!ls->len_partner) d -= 9;
    if (wins) { /* the side takes this trick */
        if (ls->second_owner == rho) {
            if (ls->len_rho != 1) d -= 1;
        } else if (ls->second_owner == lho) {
            d += ls->len_lho != 1 ? 22 : 16;
        }
        int guarded = (ls->second_owner == lho && ls->len_lho != 1) ||
                      (ls->second_owner == rho && ls->len_rho != 1);
        return d + (guarded ? 18 : 45) + place + (killer ? 126 : 0);
    }
    if (ls->top_owner == rho || ls->second_owner == rho) {
        if (ls->len_rho != 1) d -= 10; /* into the hand behind, holding a top card */
    } else if (ls->top_owner == lho && ls->second_owner == pd && ls->len_partner != 1) {
        d += 31; /* towards partner's second-best card, over the top one */
    }
    d += ls->next_round == 2 ? 35 : ls->next_round ? 25 : 0;
    if (killer) d += 47;
    if (ls->singleton_top) return d + 28 + place;
    if (ls->top_owner == seat) return d - 17 + place;
    if (!sequence) return d + 12 + place;
    return r == ls->second ? d + 48 : d + 29 - place;
}

/* The weight of leading card r of the suit (the top card of its group); `killer`: the
 * same lead proved a bound at this depth last time (DDS's bonus). */
int lead_weight(const State *s, int seat, int suit, int r, const LeadSuit *ls,
                       int killer) {
    unsigned all = s->out[suit], below = all & ((1u << r) - 1);
    int place = popc(all >> r);
    int sequence = below && (s->hand[seat][suit] >> top_bit(below) & 1);
    int wins = r == ls->top ? ls->top_wins : ls->low_wins;
    return ls->no_trump ? no_trump_lead_weight(ls, seat, r, place, sequence, wins, killer)
                        : trump_lead_weight(ls, seat, r, place, sequence, wins, killer);
}

/* The third hand at four players, following suit, its partner's card or the second
 * hand's winning so far, and unable to beat the fourth hand's top card: the lowest card
 * above the fourth hand's next group, which makes it spend that top card to win (DDS's
 * "force out the ace"); -1 when there is none. */
int forcing_card(const State *s, int seat, int win) {
    int fourth = (s->leader + 3) & 3, led = s->tsuit[0];
    unsigned theirs = s->hand[fourth][led], mine = s->hand[seat][led];
    if (!theirs || !mine || (s->ttrump[win] && led != s->trump)) return -1;
    int top = top_bit(theirs);
    if (top_bit(mine) > top) return -1; /* beating it is another matter */
    /* the cards between: anyone's but the fourth hand's */
    unsigned between = cards_out(s, led) & ~theirs & ((1u << top) - 1);
    if (!between) return -1; /* its cards below the top are all in the top's group */
    unsigned next = theirs & ((1u << top_bit(between)) - 1);
    int second = next ? top_bit(next) : -1;
    if (second <= s->trank[win]) return -1; /* the card winning now forces it already */
    unsigned above = mine & ~((2u << second) - 1);
    return above ? __builtin_ctz(above) : -1;
}

void second_hand_weights(const State *s, Move *m, int n, int tens_count, int w[]) {
    int L = s->leader, third = (L + 2) & 3, fourth = (L + 3) & 3, led = s->tsuit[0];
    int t = s->trump, no_trump = t < 0 || !cards_out(s, t);
    const uint16_t(*h)[4] = s->hand;
    unsigned out = cards_out(s, led), t3 = no_trump ? 0 : h[third][t];
    unsigned t4 = no_trump ? 0 : h[fourth][t];
    int max3rd = dds_rank(h[third][led]), maxpd = dds_rank(h[fourth][led]);
    int min3rd = dds_low(h[third][led]), minpd = dds_low(h[fourth][led]);
    int lead = s->trank[0] + 2;
    int partner_beats = maxpd > lead && maxpd > max3rd; /* in the suit: the lead and third's */
    for (int k = 0; k < n; k++) {
        int r = m[k].high + 2, sequence = m[k].low != m[k].high, wins;
        int beats_both = r > lead && r > max3rd; /* the lead and the third hand's cards */
        int place = popc(out >> m[k].high); /* 1 for the highest card out (DDS's relRank) */
        if (no_trump) {
            wins = beats_both || partner_beats;
            if (partner_beats) w[k] = -r;
            else if (beats_both) w[k] = 81 - r;
            else if (min3rd > r || minpd > r) w[k] = -3 + place; /* makes no difference */
            else if (r < lead) w[k] = -11 + place;
            else w[k] = sequence ? 10 + place : 13 - r;
        } else {
            /* whether the second hand's side takes the trick (DDS's test, as it is) */
            if (led == t)
                wins = partner_beats || beats_both;
            else if (beats_both)
                wins = max3rd != 0 || !t3 || (maxpd == 0 && t4 > t3);
            else if (partner_beats)
                wins = max3rd != 0 || !t3;
            else if (lead > maxpd && lead > max3rd && lead > r)
                wins = maxpd == 0 && t4 && (max3rd != 0 || !t3 || t4 > t3);
            else
                wins = maxpd == 0 && t4 != 0;
            if (wins) {
                if (min3rd > r)
                    w[k] = 40 + place; /* partner must be the one to win */
                else if (maxpd > lead && h[L][led] > h[fourth][led])
                    w[k] = 41 + place;
                else if (r > lead)
                    w[k] = r < maxpd   ? 78 - r
                           : r > max3rd ? 73 - r
                           : sequence   ? 62 - r
                                        : 49 - r;
                else
                    w[k] = maxpd > 0 ? 47 - r : 40 - r;
            } else if (r < min3rd || r < minpd) {
                w[k] = -9 + place; /* beaten anyway */
            } else if (r < lead) {
                w[k] = -16 + place; /* beaten already */
            } else {
                w[k] = sequence ? 22 - r : 10 - r;
            }
        }
        if (tens_count && m[k].high == TEN) w[k] += wins ? 30 : -80;
    }
}

/* The legal cards of the seat to move, one per group of equivalent cards, best first.
 * rep_of[suit][rank] receives, for every legal card, the representative searched. */
int gen_moves(const Core *c, const State *s, Move *out, int8_t rep_of[4][13]) {
    const uint32_t(*hist)[13] = c->history[seat_to_play(c, s)];
    uint16_t legal[4];
    legal_masks(c, s, legal);
    int seat = seat_to_play(c, s), team = seat & 1;
    int n = 0;
    int win = s->ntable ? current_winner(c, s) : 0;
    int win_team = s->ntable ? ((s->leader + win) % c->players) & 1 : -1;
    int last = s->ntable == c->players - 1;
    /* Under the tricks objective a ten is a card like any other: it joins its neighbours'
     * group and earns no bonus or penalty of its own. */
    int tens_count = c->objective != OBJ_TRICKS, on_table = table_tens(c, s);
    /* Version B: a player out of the suit led (not the face-down trump's holder, unless
     * holder-may-ask) may also ask for the trump with any card it may then play: those
     * moves come besides. */
    uint16_t vis[4];
    visible_hand(c, s, seat, vis);
    int can_ask = s->hidden_holder >= 0 && s->hidden_b && s->ntable > 0 &&
                  (seat != s->hidden_holder || (c->closed & MR_CLOSED_HOLDER_ASKS)) &&
                  !vis[(int)s->tsuit[0]];
    if (!can_ask && popc(legal[0]) + popc(legal[1]) + popc(legal[2]) + popc(legal[3]) == 1) {
        for (int suit = 0; suit < 4; suit++) /* one card: nothing to order */
            if (legal[suit]) {
                int r = top_bit(legal[suit]);
                out[0].suit = (int8_t)suit;
                out[0].low = out[0].high = (int8_t)r;
                out[0].no_ten = 0;
                out[0].ask = 0;
                out[0].score = 0;
                if (rep_of) rep_of[suit][r] = (int8_t)r;
            }
        return 1;
    }
    /* the second hand following suit at four players: DDS's weights, below */
    int second_follows = s->ntable == 1 && c->players == 4 && !s->cut_pending &&
                         s->hand[seat][(int)s->tsuit[0]];
    int behind_wins = s->ntable && !last && !second_follows && partner_behind_wins(c, s, seat, win);
    /* partner winning now, and no opponent still to play can beat it */
    int after = s->ntable + 1; /* the places still to play after this seat */
    int partner_safe = s->ntable && win_team == team &&
                       (last || !opponents_can_beat(c, s, team, after, s->tsuit[win],
                                                    s->trank[win], s->ttrump[win]));
    for (int suit = 0; suit < 4; suit++) {
        unsigned mine = legal[suit];
        if (!mine) continue;
        unsigned out_cards = cards_out(s, suit);
        unsigned others = out_cards & ~s->hand[seat][suit];
        /* (a face-down closed trump that stays down parts the cards either side of it) */
        unsigned own = s->hand[seat][suit];
        int down = seat == s->hidden_holder && suit == s->hidden_suit ? s->hidden_rank : -1;
        if (down >= 0) own &= mine | ~(1u << down);
        /* What a lead of this suit meets, the same for each of its cards: whether an
         * opponent can ruff it, whether partner holds the top card out, and how many cards
         * the opponents have to choose from (a void opponent may play anything). */
        int lead_ruffed = 0, partner_top = 0, opp_choice = 0;
        LeadSuit ls_store; /* a lead at four players is weighed as DDS does */
        const LeadSuit *ls = NULL;
        if (s->ntable == 0 && c->players == 4) {
            lead_suit(s, seat, suit, &ls_store);
            ls = &ls_store;
        }
        if (s->ntable == 0 && !ls) {
            int tb = others ? top_bit(others) : -1;
            for (int p = 0; p < c->players; p++) {
                if (p == seat) continue;
                const uint16_t *h = s->hand[p];
                if (!((p ^ seat) & 1)) {
                    if (tb >= 0 && (h[suit] >> tb & 1)) partner_top = 1;
                    continue;
                }
                int len = popc(h[suit]);
                opp_choice += (len ? len : s->left + 1) * 4;
                if (!len && (s->cut_pending ||
                             (s->trump >= 0 && suit != s->trump && h[(int)s->trump])))
                    lead_ruffed = 1;
            }
        }
        int prev = -1; /* the card above */
        int cur = -1;  /* the group of the card above */
        int over_ten = -1; /* when the card above is the ten, with no other player's card
                            * between it and the group above it: that group (else -1) */
        for (unsigned rest = mine; rest; rest &= ~(1u << top_bit(rest))) {
            int r = top_bit(rest), next_to = 0;
            if (prev >= 0) {
                unsigned between = out_cards & ((1u << prev) - 1) & ~((2u << r) - 1);
                next_to = between == 0 || (between & ~own) == 0;
            }
            if (down >= 0 && (r == down || prev == down)) next_to = 0; /* it turns the trump up */
            if (next_to && (!tens_count || (r != TEN && prev != TEN))) {
                /* no other player's card between: same group as the card above */
                out[cur].low = (int8_t)r;
                prev = r;
                continue;
            }
            if (next_to && prev == TEN && over_ten >= 0) {
                /* Where tens count, the ten is a move of its own, but the cards either side
                 * of it (J T 9 in one hand) are still equivalent: the group above it takes
                 * this card, passing over the ten. */
                out[over_ten].low = (int8_t)r;
                out[over_ten].no_ten = 1;
                cur = over_ten;
                over_ten = -1;
                prev = r;
                continue;
            }
            over_ten = r == TEN && next_to ? cur : -1;
            prev = r;
            cur = n;
            /* Score the representative: a lead at four players as DDS does (above), any
             * other card by a card player's rules of thumb. */
            int score = 0, ten = tens_count && r == TEN;
            if (ls) {
                const int8_t *k = c->killer[(int)s->left];
                int killer = k[0] == suit + 1 && k[1] == r;
                score = lead_weight(s, seat, suit, r, ls, killer);
                /* a ten its side takes: it wins, or partner's top card or ruff does */
                if (ten && ((r == ls->top && ls->top_wins) || ls->low_wins)) score += 40;
            } else if (second_follows) {
                /* weighed once the groups are complete */
            } else if (s->ntable == 0) {
                int counts_trump = s->trump >= 0 && suit == s->trump;
                /* above every other card out, and no opponent can ruff it */
                int sure = !lead_ruffed && (others == 0 || r > top_bit(others));
                if (sure)
                    score = 30 + (ten ? 20 : 0);
                else if (ten)
                    score = -60;
                else if (partner_top)
                    score = 40 - r;
                else
                    score = 10 - r;
                if (counts_trump && !sure) score -= 20;
                /* A smaller tree first (DDS's insight): a suit where the opponents have few
                 * cards to choose from. */
                score -= opp_choice * 64 / 13;

            } else {
                int counts_trump = (s->trump >= 0 && suit == s->trump) ||
                                   (s->cut_pending && suit != s->tsuit[0]);
                int wins_now = beats(s, win, suit, r, counts_trump);
                /* A trump played to another suit's lead that does not surely take the
                 * trick (an underruff, or a ruff an opponent may still beat while partner
                 * is winning) is a trump wasted: thrown after the other suits' low cards.
                 * (Ruffing a trick partner surely wins is not: it takes the lead. But
                 * underruffing partner's ruff also makes the trick one won by rank, whose
                 * ranks the table must then pin.) */
                int spent = s->trump >= 0 && suit == s->trump && s->tsuit[0] != s->trump ? 20 : 0;
                if (win_team == team) {
                    /* Partner is winning: give a ten if it is safe, else play low. */
                    if (partner_safe)
                        score = ten ? 90 : 20 - r - (wins_now ? 0 : spent);
                    else if (wins_now &&
                             !opponents_can_beat(c, s, team, after, suit, r, counts_trump))
                        score = 60 - r + (on_table ? 30 : 0); /* take over, surely */
                    else
                        score = ten ? -40 : 20 - r - spent;
                } else if (behind_wins) {
                    score = ten ? 90 : 20 - r; /* the last hand, a partner, takes it */
                } else if (wins_now) {
                    int sure =
                        last || !opponents_can_beat(c, s, team, after, suit, r, counts_trump);
                    if (sure)
                        score = 70 - r + (on_table ? 30 : 0) + (ten ? 20 : 0);
                    else
                        score = 30 - r + (ten ? -40 : 0);
                } else {
                    score = (ten ? -80 : 0) - r - spent;
                }
                if (suit != s->tsuit[0] && !counts_trump && !tens_count) {
                    /* A discard (DDS's weights): from a long suit, and not the guard of the
                     * second-best card out (the small card of Kx). (Where tens count, the
                     * plain rank order does better: measured.) */
                    int len = popc(s->hand[seat][suit]);
                    score += len * 64 / 36;
                    if (len == 2 && popc(others >> top_bit(s->hand[seat][suit])) == 1) score -= 4;
                }
            }
            out[n].suit = (int8_t)suit;
            out[n].low = out[n].high = (int8_t)r;
            out[n].no_ten = 0;
            out[n].ask = 0;
            out[n].score = with_history(score, hist[suit][r]);
            n++;
        }
    }
    if (second_follows) {
        int w[13];
        second_hand_weights(s, out, n, tens_count, w);
        for (int i = 0; i < n; i++)
            out[i].score = with_history(w[i], hist[(int)out[i].suit][(int)out[i].high]);
    }
    if (can_ask) {
        /* Asking makes its suit trumps, and then a trump must be played if held; each such
         * move is one card (no grouping: few positions have them). */
        int hs = s->hidden_suit;
        for (int suit = 0; suit < 4; suit++) {
            unsigned cards = s->hand[seat][hs] ? (suit == hs ? s->hand[seat][hs] : 0)
                                               : s->hand[seat][suit];
            for (; cards; cards &= cards - 1) {
                int r = __builtin_ctz(cards);
                out[n].suit = (int8_t)suit;
                out[n].low = out[n].high = (int8_t)r;
                out[n].no_ten = 0;
                out[n].ask = 1;
                out[n].score = with_history(suit == hs ? 40 - r : -40 - r, hist[suit][r]);
                n++;
            }
        }
    }
    /* Under the tricks objective the forcing card goes before the other low cards (where
     * tens count, the tens decide what to spend: not measured better there). */
    int force = s->ntable == 2 && c->players == 4 && !tens_count ? forcing_card(s, seat, win) : -1;
    if (force >= 0)
        for (int i = 0; i < n; i++)
            if (out[i].suit == s->tsuit[0] && out[i].low == force) out[i].score += 20 * 4096;
    if (rep_of)
        for (int i = 0; i < n; i++)
            for (int r = out[i].low; r <= out[i].high && !out[i].ask; r++)
                if ((legal[(int)out[i].suit] & (1u << r)) && in_group(&out[i], r))
                    rep_of[(int)out[i].suit][r] = out[i].low;
    /* insertion sort, best first */
    for (int i = 1; i < n; i++) {
        Move m = out[i];
        int j = i - 1;
        while (j >= 0 && out[j].score < m.score) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = m;
    }
    return n;
}

/* Place of a card among the cards of its suit still out (0 = highest), and back. */
int rel_of(const Core *c, const State *s, int suit, int rank) {
    return popc(s->out[suit] & ~((2u << rank) - 1));
}

int rank_at(const Core *c, const State *s, int suit, int rel) {
    unsigned all = s->out[suit];
    for (int r = 12; r >= 0; r--)
        if (all & (1u << r)) {
            if (rel == 0) return r;
            rel--;
        }
    return -1;
}
