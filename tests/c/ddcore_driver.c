/*
 * A plain C program over the solver core's interface (ddcore.h, and flat.h for reading a
 * position), built by the tests with the system's compiler and no Python at all (and as
 * WebAssembly, run under Node's WASI): it reads positions, one a line, and prints every
 * legal move of each with its value, as the Python module's Core.score() gives them.
 *
 * A line: players total_tricks dehla must_trump objective split streak closed tie (the side
 * a 2-2 split of the tens goes to, -1 for none: mr_core_split; whether a Dehla run goes on
 * after a take: mr_core_streak; the closed trump's house rules, MR_CLOSED_* bits:
 * mr_core_closed; whether an even split of the tricks goes to the side that reached half
 * first: mr_core_tie), then the position as flat.h
 * lays it out (the hands, the leader, the table, the trump, the counts, the face-down
 * trump). It prints "suit rank ask value" for each move, separated by spaces, or
 * "error: why".
 *
 * Options (for benchmarks/bench_wasm.py, which runs this program natively and as
 * WebAssembly): --time starts each position with an empty table and ends its line with
 * "t=NANOSECONDS", the time mr_score took (the process's start and the reading left out);
 * --table-bits N sizes the table (16 by default; the Python solver's is 20).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddcore.h"
#include "flat.h"

#define MOST_NUMBERS 256

static long long now_ns(void) {
    struct timespec t; /* C11's clock: the same call natively and under WASI */
    timespec_get(&t, TIME_UTC);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    static mr_core core; /* zeroed: ready for its first init */
    static char line[8192];
    int timed = 0, table_bits = 16;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--time") == 0) timed = 1;
        else if (strcmp(argv[i], "--table-bits") == 0 && i + 1 < argc) table_bits = atoi(argv[++i]);
        else return 2;
    }
    int made = 0, rules[9] = {0};
    while (fgets(line, sizeof line, stdin)) {
        int32_t numbers[MOST_NUMBERS];
        int n = 0;
        char *at = line, *end;
        for (long v = strtol(at, &end, 10); end != at && n < MOST_NUMBERS; v = strtol(at, &end, 10)) {
            numbers[n++] = (int32_t)v;
            at = end;
        }
        if (n == 0) continue;
        if (n < 9) return 2;
        if (!made || memcmp(rules, numbers, sizeof rules) != 0) {
            if (mr_core_init(&core, numbers[0], numbers[1], numbers[2], numbers[3], numbers[4],
                             table_bits) != MR_OK) {
                printf("error: bad rules\n");
                made = 0;
                continue;
            }
            if (mr_core_split(&core, numbers[5]) != MR_OK) {
                printf("error: bad split\n");
                made = 0;
                continue;
            }
            mr_core_streak(&core, numbers[6]);
            if (mr_core_closed(&core, numbers[7]) != MR_OK) {
                printf("error: bad closed-trump rules\n");
                made = 0;
                continue;
            }
            mr_core_tie(&core, numbers[8]);
            made = 1;
            memcpy(rules, numbers, sizeof rules);
        }
        mr_state s;
        const char *why = NULL;
        if (mr_flat_state(&core, numbers + 9, n - 9, &s, &why) != MR_OK) {
            printf("error: %s\n", why);
            continue;
        }
        mr_move_value moves[MR_MAX_MOVES];
        if (timed) mr_core_clear(&core);
        long long started = now_ns();
        int count = mr_score(&core, &s, moves);
        long long took = now_ns() - started;
        for (int i = 0; i < count; i++)
            printf("%s%d %d %d %d", i ? " " : "", moves[i].suit, moves[i].rank, moves[i].ask,
                   moves[i].value);
        if (timed) printf(" t=%lld", took);
        printf("\n");
    }
    if (made) mr_core_release(&core);
    return 0;
}
