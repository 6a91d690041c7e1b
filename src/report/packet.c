/* packet: the orders a mail suggests for the start packet — the start mail's "the order that
 * buys it" — made as structured orders (orders/order.h) and written by the order language's
 * own formatter, never by hand, so that they read back as the orders meant. */
#include "report/packet.h"

#include <stdio.h>
#include <string.h>

void rep_packet_order(const eng_title *t, int i, ord_action *out)
{
    const struct eng_start_item *it = &t->start_items[i];
    memset(out, 0, sizeof *out);
    out->rot = -1;
    if (t->packet_auction && i > 0) { /* sold by auction (1830): only the first at its price */
        out->kind = ORD_BID;
        out->price = it->price + t->bid_raise;
        snprintf(out->company, sizeof out->company, "%s", it->id);
        return;
    }
    out->kind = ORD_BUY;
    out->count = 1;
    snprintf(out->company, sizeof out->company, "%s", t->companies[it->company].id);
}

char *rep_packet_order_text(const eng_title *t, int i)
{
    ord_action a;
    rep_packet_order(t, i, &a);
    return ord_format_action_as_written(&a);
}
