/* adjust: the GM's correction, on the game as it stands (see adjust.c). */
#ifndef PBEMGM_ENG_ADJUST_H
#define PBEMGM_ENG_ADJUST_H

#include "engine/game.h"

#include <stddef.h>

int eng_adjust(eng_game *g, const eng_action *a, char *why, size_t len);

#endif
