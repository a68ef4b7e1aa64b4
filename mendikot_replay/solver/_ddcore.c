/*
 * The compiled core of the double-dummy solver (mendikot_replay.solver).
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
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXP 8
#define TEN 8 /* rank index of the ten: 0 is the two, 12 the ace */
#define INF 1000

enum { OBJ_OUTCOME = 0, OBJ_TENS = 1, OBJ_TRICKS = 2 };

typedef struct {
    uint16_t hand[MAXP][4]; /* rank masks: bit r is rank index r */
    int8_t leader;
    int8_t ntable;
    int8_t tsuit[MAXP], trank[MAXP], ttrump[MAXP]; /* the trick so far, from the leader */
    int8_t trump;       /* -1: no trump (yet) */
    int8_t cut_pending; /* cut trump not named yet */
    int8_t hidden_holder, hidden_suit, hidden_rank; /* a closed trump still face down, in its
                                                     * holder's hand (holder -1: none) */
    int8_t hidden_b; /* version B: a player out of the suit led may ask for it, or not */
    int8_t tricks[2], tens[2];
    int8_t pile_tricks, pile_tens, streak_seat; /* Dehla */
    int8_t left;                                /* tricks left, the one under way included */
    uint16_t out[4]; /* each suit's cards still in a hand (kept by play(); the made-up
                      * positions of the cashing plans leave it as it was) */
} State;

/* The transposition table is a partition table: a bucket holds the exact part of a
 * position (each seat's length in each suit, the leader, the trump, the counts the
 * objective needs), and a chain of patterns under it. A pattern pins, per suit, only the
 * owners of the top k cards still out -- the ranks the search found relevant (the "winning
 * ranks" of partition search): any position with the same exact part whose top cards
 * match shares the entry's bounds, whatever its small cards. */
