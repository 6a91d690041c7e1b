/* xgames: 18xx.games' game files (the JSON its Tools tab copies and its "import hotseat game"
 * reads; docs/gm-guide.md), both ways. A file is imported whole: its title and optional rules
 * as pbemgm's title and options (the title's "18xx.games" section: eng_xgames), its players,
 * and every decision in it — undo and redo resolved as 18xx.games resolves them, the automatic
 * actions after the action that caused them — applied through the engine, which refuses what
 * its rules do not allow. A game's action log is exported as 18xx.games' actions, with
 * 18xx.games' ids (shares PRR_5, tiles 57-1, cities 57-1-0, trains D-0). Pure: text in, text
 * out; titles are read through the reader given. */
#ifndef PBEMGM_XG_XGAMES_H
#define PBEMGM_XG_XGAMES_H

#include "engine/game.h"

#include <stdbool.h>
#include <stddef.h>

/* A file imported: what pbemgm makes of it. */
typedef struct xg_game {
    char title[ENG_ID];           /* pbemgm's title */
    char options[512];            /* pbemgm's options ("Name=Value, ..."): the title's
                                   * 18xx.games options, then each optional rule's */
    int nplayers;
    char names[ENG_MAX_PLAYERS][ENG_NAME];      /* as pbemgm seats them (letters, digits, - and
                                                 * _: "Player 1" becomes "Player_1") */
    char file_names[ENG_MAX_PLAYERS][ENG_NAME]; /* as the file names them */
    int nactions;
    char **actions;               /* the engine's actions (eng_action_to_json), in order */
    int *from_id;                 /* for each: the id of the file's action it comes from */
    bool over;                    /* the game is over where the file stops */
    char end_reason[ENG_ID];      /* the file's game_end_reason ("bankrupt", "bank"), or "" */
    bool ended_by_hand;           /* the file ends with its players' end_game (game_end_reason
                                   * "manually_ended"): its result is the values there */
    bool has_result;
    int result[ENG_MAX_PLAYERS];  /* the file's result: each seat's final value */
    /* what became of the file's actions: those kept after undo and redo (and their auto
     * actions), those undone, the standing instructions (program_*: nothing by themselves,
     * their effects are the auto actions) and messages kept out of the engine, and the
     * engine's actions pbemgm needed for what 18xx.games did by itself (passes, skips, runs
     * for nothing, the end of a turn, raising cash, a bankrupt's sales) */
    int nkept, nauto, nundone, nprograms, nmessages, nsynthesized;
    int stopped_at;               /* xg_import_until: the first action not applied, or 0 */
    eng_title *t;                 /* the title the game plays (its options applied) */
    eng_game *g;                  /* the game where the file stops */
} xg_game;

/* The file read and every decision in it applied. 0; or -1 with why — the file's fault, or
 * the action (its id and type) pbemgm cannot take and the reason — and nothing kept. */
int xg_import(const char *json, eng_title_reader read, void *ctx, xg_game *out, char *why,
              size_t len);
/* As xg_import, applying only the file's actions before action until_id (0: all): the
 * position at any point of the file (the second oracle's tool). */
int xg_import_until(const char *json, eng_title_reader read, void *ctx, int until_id,
                    xg_game *out, char *why, size_t len);
void xg_game_clear(xg_game *x);

/* A game to export: its title's name, options and players (seating order) as pbemgm has them,
 * and its action log (the engine's JSON, in order). */
typedef struct xg_source {
    const char *title;
    const char *options;
    int nplayers;
    const char *const *players;
    int nactions;
    const char *const *actions;
    int *written;                 /* NULL, or nactions ints set by xg_export: for each action,
                                   * the id of the last 18xx.games action written so far (the
                                   * position after it is the action's; 0 before any) */
} xg_source;

/* The game as an 18xx.games file (malloc'd JSON, its actions numbered from 1), or NULL with
 * why (a title 18xx.games does not have, an action it has no form for). *warning (malloc'd, or
 * NULL) says where 18xx.games' rules differ from the game's options, when they do. */
char *xg_export(const xg_source *src, eng_title_reader read, void *ctx, char **warning,
                char *why, size_t len);

#endif
