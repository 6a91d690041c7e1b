/* privates: privates changing hands — bought by a major from its owner in an operating round,
 * exchanged by its owner for a share or bought by another player in a stock round (see
 * privates.c). Below the rounds that use them. */
#ifndef PBEMGM_ENG_PRIVATES_H
#define PBEMGM_ENG_PRIVATES_H

#include "engine/game.h"

#include <stddef.h>

int eng_buy_private(eng_game *g, const eng_action *a, char *why, size_t len);
/* Its owner trades the private for a share (its "exchange"), in his stock round turn. */
int eng_exchange_private(eng_game *g, const eng_action *a, char *why, size_t len);
/* The player acting buys a private from its owner, in a stock round (privates_between_players);
 * the owner's agreement is the turn resolver's to see. It is no purchase: the turn goes on. */
int eng_trade_private(eng_game *g, const eng_action *a, char *why, size_t len);

#endif
