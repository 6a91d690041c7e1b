/* transport: the source and sink interfaces, dispatching to their implementations, and what
 * the sources share: a batch's bounds, a fetched mail cut to its header. */
#include "mail/message.h"
#include "mail/transport.h"
#include "util/buf.h"
#include "util/util.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void mail_item_clear(mail_item *item)
{
    free(item->key);
    free(item->source);
    free(item->raw);
    item->key = item->source = item->raw = NULL;
    item->raw_len = item->size = 0;
    item->truncated = false;
}

void mail_batch_clear(mail_batch *b)
{
    for (size_t i = 0; i < b->n; i++)
        mail_item_clear(&b->item[i]);
    b->n = 0;
}

bool mail_batch_take(size_t n, size_t *bytes, size_t size, size_t max_bytes)
{
    size_t cost = size < max_bytes ? size : max_bytes;
    if (n > 0 && (n >= MAIL_BATCH_MAILS || *bytes + cost > MAIL_BATCH_BYTES))
        return false;
    *bytes += cost;
    return true;
}

void mail_item_fill(mail_item *item, const char *key, char *source, char *data, size_t len,
                    size_t size, size_t max_bytes)
{
    memset(item, 0, sizeof *item);
    item->key = xstrdup(key);
    item->source = source;
    item->size = size;
    if (size > max_bytes) { /* the header only, and never more than the limit */
        size_t header = mail_header_length(data, len);
        len = header < max_bytes ? header : max_bytes;
        data[len] = '\0';
        item->truncated = true;
    }
    item->raw = data;
    item->raw_len = len;
}

int mail_source_pending(mail_source *src, char ***keys, size_t *n, char **err)
{
    return src->ops->pending(src->impl, keys, n, err);
}

int mail_source_fetch_batch(mail_source *src, char *const *keys, size_t n, size_t max_bytes,
                            mail_batch *b, char **err)
{
    b->n = 0;
    return src->ops->fetch(src->impl, keys, n, max_bytes, b, err);
}

int mail_source_ack_batch(mail_source *src, char *const *keys, size_t n, char **err)
{
    return n ? src->ops->ack(src->impl, keys, n, err) : 0;
}

int mail_source_fetch(mail_source *src, const char *key, size_t max_bytes, mail_item *item,
                      char **err)
{
    char *one = (char *)key; /* (not written to) */
    mail_batch *b = xcalloc(1, sizeof *b);
    int rc = mail_source_fetch_batch(src, &one, 1, max_bytes, b, err);
    if (rc == 0)
        *item = b->item[0]; /* (taken over: not cleared) */
    free(b);
    return rc;
}

int mail_source_ack(mail_source *src, const char *key, char **err)
{
    char *one = (char *)key;
    return mail_source_ack_batch(src, &one, 1, err);
}

int mail_source_wait(mail_source *src, int timeout, char **err)
{
    return src->ops->wait(src->impl, timeout, err);
}

void mail_source_close(mail_source *src)
{
    if (!src)
        return;
    src->ops->close(src->impl);
    free(src);
}

void mail_keys_free(char **keys, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(keys[i]);
    free(keys);
}

int mail_sink_send(mail_sink *sink, const char *from, const char *const *rcpts, size_t nrcpts,
                   const char *message_id, const char *raw, size_t len, char **err)
{
    return sink->ops->send(sink->impl, from, rcpts, nrcpts, message_id, raw, len, err);
}

void mail_sink_close(mail_sink *sink)
{
    if (!sink)
        return;
    sink->ops->close(sink->impl);
    free(sink);
}

/* ---- stopping every exchange (SIGTERM) ---- */

static volatile sig_atomic_t io_stop;

/* The cut-offs of the kinds of source made so far, each once (a cut-off acts on its kind's
 * exchange under way, whichever source that is), for mail_io_abort in a signal handler: a slot
 * is filled before the count says so. Two kinds exist (Maildir has none). */
enum { MAX_CUT_OFFS = 4 };
static void (*volatile cut_offs[MAX_CUT_OFFS])(void);
static volatile sig_atomic_t ncut_offs;

static void remember_cut_off(void (*cut_off)(void))
{
    int n = ncut_offs;
    for (int i = 0; i < n; i++)
        if (cut_offs[i] == cut_off)
            return;
    if (n == MAX_CUT_OFFS)
        abort(); /* more kinds of source than slots: MAX_CUT_OFFS is to grow */
    cut_offs[n] = cut_off;
    ncut_offs = n + 1;
}

mail_source *mail_source_new(const struct mail_source_ops *ops, void *impl)
{
    mail_source *src = xcalloc(1, sizeof *src);
    src->ops = ops;
    src->impl = impl;
    if (ops->cut_off)
        remember_cut_off(ops->cut_off);
    return src;
}

void mail_io_abort(void)
{
    io_stop = 1;
    for (int i = 0; i < ncut_offs; i++)
        cut_offs[i]();
}

bool mail_io_aborted(void)
{
    return io_stop != 0;
}

char *mail_errorf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = str_vformat(fmt, ap);
    va_end(ap);
    return s;
}
