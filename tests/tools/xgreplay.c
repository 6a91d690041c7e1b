/* xgreplay: the second oracle — an 18xx.games game file imported through the engine (xg_import,
 * its titles from config/games): `xgreplay FILE.json [UNTIL_ID]` prints, for each of the file's
 * actions, pbemgm's actions applied for it (or the refusal), then each player's final value
 * (eng_player_worth) against the file's result and the end against its game_end_reason, and
 * whether the engine's action log it made replays on a new game to the same state. Exit 0
 * only when every action applied and all are equal (with UNTIL_ID: when every action before it
 * applied). A file with a difference named in tests/oracle/18xx-games-TITLE-known.json stops
 * before it, said. `xgreplay --positions FILE.json`: the position after each of the file's
 * actions as a summary line (scripts/xgames_diff.sh's pbemgm side). Run from the top of the
 * tree. */
#include "engine/game.h"
#include "lib/xg_position.h"
#include "util/util.h"
#include "xgames/xgames.h"

#include <cJSON.h>

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

/* "bank", "bankrupt", "stock_market" (a price at the market's end space: 18GA) as the engine
 * ended the game — 18xx.games' game_end_reason —, "manually_ended" where the file's players
 * ended it by hand, or "" while it goes on. */
static const char *end_of(const xg_game *x)
{
    const eng_game *g = x->g;
    if (x->ended_by_hand && g->round != ENG_ROUND_OVER)
        return "manually_ended";
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_GAME_OVER)
            return g->events[i].amount == ENG_END_BANK     ? "bank"
                   : g->events[i].amount == ENG_END_MARKET ? "stock_market"
                                                           : "bankrupt";
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
    const char *end = end_of(x);
    bool same = strcmp(end, x->end_reason) == 0;
    differ += !same;
    printf("end: pbemgm \"%s\", file \"%s\"%s\n", end, x->end_reason, same ? "" : "  DIFFERENT");
    return differ;
}

/* The id of the file's known difference with pbemgm (tests/oracle/18xx-games-TITLE-known.json:
 * an entry whose "file" is the file's name), its text into what; 0 none. */
static int known_difference(const char *title, const char *file, char *what, size_t len)
{
    char path[256];
    snprintf(path, sizeof path, "tests/oracle/18xx-games-%s-known.json", title);
    char *text = util_read_file(path, NULL);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
    int id = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(root, "differences"))
    {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(e, "file");
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(e, "action");
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(e, "pbemgm");
        if (cJSON_IsString(f) && strcmp(f->valuestring, base) == 0 && cJSON_IsNumber(a)) {
            id = a->valueint;
            snprintf(what, len, "%s", cJSON_IsString(w) ? w->valuestring : "");
            break;
        }
    }
    cJSON_Delete(root);
    return id;
}

/* The file's title ("1830"), to find its known differences; "" when it has none. */
static void title_of(const char *json, char *out, size_t len)
{
    cJSON *root = cJSON_Parse(json);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(root, "title");
    snprintf(out, len, "%s", cJSON_IsString(t) ? t->valuestring : "");
    for (char *c = out; *c; c++)
        if (*c == '/' || *c == '.')
            *c = '_';
    cJSON_Delete(root);
}

/* The import's action log (the engine's JSON) applied on a new game of its title, options and
 * players, as pbemgm's store replays a game: whether it comes to the same state. */
static bool log_replays(const xg_game *x)
{
    eng_options o;
    char why[256];
    eng_options_default(x->t, &o);
    if (eng_options_parse(x->t, &o, x->options, why, sizeof why))
        return false;
    eng_options_for_title(x->t, &o);
    const char *names[ENG_MAX_PLAYERS];
    for (int p = 0; p < x->nplayers; p++)
        names[p] = x->names[p];
    eng_game *g = eng_game_new(x->t, &o, names, x->nplayers, why, sizeof why);
    for (int i = 0; g && i < x->nactions; i++) {
        eng_action a;
        if (eng_action_from_json(g, x->actions[i], &a, why, sizeof why) ||
            eng_apply(g, &a, why, sizeof why)) {
            printf("the log does not replay at its action %d: %s\n", i + 1, why);
            eng_game_free(g);
            return false;
        }
    }
    char *mine = g ? eng_game_to_json(g) : NULL, *theirs = eng_game_to_json(x->g);
    bool same = mine && strcmp(mine, theirs) == 0;
    free(mine);
    free(theirs);
    eng_game_free(g);
    return same;
}

/* --positions: the position after each of the file's actions (the import stopped before the
 * next action of another id, 18xx.games' doings there done), a summary line each
 * (lib/xg_position.h), for scripts/xgames_diff.sh; the refusal, if any, last. */
static int positions(const char *json)
{
    cJSON *root = cJSON_Parse(json);
    const cJSON *a, *actions = cJSON_GetObjectItemCaseSensitive(root, "actions");
    int n = 0, *ids = xcalloc((size_t)cJSON_GetArraySize(actions) + 1, sizeof *ids);
    cJSON_ArrayForEach(a, actions)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(a, "id");
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(a, "type");
        if (cJSON_IsNumber(id) && cJSON_IsString(type) && strcmp(type->valuestring, "undo") &&
            strcmp(type->valuestring, "redo") && (n == 0 || ids[n - 1] != id->valueint))
            ids[n++] = id->valueint;
    }
    cJSON_Delete(root);
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        xg_game x;
        char why[512];
        rc = xg_import_until(json, read_title_file, NULL, i + 1 < n ? ids[i + 1] : 0, &x, why,
                             sizeof why);
        if (rc)
            printf("{\"error\":\"%s\"}\n", why); /* (an error object: positions_diff.rb) */
        else
            xgp_print(x.g, ids[i]);
        if (!rc)
            xg_game_clear(&x);
    }
    free(ids);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--positions") == 0) {
        char *json = util_read_file(argv[2], NULL);
        int rc = json ? positions(json) : 2;
        free(json);
        return rc;
    }
    if (argc < 2) {
        fputs("usage: xgreplay FILE.json [UNTIL_ID] | xgreplay --positions FILE.json\n", stderr);
        return 2;
    }
    char *json = util_read_file(argv[1], NULL), why[512], why2[512];
    if (!json) {
        fprintf(stderr, "xgreplay: cannot read %s\n", argv[1]);
        return 2;
    }
    int until = argc > 2 ? atoi(argv[2]) : 0, refused_at = 0;
    char title[64], known[512] = "";
    title_of(json, title, sizeof title);
    int stop = title[0] ? known_difference(title, argv[1], known, sizeof known) : 0;
    if (stop && (until == 0 || stop < until)) {
        printf("a known difference at action %d (tests/oracle/18xx-games-%s-known.json): %s\n",
               stop, title, known);
        until = stop;
    }
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
    bool replays = log_replays(&x);
    printf("the action log %s\n", replays ? "replays to the same state"
                                          : "does NOT replay to the same state");
    int differ = !replays, stopped = x.stopped_at;
    if (stopped) {
        char *position = eng_game_to_json(x.g);
        printf("stopped before action %d\nstate: %s\n", stopped, position);
        free(position);
    }
    else
        differ = compare(&x);
    xg_game_clear(&x);
    printf("%s\n", differ ? "DIFFERENT" : stopped ? "applied up to there" : "all equal");
    return differ ? 1 : 0;
}
