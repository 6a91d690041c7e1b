/* mapdraw: the map picture every turn report carries — hexes with terrain, tiles with their
 * track, cities and towns with values, station tokens in company colours, off-board values,
 * coordinates along the edges and a legend — drawn with cairo as PNG or SVG, about 1600 px
 * wide so that it reads at 100 % in a mail client. */
#ifndef PBEMGM_MAPDRAW_H
#define PBEMGM_MAPDRAW_H

#include "engine/board.h"

typedef struct rpt_map_layout {
    double radius;            /* hex centre to corner */
    double origin_x, origin_y;
    int width, height;        /* the whole picture */
    double map_bottom;        /* where the legend starts */
} rpt_map_layout;

/* The layout for a title's map at the standard width. */
void rpt_map_layout_for(const eng_title *t, rpt_map_layout *l);
/* Where a hex's centre is drawn. */
void rpt_map_hex_center(const eng_title *t, const rpt_map_layout *l, int hex, double *x, double *y);

/* Draws the board into a PNG or SVG file (chosen by the name's ending, .png or .svg).
 * caption: a line under the title ("Starting map", "Game berlin1, turn 3"); may be NULL.
 * Returns 0, or -1 with *err (malloc'd). */
int rpt_map_draw(const eng_board *b, const char *caption, const char *path, char **err);

#endif
