/* buf: a growable, always NUL-terminated byte buffer. Allocation failure aborts. */
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void buf_init(buf *b)
{
    b->cap = 64;
    b->len = 0;
    b->data = xmalloc(b->cap);
    b->data[0] = '\0';
}

void buf_free(buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

void buf_reset(buf *b)
{
    b->len = 0;
    b->data[0] = '\0';
}

static void buf_reserve(buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    while (b->len + extra + 1 > b->cap)
        b->cap *= 2;
    b->data = xrealloc(b->data, b->cap);
}

void buf_add(buf *b, const void *data, size_t len)
{
    buf_reserve(b, len);
    memcpy(b->data + b->len, data, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void buf_adds(buf *b, const char *s)
{
    buf_add(b, s, strlen(s));
}

void buf_addc(buf *b, char c)
{
    buf_add(b, &c, 1);
}

void buf_vprintf(buf *b, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    int n = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (n < 0)
        return;
    buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void buf_printf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *buf_steal(buf *b)
{
    char *s = b->data;
    b->data = NULL;
    b->len = b->cap = 0;
    return s;
}

char *str_vformat(const char *fmt, va_list ap)
{
    buf b;
    buf_init(&b);
    buf_vprintf(&b, fmt, ap);
    return buf_steal(&b);
}

char *str_format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = str_vformat(fmt, ap);
    va_end(ap);
    return s;
}

void buf_trim_end(buf *b)
{
    while (b->len && b->data[b->len - 1] == ' ')
        b->data[--b->len] = '\0';
}
