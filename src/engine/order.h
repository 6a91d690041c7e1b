/* order: the order of play, one table the engine owns (see order.c). */
#ifndef PBEMGM_ENG_ORDER_H
#define PBEMGM_ENG_ORDER_H

#include "engine/game.h"

void eng_play_begins(eng_game *g);
void eng_round_over(eng_game *g, eng_round ended);
void eng_special_round(eng_game *g, int then);
void eng_special_round_over(eng_game *g);

#endif
