/* keep: what the database keeps of a mail once it no longer needs all of it (issue 28) — a sent
 * mail's header and text part (its HTML, pictures and attached files dropped), an answered
 * mail's header. */
#include "mail/message.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where the line after the one at p begins (or end). */
static const char *next_line(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    return nl ? nl + 1 : end;
}

/* The boundary parameter of the header [p, end), or NULL (a mail of one part). */
static char *boundary_of(const char *p, const char *end)
{
    static const char key[] = "boundary=";
    size_t k = sizeof key - 1;
    for (p++; p + k < end; p++) /* (a field name comes first) */
        if (strncasecmp(p, key, k) == 0 && (p[-1] == ';' || p[-1] == ' ' || p[-1] == '\t'))
            break;
    if (p + k >= end)
        return NULL;
    p += k;
    const char *v = p, *e;
    if (*v == '"') {
        v++;
        e = memchr(v, '"', (size_t)(end - v));
        if (!e)
            return NULL;
    } else {
        for (e = v; e < end && *e != ';' && *e != ' ' && *e != '\t' && *e != '\r' && *e != '\n';)
            e++;
    }
    return e > v ? xstrndup(v, (size_t)(e - v)) : NULL;
}

/* Whether the line at p is a delimiter of boundary b (n long): "--b" then "--", blanks or its end. */
static bool delimiter_at(const char *p, const char *end, const char *b, size_t n)
{
    if ((size_t)(end - p) < n + 2 || p[0] != '-' || p[1] != '-' || memcmp(p + 2, b, n) != 0)
        return false;
    const char *q = p + 2 + n;
    return q == end || *q == '-' || *q == '\r' || *q == '\n' || *q == ' ' || *q == '\t';
}

/* Whether the part [p, end) is text/plain (no Content-Type: text/plain too, RFC 2045). */
static bool plain_text_part(const char *p, const char *end)
{
    const char *hend = p + mail_header_length(p, (size_t)(end - p));
    for (const char *l = p; l < hend; l = next_line(l, hend))
        if ((size_t)(hend - l) > 13 && strncasecmp(l, "content-type:", 13) == 0) {
            const char *v = l + 13;
            while (v < hend && (*v == ' ' || *v == '\t'))
                v++;
            return (size_t)(hend - v) >= 10 && strncasecmp(v, "text/plain", 10) == 0;
        }
    return true;
}

/* The header [raw, raw + hlen) with a note added before its blank line. */
static void header_with_note(buf *out, const char *raw, size_t hlen, const char *note)
{
    size_t keep = hlen;
    if (keep >= 2 && raw[keep - 1] == '\n' && raw[keep - 2] == '\r')
        keep -= 2; /* the blank line "\r\n" */
    else if (keep >= 2 && raw[keep - 1] == '\n' && raw[keep - 2] == '\n')
        keep -= 1; /* the blank line "\n" */
    buf_add(out, raw, keep);
    if (keep && raw[keep - 1] != '\n')
        buf_adds(out, "\r\n"); /* a header without its blank line */
    buf_printf(out, "X-Pbemgm-Trimmed: %s\r\n\r\n", note);
}

/* What is kept of a multipart body [p, end) under boundary b: each text/plain part, under the
 * kept mail's boundary outer, the text/plain parts of a multipart inside it too (a mail with
 * files attached holds its text and HTML in a multipart/alternative); *dropped: a part was
 * not kept; *closed: the body's closing delimiter was read. depth: how far inside. */
static void keep_plain_parts(const char *p, const char *end, const char *b, const char *outer,
                             int depth, buf *out, bool *dropped, bool *closed)
{
    size_t n = strlen(b);
    const char *part = NULL; /* the part under way: its first line */
    *closed = false;
    for (const char *l = p; l < end && !*closed; l = next_line(l, end)) {
        if (!delimiter_at(l, end, b, n))
            continue;
        if (part) {
            /* the line end before the delimiter is the delimiter's */
            const char *pend = l;
            if (pend > part && pend[-1] == '\n')
                pend--;
            if (pend > part && pend[-1] == '\r')
                pend--;
            size_t hlen = mail_header_length(part, (size_t)(pend - part));
            char *inner = depth < 2 ? boundary_of(part, part + hlen) : NULL;
            bool inner_closed;
            if (plain_text_part(part, pend)) {
                buf_printf(out, "--%s\r\n", outer);
                buf_add(out, part, (size_t)(pend - part));
                buf_adds(out, "\r\n");
            } else if (inner) {
                keep_plain_parts(part + hlen, pend, inner, outer, depth + 1, out, dropped,
                                 &inner_closed);
                *dropped |= !inner_closed;
            } else {
                *dropped = true;
            }
            free(inner);
        }
        *closed = l[2 + n] == '-';
        part = next_line(l, end);
    }
}

char *mail_keep_text(const char *raw, size_t len, size_t *out_len)
{
    size_t hlen = mail_header_length(raw, len);
    char *b = boundary_of(raw, raw + hlen);
    if (!b)
        return NULL; /* one part: the text itself */
    buf out;
    buf_init(&out);
    header_with_note(&out, raw, hlen, "its HTML, pictures and files were removed after sending");
    bool dropped = false, closed = false;
    keep_plain_parts(raw + hlen, raw + len, b, b, 0, &out, &dropped, &closed);
    if (!dropped || !closed) { /* nothing to drop, or not a whole multipart: kept as it is */
        buf_free(&out);
        free(b);
        return NULL;
    }
    buf_printf(&out, "--%s--\r\n", b);
    free(b);
    *out_len = out.len;
    return buf_steal(&out);
}

char *mail_keep_header_noted(const char *raw, size_t len, const char *note, size_t *out_len)
{
    size_t hlen = mail_header_length(raw, len);
    if (hlen >= len)
        return NULL;
    buf out;
    buf_init(&out);
    header_with_note(&out, raw, hlen, note);
    *out_len = out.len;
    return buf_steal(&out);
}

char *mail_keep_header(const char *raw, size_t len, size_t *out_len)
{
    return mail_keep_header_noted(raw, len, "its text was removed after the retention time",
                                  out_len);
}
