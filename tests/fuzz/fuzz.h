/* fuzz: what the libFuzzer targets share — the entry point, and the input as a C string. */
#ifndef PBEMGM_FUZZ_H
#define PBEMGM_FUZZ_H

#include "util/util.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input bytes, all of them, with a NUL after them (malloc'd). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = xmalloc(size + 1);
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
