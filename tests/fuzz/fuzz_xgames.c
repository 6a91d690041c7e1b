/* fuzz_xgames: a libFuzzer target for the importer of 18xx.games' game files (make fuzz) — any
 * bytes as the file given to xg_import, titles read from config/games (the seeds in
 * tests/fuzz/corpus/xgames are small 1830 files: an auction, a first stock and operating
 * round, undo and redo, a standing order with its automatic actions, a bad title, option and
 * order). A file is imported whole or refused whole: refused, it says why and keeps nothing;
 * imported, its actions (the engine's JSON) replayed on a new game of its title, options and
 * players reach the very position the importer reached, and the game exported (xg_export)
 * imports again to the same actions. Nothing may crash, leak or read out of bounds; the
 * engine's invariants are checked after every action applied (-DENG_CHECK_INVARIANTS). */
#include "fuzz.h"
#include "engine/game.h"
#include "engine/title.h"
#include "util/util.h"
#include "xgames/xgames.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A title's file in config/games (eng_title_reader), read once and kept: the name must be a
 * plain file name (the importer may be asked for any). */
static char *read_title(const char *name, void *ctx)
{
    (void)ctx;
    static struct { char name[64]; char *text; } cache[8];
    static int ncache;
    if (!*name || strlen(name) >= sizeof cache[0].name ||
        strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") !=
            strlen(name))
        return NULL;
    for (int i = 0; i < ncache; i++)
        if (strcmp(cache[i].name, name) == 0)
            return cache[i].text ? xstrdup(cache[i].text) : NULL;
    char path[256];
    snprintf(path, sizeof path, "%s/%s.json", PBEMGM_GAMES_DIR, name);
    char *text = util_read_file(path, NULL);
    if (ncache < (int)(sizeof cache / sizeof cache[0])) {
        snprintf(cache[ncache].name, sizeof cache[0].name, "%s", name);
        cache[ncache++].text = text ? xstrdup(text) : NULL;
    }
    return text;
}

/* The imported actions replayed on a new game: the same position as the importer's. */
static void check_replay(const xg_game *x)
{
    eng_options o;
    char why[512];
    eng_options_default(x->t, &o);
    if (eng_options_parse(x->t, &o, x->options, why, sizeof why) != 0)
        abort(); /* the options the importer chose are the title's */
    const char *names[ENG_MAX_PLAYERS];
    for (int p = 0; p < x->nplayers; p++)
        names[p] = x->names[p];
    eng_game *g = eng_game_new(x->t, &o, names, x->nplayers, why, sizeof why);
    if (!g)
        abort();
    for (int i = 0; i < x->nactions; i++) {
        eng_action a;
        if (eng_action_from_json(g, x->actions[i], &a, why, sizeof why) != 0 ||
            eng_apply(g, &a, why, sizeof why) != 0)
            abort(); /* an imported action is legal where it stands */
    }
    char *mine = eng_game_to_json(g);
    char *theirs = eng_game_to_json(x->g);
    if (strcmp(mine, theirs) != 0)
        abort();
    free(mine);
    free(theirs);
    eng_game_free(g);
}

/* Exported, the game imports again to the same actions (when the exporter takes it). */
static void check_round_trip(const xg_game *x)
{
    const char *players[ENG_MAX_PLAYERS];
    for (int p = 0; p < x->nplayers; p++)
        players[p] = x->names[p];
    xg_source src = {.title = x->title, .options = x->options, .nplayers = x->nplayers,
                     .players = players, .nactions = x->nactions,
                     .actions = (const char *const *)x->actions};
    char why[512];
    char *warning = NULL;
    char *file = xg_export(&src, read_title, NULL, &warning, why, sizeof why);
    free(warning);
    if (!file)
        return;
    xg_game y;
    if (xg_import(file, read_title, NULL, &y, why, sizeof why) != 0)
        abort(); /* an exported game is refused by its own importer */
    if (y.nactions != x->nactions)
        abort();
    for (int i = 0; i < x->nactions; i++)
        if (strcmp(x->actions[i], y.actions[i]) != 0)
            abort();
    xg_game_clear(&y);
    free(file);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *json = fuzz_string(data, size);
    xg_game x;
    char why[512];
    memset(why, 'x', sizeof why);
    if (xg_import(json, read_title, NULL, &x, why, sizeof why) != 0) {
        if (!memchr(why, '\0', sizeof why) || !why[0])
            abort(); /* refused: saying why */
        if (x.g || x.t || x.actions || x.from_id || x.nactions)
            abort(); /* refused: nothing kept */
    } else {
        if (!x.g || !x.t || x.nplayers < 1 || x.nplayers > ENG_MAX_PLAYERS || x.nactions < 0)
            abort();
        check_replay(&x);
        check_round_trip(&x);
        xg_game_clear(&x);
    }
    free(json);
    return 0;
}
