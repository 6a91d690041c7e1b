/* ending: the game's end — everyone's final worth and place (the richest first), and a
 * director's bankruptcy. Below operating.c and loans.c. */
#ifndef PBEMGM_ENG_ENDING_H
#define PBEMGM_ENG_ENDING_H

#include "engine/game.h"

#include <stdbool.h>

/* The game ends (reason: ENG_END_BANK, ENG_END_BANKRUPTCY or ENG_END_MARKET): the final scores
 * as events. */
void eng_end_game(eng_game *g, int reason);
/* Whether the player could sell any share now (an emergency sale). */
bool eng_can_sell_any(const eng_game *g, int player);
/* The director cannot pay what his company owes (a train it must buy, its interest or loans)
 * and has nothing left to sell: bankrupt, short by short_by (for_loans: for its interest or
 * loans); the game ends. */
void eng_director_bankrupt(eng_game *g, int dir, int c, int short_by, bool for_loans);

#endif
