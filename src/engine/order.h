/* order: the order of play, one table the engine owns (see order.c) — which round follows
 * which, the title's special round among them, and the loop that enters the next round while
 * the one in play is finished. Above every round; the rounds never call it. */
#ifndef PBEMGM_ENG_ORDER_H
#define PBEMGM_ENG_ORDER_H

#include "engine/game.h"

/* The first round begins (and those after it, while each is finished at once). */
void eng_play_begins(eng_game *g);
/* After an action: the next round while the one in play is finished (eng_round_state). */
void eng_order_go_on(eng_game *g);

#endif