typedef struct {
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
#define SEGMENTS 16
#define FIRST_BLOCK 2
#define MAX_BLOCK 16
typedef union {
    Pattern p;
    struct {
        int32_t next, next_epoch, n, cap;
    } h;
} Slot;

typedef struct {
    PyObject_HEAD int players;
    int total_tricks;
    int dehla;
    int must_trump;
    int objective;
    int bits; /* bits per owner in a packed suit */
    Bucket *buckets;
    uint64_t mask;
    Slot *pool;
    int32_t seg_size, seg_used; /* slots in a segment; slots used in the one being filled */
    int32_t seg;                /* the segment being filled */
    int32_t epoch[SEGMENTS];
    uint64_t gen;
    unsigned long long nodes, trick_nodes; /* every card searched; the trick starts among them */
    unsigned long long expanded; /* trick starts neither the bounds nor the table settled */
    uint32_t history[MAXP][4][13]; /* cut-offs each card caused: a move-ordering hint */
    int8_t killer[14][2]; /* per tricks left, the lead that last proved a bound there (suit + 1
                           * and its group's top card; 0: none): DDS's "best move" */
} Core;

static inline int popc(unsigned x) { return __builtin_popcount(x); }
static inline int top_bit(unsigned x) { return 31 - __builtin_clz(x); }

/* ---- the deal result, as mendikot_replay.core.result.deal_result decides it ----------- */
static int outcome_of(int tens_ac, int tricks_ac, int total) {
    int tens_bd = 4 - tens_ac, tricks_bd = total - tricks_ac;
    if (tricks_ac == total) return 3;
    if (tens_ac == 4) return 2;
    if (tens_ac == 3) return 1;
    if (tricks_bd == total) return -3;
    if (tens_bd == 4) return -2;
    if (tens_bd == 3) return -1;
    if (2 * tricks_ac > total) return 1;
    if (2 * tricks_bd > total) return -1;
    return 0;
}

static int final_value(const Core *c, const State *s) {
    if (c->objective == OBJ_TENS) return s->tens[0];
    if (c->objective == OBJ_TRICKS) return s->tricks[0];
    return outcome_of(s->tens[0], s->tricks[0], c->total_tricks);
}

/* ---- playing a card ----------------------------------------------------------------- */
static inline int seat_to_play(const Core *c, const State *s) {
    int seat = s->leader + s->ntable; /* (no division: this runs at every node) */
    return seat >= c->players ? seat - c->players : seat;
}

/* Play (suit, rank) for the seat to move; the card is legal. Ends the trick when full.
 * Returns, when the trick ended and its winner won by rank (another card of its suit was
 * in the trick), the winner as suit * 16 + rank: that rank is relevant; else -1. */
static int play_move(const Core *c, State *s, int suit, int rank, int ask) {
    int seat = seat_to_play(c, s);
    int n = s->ntable;
    s->hand[seat][suit] &= (uint16_t)~(1u << rank);
    s->out[suit] &= (uint16_t)~(1u << rank);
    s->tsuit[n] = (int8_t)suit;
    s->trank[n] = (int8_t)rank;
    if (s->hidden_holder >= 0 &&
        ((s->hidden_b ? ask : n > 0 && suit != s->tsuit[0]) ||
         (seat == s->hidden_holder && suit == s->hidden_suit && rank == s->hidden_rank))) {
        /* The closed trump is turned up: version A, a player could not follow suit (its suit
         * is trump from the start of this trick on); version B, a player out of the suit led
         * asks for it (trump from this card on); either, its holder plays it as its last
         * card. The card is back in its holder's hand. */
        s->trump = s->hidden_suit;
        s->hidden_holder = -1;
        if (!s->hidden_b)
            for (int i = 0; i < n; i++) s->ttrump[i] = (int8_t)(s->tsuit[i] == s->trump);
        s->hidden_suit = s->hidden_rank = s->hidden_b = 0;
    }
    if (n > 0 && s->cut_pending && suit != s->tsuit[0]) {
        s->trump = (int8_t)suit; /* the first discard names the trump and is one */
        s->cut_pending = 0;
        s->ttrump[n] = 1;
    } else {
        s->ttrump[n] = (int8_t)(s->trump >= 0 && suit == s->trump);
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
            s->streak_seat = -1;
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

static inline int play(const Core *c, State *s, int suit, int rank) {
    return play_move(c, s, suit, rank, 0);
}

/* The cards of a seat's hand it may choose from: all of them, but a face-down closed trump
 * stays down while its holder has another card. */
static inline void visible_hand(const State *s, int seat, uint16_t v[4]) {
    memcpy(v, s->hand[seat], 4 * sizeof(uint16_t));
    if (seat != s->hidden_holder) return;
    uint16_t down = (uint16_t)(1u << s->hidden_rank);
    if (popc(v[0]) + popc(v[1]) + popc(v[2]) + popc(v[3]) > 1) v[(int)s->hidden_suit] &= ~down;
}

/* The cards the seat to move may play, as one rank mask per suit (version B: without asking
 * for a face-down trump; gen_moves adds the asks). */
static void legal_masks(const Core *c, const State *s, uint16_t out[4]) {
    int seat = seat_to_play(c, s);
    uint16_t h[4];
    visible_hand(s, seat, h);
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
        memcpy(h, s->hand[seat], 4 * sizeof(uint16_t));
    }
    if (c->must_trump && trump >= 0 && h[trump]) {
        out[trump] = h[trump];
        return;
    }
    memcpy(out, h, 4 * sizeof(uint16_t));
}

/* ---- the partition table ----------------------------------------------------------- */

/* Bit tricks for packing owners, by table (a 13-bit compress is one instruction, pext,
 * only on some machines): compress_lo[m][b] packs the bits of b at m's set places, for the
 * low 7 bits (compress_hi: the high 6); spread[v] moves bit i of v to bit 2i. Filled when
 * the module loads. */
static uint8_t compress_lo[128][128], compress_hi[64][64];
static uint16_t spread[256];

static void fill_bit_tables(void) {
    for (unsigned m = 0; m < 128; m++)
        for (unsigned b = 0; b < 128; b++) {
            unsigned out = 0, at = 0;
            for (unsigned i = 0; i < 7; i++)
                if (m >> i & 1) out |= (b >> i & 1) << at++;
            compress_lo[m][b] = (uint8_t)out;
            if (m < 64 && b < 64) compress_hi[m][b] = (uint8_t)out;
        }
    for (unsigned v = 0; v < 256; v++) {
        unsigned out = 0;
        for (unsigned i = 0; i < 8; i++) out |= (v >> i & 1) << (2 * i);
        spread[v] = (uint16_t)out;
    }
}

/* The bits of b at the places of mask's set bits, packed from the lowest. */
static inline unsigned compress13(unsigned b, unsigned mask) {
    return compress_lo[mask & 127][b & 127] |
           (unsigned)compress_hi[mask >> 7][(b >> 7) & 63] << __builtin_popcount(mask & 127);
}

static inline uint64_t spread13(unsigned v) {
    return (uint64_t)spread[v & 255] | (uint64_t)spread[v >> 8] << 16;
}

/* Each suit's cards still out, highest first, as packed owners (and how many): the lowest
 * card in the lowest bits. */
static void suit_owners(const Core *c, const State *s, uint64_t w[4], int count[4], int ten_at[4]) {
    int bits = c->bits;
    for (int suit = 0; suit < 4; suit++) {
        uint64_t x = 0;
        unsigned all = s->out[suit];
        int n = popc(all), t = -1;
        if (all >> TEN & 1) t = n - 1 - popc(all & ((1u << TEN) - 1)); /* its place from the top */
        if (c->players == 4) {
            /* the owner's two bits, each packed down to the cards out, then interleaved */
            unsigned b0 = s->hand[1][suit] | s->hand[3][suit];
            unsigned b1 = s->hand[2][suit] | s->hand[3][suit];
            x = spread13(compress13(b0, all)) | spread13(compress13(b1, all)) << 1;
        } else {
            int at = 0;
            for (unsigned left = all; left; left &= left - 1, at += bits) {
                int r = __builtin_ctz(left), owner = 0;
                while (!(s->hand[owner][suit] & (1u << r))) owner++;
                x |= (uint64_t)owner << at;
            }
        }
        w[suit] = x;
        count[suit] = n;
        ten_at[suit] = t;
    }
}

/* Each suit's top k cards' owners, as a pattern stores them (k from 0 to the suit's count):
 * worked out once per lookup, so that matching a pattern is a comparison per suit. */
typedef struct {
    uint32_t at[4][14];
} Tops;

static void tops_of(const Core *c, const uint64_t w[4], const int count[4], Tops *t) {
    for (int suit = 0; suit < 4; suit++) {
        t->at[suit][0] = 0;
        for (int k = 1; k <= count[suit]; k++)
            t->at[suit][k] = (uint32_t)(w[suit] >> ((count[suit] - k) * c->bits));
    }
}

static void exact_key(const Core *c, const State *s, const int ten_at[4], uint64_t k[3]) {
    k[0] = k[1] = 0;
    for (int p = 0; p < c->players; p++)
        for (int suit = 0; suit < 4; suit++) {
            int at = p * 4 + suit; /* 4 bits each: 16 per word */
            k[at >> 4] |= (uint64_t)popc(s->hand[p][suit]) << ((at & 15) * 4);
        }
    uint64_t m = (uint64_t)s->leader | ((uint64_t)(s->trump + 1) << 3) |
                 ((uint64_t)s->cut_pending << 6) |
                 ((uint64_t)(s->hidden_holder + 1) << 8) | ((uint64_t)s->hidden_suit << 12) |
                 ((uint64_t)s->hidden_rank << 14) | ((uint64_t)s->hidden_b << 18) |
                 ((uint64_t)c->objective << 60); /* an outcome search asks the others too */
    /* No counts so far, even for the outcome: see lo_applies(). */
    if (c->dehla) {
        m |= ((uint64_t)s->pile_tricks << 24) | ((uint64_t)s->pile_tens << 28) |
             ((uint64_t)(s->streak_seat + 1) << 32);
    }
    if (c->objective != OBJ_TRICKS) {
        /* whether each ten is still out (where it lies is the pattern's: see
         * ten_places_match) */
        for (int suit = 0; suit < 4; suit++)
            m |= (uint64_t)(ten_at[suit] < 0 ? 1 : 0) << (40 + 4 * suit);
    }
    k[2] = m;
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

#define PROBES 8
#define CHAIN 32 /* blocks scanned at most per position */

static inline int live(const Core *c, int32_t at, int32_t epoch) {
    return at >= 0 && c->epoch[at / c->seg_size] == epoch;
}

/* The bucket of an exact key (NULL when absent and not `create`). A new key takes the first
 * free bucket of its probe sequence -- never used, or whose patterns all went with an
 * emptied segment of the arena -- else the first of the sequence (recent entries are worth
 * more than deep ones here: keeping the deepest measured slower). */
static Bucket *find_bucket(Core *c, const uint64_t k[3], uint64_t h, int create) {
    Bucket *victim = NULL;
    for (int i = 0; i < PROBES; i++) {
        Bucket *b = &c->buckets[(h + (uint64_t)i) & c->mask];
        if (b->gen != c->gen) {
            if (!victim) victim = b;
            break; /* keys go to the first free bucket: none lies beyond a never-used one */
        }
        if (memcmp(b->k, k, sizeof b->k) == 0) return b;
        if (!victim && !live(c, b->head, b->head_epoch)) victim = b; /* dead: free to take */
    }
    if (!create) return NULL;
    if (!victim) victim = &c->buckets[h & c->mask]; /* all taken: the first one goes */
    memcpy(victim->k, k, sizeof victim->k);
    victim->gen = c->gen;
    victim->head = -1;
    victim->head_epoch = 0;
    return victim;
}

/* Who holds each ten still out, packed: a pattern pins each ten's owner, and its place
 * (ten_places_match), not every card above it. */
static uint16_t ten_owners(const Core *c, const uint64_t w[4], const int count[4],
                           const int ten_at[4]) {
    if (c->objective == OBJ_TRICKS) return 0;
    uint16_t out = 0;
    for (int suit = 0; suit < 4; suit++)
        if (ten_at[suit] >= 0)
            out |= (uint16_t)(((w[suit] >> ((count[suit] - 1 - ten_at[suit]) * c->bits)) &
                               ((1u << c->bits) - 1))
                              << (3 * suit));
    return out;
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

/* Room for a block of `slots` slots, in the segment being filled (emptying the next one
 * and moving to it when this one is full). */
static int32_t allocate(Core *c, int slots) {
    if (c->seg_used + slots > c->seg_size) {
        c->seg = c->seg + 1 == SEGMENTS ? 0 : c->seg + 1;
        c->epoch[c->seg]++;
        c->seg_used = 0;
    }
    int32_t at = c->seg * c->seg_size + c->seg_used;
    c->seg_used += slots;
    return at;
}

/* Generations of the bucket array, unique across the process: a bucket of another
 * generation is free. A new Core may take over a freed Core's memory (see below), whose
 * buckets then hold older generations, so each table start takes a generation no table
 * has used (64 bits: they never run out). */
static uint64_t last_gen;

static void new_generation(Core *c) { c->gen = ++last_gen; }

static void reset_table(Core *c) {
    for (int i = 0; i < SEGMENTS; i++) c->epoch[i]++;
    c->seg = 0;
    c->seg_used = 0;
    new_generation(c);
}

/* The memory of the last table freed, kept for the next Core of the same size (as DDS
 * keeps its memory between solves). A fresh table's pages cost a page fault each on first
 * use -- over a tenth of a small solve's time -- and the solver makes a Core per solve.
 * Links into the arena are only followed from a bucket of the table's own generation, so
 * what an earlier owner left there is never read. (Only touched with the GIL held.) */
static struct {
    Bucket *buckets;
    Slot *pool;
    uint64_t mask;
} spare;

static void release_table(Core *c) {
    if (!c->buckets || !c->pool) {
        free(c->buckets);
        free(c->pool);
    } else {
        free(spare.buckets);
        free(spare.pool);
        spare.buckets = c->buckets;
        spare.pool = c->pool;
        spare.mask = c->mask;
    }
    c->buckets = NULL;
    c->pool = NULL;
}

static void store(Core *c, const State *s, const uint64_t k[3], uint64_t h, const uint64_t w[4],
                  const int count[4], const int ten_at[4], const uint16_t wr[4], int lo, int hi,
                  int bsuit, int brel) {
    Pattern np;
    memset(&np, 0, sizeof np);
    for (int suit = 0; suit < 4; suit++) {
        int kk = 0;
        if (wr[suit]) {
            unsigned all = s->out[suit];
            int low = __builtin_ctz(wr[suit]);
            kk = popc(all & ~((1u << low) - 1));
        }
        if (kk * c->bits > 32) return; /* 6 or 8 players, 11+ cards pinned: not kept */
        np.kk[suit] = (uint8_t)kk;
        np.top[suit] = kk ? (uint32_t)(w[suit] >> ((count[suit] - kk) * c->bits)) : 0;
    }
    np.tens = ten_owners(c, w, count, ten_at);
    for (int suit = 0; suit < 4; suit++) { /* each ten's place, as ten_places_match reads it */
        unsigned at = c->objective == OBJ_TRICKS || ten_at[suit] < 0 ? 15
                      : ten_at[suit] < np.kk[suit]                    ? (unsigned)ten_at[suit]
                                                                      : 14;
        np.ten_at |= (uint16_t)(at << (4 * suit));
    }
    np.lo = (int8_t)lo;
    np.hi = (int8_t)hi;
    np.lo_at[0] = np.hi_at[0] = s->tens[0];
    np.lo_at[1] = np.hi_at[1] = s->tricks[0];
    np.bsuit = (uint8_t)bsuit;
    np.brel = (uint8_t)brel;
    Bucket *b = find_bucket(c, k, h, 1);
    int scanned = 0;
    for (int32_t i = b->head, e = b->head_epoch; live(c, i, e) && scanned < CHAIN;
         e = c->pool[i].h.next_epoch, i = c->pool[i].h.next, scanned++) {
        int n = c->pool[i].h.n;
        for (int j = 0; j < n; j++) {
            Pattern *p = &c->pool[i + 1 + j].p;
            if (memcmp(p->kk, np.kk, 4) == 0 && memcmp(p->top, np.top, sizeof np.top) == 0 &&
                p->tens == np.tens && p->ten_at == np.ten_at) {
                /* a bound replaces the pattern's when it is stronger or applies more widely
                 * (or the two cannot be compared: the newer wins) */
                if (lo > -120 && (lo > p->lo || !lo_applies(c, p, s))) {
                    p->lo = (int8_t)lo;
                    p->lo_at[0] = np.lo_at[0];
                    p->lo_at[1] = np.lo_at[1];
                }
                if (hi < 120 && (hi < p->hi || !hi_applies(c, p, s))) {
                    p->hi = (int8_t)hi;
                    p->hi_at[0] = np.hi_at[0];
                    p->hi_at[1] = np.hi_at[1];
                }
                if (brel != 255) {
                    p->bsuit = (uint8_t)bsuit;
                    p->brel = (uint8_t)brel;
                }
                return;
            }
        }
    }
    int cap = FIRST_BLOCK;
    if (live(c, b->head, b->head_epoch)) {
        Slot *head = &c->pool[b->head];
        if (head->h.n < head->h.cap) {
            c->pool[b->head + 1 + head->h.n++].p = np;
            return;
        }
        cap = head->h.cap * 2 > MAX_BLOCK ? MAX_BLOCK : head->h.cap * 2;
    }
    int32_t at = allocate(c, cap + 1);
    c->pool[at].h.n = 1;
    c->pool[at].h.cap = cap;
    c->pool[at].h.next = b->head;
    c->pool[at].h.next_epoch = b->head_epoch;
    c->pool[at + 1].p = np;
    b->head = at;
    b->head_epoch = c->epoch[at / c->seg_size];
}

/* ---- bounds at a trick boundary ----------------------------------------------------- */

/* The k-th suit a cashing plan plays: the trump suit (t, or -1 for none) first. */
static inline int plan_suit(int t, int k) {
    return t >= 0 ? (k == 0 ? t : (k <= t ? k - 1 : k)) : k;
}

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
static int sure_tricks(const Core *c, const State *s, int L, uint16_t pin[4], unsigned *tens,
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
static int entry_to_partner(const Core *c, const State *s, uint16_t pin[4], unsigned *ten,
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
static int partner_plan(const Core *c, const State *s, uint16_t pin[4], unsigned *tens,
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
static int cash_then_cross(const Core *c, const State *s, int q, unsigned own_tens,
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

static inline int value_of(const Core *c, int ac_tens, int ac_tricks) {
    if (c->objective == OBJ_TRICKS) return ac_tricks;
    if (c->objective == OBJ_TENS) return ac_tens;
    return outcome_of(ac_tens, ac_tricks, c->total_tricks);
}

/* Lowest and highest value the counts so far allow: A/C take nothing more, or everything
 * still to be taken. When they decide a search, it relies on no card at all. */
static inline void count_bounds(const Core *c, const State *s, int *lo, int *hi) {
    int left_tricks = c->total_tricks - s->tricks[0] - s->tricks[1];
    *lo = value_of(c, s->tens[0], s->tricks[0]);
    *hi = value_of(c, 4 - s->tens[1], s->tricks[0] + left_tricks);
}

/* Lowest and highest value the rest of the deal can give, from the counts and what each
 * side surely takes; used to stop a search whose window (alpha, beta) these already decide,
 * and worked out no further than it takes to decide it. `pin_lo` and `pin_hi` receive the
 * ranks each bound relies on (a search settled by one bound alone is shared by more
 * positions when it pins only that bound's cards). Without `with_plans`, only what each
 * side takes however the play goes counts, not what the side on lead can cash (the plans
 * cost most of the time). */
static void bounds(const Core *c, const State *s, int alpha, int beta, int *lo, int *hi,
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
                                  s->tricks[0] + left_tricks - other_tricks)
                       : value_of(c, s->tens[0] + other_tens, s->tricks[0] + other_tricks);
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
        int v = S == 0 ? value_of(c, s->tens[0] + n_tens, s->tricks[0] + tricks)
                       : -value_of(c, 4 - s->tens[1] - n_tens,
                                   s->tricks[0] + left_tricks - tricks);
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

/* Whether card r (of the group's suit) belongs to the group. */
static inline int in_group(const Move *m, int r) {
    return m->low <= r && r <= m->high && !(r == TEN && m->no_ten);
}

/* Whether a card played now would beat what is on the table. */
static int beats(const State *s, int win, int suit, int rank, int counts_trump) {
    if (counts_trump) return !s->ttrump[win] || rank > s->trank[win];
    if (s->ttrump[win]) return 0;
    return suit == s->tsuit[0] && rank > s->trank[win];
}

static int current_winner(const Core *c, const State *s) {
    (void)c;
    int best = 0;
    for (int i = 1; i < s->ntable; i++)
        if (beats(s, best, s->tsuit[i], s->trank[i], s->ttrump[i])) best = i;
    return best;
}

/* Whether a player of the side other than `side`, still to play in this trick from place
 * `from` on (0: the leader), could beat the card (suit, rank, counts_trump) -- with a
 * higher card of the suit led, or by trumping. */
static int opponents_can_beat(const Core *c, const State *s, int side, int from, int suit,
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
static int trick_taken_by(const Core *c, const State *s, uint16_t pin[4]) {
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
static int partner_behind_wins(const Core *c, const State *s, int seat, int win) {
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
static int takes_surely(const Core *c, const State *s, int team, int after, int win, int suit,
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
static int can_secure(const Core *c, const State *s, uint16_t pin[4]) {
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

static int holder(const State *s, int suit, int rank) {
    for (int p = 0; p < 4; p++)
        if (s->hand[p][suit] >> rank & 1) return p;
    return -1;
}

static void lead_suit(const State *s, int seat, int suit, LeadSuit *ls) {
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
static int trump_lead_weight(const LeadSuit *ls, int seat, int r, int place, int sequence,
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
static int no_trump_lead_weight(const LeadSuit *ls, int seat, int r, int place, int sequence,
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
static int lead_weight(const State *s, int seat, int suit, int r, const LeadSuit *ls,
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
static int forcing_card(const State *s, int seat, int win) {
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

static void second_hand_weights(const State *s, Move *m, int n, int tens_count, int w[]) {
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

/* A card's place in the order: its weight first, the cut-offs it caused (the history
 * heuristic) among cards of equal weight. */
static inline int with_history(int weight, uint32_t cutoffs) {
    return weight * 4096 + (int)(cutoffs > 4095 ? 4095 : cutoffs);
}

/* The legal cards of the seat to move, one per group of equivalent cards, best first.
 * rep_of[suit][rank] receives, for every legal card, the representative searched. */
static int gen_moves(const Core *c, const State *s, Move *out, int8_t rep_of[4][13]) {
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
    /* Version B: a player out of the suit led (not the face-down trump's holder) may also
     * ask for the trump with any card it may then play: those moves come besides. */
    int can_ask = s->hidden_holder >= 0 && s->hidden_b && s->ntable > 0 &&
                  seat != s->hidden_holder && !s->hand[seat][(int)s->tsuit[0]];
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
        if (seat == s->hidden_holder && suit == s->hidden_suit)
            own &= mine | ~(1u << s->hidden_rank);
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
static int rel_of(const Core *c, const State *s, int suit, int rank) {
    return popc(s->out[suit] & ~((2u << rank) - 1));
}

static int rank_at(const Core *c, const State *s, int suit, int rel) {
    unsigned all = s->out[suit];
    for (int r = 12; r >= 0; r--)
        if (all & (1u << r)) {
            if (rel == 0) return r;
            rel--;
        }
    return -1;
}

/* ---- the search --------------------------------------------------------------------- */
/* Whether a group of cards holds a ten whose capture the objective counts. */
static inline int ten_matters(const Core *c, const Move *m) {
    return c->objective != OBJ_TRICKS && in_group(m, TEN);
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

/* The cards a search settled by its bounds relies on (lo and hi settle the window whose
 * upper end is beta): the lower bound's when it settles it, the upper bound's when the
 * value stays below beta. Returns how many cards that pins. */
static int settling_pins(int lo, int hi, int beta, const uint16_t pin_lo[4],
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
static int read_table(Core *c, const State *s, const uint64_t key[3], uint64_t h,
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

static int search(Core *c, const State *s, int alpha, int beta, uint16_t wr[4]);

/* Every ten taken: the deal's result now hangs on A/C's tricks alone, and grows with them.
 * So whether it reaches beta is whether A/C take the fewest tricks that give beta -- a
 * tricks question, whose table entries keep no counts and so serve every position with
 * the same cards still to play, where an outcome entry serves only counts on its side of
 * the ones it was proved at. Returns a fail-soft bound, as search() does. */
static int tricks_decide(Core *c, const State *s, int beta, uint16_t wr[4]) {
    int tens = s->tens[0], total = c->total_tricks;
    int most = total - s->tricks[1], need = s->tricks[0];
    while (need <= most && outcome_of(tens, need, total) < beta) need++;
    if (need == s->tricks[0] || need > most) { /* the counts so far decide it */
        memset(wr, 0, 4 * sizeof(uint16_t));
        return outcome_of(tens, need > most ? most : need, total);
    }
    c->objective = OBJ_TRICKS;
    int g = search(c, s, need - 1, need, wr);
    c->objective = OBJ_OUTCOME;
    if (g < s->tricks[0]) g = s->tricks[0];
    if (g > most) g = most;
    /* g bounds A/C's final tricks (from below when it reaches need, else from above); the
     * result, monotone in them, is bounded alike */
    return outcome_of(tens, g, total);
}

/* Alpha-beta, fail-soft, values from A/C's side. `wr` receives the ranks the result
 * depends on (per suit), so that the table can share it with positions that differ only
 * in cards below them. */
static int search(Core *c, const State *s, int alpha, int beta, uint16_t wr[4]) {
    if (c->objective == OBJ_OUTCOME && s->tens[0] + s->tens[1] == 4 && beta == alpha + 1 &&
        s->left > 0)
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
        int lo = value_of(c, s->tens[0] + tens, s->tricks[0] + 1); /* A/C take it */
        int hi = value_of(c, 4 - s->tens[1] - tens, s->tricks[0] + s->left - 1); /* B/D do */
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
        if (all[i].high < small_below[(int)all[i].suit] && !ten_matters(c, &all[i]) &&
            !all[i].ask)
            continue;
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
         * rank is relevant). A ten is never small where tens count. */
        int ms = all[i].suit;
        if (small_below[ms] < 0 && !ten_matters(c, &all[i]) && !all[i].ask) {
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
static int probe(Core *c, const State *s, int beta, uint16_t wr[4]) {
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
static int exact_within(Core *c, const State *s, int guess, int lower, int upper) {
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

static int exact(Core *c, const State *s, int guess) {
    return exact_within(c, s, guess, -INF, INF);
}

/* Every card's exact value. The position's value v comes first: no card of the player to
 * move can do better than v, so a card shown to reach v is done in one null-window search,
 * and only the others need a full MTD(f). */
static void score_moves(Core *c, const State *s, const Move *moves, int n,
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
static void child_values(Core *c, const State *s, const Move *moves, int n, int alpha,
                         int beta, int asks, int values[2][4][13]) {
    uint16_t acc[4] = {0, 0, 0, 0}, cw[4];
    int8_t small_below[4] = {-1, -1, -1, -1};
    int small_value[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        const Move *m = &moves[i];
        int *slot = &values[(int)m->ask][(int)m->suit][(int)m->low];
        if (m->ask && !asks) continue;
        if (m->high < small_below[(int)m->suit] && !ten_matters(c, m) && !m->ask) {
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
        if (small_below[ms] < 0 && !ten_matters(c, m) && !m->ask) {
            unsigned pins = acc[ms];
            int low = pins ? __builtin_ctz(pins) : 13;
            if (m->low < low) {
                small_below[ms] = (int8_t)low;
                small_value[ms] = v;
            }
        }
    }
}

/* ---- Python glue -------------------------------------------------------------------- */
static int parse_state(Core *c, PyObject *arg, State *s) {
    PyObject *hands, *table, *tricks, *tens;
    PyObject *hidden;
    int leader, trump, cut, pile_tricks, pile_tens, streak;
    memset(s, 0, sizeof *s);
    if (!PyArg_ParseTuple(arg, "OiOiiOOiiiO", &hands, &leader, &table, &trump, &cut, &tricks,
                          &tens, &pile_tricks, &pile_tens, &streak, &hidden))
        return -1;
    s->hidden_holder = -1;
    if (hidden != Py_None) {
        int holder, suit, rank, version_b;
        if (!PyArg_ParseTuple(hidden, "iiip", &holder, &suit, &rank, &version_b)) return -1;
        if (holder < 0 || holder >= c->players || suit < 0 || suit > 3 || rank < 0 ||
            rank > 12) {
            PyErr_SetString(PyExc_ValueError, "bad face-down trump");
            return -1;
        }
        s->hidden_holder = (int8_t)holder;
        s->hidden_suit = (int8_t)suit;
        s->hidden_rank = (int8_t)rank;
        s->hidden_b = (int8_t)version_b;
    }
    PyObject *hs = PySequence_Fast(hands, "hands must be a sequence");
    if (!hs) return -1;
    if (PySequence_Fast_GET_SIZE(hs) != c->players) {
        Py_DECREF(hs);
        PyErr_SetString(PyExc_ValueError, "one hand per seat is needed");
        return -1;
    }
    for (int p = 0; p < c->players; p++) {
        PyObject *suits = PySequence_Fast(PySequence_Fast_GET_ITEM(hs, p), "a hand is 4 masks");
        if (!suits) {
            Py_DECREF(hs);
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(suits) != 4) {
            Py_DECREF(suits);
            Py_DECREF(hs);
            PyErr_SetString(PyExc_ValueError, "a hand is 4 rank masks");
            return -1;
        }
        for (int suit = 0; suit < 4; suit++) {
            long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(suits, suit));
            if (m < 0 || m >= (1 << 13)) {
                Py_DECREF(suits);
                Py_DECREF(hs);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad rank mask");
                return -1;
            }
            s->hand[p][suit] = (uint16_t)m;
        }
        Py_DECREF(suits);
    }
    Py_DECREF(hs);
    for (int suit = 0; suit < 4; suit++) {
        s->out[suit] = 0;
        for (int p = 0; p < c->players; p++) s->out[suit] |= s->hand[p][suit];
    }
    PyObject *ts = PySequence_Fast(table, "table must be a sequence");
    if (!ts) return -1;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(ts);
    if (nt >= c->players) {
        Py_DECREF(ts);
        PyErr_SetString(PyExc_ValueError, "too many cards on the table");
        return -1;
    }
    for (Py_ssize_t i = 0; i < nt; i++) {
        int suit, rank, is_trump;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(ts, i), "iii", &suit, &rank, &is_trump)) {
            Py_DECREF(ts);
            return -1;
        }
        s->tsuit[i] = (int8_t)suit;
        s->trank[i] = (int8_t)rank;
        s->ttrump[i] = (int8_t)is_trump;
    }
    Py_DECREF(ts);
    s->ntable = (int8_t)nt;
    s->leader = (int8_t)leader;
    s->trump = (int8_t)trump;
    s->cut_pending = (int8_t)cut;
    int k0, k1, t0, t1;
    if (!PyArg_ParseTuple(tricks, "ii", &k0, &k1)) return -1;
    if (!PyArg_ParseTuple(tens, "ii", &t0, &t1)) return -1;
    s->tricks[0] = (int8_t)k0;
    s->tricks[1] = (int8_t)k1;
    s->tens[0] = (int8_t)t0;
    s->tens[1] = (int8_t)t1;
    s->pile_tricks = (int8_t)pile_tricks;
    s->pile_tens = (int8_t)pile_tens;
    s->streak_seat = (int8_t)streak;
    if (leader < 0 || leader >= c->players || trump < -1 || trump > 3) {
        PyErr_SetString(PyExc_ValueError, "bad leader or trump");
        return -1;
    }
    if (s->hidden_holder >= 0 &&
        (trump >= 0 || cut ||
         !(s->hand[s->hidden_holder][(int)s->hidden_suit] >> s->hidden_rank & 1))) {
        PyErr_SetString(PyExc_ValueError,
                        "a face-down trump lies in its holder's hand, with no trump yet");
        return -1;
    }
    int seat = seat_to_play(c, s);
    int held = 0;
    for (int suit = 0; suit < 4; suit++) held += popc(s->hand[seat][suit]);
    s->left = (int8_t)held; /* the seat to move has not played to the trick under way */
    int remaining = c->total_tricks - s->tricks[0] - s->tricks[1] - s->pile_tricks;
    if (s->left != remaining) {
        PyErr_SetString(PyExc_ValueError, "hand sizes and counts disagree");
        return -1;
    }
    return 0;
}

static PyObject *Core_search(Core *self, PyObject *args) {
    PyObject *st;
    int alpha, beta;
    State s;
    if (!PyArg_ParseTuple(args, "Oii", &st, &alpha, &beta)) return NULL;
    if (parse_state(self, st, &s) < 0) return NULL;
    int v;
    uint16_t wr[4];
    Py_BEGIN_ALLOW_THREADS v = search(self, &s, alpha, beta, wr);
    Py_END_ALLOW_THREADS return PyLong_FromLong(v);
}

static PyObject *Core_value(Core *self, PyObject *args) {
    PyObject *st;
    int guess = 0;
    State s;
    if (!PyArg_ParseTuple(args, "O|i", &st, &guess)) return NULL;
    if (parse_state(self, st, &s) < 0) return NULL;
    int v;
    Py_BEGIN_ALLOW_THREADS v = exact(self, &s, guess);
    Py_END_ALLOW_THREADS return PyLong_FromLong(v);
}

/* The moves of a position as Python's [(suit, rank index, ask, value)], best rank first:
 * each card that stands for itself or for its group (`rep`), then each card that may ask
 * (`asks`, a mask of ranks a suit), with its value from `values[ask]`. */
static PyObject *move_list(int8_t rep[4][13], const uint16_t asks[4], int values[2][4][13]) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int ask = 0; ask < 2; ask++)
        for (int suit = 0; suit < 4; suit++)
            for (int r = 12; r >= 0; r--) {
                if (ask ? !(asks[suit] >> r & 1) : rep[suit][r] < 0) continue;
                int value = ask ? values[1][suit][r] : values[0][suit][(int)rep[suit][r]];
                PyObject *item = Py_BuildValue("(iiii)", suit, r, ask, value);
                if (!item || PyList_Append(out, item) < 0) {
                    Py_XDECREF(item);
                    Py_DECREF(out);
                    return NULL;
                }
                Py_DECREF(item);
            }
    return out;
}

/* Every legal move of the seat to move with its exact value: [(suit, rank, ask, value)] (ask:
 * version B, the card played asking for the face-down trump). */
static PyObject *Core_score(Core *self, PyObject *args) {
    PyObject *st;
    State s;
    if (!PyArg_ParseTuple(args, "O", &st)) return NULL;
    if (parse_state(self, st, &s) < 0) return NULL;
    if (s.left == 0) return PyList_New(0);
    Move moves[52];
    int8_t rep[4][13];
    int values[2][4][13];
    memset(rep, -1, sizeof rep);
    int n = gen_moves(self, &s, moves, rep);
    Py_BEGIN_ALLOW_THREADS score_moves(self, &s, moves, n, values);
    Py_END_ALLOW_THREADS
    uint16_t asks[4] = {0, 0, 0, 0}; /* the cards that may ask (one move each) */
    for (int i = 0; i < n; i++)
        if (moves[i].ask) asks[(int)moves[i].suit] |= (uint16_t)(1u << moves[i].low);
    return move_list(rep, asks, values);
}

/* children(state, alpha, beta, asks=True) -> [(suit, rank index, ask, value)]: every legal
 * move (without the asks when `asks` is false) with its child's fail-soft null-window value
 * (child_values). */
static PyObject *Core_children(Core *self, PyObject *args) {
    PyObject *st;
    int alpha, beta, asks = 1;
    State s;
    if (!PyArg_ParseTuple(args, "Oii|p", &st, &alpha, &beta, &asks)) return NULL;
    if (parse_state(self, st, &s) < 0) return NULL;
    if (s.left == 0) return PyList_New(0);
    Move moves[52];
    int8_t rep[4][13];
    int values[2][4][13];
    memset(rep, -1, sizeof rep);
    int n = gen_moves(self, &s, moves, rep);
    Py_BEGIN_ALLOW_THREADS child_values(self, &s, moves, n, alpha, beta, asks, values);
    Py_END_ALLOW_THREADS
    uint16_t ask_cards[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        if (moves[i].ask && asks) ask_cards[(int)moves[i].suit] |= (uint16_t)(1u << moves[i].low);
    return move_list(rep, ask_cards, values);
}

static PyObject *Core_clear(Core *self, PyObject *Py_UNUSED(ignored)) {
    reset_table(self);
    Py_RETURN_NONE;
}

static PyObject *Core_get_nodes(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static PyObject *Core_get_trick_nodes(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->trick_nodes);
}

static PyObject *Core_get_expanded(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->expanded);
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"players", "total_tricks", "dehla", "must_trump", "objective",
                             "table_bits", NULL};
    int players, total, dehla, must, objective, bits = 20;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iippi|i", kwlist, &players, &total, &dehla,
                                     &must, &objective, &bits))
        return -1;
    if (players != 4 && players != 6 && players != 8) {
        PyErr_SetString(PyExc_ValueError, "4, 6 or 8 players");
        return -1;
    }
    if (objective < 0 || objective > 2 || bits < 4 || bits > 28 || total < 1 || total > 13) {
        PyErr_SetString(PyExc_ValueError, "bad objective, table size or trick count");
        return -1;
    }
    self->players = players;
    self->total_tricks = total;
    self->dehla = dehla;
    self->must_trump = must;
    self->objective = objective;
    self->bits = players == 4 ? 2 : 3;
    release_table(self); /* (init called again) */
    self->mask = ((uint64_t)1 << bits) - 1;
    self->seg_size = ((int32_t)1 << (bits + 2)) / SEGMENTS;
    if (spare.buckets && spare.mask == self->mask) {
        self->buckets = spare.buckets;
        self->pool = spare.pool;
        spare.buckets = NULL;
        spare.pool = NULL;
    } else {
        self->buckets = calloc((size_t)1 << bits, sizeof(Bucket));
        self->pool = malloc((size_t)self->seg_size * SEGMENTS * sizeof(Slot));
    }
    if (!self->buckets || !self->pool) {
        release_table(self);
        PyErr_NoMemory();
        return -1;
    }
    new_generation(self);
    self->seg_used = 0;
    self->seg = 0;
    for (int i = 0; i < SEGMENTS; i++) self->epoch[i] = i + 1;
    memset(self->history, 0, sizeof self->history);
    memset(self->killer, 0, sizeof self->killer);
    self->nodes = self->trick_nodes = self->expanded = 0;
    return 0;
}

static void Core_dealloc(Core *self) {
    release_table(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Core_methods[] = {
    {"search", (PyCFunction)Core_search, METH_VARARGS,
     "search(state, alpha, beta) -> value (fail-soft alpha-beta, A/C's side)"},
    {"value", (PyCFunction)Core_value, METH_VARARGS, "value(state, guess=0) -> exact value"},
    {"score", (PyCFunction)Core_score, METH_VARARGS,
     "score(state) -> [(suit, rank index, ask, value)] for every legal move"},
    {"children", (PyCFunction)Core_children, METH_VARARGS,
     "children(state, alpha, beta, asks=True) -> [(suit, rank index, ask, value)]: every "
     "legal move's null-window search over (alpha, beta), fail-soft"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "forget the transposition table"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "positions searched so far", NULL},
    {"trick_nodes", (getter)Core_get_trick_nodes, NULL,
     "positions searched so far at the start of a trick (what DDS counts)", NULL},
    {"expanded", (getter)Core_get_expanded, NULL,
     "of those, the ones neither the bounds nor the table settled (their cards were tried)",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "mendikot_replay._ddcore.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_doc = "Double-dummy search for one rule set and objective, with its own table.",
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_ddcore",
                                    "Compiled double-dummy search (see solver.py).", -1, NULL};

PyMODINIT_FUNC PyInit__ddcore(void) {
    fill_bit_tables();
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
