/*
 * A plain C program over the solver core's interface (ddcore.h), built by the tests with the
 * system's compiler and no Python at all: it reads positions, one a line, and prints every
 * legal move of each with its value, as the Python module's Core.score() gives them.
 *
 * A line: players total_tricks dehla must_trump objective leader trump cut_pending
 * tricks_ac tricks_bd tens_ac tens_bd pile_tricks pile_tens streak hidden_holder
 * hidden_suit hidden_rank hidden_b, then the hands (four rank masks a seat, seats in
 * order), then the number of cards on the table and each as suit rank counts_as_trump.
 * It prints "suit rank ask value" for each move, separated by spaces, or "error: why".
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

static long long now_ns(void) {
    struct timespec t; /* C11's clock: the same call natively and under WASI */
    timespec_get(&t, TIME_UTC);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    static mr_core core; /* zeroed: ready for its first init */
    int timed = 0, table_bits = 16;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--time") == 0) timed = 1;
        else if (strcmp(argv[i], "--table-bits") == 0 && i + 1 < argc) table_bits = atoi(argv[++i]);
        else return 2;
    }
    int players, total, dehla, must, objective;
    int made = 0, made_players = 0, made_total = 0, made_dehla = 0, made_must = 0, made_obj = 0;
    while (scanf("%d %d %d %d %d", &players, &total, &dehla, &must, &objective) == 5) {
        mr_state s;
        memset(&s, 0, sizeof s);
        int v[14];
        for (int i = 0; i < 14; i++)
            if (scanf("%d", &v[i]) != 1) return 2;
        s.leader = (int8_t)v[0];
        s.trump = (int8_t)v[1];
        s.cut_pending = (int8_t)v[2];
        s.tricks[0] = (int8_t)v[3];
        s.tricks[1] = (int8_t)v[4];
        s.tens[0] = (int8_t)v[5];
        s.tens[1] = (int8_t)v[6];
        s.pile_tricks = (int8_t)v[7];
        s.pile_tens = (int8_t)v[8];
        s.streak_seat = (int8_t)v[9];
        s.hidden_holder = (int8_t)v[10];
        s.hidden_suit = (int8_t)v[11];
        s.hidden_rank = (int8_t)v[12];
        s.hidden_b = (int8_t)v[13];
        for (int p = 0; p < players; p++)
            for (int suit = 0; suit < 4; suit++) {
                unsigned mask;
                if (scanf("%u", &mask) != 1) return 2;
                s.hand[p][suit] = (uint16_t)mask;
            }
        int ntable;
        if (scanf("%d", &ntable) != 1 || ntable < 0 || ntable >= MR_MAX_PLAYERS) return 2;
        s.ntable = (int8_t)ntable;
        for (int i = 0; i < ntable; i++) {
            int suit, rank, trump;
            if (scanf("%d %d %d", &suit, &rank, &trump) != 3) return 2;
            s.tsuit[i] = (int8_t)suit;
            s.trank[i] = (int8_t)rank;
            s.ttrump[i] = (int8_t)trump;
        }
        if (!made || players != made_players || total != made_total || dehla != made_dehla ||
            must != made_must || objective != made_obj) {
            if (mr_core_init(&core, players, total, dehla, must, objective, table_bits) != MR_OK) {
                printf("error: bad rules\n");
                continue;
            }
            made = 1;
            made_players = players, made_total = total, made_dehla = dehla;
            made_must = must, made_obj = objective;
        }
        const char *why = NULL;
        if (mr_state_ready(&core, &s, &why) != MR_OK) {
            printf("error: %s\n", why);
            continue;
        }
        mr_move_value moves[MR_MAX_MOVES];
        if (timed) mr_core_clear(&core);
        long long started = now_ns();
        int n = mr_score(&core, &s, moves);
        long long took = now_ns() - started;
        for (int i = 0; i < n; i++)
            printf("%s%d %d %d %d", i ? " " : "", moves[i].suit, moves[i].rank, moves[i].ask,
                   moves[i].value);
        if (timed) printf(" t=%lld", took);
        printf("\n");
    }
    if (made) mr_core_release(&core);
    return 0;
}
