/* stock: the stock round (see stock.c); its sales are sell.c's. */
#ifndef PBEMGM_ENG_STOCK_H
#define PBEMGM_ENG_STOCK_H

#include "engine/game.h"

#include <stddef.h>

void eng_begin_stock_round(eng_game *g);
int eng_stock_buy(eng_game *g, const eng_action *a, char *why, size_t len);
/* A private bought from another player (privates.c), the turn's one purchase under
 * PrivatePurchaseUsesTurn. */
int eng_stock_buy_private(eng_game *g, const eng_action *a, char *why, size_t len);
int eng_stock_pass(eng_game *g, const eng_action *a, char *why, size_t len);

#endif
