/*
 * The double-dummy core's plain C interface: no Python, no allocation the caller does not
 * see. The solver of mendikot_replay (its Python module, module.c, is a thin wrapper over
 * this header) and any C program can use it alike:
 *
 *     mr_core core = {0};                      (zeroed before the first init)
 *     mr_core_init(&core, 4, 13, 0, 0, MR_OBJ_OUTCOME, 20);
 *     mr_state state = {...};                  (hands as rank masks, the trick so far, ...)
 *     mr_state_ready(&core, &state, &why);     (checks it, fills what follows from it)
 *     int value = mr_value(&core, &state, 0);  (A/C's exact value)
 *     mr_core_release(&core);
 *
 * The caller owns every struct: a core holds its transposition table (allocated by init,
 * freed by release), a state is plain data, and the moves come back in the caller's array.
 * A core is used by one thread at a time; different cores may search at once. What the
 * search does and why is told in search.c; the table in table.c; the bounds in bounds.c;
 * the moves and their order in moves.c; playing a card in play.c.
 */
#ifndef MENDIKOT_DDCORE_H
#define MENDIKOT_DDCORE_H

#include <stdint.h>


/* The most seats at a table. Every name this header gives starts with mr_ or MR_. */
#define MR_MAX_PLAYERS 8

struct mr_state {
    uint16_t hand[MR_MAX_PLAYERS][4]; /* rank masks: bit r is rank index r */
    int8_t leader;
    int8_t ntable;
    int8_t tsuit[MR_MAX_PLAYERS], trank[MR_MAX_PLAYERS], ttrump[MR_MAX_PLAYERS]; /* the trick so far, from the leader */
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
};

#define MR_SEGMENTS 16 /* the table's pool is filled a segment at a time (table.c) */

struct mr_bucket;
union mr_slot;

/* A search for one rule set and objective, with its own transposition table. */
struct mr_core {
    int players;
    int total_tricks;
    int dehla;
    int must_trump;
    int split; /* the side that wins when the tens split 2-2 (0 A/C, 1 B/D: the house rule
                * split-tens-non-dealer), or -1: the tricks decide, as usual */
    int streak_goes_on; /* Dehla: after a take the taker's run goes on (streak-goes-on) */
    int closed;         /* the closed trump's house rules, MR_CLOSED_* bits (0: none) */
    int tie_half;       /* tens 2-2, tricks even: the side that reached half first wins
                         * (tie-half-first), which is the side that did not take the last trick */
    int objective;
    int bits; /* bits per owner in a packed suit */
    struct mr_bucket *buckets;
    uint64_t mask;
    union mr_slot *pool;
    int32_t seg_size, seg_used; /* slots in a segment; slots used in the one being filled */
    int32_t seg;                /* the segment being filled */
    int32_t epoch[MR_SEGMENTS];
    uint64_t gen;
    unsigned long long nodes, trick_nodes; /* every card searched; the trick starts among them */
    unsigned long long expanded; /* trick starts neither the bounds nor the table settled */
    uint32_t history[MR_MAX_PLAYERS][4][13]; /* cut-offs each card caused: a move-ordering hint */
    int8_t killer[14][2]; /* per tricks left, the lead that last proved a bound there (suit + 1
                           * and its group's top card; 0: none): DDS's "best move" */
};

typedef struct mr_state mr_state;
typedef struct mr_core mr_core;

/* The objectives: MR_OBJ_OUTCOME the deal's result, MR_OBJ_TENS A/C's tens, MR_OBJ_TRICKS
 * A/C's tricks. */
enum { MR_OBJ_OUTCOME = 0, MR_OBJ_TENS = 1, MR_OBJ_TRICKS = 2 };

/* What the functions that can fail return. */
enum { MR_OK = 0, MR_BAD_RULES = -1, MR_NO_MEMORY = -2, MR_BAD_STATE = -3 };

/* The most moves a position has: each card (or group of equivalent cards) once, and under
 * a closed trump's version B each card that may ask for it once more. */
#define MR_MAX_MOVES 104

