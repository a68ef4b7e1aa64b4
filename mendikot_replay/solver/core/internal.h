/*
 * What the parts of the core share: the table's types, the helpers small enough to inline
 * everywhere, and each part's functions. Not part of the plain interface (ddcore.h).
 */
#ifndef MENDIKOT_DDCORE_INTERNAL_H
#define MENDIKOT_DDCORE_INTERNAL_H

#include <stdlib.h>
#include <string.h>

#include "ddcore.h"

/* The parts' short names for the interface's constants. */
#define MAXP MR_MAX_PLAYERS
#define SEGMENTS MR_SEGMENTS
#define TEN 8 /* rank index of the ten: 0 is the two, 12 the ace */
#define INF 1000
enum { OBJ_OUTCOME = MR_OBJ_OUTCOME, OBJ_TENS = MR_OBJ_TENS, OBJ_TRICKS = MR_OBJ_TRICKS };

typedef mr_state State;
typedef mr_core Core;

/* The transposition table is a partition table: a bucket holds the exact part of a
 * position (each seat's length in each suit, the leader, the trump, the counts the
 * objective needs), and a chain of patterns under it. A pattern pins, per suit, only the
 * owners of the top k cards still out -- the ranks the search found relevant (the "winning
 * ranks" of partition search): any position with the same exact part whose top cards
 * match shares the entry's bounds, whatever its small cards. */
typedef struct mr_bucket {
    uint64_t k[3];
    int32_t head, head_epoch;
    uint64_t gen; /* (64 bits: never wraps; the bucket is 40 bytes either way) */
} Bucket;
_Static_assert(sizeof(Bucket) == 40, "a bucket is 40 bytes");

typedef struct {
    uint32_t top[4]; /* owners of the top kk[suit] cards, packed, highest first */
    uint16_t tens;   /* the owner of each ten still out (3 bits a suit; tens, outcome) */
    uint8_t kk[4];
    int8_t lo, hi;       /* bounds, less the counts so far for tens and tricks */
    uint8_t bsuit, brel; /* best move: suit and place from the top among cards still out */
    int8_t lo_at[2], hi_at[2]; /* outcome: A/C's tens and tricks where lo and hi were proved */
    uint16_t ten_at; /* per suit, 4 bits: the ten's place among the top kk cards out (0: the
                      * highest), 14 below them, 15 none (played, or tens do not count) */
} Pattern;
_Static_assert(sizeof(Pattern) == 32, "a pattern is 32 bytes");

/* A bucket's patterns are kept in blocks, newest block first, so that a scan reads memory
 * in order; blocks grow (2, 4, 8, 16 patterns) so that the many positions seen once waste
 * little room. A block is a header slot followed by its patterns, in one arena.
 *
 * The arena is a ring of segments, filled in turn: when the one in use is full, the next
 * is emptied and filled, so the table always keeps all but the oldest sixteenth of what
 * it learnt (never all or nothing; two halves kept as little as half, and a search that
 * fills the table, of 25 M positions, needed 6% more). A link to a block carries the epoch
 * of the segment it points into; emptying a segment bumps its epoch, which invalidates
 * every link into it at once. */
#define FIRST_BLOCK 2
#define MAX_BLOCK 16
typedef union mr_slot {
    Pattern p;
    struct {
        int32_t next, next_epoch, n, cap;
    } h;
} Slot;

/* Each suit's top k cards' owners, as a pattern stores them (k from 0 to the suit's count):
 * worked out once per lookup, so that matching a pattern is a comparison per suit. */
typedef struct {
    uint32_t at[4][14];
} Tops;

#define PROBES 8
#define CHAIN 32 /* blocks scanned at most per position */

/* ---- move generation and ordering --------------------------------------------------- */
/* A group of equivalent cards. Its lowest card is the one searched: when it wins the trick
 * by rank it pins its rank, and so the whole group, for the table (see the end of
 * search()). */
typedef struct {
    int8_t suit;
    int8_t low, high; /* the lowest (searched) and highest cards of the group */
    int8_t no_ten;    /* the ten between them is not in the group: it is a move of its own */
    int8_t ask;       /* version B: the player asks for the face-down trump with this card */
    int score;
} Move;

/* Lead ordering at four players: the weights of DDS's move generator for a lead (Haglund
 * and Hein's `WeightAllocTrump0`, and `WeightAllocNT0` without a trump), redone here on
 * our state. They encode much bridge lore -- lead towards partner's second-best card, not
 * into the hand behind holding a top card, cash a top card while partner holds the second,
 * lead a singleton for a ruff from partner -- and with them the search visits far fewer
 * positions than with our rules of thumb below (measured, under every objective). Where
 * tens count, a ten that its side takes -- it wins, or partner's top card or ruff does --
 * goes first as well (a tenth fewer positions than with only a ten that wins by itself).
 * Our rules stay for six and eight players.
 *
 * First what a lead of the suit meets, the same for each of its cards. */
