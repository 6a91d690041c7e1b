/* rules: a title's own rules as its players are told them — the start mail's "Special rules of
 * TITLE" and the turn report's lines under "The game now" — said from the title's data (a
 * phase's limit on trains from the bank, the market's end cells, a first turn's lays, neutral
 * stations, an off-board that raises a run, homes placed at the start or several, a private's
 * extra tile, station or free train unlike the usual), never from its name. Only what differs
 * from the usual rules is said: 1835 and 1856 have none, 1830 its D&H's station. Pure: reads
 * the engine (src/report/rules.c). */
#ifndef PBEMGM_REP_RULES_H
#define PBEMGM_REP_RULES_H

#include "engine/game.h"
#include "util/buf.h"

#include <cJSON.h>

/* The title's own rules, one sentence each (the start mail's list), as the game's options set
 * them: an array of strings, empty when the title has none of them. */
cJSON *rep_rules_json(const eng_game *g);

/* What of them holds now, for the report's "The game now" (the phase's limit on trains from the
 * bank, how the game ends where the title ends otherwise than at the bank or a bankruptcy):
 * lines separated by '\n' (none after the last), malloc'd; NULL when none, or the game is
 * over. */
char *rep_rules_now_text(const eng_game *g);

/* The tiles a private's tile power may lay ("tiles"), as "7, 8 or 9", appended to b; nothing
 * when any tile may be. */
void rep_power_tiles(const eng_title *t, const eng_powers *pw, buf *b);

#endif
