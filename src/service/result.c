/* result: the service's one convention for what a call came to — done, refused (the reason is
 * the caller's to read: nothing was changed), or failed (the database or the system broke; the
 * caller rolls back) — with its text. */
#include "service/service.h"

#include <stdarg.h>
#include <stdio.h>

svc_result svc_ok(void)
{
    return (svc_result){.kind = SVC_OK};
}

static svc_result with_text(svc_kind kind, const char *fmt, va_list ap)
{
    svc_result r = {.kind = kind};
    vsnprintf(r.text, sizeof r.text, fmt, ap);
    return r;
}

svc_result svc_ok_saying(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    svc_result r = with_text(SVC_OK, fmt, ap);
    va_end(ap);
    return r;
}

svc_result svc_refused(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    svc_result r = with_text(SVC_REFUSED, fmt, ap);
    va_end(ap);
    return r;
}

svc_result svc_failed(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    svc_result r = with_text(SVC_FAILED, fmt, ap);
    va_end(ap);
    return r;
}

svc_result svc_store_failed(store *st)
{
    return svc_failed("%s", store_errmsg(st));
}
