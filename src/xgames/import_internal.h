/* import_internal: what the importer's files share (import*.c): the file's actions kept after
 * undo and redo, 18xx.games' ids followed as the game goes (shares, trains, tiles), and the
 * applying of engine actions with their record in the xg_game. Not for other modules. */
#ifndef PBEMGM_XG_IMPORT_INTERNAL_H
#define PBEMGM_XG_IMPORT_INTERNAL_H

#include "xgames/steps_internal.h"
#include "xgames/xgames.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>

/* A train's holder in 18xx.games' terms: the depot (never bought), the pool, or a company. */
enum { XG_DEPOT = -1, XG_POOL = -2, XG_GONE = -3 };

#define XG_MAX_TRAIN_IDS 96
#define XG_MAX_TILE_IDS 160
#define XG_MAX_REMOVED 16 /* stations a national gives up as it forms */
#define XG_MAX_SHARE_IDS 40 /* CORP_i: i below it (1856's CGR issues 20..29 as it splits) */
#define XG_ID 24

/* An 18xx.games id and where it is now. */
typedef struct xg_placed {
    char id[XG_ID];
    int at;
} xg_placed;

/* One action of the file to apply: the file's action (or one of its auto_actions) and the id
 * of the file's action it is (an auto action: its parent's). */
typedef struct xg_kept {
    const cJSON *a;
    int id;
    bool automatic;
} xg_kept;

typedef struct xg_importer {
    xg_game *out;
    eng_game *g;
    const eng_title *t;
    int nplayers;
    char player_ids[ENG_MAX_PLAYERS][64]; /* the file's ids, as text ("1627", "Player 2") */
    xg_kept *kept;
    int nkept, at;                        /* at: the kept action being applied */
    /* 18xx.games' ids followed */
    bool left_ipo[ENG_MAX_COMPANIES][XG_MAX_SHARE_IDS]; /* share CORP_i has left the IPO */
    int ntrains;
    xg_placed trains[XG_MAX_TRAIN_IDS];   /* at: the train's holder (XG_DEPOT ...) */
    int ntiles;
    xg_placed tiles[XG_MAX_TILE_IDS];     /* at: the hex the tile lies on */
    /* a run declared (run_routes), paid with the dividend that follows */
    bool run_pending;
    int run_revenue;
    int turn_company;     /* the company whose turn the file's actions are in, or ENG_NONE */
    bool turn_acted;      /* the file has acted for it in this turn */
    int done_from;        /* the file's pass that ended its turn (the DONE's from_id), or 0 */
    int done_passes;      /* its passes at the trains step: 1 its trains', 2 its privates' too
                           * (a pass when it may buy no train is its privates') */
    bool after_formation; /* pbemgm's national formation round ended with the file's last
                           * action (its merges, repayments, stations given up and the
                           * national's discards follow in the file: import_special.c) */
    /* the stations 18xx.games' national gives up as it forms (remove_token), while pbemgm's
     * director chooses those it takes over (import_special.c) */
    int nremoved;
    struct {
        int hex, city;
    } removed[XG_MAX_REMOVED];
    int home_done;        /* the file's place_token applied as the home city before the tile
                           * laid ahead of it (import_or.c, home_before_tile), or 0 */
    /* the action of the file being applied: its id and type, for the reasons given */
    int id;
    const char *type;
    char *why;
    size_t len;
} xg_importer;

/* The undo and redo of the file resolved as 18xx.games resolves them (its filtered_actions),
 * each kept action followed by its auto_actions: x->kept. 0, or -1 with why. */
int xg_resolve_actions(xg_importer *x, const cJSON *actions);

/* Every kept action applied through the engine, with what 18xx.games does by itself and pbemgm
 * asks for (skips, the end of a turn, a home city, raising cash, a bankrupt's sales). */
int xg_play(xg_importer *x, int until_id);

/* One action applied (eng_apply) and recorded in the xg_game with from_id = the file's action
 * x->id; what: NULL for the file's action itself, else what pbemgm's action synthesized stands
 * for (18xx.games did it by itself: "skip", "done"). 0, or -1 with why naming the file's action
 * and the engine's reason. */
int xg_apply(xg_importer *x, eng_action *a, const char *what);

/* ---- what 18xx.games does by itself (import_sync.c) ---- */
/* The engine brought to the turn of player seat (stock round, start packet): those with nothing
 * left to do pass, the operating round's companies finish. */
int xg_sync_player(xg_importer *x, int seat);
/* The engine brought to company c's turn in an operating round, at `step` or later (HOME: not
 * past its home city's choice). */
int xg_sync_company(xg_importer *x, int c, eng_step step);
/* The operating company's station step skipped (SKIP, counted) where 18xx.games skips it by
 * itself: it may place no station, and holds no private whose station keeps that step asking
 * (the section's token_step_powers: 18GA's W&S); 0 or -1 with why. */
int xg_skip_empty_station(xg_importer *x);
/* ... and then its route step where 18xx.games skips it (no route available there,
 * xg_route_available): a run of nothing, its price moving left as there. */
int xg_skip_empty_steps_after_track(xg_importer *x);
/* Whether the operating company may buy a train now: from the bank, the pool or another
 * company (at the least price). */
bool xg_may_buy_a_train(const eng_game *g);
/* At the file's end: the operating round under way finished (the game's end where it ends). */
int xg_finish_round(xg_importer *x);
/* At the end of a file that goes on (or at UNTIL), what 18xx.games has done by itself there:
 * the steps of the company in turn it has nothing for skipped; its turn ended when it passed
 * and 18xx.games asks it nothing more (its privates' step passed too, or it may buy no
 * private: 18xx.games' step after its trains); the players with nothing but a pass left
 * passed. The position is then
 * 18xx.games' (money, prices and who acts at every third action of the three 1830 files). */
