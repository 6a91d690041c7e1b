/* util: allocation that cannot fail, string helpers, clock and randomness for the outer layers.
 * (The engine never uses the clock or randomness.) */
#ifndef PBEMGM_UTIL_H
#define PBEMGM_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Case-insensitive ASCII comparison helpers. */
bool str_ieq(const char *a, const char *b);
bool str_istarts(const char *s, const char *prefix);
/* Trims ASCII white space at both ends, in place; returns s. */
char *str_trim(char *s);
/* Lower-cases ASCII letters in place; returns s. */
char *str_lower(char *s);
/* FNV-1a over len bytes, continuing from h (start with UTIL_FNV_BASIS): a fingerprint, not a
 * secret. */
#define UTIL_FNV_BASIS 1469598103934665603ULL
uint64_t util_fnv1a(uint64_t h, const void *data, size_t len);
bool str_is_blank(const char *s);
bool str_is_blank_n(const char *s, size_t n);
/* The edit distance between a and b, ignoring ASCII case: insertions, deletions, substitutions
 * and swaps of two neighbours each count one (for "did you mean"). Words longer than 63 bytes
 * are far from everything (returns 99). */
int str_edit_distance(const char *a, const char *b);
/* Whether a is near b: at most one edit for short words, two from six letters on, and a and b
 * not equal. */
bool str_is_near(const char *a, const char *b);

/* Seconds since the epoch; tests may pin it with util_set_clock(). */
int64_t util_now(void);
/* Installs handler for sig with these sa_flags (no SA_RESTART unless given: a signal ends a
 * blocked call), nothing masked. */
void util_on_signal(int sig, void (*handler)(int), int flags);
/* The process keeps the memory it frees for its next allocations instead of handing large
 * blocks back to the kernel at once (glibc's default): a long list of routes made and freed for
 * every resolution would otherwise be faulted in afresh each time, which costs more than making
 * it. Call once, first thing in main. */
void util_keep_freed_memory(void);
/* A monotonic clock in milliseconds, for measuring how long something took (never pinned). */
int64_t util_now_ms(void);
void util_set_clock(int64_t fixed); /* 0 restores the real clock */

/* Fills out with n random bytes from the kernel. */
void util_random_bytes(void *out, size_t n);
/* A random token of len characters from an unambiguous alphabet (no 0/O, 1/l/I). */
char *util_random_token(size_t len);
/* data as base64 on one line (RFC 4648), malloc'd. */
char *util_base64(const unsigned char *data, size_t len);

/* Reads a whole file; returns NULL (errno set) on failure. */
char *util_read_file(const char *path, size_t *len);
/* Creates a directory and its parents (mode 0700 for new ones). */
int util_mkdirs(const char *path);

#endif
