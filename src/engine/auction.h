/* auction: the start packet sold by auction (the title's start_packet "sale": "auction"), and
 * the par a director chooses for a company started with an item (see auction.c). */
#ifndef PBEMGM_ENG_AUCTION_H
#define PBEMGM_ENG_AUCTION_H

#include "engine/game.h"

#include <stddef.h>

int eng_auction_buy(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_auction_bid(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_auction_pass(eng_game *g, const eng_action *a, char *why, size_t len);
/* The turn in an auctioned packet goes to p, or past those who can neither buy the cheapest
 * item nor bid on another: each passes at once (Rails' autopass). */
void eng_auction_turn_to(eng_game *g, int p);
int eng_choose_par(eng_game *g, const eng_action *a, char *why, size_t len);

#endif
