/* chart: the small pictures of a turn report besides the map — each player's worth turn by
 * turn as lines — drawn with cairo as PNG in memory. */
#ifndef PBEMGM_RPT_CHART_H
#define PBEMGM_RPT_CHART_H

#include "engine/game.h"

#include <stddef.h>

#define RPT_CHART_WIDTH 640
#define RPT_CHART_HEIGHT 260

/* worth[k][p]: player p's worth at the end of turn k (k = 0: the start), nturns + 1 rows.
 * Returns the PNG (malloc'd, *len long), or NULL with *err (malloc'd). */
unsigned char *rpt_worth_chart_png(const char *const *names, int nplayers,
                                   const int (*worth)[ENG_MAX_PLAYERS], int nturns, size_t *len,
                                   char **err);
/* The colour the chart draws player p in ("#rrggbb"), for the tables beside it. */
const char *rpt_player_colour(int p);

#endif