int xg_finish_file(xg_importer *x);

/* ---- the file's operating round actions (import_or.c) ---- */
int xg_lay_tile(xg_importer *x, const cJSON *a);
/* ---- a home city chosen again (import_home.c) ---- */
/* Whether company c's station stands in city `city` of hex. */
bool xg_station_in(const eng_game *g, int c, int hex, int city);
/* The city of company c's home hex as it is now from which its station comes to stand, the
 * tile laid, in the city the file chooses after the company's first tile there (18xx.games'
 * "must choose city for token" with its home station placed already); -1 none. */
int xg_home_chosen_later(xg_importer *x, int c);
int xg_place_token(xg_importer *x, const cJSON *a);
int xg_run_routes(xg_importer *x, const cJSON *a);
/* The file's routes of company c checked by pbemgm's rules (import_runs.c): *revenue their
 * total; -1 with why (a route the company may not make, one earning other than the file says,
 * routes sharing track, none given). */
int xg_check_routes(xg_importer *x, int c, const cJSON *a, int *revenue);
int xg_dividend(xg_importer *x, const cJSON *a);
int xg_buy_train(xg_importer *x, const cJSON *a);
int xg_discard_train(xg_importer *x, const cJSON *a);
int xg_buy_company(xg_importer *x, const cJSON *a);
int xg_company_pass(xg_importer *x, int c);
int xg_emergency_sell(xg_importer *x, int seat, int company, int percent);
int xg_bankrupt(xg_importer *x, const cJSON *a);
/* The operating company the file's action is for: a corporation's own, a private's holder's
 * (a company entity); -1 with why. */
int xg_acting_company(xg_importer *x, const cJSON *a);
const char *xg_str(const cJSON *a, const char *name);
/* Whether an action of this type is words only, no move: a chat message, a player's line in
 * the game's log ("log": 18GA's hotseat files), a standing instruction (program_*: its
 * effects are the auto actions). */
bool xg_words_only(const char *type);
int xg_int(const cJSON *a, const char *name, int otherwise);

/* ---- loans, destinations, special purchases, the national (import_special.c) ---- */
int xg_take_loan(xg_importer *x, const cJSON *a);
int xg_payoff_loan(xg_importer *x, const cJSON *a);
int xg_destination_connection(xg_importer *x, const cJSON *a);
int xg_special_buy(xg_importer *x, const cJSON *a);
int xg_assign(xg_importer *x, const cJSON *a);
int xg_merge(xg_importer *x, const cJSON *a);
/* A company's pass while the national forms: its director repays its loans left. */
int xg_national_pass(xg_importer *x, const cJSON *a);
int xg_remove_token(xg_importer *x, const cJSON *a);
/* While pbemgm's national's director chooses the stations it takes over: the file has given up
 * those it removes (remove_token); every other one is taken over. 0 or -1 with why. */
int xg_national_stations(xg_importer *x);
/* A train the national discards as it forms (discard_train while pbemgm's director chooses). */
int xg_national_discard(xg_importer *x, const cJSON *a);
/* Whether the national's director is choosing (pbemgm's formation after the merges). */
bool xg_national_choosing(const xg_importer *x, int what);
/* The players' end of the game by hand: the file's end. */
int xg_end_game(xg_importer *x, const cJSON *a);

/* The refusal of the file's action x->id: "action N (type): ..." into x->why; -1. */
int xg_refuse(xg_importer *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- 18xx.games' ids (import_ids.c) ---- */
/* The seat of the file's player id (a number or a name), or -1. */
int xg_seat_of(const xg_importer *x, const cJSON *id);
/* A company by 18xx.games' name ("ERIE", "CS"), or -1; a start item by its id there (a
 * company's, or the section's: 1835's "BY_D"), or -1. */
int xg_company_of(const xg_importer *x, const char *name);
int xg_item_of(const xg_importer *x, const char *name);
/* The train type of a train id ("D-0": D), or -1; its holder now. */
int xg_train_type(const xg_importer *x, const char *id);
int xg_train_holder(const xg_importer *x, const char *id);
void xg_train_moves(xg_importer *x, const char *id, int holder);
/* A share id ("PRR_5"): its company and index, false when it is none. */
bool xg_share_of(const xg_importer *x, const char *id, int *company, int *index);
/* A tile id laid ("57-1") on hex; the hex a tile id lies on (a laid tile's, else a preprinted
 * hex's own: "D14-0"), or -1. */
void xg_tile_laid(xg_importer *x, const char *id, int hex);
int xg_tile_hex(const xg_importer *x, const char *id);
/* 18xx.games' tile number of a tile id ("57-1": 57) into out. */
void xg_tile_name(const char *id, char *out, size_t len);
/* pbemgm's rotation of an 18xx.games rotation of tile t; pbemgm's city of 18xx.games' city
 * numbered k in its id, of the tile (tile >= 0) or preprinted hex (hex, tile -1). */
int xg_rotation(const eng_title *t, int tile, int rotation);
int xg_city(const eng_title *t, int tile, int hex, int k);
/* 18xx.games' city id ("57-1-0"): the hex its tile lies on and pbemgm's city there; -1 with why. */
int xg_city_of(xg_importer *x, const char *id, int *hex, int *city);

#endif
