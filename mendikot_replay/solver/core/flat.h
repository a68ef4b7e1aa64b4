/*
 * A position as a flat array of whole numbers: what a caller with no C structs (JavaScript
 * over the WebAssembly build, a program reading text) hands the core. The order is that of
 * the Python module's state tuple (_ddcore.pyi), flattened:
 *
 *     hands (players x 4 rank masks, seats in order), leader, ntable, then ntable cards
 *     (suit, rank index, counts as trump), trump (-1 none), cut pending, tricks A/C,
 *     tricks B/D, tens A/C, tens B/D, pile tricks, pile tens, streak seat (-1 none),
 *     face-down trump: holder (-1 none), suit, rank index, version B
 *
 * so 4 * players + 2 + 3 * ntable + 13 numbers.
 */
#ifndef MENDIKOT_FLAT_H
#define MENDIKOT_FLAT_H

#include <stdint.h>

#include "ddcore.h"

/* How many numbers the flat position starting at `in` (of `n` available) takes, or -1 when
 * `n` is too short to tell or to hold it. */
int mr_flat_length(const mr_core *core, const int32_t *in, int n);

/* Fill `state` from the flat position `in` (`n` numbers) and make it ready
 * (mr_state_ready). MR_BAD_STATE with `*why` a sentence when it cannot be searched. */
int mr_flat_state(const mr_core *core, const int32_t *in, int n, mr_state *state,
                  const char **why);

#endif
