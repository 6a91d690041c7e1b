/* steps: the steps of a company's turn in an operating round (eng_step in game.h), one table —
 * whether an action may come now, the step it leaves the turn at, a step reached otherwise
 * (house rule 6: a private's station ends the track step), and SKIP. Below operating.c. */
#ifndef PBEMGM_ENG_STEPS_H
#define PBEMGM_ENG_STEPS_H

#include "engine/game.h"

int eng_step_check(const eng_game *g, const eng_action *a, char *why, size_t len);
void eng_step_after(eng_game *g, int company, const eng_action *a);
void eng_step_reach(eng_game *g, int company, eng_step step);
int eng_step_skip(eng_game *g, char *why, size_t len);

#endif
