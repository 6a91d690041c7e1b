/* formation: the title's special round, a company formed from others (1835: the Prussian;
 * see formation.c). */
#ifndef PBEMGM_ENG_FORMATION_H
#define PBEMGM_ENG_FORMATION_H

#include "engine/game.h"

#include <stddef.h>

/* Starts a formation round; `next` says what follows it (ENG_AFTER_FORMATION_...). */
void eng_begin_formation(eng_game *g, int next);
int eng_formation_act(eng_game *g, const eng_action *a, char *why, size_t len);

#endif