/* A move and its value: the card (suit 0-3, rank index 0-12, 0 the two), whether it asks for
 * the face-down trump (version B), and the value of the position after it. */
typedef struct {
    int8_t suit, rank, ask;
    int value;
} mr_move_value;

/* Fill the tables every core shares (done by the first mr_core_init too). */
void mr_init_tables(void);

/* Make `core` a search for `players` (4, 6 or 8) and `total_tricks` tricks a deal, Dehla
 * capture or Trick, must-trump or not, for `objective`, with a table of 2^table_bits
 * buckets (4 to 28; 20 is the Python solver's). A core used before is released first, so
 * it must be zeroed before its first init. MR_BAD_RULES or MR_NO_MEMORY: nothing held. */
int mr_core_init(mr_core *core, int players, int total_tricks, int dehla, int must_trump,
                 int objective, int table_bits);

/* The side that wins a deal whose tens split 2-2 (0 A/C, 1 B/D), whatever the tricks, or -1
 * for the usual rule (the tricks decide); a core starts with -1. A change forgets what the
 * table learnt. MR_BAD_RULES for another value. */
int mr_core_split(mr_core *core, int team);

/* Dehla capture: whether a player who takes the pile goes on with the run, so that its next
 * win takes again (1, the house rule streak-goes-on), or starts afresh (0; a core starts so).
 * A change forgets what the table learnt. */
void mr_core_streak(mr_core *core, int goes_on);

/* The closed trump's house rules, as bits (a core starts with none):
 * MR_CLOSED_HOLDER_ASKS (holder-may-ask, version B: the holder may ask too),
 * MR_CLOSED_IN_HAND (trump-card-in-hand: the face-down card counts for following and may be
 * played, which turns it up), MR_CLOSED_FROM_REVEAL (count-from-reveal, version A: trumps
 * from the revealing card on), MR_CLOSED_IF_TRUMPING (reveal-if-trumping, version A: turned up
 * only for a void player holding a trump, who must play one), MR_CLOSED_HIDDEN_TRUMPS
 * (hidden-trumps: the face-down suit is trumps from the first card). Returns MR_BAD_RULES for
 * bits it does not know. */
#define MR_CLOSED_HOLDER_ASKS 1
#define MR_CLOSED_IN_HAND 2
#define MR_CLOSED_FROM_REVEAL 4
#define MR_CLOSED_IF_TRUMPING 8
#define MR_CLOSED_HIDDEN_TRUMPS 16
int mr_core_closed(mr_core *core, int bits);

/* Whether tens 2-2 with the tricks split evenly is won by the side that reached half the
 * tricks first (1, the house rule tie-half-first) or is a tie (0; a core starts so). */
void mr_core_tie(mr_core *core, int half_first);

/* Give back the table's memory (kept for the next core of the same size). */
void mr_core_release(mr_core *core);

/* Forget what the table learnt (the next search starts afresh). */
void mr_core_clear(mr_core *core);

/* Check a state filled by the caller (hands, leader, table, trump, counts, the face-down
 * trump with hidden_holder -1 for none) and fill in what follows from it (each suit's cards
 * out, the tricks left). MR_BAD_STATE with `*why` a sentence when it cannot be searched. */
int mr_state_ready(const mr_core *core, mr_state *state, const char **why);

/* A fail-soft alpha-beta search: A/C's value, or a bound of it outside (alpha, beta). */
int mr_search(mr_core *core, const mr_state *state, int alpha, int beta);

/* A/C's exact value (MTD(f) from `guess`). */
int mr_value(mr_core *core, const mr_state *state, int guess);

/* Every legal move of the seat to move with its exact value, in `out` (best rank first,
 * suits in order, the asking moves after the others); returns how many. */
int mr_score(mr_core *core, const mr_state *state, mr_move_value out[MR_MAX_MOVES]);

/* Every legal move (the asking ones only with `asks`) with the fail-soft value of a
 * null-window search over (alpha, beta) of the position after it; returns how many. */
int mr_children(mr_core *core, const mr_state *state, int alpha, int beta, int asks,
                mr_move_value out[MR_MAX_MOVES]);

#endif