typedef struct {
    int no_trump;          /* no trump to ruff with (none, or a cut trump not yet named) */
    int top, top_owner;    /* the highest card out and its holder */
    int second, second_owner, third_owner; /* (-1: none) */
    int len_lho, len_partner, len_rho;
    int choice; /* the opponents' choice of cards (a void one may play any card), x4 */
    int singleton_top; /* an opponent's top card is a singleton */
    int next_round; /* 2: partner holds the second and third cards out; 1: partner, holding
                     * two or more, and the leader hold them; 0: neither */
    int trump_lore; /* with a trump: ruffs for either side, the hands holding top cards */
    int low_wins; /* whether a lower card still takes the trick for the side (partner's
                   * top card, or partner's ruff that no opponent can beat) */
    int top_wins; /* whether the top card takes the trick (no ruff against it) */
} LeadSuit;

/* The bit tables of table.c (filled by mr_init_tables). */
extern uint8_t compress_lo[128][128], compress_hi[64][64];
extern uint16_t spread[256];

static inline int popc(unsigned x) { return __builtin_popcount(x); }
static inline int top_bit(unsigned x) { return 31 - __builtin_clz(x); }

/* play.c: the deal's result, and playing a card */
int outcome_of(const Core *c, int tens_ac, int tricks_ac, int tie);
/* What an even split of the tricks at tens 2-2 is worth to a lower and an upper bound. */
#define TIE_LO(c) ((c)->tie_half ? -1 : 0)
#define TIE_HI(c) ((c)->tie_half ? 1 : 0)
int final_value(const Core *c, const State *s);
int play_move(const Core *c, State *s, int suit, int rank, int ask);
void legal_masks(const Core *c, const State *s, uint16_t out[4]);
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
/* search.c: alpha-beta, MTD(f), the children of a node */
int settling_pins(int lo, int hi, int beta, const uint16_t pin_lo[4],
                         const uint16_t pin_hi[4], uint16_t out[4]);
int read_table(Core *c, const State *s, const uint64_t key[3], uint64_t h,
                      const uint64_t w[4], const int count[4], const int ten_at[4], int alpha,
                      int beta, int *tlo, int *thi, const Pattern *from[2]);
int tricks_decide(Core *c, const State *s, int beta, uint16_t wr[4]);
int search(Core *c, const State *s, int alpha, int beta, uint16_t wr[4]);
int probe(Core *c, const State *s, int beta, uint16_t wr[4]);
int exact_within(Core *c, const State *s, int guess, int lower, int upper);
int exact(Core *c, const State *s, int guess);
void score_moves(Core *c, const State *s, const Move *moves, int n,
                        int values[2][4][13]);
void child_values(Core *c, const State *s, const Move *moves, int n, int alpha,
                         int beta, int asks, int values[2][4][13]);

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

/* ---- the search --------------------------------------------------------------------- */
/* Whether a group of cards holds a ten whose capture the objective counts. */
static inline int ten_matters(const Core *c, const Move *m) {
    return c->objective != OBJ_TRICKS && in_group(m, TEN);
}

/* Whether a move is never "one small card" standing for the seat's others of its suit (DDS):
 * a ten whose capture counts, an ask for the face-down trump, or the holder's face-down
 * card itself (playing it turns the trump up: the positions after it and after a smaller
 * card differ in more than small cards). */
static inline int never_small(const Core *c, const State *s, const Move *m) {
    return ten_matters(c, m) || m->ask ||
           (s->hidden_holder == seat_to_play(c, s) && m->suit == s->hidden_suit &&
            in_group(m, s->hidden_rank));
}

static inline void add_relevant(uint16_t wr[4], int rel) {
    if (rel >= 0) wr[rel >> 4] |= (uint16_t)(1u << (rel & 15));
}

/* Whether bounds lo and hi settle a search of the window (alpha, beta): the value reaches
 * beta, stays at most alpha, or is known. */
static inline int settles(int lo, int hi, int alpha, int beta) {
    return lo >= beta || hi <= alpha || lo == hi;
}

/* Whether a search that bounds lo and hi settle rests on the lower one: it reaches beta,
 * or the two meet (the value is then lo). Otherwise the upper one, at most alpha, settles
 * it, and the value is hi. */
static inline int settled_by_lo(int lo, int hi, int beta) { return lo >= beta || lo == hi; }

/* table.c: a new table of 2^bits buckets for `c` (MR_OK or MR_NO_MEMORY). */
int table_init(Core *c, int bits);

#endif
