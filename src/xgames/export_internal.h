/* export_internal: what the files of the exporter (export*.c) share — the game replayed with
 * what 18xx.games keeps apart and pbemgm does not: which copy of a share, a tile or a train is
 * where (18xx.games names each: "PRR_5", "57-1", "D-0"), and where a company's turn stands
 * among 18xx.games' steps (it asks for a pass at some, skips others by itself). Not for use
 * outside src/xgames. */
#ifndef PBEMGM_XG_EXPORT_INTERNAL_H
#define PBEMGM_XG_EXPORT_INTERNAL_H

#include "xgames/steps_internal.h"
#include "xgames/xgames.h"

#include <cJSON.h>
#include <stdint.h>

#define XG_MAX_SHARES 32 /* ids below it (1856's CGR: 0..8 and 20..29) */
#define XG_MAX_MERGED_STATIONS 48
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

#define XG_MAX_LOANS 24 /* a company's loans at once (1856: one a share its players hold) */

/* A station of a company merged into the national as it formed (export_national.c). */
struct xg_station {
    int company, hex, city, slot;
};

/* Where an operating company's turn is among 18xx.games' steps. */
typedef enum {
    XG_AT_TRACK, XG_AT_TOKEN, XG_AT_ROUTE, XG_AT_TRAIN, XG_AT_LOAN, XG_AT_COMPANY, XG_AT_END
} xg_step;

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
    int teleport;         /* a private whose tile was laid and whose station must follow, or
                           * ENG_NONE */
    bool trains_later;    /* the company operating buys a train (or raises money for one)
                           * later in its turn than the action written */
    int pending_sales;    /* the director's emergency sales written so far this turn begin at
                           * this index of actions (18xx.games makes them itself when the
                           * director goes bankrupt), or -1 */
    int pending_id;       /* ... and the id the first of them has */
    int sold, sold_by;    /* the company whose shares the action just before sold, and who
                           * sold them, or ENG_NONE */
    xg_shares sold_from;  /* ... its shares before that sale */
    int unvested_by, unvested; /* a stock round: the player whose turn bought shares of the
                                * company `unvested` (its "unvested_shares"), or ENG_NONE, */
    bool turn_sold[ENG_MAX_COMPANIES]; /* ... and the companies his turn has sold */
    int private_bought_by; /* a stock round: the player who bought a private from another in
                           * the turn under way, or ENG_NONE */
    bool bought_last;     /* ... the turn's last action written was a purchase */
    int operating;        /* the company whose turn the steps below are of, or ENG_NONE */
    xg_step step;
    bool took_loan;       /* ... it has taken or repaid a loan in this turn (the loan step's
                           * question) */
    int next_loan;        /* loans (the section's loan_step): the id the next one taken has */
    int nloans[ENG_MAX_COMPANIES];
    int loan_ids[ENG_MAX_COMPANIES][XG_MAX_LOANS]; /* ... the ids each company holds */
    /* the title's destination check after the track step (its "destination_check"): the
     * action written that ends the track step, to carry it (NULL: none this action), whether
     * this turn's is written, and the companies whose destinations were reached since the
     * last check written */
    cJSON *check_on;
    bool checked;
    bool reached[ENG_MAX_COMPANIES];
    /* the national's formation: the merged companies' stations as it began, until the
     * stations it gives up are written */
    int nmerged_st;
    struct xg_station merged_st[XG_MAX_MERGED_STATIONS];
} xg_writer;

/* ids (export_ids.c): every share in its company's IPO, every tile copy in the box; 0 */
int xg_ids_init(xg_writer *x);
void xg_ids_free(xg_writer *x);
/* A company's name on 18xx.games (eng_xg_company_id) and a player's id there. */
const char *xg_company_name(const eng_title *t, int company);
int xg_player_id(int seat);
/* The share a buy takes from `from` (XG_IPO or XG_POOL): its index, or -1. */
int xg_share_to_buy(const xg_writer *x, int company, int from, bool director);
void xg_share_id(const eng_title *t, int company, int share, char *out, size_t len);
/* A player's share k bought from `from`, and the presidency moved as 18xx.games moves it. */
void xg_shares_buy(xg_writer *x, int company, int player, int from, int share);
/* The shares a player sells for `percent` — his ordinary shares in the order he got them,
 * the director's certificate last when they are not enough (a partial sale of it) — as a JSON
 * array of their ids; moved to the pool, the presidency with them. */
