/* util: allocation that cannot fail, string helpers, clock and randomness for the outer layers. */
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/random.h>
#include <sys/stat.h>

static void out_of_memory(void)
{
    fputs("pbemgm: out of memory\n", stderr);
    abort();
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        out_of_memory();
    return q;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *d = xmalloc(len + 1);
    memcpy(d, s, len);
    d[len] = '\0';
    return d;
}

bool str_ieq(const char *a, const char *b)
{
    return strcasecmp(a, b) == 0;
}

bool str_istarts(const char *s, const char *prefix)
{
    return strncasecmp(s, prefix, strlen(prefix)) == 0;
}

char *str_trim(char *s)
{
    char *start = s;
    while (*start && isspace((unsigned char)*start))
        start++;
    size_t len = strlen(start);
    while (len > 0 && isspace((unsigned char)start[len - 1]))
        len--;
    memmove(s, start, len);
    s[len] = '\0';
    return s;
}

uint64_t util_fnv1a(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

char *str_lower(char *s)
{
    for (char *p = s; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return s;
}

bool str_is_blank(const char *s)
{
    for (; *s; s++)
        if (!isspace((unsigned char)*s))
            return false;
    return true;
}

bool str_is_blank_n(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isspace((unsigned char)s[i]))
            return false;
    return true;
}

static int64_t fixed_clock;

int64_t util_now(void)
{
    return fixed_clock ? fixed_clock : (int64_t)time(NULL);
}

int64_t util_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void util_set_clock(int64_t fixed)
{
    fixed_clock = fixed;
}

void util_random_bytes(void *out, size_t n)
{
    unsigned char *p = out;
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            perror("pbemgm: getrandom");
            abort();
        }
        p += got;
        n -= (size_t)got;
    }
}

char *util_random_token(size_t len)
{
    static const char alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    unsigned char *raw = xmalloc(len);
    char *tok = xmalloc(len + 1);
    util_random_bytes(raw, len);
    for (size_t i = 0; i < len; i++)
        tok[i] = alphabet[raw[i] % (sizeof alphabet - 1)];
    tok[len] = '\0';
    free(raw);
    return tok;
}

char *util_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *data = xmalloc(cap);
    size_t got;
    while ((got = fread(data + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            cap *= 2;
            data = xrealloc(data, cap);
        }
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(data);
        errno = EIO;
        return NULL;
    }
    data[n] = '\0';
    if (len)
        *len = n;
    return data;
}

int util_mkdirs(const char *path)
{
    char *p = xstrdup(path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0700) != 0 && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    int rc = mkdir(p, 0700);
    free(p);
    return (rc == 0 || errno == EEXIST) ? 0 : -1;
}

static int lower_byte(char c)
{
    return tolower((unsigned char)c);
}

int str_edit_distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > 63 || m > 63)
        return 99;
    int d[64][64];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int cost = lower_byte(a[i - 1]) != lower_byte(b[j - 1]);
            int best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < best)
                best = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && lower_byte(a[i - 1]) == lower_byte(b[j - 2]) &&
                lower_byte(a[i - 2]) == lower_byte(b[j - 1]) && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

bool str_is_near(const char *a, const char *b)
{
    int dist = str_edit_distance(a, b);
    size_t len = strlen(a) > strlen(b) ? strlen(a) : strlen(b);
    return dist > 0 && dist <= (len >= 6 ? 2 : 1) && len > 1;
}

char *util_base64(const unsigned char *data, size_t len)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = xmalloc((len + 2) / 3 * 4 + 1), *o = out;
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned)data[i] << 16;
        if (i + 1 < len)
            v |= (unsigned)data[i + 1] << 8;
        if (i + 2 < len)
            v |= data[i + 2];
        *o++ = alphabet[(v >> 18) & 63];
        *o++ = alphabet[(v >> 12) & 63];
        *o++ = i + 1 < len ? alphabet[(v >> 6) & 63] : '=';
        *o++ = i + 2 < len ? alphabet[v & 63] : '=';
    }
    *o = '\0';
    return out;
}

void util_keep_freed_memory(void)
{
    mallopt(M_MMAP_THRESHOLD, 32 << 20); /* (glibc's most) */
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
}

void util_on_signal(int sig, void (*handler)(int), int flags)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = flags;
    sigaction(sig, &sa, NULL);
}
