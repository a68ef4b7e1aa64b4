/*
 * What the parts of the core share: the constants and the types (the state and the core,
 * the table's buckets and patterns, a move, a suit's lead weights), the bit tables and the
 * two bit counts every part uses. Each part's functions are in its own header: play.h,
 * table.h, bounds.h, moves.h, search.h (as DDS gives each part its own). Not part of the
 * plain interface (ddcore.h).
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

#endif
