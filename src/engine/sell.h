/* sell: shares sold to the pool — in a stock round, or by a director raising money for a train
 * in an operating round (the emergency sale). Below the rounds that sell. */
#ifndef PBEMGM_ENG_SELL_H
#define PBEMGM_ENG_SELL_H

#include "engine/game.h"

/* The player acting sells a->percent of a->company to the pool: 0, or -1 with why. */
int eng_sell_shares(eng_game *g, const eng_action *a, char *why, size_t len);

#endif
