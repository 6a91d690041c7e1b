/* buf: a growable, always NUL-terminated byte buffer, used wherever text is assembled. */
#ifndef PBEMGM_BUF_H
#define PBEMGM_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct buf {
    char *data;   /* NUL-terminated; never NULL after buf_init */
    size_t len;
    size_t cap;
} buf;

void buf_init(buf *b);
void buf_free(buf *b);
void buf_reset(buf *b);
void buf_add(buf *b, const void *data, size_t len);
void buf_adds(buf *b, const char *s);
void buf_addc(buf *b, char c);
/* Drops the spaces at the end. */
void buf_trim_end(buf *b);
void buf_printf(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(buf *b, const char *fmt, va_list ap);
/* Hands the contents to the caller (free with free()); b then holds nothing and needs
 * buf_init before it is used again (buf_free on it is harmless). */
char *buf_steal(buf *b);
/* A newly allocated formatted string (free with free()). */
char *str_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *str_vformat(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
