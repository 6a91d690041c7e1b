/* mapdraw: the map picture every turn report carries — hexes with terrain, tiles with their
 * track, cities and towns with values, station tokens in company colours, off-board values,
 * coordinates along the edges and a legend — drawn with cairo as PNG or SVG, about 1600 px
 * wide so that it reads at 100 % in a mail client. */
#ifndef PBEMGM_MAPDRAW_H
#define PBEMGM_MAPDRAW_H

#include "engine/board.h"

#include <stdbool.h>

typedef struct rpt_map_layout {
    double radius;            /* hex centre to corner */
    double origin_x, origin_y;
    int width, height;        /* the whole picture */
    double map_bottom;        /* where the legend starts */
} rpt_map_layout;

/* The layout for a title's map at the standard width. */
void rpt_map_layout_for(const eng_title *t, rpt_map_layout *l);
/* The angle, in degrees clockwise from east, at which edge 0's midpoint lies from a hex's
 * centre: 120 in a pointy layout (edge 0 south-west), 90 in a flat one (edge 0 south). */
double rpt_map_edge0(const eng_title *t);
/* Where a hex's centre is drawn. */
void rpt_map_hex_center(const eng_title *t, const rpt_map_layout *l, int hex, double *x, double *y);

/* What the board does not hold but a game's map shows (1856): a private's marker on a hex (the
 * port, for the major whose runs it raises) and the destinations of the majors that have not
 * reached theirs; (18GA) a home placed at the start that blocks until its company floats; each
 * in the company's colours. Built from a game by rpt_map_marks_of
 * (mapmarks.c). */
#define RPT_MAX_MAP_MARKS 32
typedef enum {
    RPT_MARK_MARKER,
    RPT_MARK_DESTINATION,
    RPT_MARK_BLOCKING /* a home placed at the start, shown until its company floats (18GA's ACL
                       * on Jacksonville; a station like any other, blocking a full city before
                       * and after): a bar "blocks" in its colours */
} rpt_map_mark_kind;
typedef struct rpt_map_mark {
    rpt_map_mark_kind kind;
    int hex;
    int company;      /* whose (colours, id) */
    char label[24];   /* "Port +20"; "" for a destination */
} rpt_map_mark;
typedef struct rpt_map_marks {
    int n;
    rpt_map_mark v[RPT_MAX_MAP_MARKS];
} rpt_map_marks;
struct eng_game;
/* The marks of game g (none in a title without markers or destinations). */
void rpt_map_marks_of(const struct eng_game *g, rpt_map_marks *m);

/* The value the map writes at a city or town: its revenue ("30"), or, for one whose value goes
 * by the phase, each value as it changes, yellow to gray ("30/40": 18GA's Montgomery, 30 and
 * from the brown phase 40). */
void rpt_map_value_text(int revenue, bool by_phase, const int *revenue_by_phase, char *out,
                        size_t len);

/* Draws the board into a PNG or SVG file (chosen by the name's ending, .png or .svg).
 * before: the board as it was before the turn shown — the tiles and stations new since then are
 * marked (and the legend says so); NULL marks nothing. caption: a line under the title
 * ("starting map", "game berlin1, turn 3"); may be NULL. Returns 0, or -1 with *err (malloc'd). */
int rpt_map_draw(const eng_board *b, const eng_board *before, const char *caption,
                 const char *path, char **err);
/* The same, with the game's marks (NULL: none). */
int rpt_map_draw_marked(const eng_board *b, const eng_board *before, const rpt_map_marks *marks,
                        const char *caption, const char *path, char **err);
/* Whether a station place of the hex would cover its name as the map draws it (a legibility
 * check; the map places names away from the stations). */
bool rpt_map_name_covered(const eng_board *b, int hex);
/* The same picture as PNG bytes in memory (malloc'd, *len long), for a mail; NULL with *err. */
unsigned char *rpt_map_png(const eng_board *b, const eng_board *before, const char *caption,
                           size_t *len, char **err);
unsigned char *rpt_map_png_marked(const eng_board *b, const eng_board *before,
                                  const rpt_map_marks *marks, const char *caption, size_t *len,
                                  char **err);

#endif
