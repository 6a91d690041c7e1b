/* start: the start packet round, its packet sold at fixed prices in a dealing order (see
 * start.c); a title that auctions its packet has start.c hand its actions to auction.c. */
#ifndef PBEMGM_ENG_START_H
#define PBEMGM_ENG_START_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>

void eng_begin_start_round(eng_game *g);
int eng_start_buy(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_start_pass(eng_game *g, const eng_action *a, char *why, size_t len);
/* Whether the item is on sale now at its price (the rows of a Standard or Snake packet). */
bool eng_item_available(const eng_game *g, int item);

#endif
