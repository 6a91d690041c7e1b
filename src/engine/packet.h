/* packet: the start packet, however it is sold (at fixed prices by start.c, or by auction by
 * auction.c): an item sold and what comes with it, and the packet's end — sold out, or everyone
 * passed. Below both sales. */
#ifndef PBEMGM_ENG_PACKET_H
#define PBEMGM_ENG_PACKET_H

#include "engine/game.h"

/* No one has passed since the last purchase (or the round's start). */
void eng_clear_passes(eng_game *g);
/* The item goes to the player for price, with what comes with it (a share, a director's
 * certificate: the company's par set, or to be chosen: par_pending). */
void eng_item_sold_to(eng_game *g, int player, int item, int price);
/* The packet is sold: the round's end (dealt within a stock round: that goes on). */
void eng_packet_done(eng_game *g);
/* Everyone passed in turn: an operating round of what is sold, then the packet goes on. */
void eng_start_all_passed(eng_game *g);

#endif
