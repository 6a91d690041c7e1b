/* packet: the orders a mail suggests for the start packet (src/report/packet.c), as structured
 * orders the order language formats, so that what a mail suggests reads back as meant. */
#ifndef PBEMGM_REP_PACKET_H
#define PBEMGM_REP_PACKET_H

#include "engine/title.h"
#include "orders/order.h"

/* The order that takes item i of title t's start packet: BUY its company (a private, a minor,
 * or the company whose certificate the item is: BUY BY), or, in a packet sold by auction, for
 * any item but the first (the only one bought at its price), the least bid on it (BID 45 ON
 * C&StL: its price and the auction's raise). */
void rep_packet_order(const eng_title *t, int i, ord_action *out);
/* rep_packet_order as a player writes it ("BUY NF"); the caller frees it. */
char *rep_packet_order_text(const eng_title *t, int i);

#endif
