/* operating: the operating round (see operating.c). */
#ifndef PBEMGM_ENG_OPERATING_H
#define PBEMGM_ENG_OPERATING_H

#include "engine/game.h"

#include <stddef.h>

void eng_begin_operating_round(eng_game *g);
/* The operating round a special round interrupted goes on. */
void eng_resume_operating_round(eng_game *g);
int eng_operate(eng_game *g, const eng_action *a, char *why, size_t len);
/* A major has closed (its price on a closing space: capital.c): its turn, were it operating,
 * ends, and the next company's begins. */
void eng_operating_company_closed(eng_game *g, int company);
/* The home stations placed as the game starts (a major's "home_blocks_until_floated": 18GA's
 * ACL on Jacksonville, whose full city no other company's run passes, before ACL floats as
 * after). */
void eng_place_starting_homes(eng_game *g);

#endif
