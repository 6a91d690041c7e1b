/* xgames_file: a game written as an 18xx.games game file (issue 30; src/xgames writes it) from
 * its players, options and action log — for the command line's `game export`, the desk's
 * EXPORT, a player's SEND GAME FILE and the final report's attachment. */
#include "service/service.h"
#include "util/buf.h"
#include "util/util.h"
#include "xgames/xgames.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- export ---- */

struct action_log {
    int n, cap;
    char **v;
};

static int collect_action(int64_t seq, int turn, const char *json, void *ctx)
{
    (void)seq;
    (void)turn;
    struct action_log *log = ctx;
    if (log->n == log->cap) {
        log->cap = log->cap ? log->cap * 2 : 256;
        log->v = xrealloc(log->v, (size_t)log->cap * sizeof *log->v);
    }
    log->v[log->n++] = xstrdup(json);
    return 0;
}

static void action_log_free(struct action_log *log)
{
    for (int i = 0; i < log->n; i++)
        free(log->v[i]);
    free(log->v);
}

svc_result svc_game_file(store *st, const store_game *g, char **json)
{
    return svc_game_file_with(st, g, NULL, 0, json);
}

svc_result svc_game_file_with(store *st, const store_game *g, const char *const *extra,
                              int nextra, char **json)
{
    *json = NULL;
    svc_game sg;
    svc_result r = svc_game_load_players(st, g, &sg);
    if (r.kind != SVC_OK)
        return r;
    struct action_log log = {0};
    if (store_action_each(st, g->id, collect_action, &log) != STORE_OK) {
        r = svc_store_failed(st);
    } else {
        for (int i = 0; i < nextra; i++)
            collect_action(0, 0, extra[i], &log);
        const char *names[ENG_MAX_PLAYERS];
        for (int p = 0; p < sg.nplayers; p++)
            names[p] = sg.players[p].name;
        xg_source src = {.title = g->title, .options = g->options ? g->options : "",
                         .nplayers = sg.nplayers, .players = names, .nactions = log.n,
                         .actions = (const char *const *)log.v};
        char *warning = NULL;
        char why[SVC_TEXT_MAX - 64];
        *json = xg_export(&src, svc_read_title_file, NULL, &warning, why, sizeof why);
        r = *json ? svc_ok_saying("%s", warning ? warning : "")
                  : svc_refused("game %s cannot be written as an 18xx.games file: %s", g->name,
                                why);
        free(warning);
    }
    action_log_free(&log);
    svc_game_unload(&sg);
    return r;
}

char *svc_game_file_name(const store_game *g)
{
    return str_format("%s.json", g->name);
}

static svc_result write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f && fputs(text, f) >= 0 && fputc('\n', f) != EOF && fclose(f) == 0)
        return svc_ok();
    svc_result r = svc_refused("%s: %s", path, strerror(errno));
    if (f)
        fclose(f);
    return r;
}

svc_result svc_game_export(store *st, const char *name, const char *path, buf *out)
{
    store_game g = {0};
    if (store_game_find(st, name, &g) != STORE_OK)
        return svc_refused("there is no game \"%s\"", name);
    char *json;
    svc_result r = svc_game_file(st, &g, &json);
    if (r.kind == SVC_OK && path) {
        svc_result w = write_file(path, json);
        if (w.kind != SVC_OK)
            r = w;
        else
            buf_printf(out, "game %s written to %s: load it on 18xx.games with \"import hotseat "
                            "game\"\n", g.name, path);
    } else if (r.kind == SVC_OK) {
        buf_printf(out, "%s\n", json);
    }
    if (r.kind == SVC_OK && r.text[0]) /* the note: on stderr, beside the file */
        r = svc_ok_saying("note: %.*s", SVC_TEXT_MAX - 8, r.text);
    free(json);
    store_game_clear(&g);
    return r;
}
