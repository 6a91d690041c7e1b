/* national: a national company's rules in the stock round once it has formed (1856's CGR;
 * the title's "national_rules", eng_title.national): a director holding a single share must
 * buy a second one before any other purchase, and the director's certificate grows to two
 * shares once its director holds another. Generic: no title is named. */
#ifndef PBEMGM_ENG_NATIONAL_H
#define PBEMGM_ENG_NATIONAL_H

#include "engine/game.h"

#include <stddef.h>

/* Whether the player may buy a share of company, or pass (company ENG_NONE), now: 0, or -1
 * with why (the national's director of a single share buys a second one first). */
int eng_national_check_buy(const eng_game *g, int player, int company, char *why, size_t len);
/* After a share of company was bought (and its director checked): a director of the national
 * with a single share who holds another certificate of it now holds one of two shares. */
void eng_national_after_buy(eng_game *g, int company);

#endif