cJSON *xg_shares_sell(xg_writer *x, int company, int player, int percent);
/* A start item's certificate given to its buyer: share (the item's, when still in the IPO),
 * else the director's or the first other one there (1830's B&O director's certificate). */
void xg_shares_give(xg_writer *x, int company, int player, bool director, int share);
/* Trains: "TYPE-index"; the company's first of the type (its place in held[], or -1); a train
 * added to a company's (ENG_NONE: the pool's) and its k-th taken out; the pool's first of the
 * type; every train of the type gone (rusted). */
void xg_train_id(const eng_title *t, xg_train tr, char *out, size_t len);
int xg_held_train(const xg_writer *x, int company, int type);
void xg_trains_move_to(xg_writer *x, int company, xg_train tr);
xg_train xg_trains_take(xg_writer *x, int company, int k);
int xg_pool_train(const xg_writer *x, int type);
void xg_trains_rust(xg_writer *x, int type);
/* The tile copy a lay takes, named ("57-1"), and the box and the map updated. */
void xg_tile_lay(xg_writer *x, int hex, int tile, char *out, size_t len);
/* 18xx.games' rotation of a pbemgm rotation of the tile (or printed hex: tile -1). */
int xg_rotation_there(const eng_title *t, int hex, int tile, int rot);
/* The city's id ("57-1-0", "D14-0-0") on the hex as it is after the action. */
void xg_city_id(const xg_writer *x, int hex, int city, char *out, size_t len);

/* writing (export_write.c): an action of a player (company ENG_NONE) or of a company (a
 * corporation, or a private: "company"), numbered and added to x->actions. */
cJSON *xg_new_action(xg_writer *x, const char *type, int player, int company);
cJSON *xg_player_action(xg_writer *x, const char *type, int player);
cJSON *xg_company_action(xg_writer *x, const char *type, int company);

/* the actions (export_actions.c): the 18xx.games actions of the pbemgm action a, applied to
 * x->before giving x->g. 0, or -1 with why. */
int xg_write_action(xg_writer *x, const eng_action *a);
/* Whether the private's tile and station are one power there, placed at once (1830's D&H:
 * 18xx.games' teleport), not a tile power and a station power apart (1856's W&SR). */
bool xg_teleport_power(const eng_title *t, int private);
/* export_national.c: an action of the national's formation (the title's special round), and
 * the formation begun by the action just written (its merges without a question). */
int xg_write_formation(xg_writer *x, const eng_action *a);
void xg_follow_formation_begun(xg_writer *x);

/* the operating steps (export_steps.c) */
/* The turn of the company operating in x->before, its steps up to `to` passed: a pass written
 * for each step 18xx.games asks at. */
void xg_steps_to(xg_writer *x, xg_step to);
/* Whether 18xx.games asks the operating company for an action (or a pass) at that step now. */
bool xg_step_asks(const xg_writer *x, xg_step step);
/* The company's track step over with the action `last` written (NULL: the last written): the
 * title's destination check goes with it (once a turn). */
void xg_track_step_over(xg_writer *x, cJSON *last);
/* After an action written: the destinations it reached noted, and the check written on the
 * action that ended the track step, if any, naming those reached since the last one. */
void xg_write_check(xg_writer *x);
/* Whether 18xx.games' track step waits, its own lays done, for a tile its director's private
 * may still lay for it (a tile power its owner uses as a major's director, a hex of it unused
 * — 1835's OBB — or, uncounted there, any: its PfB; step/tracker.rb
 * tile_lay_abilities_should_block?, when "owning_player_track"): it then asks for a pass. */
bool xg_director_lay_waits(const eng_game *g, int c);

/* 18xx.games' reach (export_reach.c): per hex, bit node * 2 + dir for each node of its track
 * the company's track reaches (dir 1: an edge entered from the neighbour); malloc'd. */
uint32_t *xg_reach(const eng_game *g, int company);
/* The edges of the hex the track reaches: along the hex's track, or to its border from the
 * neighbour's side. */
unsigned xg_reached_edges(const eng_game *g, const uint32_t *seen, int hex);
bool xg_city_reached(const uint32_t *seen, int hex, int city);

/* runs (export_routes.c): the routes of the company's trains earning `revenue` in all. */
int xg_write_run(xg_writer *x, int company, int revenue, bool payout);

#endif
