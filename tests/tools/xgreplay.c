/* xgreplay: the second oracle — an 18xx.games game file imported through the engine (xg_import,
 * its titles from config/games): `xgreplay FILE.json [UNTIL_ID]` prints, for each of the file's
 * actions, pbemgm's actions applied for it (or the refusal), then each player's final value
 * (eng_player_worth) against the file's result and the end against its game_end_reason. Exit 0
 * only when every action applied and all are equal (with UNTIL_ID: when every action before it
 * applied). Run from the top of the tree. */
#include "engine/game.h"
#include "util/util.h"
#include "xgames/xgames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A title's file in config/games (eng_title_reader). */
static char *read_title_file(const char *name, void *ctx)
{
    (void)ctx;
    char path[256];
    snprintf(path, sizeof path, "config/games/%s.json", name);
    return util_read_file(path, NULL);
}

static void print_actions(const xg_game *x)
{
    for (int i = 0; i < x->nactions; i++)
        printf("%d: %s\n", x->from_id[i], x->actions[i]);
    printf("kept %d file actions (%d automatic), %d undone; %d standing instructions and %d "
           "messages kept out of the engine; %d of pbemgm's actions for what 18xx.games does "
           "by itself\n",
           x->nkept, x->nauto, x->nundone, x->nprograms, x->nmessages, x->nsynthesized);
}

/* "bank", "bankrupt" as the engine ended the game, or "" while it goes on. */
static const char *end_of(const eng_game *g)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_GAME_OVER)
            return g->events[i].amount == ENG_END_BANK ? "bank" : "bankrupt";
    return g->round == ENG_ROUND_OVER ? "over" : "";
}

static int compare(const xg_game *x)
{
    int differ = 0;
    for (int p = 0; p < x->nplayers; p++) {
        int worth = eng_player_worth(x->g, p);
        bool same = x->has_result && worth == x->result[p];
        differ += !same;
        printf("%s (%s): pbemgm %d, file %d%s\n", x->names[p], x->file_names[p], worth,
               x->result[p], same ? "" : "  DIFFERENT");
    }
    const char *end = end_of(x->g);
    bool same = strcmp(end, x->end_reason) == 0;
    differ += !same;
    printf("end: pbemgm \"%s\", file \"%s\"%s\n", end, x->end_reason, same ? "" : "  DIFFERENT");
    return differ;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: xgreplay FILE.json [UNTIL_ID]\n", stderr);
        return 2;
    }
    char *json = util_read_file(argv[1], NULL), why[512], why2[512];
    if (!json) {
        fprintf(stderr, "xgreplay: cannot read %s\n", argv[1]);
        return 2;
    }
    int until = argc > 2 ? atoi(argv[2]) : 0, refused_at = 0;
    xg_game x;
    int rc = xg_import_until(json, read_title_file, NULL, until, &x, why, sizeof why);
    if (rc && sscanf(why, "action %d", &refused_at) == 1 && refused_at > 1 &&
        xg_import_until(json, read_title_file, NULL, refused_at, &x, why2, sizeof why2) == 0) {
        print_actions(&x); /* what was applied before the refusal */
        xg_game_clear(&x);
    }
    free(json);
    if (rc) {
        printf("REFUSED %s\n", why);
        return 1;
    }
    printf("%s: %s with %s, %d players\n", argv[1], x.title, x.options, x.nplayers);
    print_actions(&x);
    int differ = 0;
    if (x.stopped_at)
        printf("stopped before action %d\n", x.stopped_at);
    else
        differ = compare(&x);
    xg_game_clear(&x);
    printf("%s\n", differ ? "DIFFERENT" : x.stopped_at ? "applied up to there" : "all equal");
    return differ ? 1 : 0;
}
