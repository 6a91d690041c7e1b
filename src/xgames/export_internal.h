/* export_internal: what the files of the exporter (export*.c) share — the game replayed with
 * what 18xx.games keeps apart and pbemgm does not: which copy of a share, a tile or a train is
 * where (18xx.games names each: "PRR_5", "57-1", "D-0"), and where a company's turn stands
 * among 18xx.games' steps (it asks for a pass at some, skips others by itself). Not for use
 * outside src/xgames. */
#ifndef PBEMGM_XG_EXPORT_INTERNAL_H
#define PBEMGM_XG_EXPORT_INTERNAL_H

#include "xgames/xgames.h"

#include <cJSON.h>

#define XG_MAX_SHARES 16
#define XG_MAX_POOL_TRAINS 32
/* A share's holders: the players (0..), then the company's IPO, then the pool. */
enum { XG_IPO = ENG_MAX_PLAYERS, XG_POOL = ENG_MAX_PLAYERS + 1, XG_HOLDERS };

/* One major's shares as 18xx.games numbers them: share k is the title's k-th certificate
 * (0, the director's); each holder keeps its shares in the order they came (18xx.games moves a
 * share to the end of its new holder's list, and takes "the first" of a list in a few rules). */
typedef struct xg_shares {
    int nshares;
    int percent[XG_MAX_SHARES];
    int n[XG_HOLDERS];
    int list[XG_HOLDERS][XG_MAX_SHARES];
} xg_shares;

typedef struct xg_train {
    int type, index;      /* "TYPE-index" */
} xg_train;

/* Where an operating company's turn is among 18xx.games' steps. */
typedef enum { XG_AT_TRACK, XG_AT_TOKEN, XG_AT_ROUTE, XG_AT_TRAIN, XG_AT_COMPANY, XG_AT_END }
    xg_step;

typedef struct xg_writer {
    const eng_title *t;
    eng_game *g;          /* the game replayed, after the action being written */
    const eng_game *before; /* ... before it */
    cJSON *actions;       /* 18xx.games' actions written so far */
    int next_id;
    char *why;
    size_t len;
    xg_shares shares[ENG_MAX_COMPANIES];
    int trains_sold[ENG_MAX_TRAIN_TYPES]; /* by the bank, of each type: the next copy's index */
    int nheld[ENG_MAX_COMPANIES];
    xg_train held[ENG_MAX_COMPANIES][ENG_MAX_TRAINS];
    int npool;
    xg_train pool[XG_MAX_POOL_TRAINS];
    int *supply;          /* per tile: its copies in the box, in 18xx.games' order */
    int *nsupply;
    int supply_stride;
    int *laid_copy;       /* per hex: the copy of the tile laid there, or -1 */
    int operating;        /* the company whose turn the steps below are of, or ENG_NONE */
    xg_step step;
} xg_writer;

/* ids (export_ids.c) */
int xg_ids_init(xg_writer *x);
void xg_ids_free(xg_writer *x);
const char *xg_company_name(const eng_title *t, int company);
int xg_player_id(int seat);
/* The share a buy takes from `from` (XG_IPO or XG_POOL): its index, or -1. */
int xg_share_to_buy(const xg_writer *x, int company, int from, bool director);
void xg_share_id(const eng_title *t, int company, int share, char *out, size_t len);
/* A player's share k bought from `from`, and the presidency moved as 18xx.games moves it. */
void xg_shares_buy(xg_writer *x, int company, int player, int from, int share);
/* The shares a player sells for `percent` (*n of them, ids written as a JSON array), and
 * the move, the presidency with it. */
cJSON *xg_shares_sell(xg_writer *x, int company, int player, int percent);
/* A private's share (the B&O director's certificate) given to its buyer. */
void xg_shares_give(xg_writer *x, int company, int player, bool director);
void xg_train_id(const eng_title *t, xg_train tr, char *out, size_t len);
int xg_held_train(const xg_writer *x, int company, int type);
void xg_trains_move_to(xg_writer *x, int company, xg_train tr);
xg_train xg_trains_take(xg_writer *x, int company, int k);
int xg_pool_train(const xg_writer *x, int type);
void xg_trains_rust(xg_writer *x, int type);
/* The tile copy a lay takes, named ("57-1"), and the box and the map updated. */
void xg_tile_lay(xg_writer *x, int hex, int tile, char *out, size_t len);
/* 18xx.games' rotation of a pbemgm rotation of the tile (or printed hex: tile -1). */
int xg_rotation(const eng_title *t, int hex, int tile, int rot);
/* The city's id ("57-1-0", "D14-0-0") on the hex as it is now. */
void xg_city_id(const xg_writer *x, int hex, int city, char *out, size_t len);

/* writing (export_write.c) */
cJSON *xg_new_action(xg_writer *x, const char *type, int player, int company);
cJSON *xg_player_action(xg_writer *x, const char *type, int player);
cJSON *xg_company_action(xg_writer *x, const char *type, int company);

/* the actions (export_actions.c): the 18xx.games actions of the pbemgm action a, applied to
 * x->before giving x->g. 0, or -1 with why. */
int xg_write_action(xg_writer *x, const eng_action *a);

/* the operating steps (export_steps.c) */
/* The turn of the company operating in x->before, its steps up to `to` passed: a pass written
 * for each step 18xx.games asks at. */
void xg_steps_to(xg_writer *x, xg_step to);

/* runs (export_routes.c): the routes of the company's trains earning `revenue` in all. */
int xg_write_run(xg_writer *x, int company, int revenue, bool payout);

#endif
