/* keep: the database kept small (issue 28) — sent mails past retention.sent_mail_days keep
 * their header and text, answered mails past retention.inbound_days their header, and the
 * space they held is given back to the file system. */
#include "mail/message.h"
#include "service/service.h"
#include "util/log.h"
#include "util/util.h"

svc_result svc_trim_mail(const cfg *c, store *st, int most, int pages, int *trimmed)
{
    enum { DAY = 86400 };
    int64_t now = util_now();
    int64_t sent_before = now - (int64_t)c->retention.sent_mail_days * DAY;
    int64_t inbound_before = now - (int64_t)c->retention.inbound_days * DAY;
    int total = 0;
    if (trimmed)
        *trimmed = 0;
    for (;;) {
        /* a bounded transaction at a time: the sender and the answering wait little */
        enum { STEP = 64 };
        int want = most > 0 && most - total < STEP ? most - total : STEP;
        int n = store_trim_mails(st, sent_before, inbound_before, want, mail_keep_text,
                                 mail_keep_header);
        if (n < 0) {
            log_warn("trimming stored mail: %s", store_errmsg(st));
            return svc_store_failed(st);
        }
        total += n;
        if (n < want || (most > 0 && total >= most))
            break;
    }
    if (store_reclaim(st, pages) < 0) {
        log_warn("giving back free space: %s", store_errmsg(st));
        return svc_store_failed(st);
    }
    if (total)
        log_debug("trimmed %d stored mails past their retention", total);
    if (trimmed)
        *trimmed = total;
    return svc_ok();
}
