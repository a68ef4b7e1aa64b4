#include "table.h"

/* ---- the partition table ----------------------------------------------------------- */

/* Bit tricks for packing owners, by table (a 13-bit compress is one instruction, pext,
 * only on some machines): compress_lo[m][b] packs the bits of b at m's set places, for the
 * low 7 bits (compress_hi: the high 6); spread[v] moves bit i of v to bit 2i. Filled when
 * the module loads. */
uint8_t compress_lo[128][128], compress_hi[64][64];
uint16_t spread[256];

void fill_bit_tables(void) {
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

/* Each suit's cards still out, highest first, as packed owners (and how many): the lowest
 * card in the lowest bits. */
void suit_owners(const Core *c, const State *s, uint64_t w[4], int count[4], int ten_at[4]) {
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

void tops_of(const Core *c, const uint64_t w[4], const int count[4], Tops *t) {
    for (int suit = 0; suit < 4; suit++) {
        t->at[suit][0] = 0;
        for (int k = 1; k <= count[suit]; k++)
            t->at[suit][k] = (uint32_t)(w[suit] >> ((count[suit] - k) * c->bits));
    }
}

void exact_key(const Core *c, const State *s, const int ten_at[4], uint64_t k[3]) {
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

/* The bucket of an exact key (NULL when absent and not `create`). A new key takes the first
 * free bucket of its probe sequence -- never used, or whose patterns all went with an
 * emptied segment of the arena -- else the first of the sequence (recent entries are worth
 * more than deep ones here: keeping the deepest measured slower). */
Bucket *find_bucket(Core *c, const uint64_t k[3], uint64_t h, int create) {
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
uint16_t ten_owners(const Core *c, const uint64_t w[4], const int count[4],
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

/* Room for a block of `slots` slots, in the segment being filled (emptying the next one
 * and moving to it when this one is full). */
int32_t allocate(Core *c, int slots) {
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

void new_generation(Core *c) { c->gen = ++last_gen; }

void reset_table(Core *c) {
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

void release_table(Core *c) {
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

void store(Core *c, const State *s, const uint64_t k[3], uint64_t h, const uint64_t w[4],
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

int table_init(Core *c, int bits) {
    c->mask = ((uint64_t)1 << bits) - 1;
    c->seg_size = ((int32_t)1 << (bits + 2)) / SEGMENTS;
    if (spare.buckets && spare.mask == c->mask) {
        c->buckets = spare.buckets;
        c->pool = spare.pool;
        spare.buckets = NULL;
        spare.pool = NULL;
    } else {
        c->buckets = calloc((size_t)1 << bits, sizeof(Bucket));
        c->pool = malloc((size_t)c->seg_size * SEGMENTS * sizeof(Slot));
    }
    if (!c->buckets || !c->pool) {
        release_table(c);
        return MR_NO_MEMORY;
    }
    new_generation(c);
    c->seg_used = 0;
    c->seg = 0;
    for (int i = 0; i < SEGMENTS; i++) c->epoch[i] = i + 1;
    return MR_OK;
}
