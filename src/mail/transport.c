/* transport: the source and sink interfaces, dispatching to their implementations. */
#include "mail/transport.h"
#include "util/buf.h"
#include "util/util.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>

void mail_item_clear(mail_item *item)
{
    free(item->key);
    free(item->source);
    free(item->raw);
    item->key = item->source = item->raw = NULL;
    item->raw_len = item->size = 0;
    item->truncated = false;
}

int mail_source_pending(mail_source *src, char ***keys, size_t *n, char **err)
{
    return src->ops->pending(src->impl, keys, n, err);
}

int mail_source_fetch(mail_source *src, const char *key, size_t max_bytes, mail_item *item,
                      char **err)
{
    return src->ops->fetch(src->impl, key, max_bytes, item, err);
}

int mail_source_ack(mail_source *src, const char *key, char **err)
{
    return src->ops->ack(src->impl, key, err);
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

void mail_io_abort(void)
{
    io_stop = 1;
    mail_imap_cut_off();
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
