/* operating: the operating round (see operating.c). */
#ifndef PBEMGM_ENG_OPERATING_H
#define PBEMGM_ENG_OPERATING_H

#include "engine/game.h"

#include <stddef.h>

void eng_begin_operating_round(eng_game *g);
/* The operating round a special round interrupted goes on. */
void eng_resume_operating_round(eng_game *g);
int eng_operate(eng_game *g, const eng_action *a, char *why, size_t len);
/* Whether the player could sell any share now (an emergency sale). */
bool eng_can_sell_any(const eng_game *g, int player);
/* The director cannot pay what his company owes (a train it must buy, its interest or loans)
 * and has nothing left to sell: bankrupt, short by short_by (for_loans: for its interest or
 * loans); the game ends. */
void eng_director_bankrupt(eng_game *g, int dir, int c, int short_by, bool for_loans);

#endif
