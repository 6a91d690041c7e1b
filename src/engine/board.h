/* board: the state of the map — which tile lies on each hex in which rotation, the tiles left
 * in the box, the station tokens — and the rules of track and stations: whether a tile may be
 * laid (and why not), which tiles and rotations a company may lay on a hex, how far a
 * company's track reaches from its stations, and where it may place a station. Pure. */
#ifndef PBEMGM_ENG_BOARD_H
#define PBEMGM_ENG_BOARD_H

#include "engine/refuse.h"
#include "engine/title.h"

#include <stddef.h>

#define ENG_MAX_SLOTS 6
#define ENG_NONE (-1)

typedef struct eng_board {
    const eng_title *t;
    int *tile;            /* per hex: the catalogue tile laid, or ENG_NONE (the printed hex) */
    int *rot;             /* per hex: its rotation 0-5 */
    int *left;            /* per catalogue tile: how many are left; -1 unlimited */
    bool unlimited_tiles; /* Rails' UnlimitedTiles option: nothing is ever out of stock */
    /* per hex, per city of its current track, per slot: a company index or ENG_NONE */
    int (*tokens)[ENG_MAX_CITIES][ENG_MAX_SLOTS];
    /* per hex, per city: a company whose home station is not placed yet holds one slot */
    int (*reserved)[ENG_MAX_CITIES];
} eng_board;

eng_board *eng_board_new(const eng_title *t);
eng_board *eng_board_copy(const eng_board *b);
void eng_board_free(eng_board *b);

/* The track on a hex now (the laid tile or the printed hex) and its rotation. */
const eng_track *eng_board_track(const eng_board *b, int hex, int *rot);
/* Map edge of a track end after rotation (edges only). */
int eng_rotate_edge(int edge, int rot);
/* Every map edge a track touches in a rotation, as bits (bit e: edge e). */
unsigned eng_track_edges(const eng_track *tr, int rot);
/* The map edges joined by the track to map edge `edge` (entering there), or, with edge < 0,
 * to city `city`: following paths through cities, towns and junctions. */
unsigned eng_track_joined(const eng_track *tr, int rot, int edge, int city);

/* A track end as a node of its hex, after rotation: 0-5 the map edges, 8+c city c, 12+t town
 * t, 14 the junction, 15 the off-board (ENG_NODE_...). */
enum { ENG_NODE_CITY = 8, ENG_NODE_TOWN = 12, ENG_NODE_JUNCTION = 14, ENG_NODE_OFFBOARD = 15,
       ENG_NODES_PER_HEX = 16 };
int eng_end_node(const eng_end *e, int rot);
/* Whether city `city` of `hex` stops the company's trains and track from passing: every circle
 * of its oval is taken by other companies' tokens (never where one is a neutral station:
 * "neutral_stations"), or the city is passed only by companies with a station in it ("pass":
 * "own_station") and the company has none, or it is terminal (its hex's "terminal": no one
 * passes; the walk from a station there still leaves it). */
bool eng_city_blocks(const eng_board *b, int hex, int city, int company);

/* ---- laying track ---- */
typedef struct eng_lay {
    int cost;                         /* terrain cost to pay */
    int city_map[ENG_MAX_CITIES];     /* old city -> new city, for the tokens */
    int town_map[ENG_MAX_TOWNS];
} eng_lay;

/* Whether `company` (ENG_NONE: no connection needed, e.g. a private's power or the GM) may
 * lay `tile` at rotation `rot` on `hex` when the tile colours in `colors` (bit per eng_color)
 * are allowed: the old track kept, each old city's on a new city of its own where the tile has
 * as many cities (an OO upgrade keeps its cities apart). Returns 0 and fills *out, or -1 with
 * a reason a player can read in why. */
/* (colors: bits ENG_LAY_PHASE_SHIFT on hold the phase index + 1, for the upgrades allowed from
 * a phase on: eng_lay_colors; without it those are refused) */
#define ENG_LAY_PHASE_SHIFT 8
int eng_lay_check(const eng_board *b, int company, int hex, int tile, int rot, unsigned colors,
                  eng_lay *out, char *why, size_t whylen);
/* Lays it (after the same checks): tokens move with their cities, the old tile goes back to the
 * box. Returns 0, or -1 with why. */
int eng_lay_tile(eng_board *b, int company, int hex, int tile, int rot, unsigned colors,
                 char *why, size_t whylen);
/* eng_lay_tile with the layer's choice: the stations standing in cities of the hex without
 * track (a station placed before any tile, as 1856's on its printed OO hex) go to the new
 * tile's city `relay` (0-based) rather than where the tile's numbering puts them; ENG_NONE:
 * that numbering. Refused when no station waits so, or that city has no room. */
int eng_lay_tile_relay(eng_board *b, int company, int hex, int tile, int rot, unsigned colors,
                       int relay, char *why, size_t whylen);

typedef struct eng_lay_option {
    int tile;
    int rot;
    int cost;
} eng_lay_option;
/* Every legal (tile, rotation) for the company on the hex, rotations giving the same track
 * listed once. Returns how many were written to out (at most max). */
int eng_lay_options(const eng_board *b, int company, int hex, unsigned colors,
                    eng_lay_option *out, int max);

/* ---- reach and stations ---- */
typedef struct eng_reach {
    int nhexes;
    uint8_t *edges;                  /* per hex: bit e set when the company's track reaches side e */
    uint8_t *cities;                 /* per hex: bit c set when city c is reached */
    bool *station;                   /* per hex: the company has a station token in it */
} eng_reach;

/* Everything the company's track reaches from its stations, walked as a route goes: never
 * turning back where paths meet at a hex side (a switch), nor out and back through a city,
 * town or junction along the path it came in by. A city whose every slot holds another
 * company's token is reached but not passed (unless its oval has a free circle). */
void eng_reach_compute(const eng_board *b, int company, eng_reach *r);
/* The same walk from every city of the hex, no station blocking it (whether track joins a
 * company's home to its destination, 1856: capital.c). */
void eng_reach_from_cities(const eng_board *b, int hex, eng_reach *r);
void eng_reach_free(eng_reach *r);

/* Whether the company may place a station in city `city` of `hex` (reached, a free circle not
 * held for another company's home, no station of its own in the hex). A circle kept for a home
 * whose city the title does not fix (Baden's in L6) is not held while another city of the hex
 * can keep it: the station moves it there. reach: NULL to skip the connection test (home
 * stations). Returns 0, or -1 with why. */
/* Whether a station of the company in that city would move another company's kept circle. */
bool eng_station_moves_kept_circle(const eng_board *b, int company, int hex, int city);
int eng_station_check(const eng_board *b, const eng_reach *reach, int company, int hex, int city,
                      char *why, size_t whylen);
int eng_place_station(eng_board *b, const eng_reach *reach, int company, int hex, int city,
                      char *why, size_t whylen);
/* Holds a slot in a city for a company's home station. */
void eng_reserve(eng_board *b, int company, int hex, int city);
/* The board a game of the title begins with: every company's home circle kept for it (the one
 * home-circle rule: the game's, the map drawn before it, the start mail's). */
eng_board *eng_starting_board(const eng_title *t);
int eng_city_tokens(const eng_board *b, int hex, int city);

#endif
