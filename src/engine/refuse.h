/* refuse: the engine's one error convention — a refusal a player can read, written into the
 * caller's buffer, and -1. Every engine function that may refuse returns 0, or -1 with why. */
#ifndef PBEMGM_ENG_REFUSE_H
#define PBEMGM_ENG_REFUSE_H

#include <stddef.h>

/* Formats a refusal a player can read into why (when given) and returns -1. */
int eng_refuse(char *why, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
