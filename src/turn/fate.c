/* fate: what became of each order — carried out (by which alternative), or not and why — and
 * the fates in words for the report and the acknowledgement. An order keeps its first fate. */
#include "turn/internal.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int turn_order_index(const turn_ctx *x, int p, const ord_order *o)
{
    const ord_orders *os = x->pl[p].o;
    return os && o >= os->v && o < os->v + os->n ? (int)(o - os->v) : -1;
}

static turn_fate *fate_of(turn_ctx *x, int p, int i)
{
    if (p < 0 || p >= x->g->nplayers || i < 0 || i >= x->out->nfates[p])
        return NULL;
    turn_fate *f = &x->out->fates[p][i];
    return f->kind == TURN_FATE_UNUSED ? f : NULL;
}

void turn_agreement_fate(turn_ctx *x, int p, int i, int rc, const char *why)
{
    x->pl[p].used[i] = USED_UP;
    if (rc == 0)
        turn_done(x, p, i);
    else
        turn_not_done(x, p, i, "%s", why);
}

void turn_done(turn_ctx *x, int p, int i)
{
    turn_fate *f = fate_of(x, p, i);
    if (f)
        f->kind = TURN_FATE_DONE;
}

void turn_not_done(turn_ctx *x, int p, int i, const char *fmt, ...)
{
    turn_fate *f = fate_of(x, p, i);
    if (!f)
        return;
    f->kind = TURN_FATE_NOT_DONE;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->why, sizeof f->why, fmt, ap);
    va_end(ap);
}

void turn_fates_text(const turn_result *r, int player, const ord_orders *orders, buf *out)
{
    for (int i = 0; orders && i < orders->n && i < r->nfates[player]; i++) {
        const ord_order *o = &orders->v[i];
        const turn_fate *f = &r->fates[player][i];
        char *text = ord_format(o);
        if (o->earlier)
            buf_adds(out, "  (standing) ");
        else if (o->mail > 0)
            buf_printf(out, "  mail %d, line %d ", o->mail, o->line);
        else
            buf_printf(out, "  line %d ", o->line);
        buf_printf(out, "\"%s%s%s\": ", o->section, o->section[0] ? ": " : "", text);
        free(text);
        turn_fate_text(f, o, out);
        buf_addc(out, '\n');
    }
}

void turn_fate_text(const turn_fate *f, const ord_order *o, buf *out)
{
    if (f->kind != TURN_FATE_DONE) {
        buf_printf(out, "not carried out: %s", f->why[0] ? f->why : "not reached");
        return;
    }
    if (f->alt <= 0 || f->alt >= o->nalts) {
        buf_adds(out, "carried out");
        return;
    }
    char *alt = ord_format_action(&o->alts[f->alt]);
    buf_printf(out, "carried out by its ELSE \"%s\" (%s)", alt, f->why);
    free(alt);
}

void turn_add_reason(char *why, size_t len, const char *w)
{
    size_t n = strlen(why);
    if (n == 0)
        snprintf(why, len, "%s", w);
    else if (n < len)
        snprintf(why + n, len - n, "; its ELSE could not be either: %s", w);
}

void turn_used_alternative(turn_ctx *x, int p, const ord_order *o, int k, int from,
                           const char *first_why)
{
    const ord_orders *os = x->pl[p].o;
    if (k <= 0 || !os || o < os->v || o >= os->v + os->n)
        return;
    turn_fate *f = fate_of(x, p, (int)(o - os->v));
    if (!f)
        return;
    f->alt = k;
    if (from > 0 && k == from)
        snprintf(f->why, sizeof f->why, "its condition did not hold");
    else if (from > 0)
        snprintf(f->why, sizeof f->why, "its condition did not hold; the next could not be: %s",
                 first_why);
    else
        snprintf(f->why, sizeof f->why, "the first could not be: %s", first_why);
}
