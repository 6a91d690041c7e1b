/* titletext: a title's tiles and hexes as plain text for players who ask by mail (HELP TILES,
 * HELP MAP), lines of at most 78 characters (src/report/titletext.c). */
#ifndef PBEMGM_REP_TITLETEXT_H
#define PBEMGM_REP_TITLETEXT_H

#include "engine/title.h"

/* Each tile: its id, colour, how many there are, its cities and towns, what it upgrades to.
 * malloc'd. */
char *rep_tiles_text(const eng_title *t);
/* Each hex with a name or something printed on it, by id: its name, what is printed (city,
 * town, off-board), its terrain cost. malloc'd. */
char *rep_hexes_text(const eng_title *t);

#endif
