/* xgames_start: an imported game's start checked (issue 30) — the GM's options beside the
 * file's (the file's stand where both set one, and the GM is told which), the log replayed
 * under them (the first action that does not replay named), every seat with an address. */
#include "service/service.h"
#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- an imported game started ---- */

/* Where the file's options overrode the GM's: the title's options (by id) and the engine's own
 * that differ between the GM's alone and the options the game gets. */
static void say_overridden(const eng_title *t, const char *gm_options, const char *merged,
                           buf *out)
{
    eng_options gm, all;
    char why[256];
    eng_options_default(t, &gm);
    eng_options_default(t, &all);
    if (eng_options_parse(t, &gm, gm_options, why, sizeof why) ||
        eng_options_parse(t, &all, merged, why, sizeof why))
        return; /* (the start refuses them, saying why) */
    buf which;
    buf_init(&which);
    for (int i = 0; i < t->ngame_options; i++)
        if (gm.chosen[i] != all.chosen[i])
            buf_printf(&which, "%s%s=%s", which.len ? ", " : "", t->game_options[i].id,
                       t->game_options[i].choices[all.chosen[i]].name);
    if (gm.nationalisation_percent != all.nationalisation_percent ||
        gm.dividend_round_down != all.dividend_round_down ||
        gm.unlimited_tiles != all.unlimited_tiles ||
        gm.permissive_routes != all.permissive_routes ||
        gm.priority_after_last_buyer != all.priority_after_last_buyer ||
        gm.cert_limit_bonus_80 != all.cert_limit_bonus_80 ||
        gm.first_round_sell_restriction != all.first_round_sell_restriction ||
        gm.separate_sales_at_same_price != all.separate_sales_at_same_price)
        buf_printf(&which, "%sthe engine's own options the file names", which.len ? ", " : "");
    if (which.len)
        buf_printf(out, "the file's options stand where yours differ: %s\n", which.data);
    buf_free(&which);
}

static int first_action(int64_t seq, int turn, const char *json, void *ctx)
{
    (void)seq;
    (void)turn;
    *(char **)ctx = xstrdup(json);
    return 1;
}

/* "action N of the log does not replay: why" with that action's text added. */
static svc_result not_replaying(store *st, const store_game *g, const char *merged,
                                const char *text)
{
    long long seq = 0;
    char *json = NULL;
    if (sscanf(text, "action %lld", &seq) == 1 && seq > 0)
        store_action_each_from(st, g->id, seq, first_action, &json);
    svc_result r = svc_refused("%s cannot start with the options \"%s\": its imported log does "
                               "not replay under them: %s%s%.160s%s", g->name, merged, text,
                               json ? " (the action: " : "", json ? json : "", json ? ")" : "");
    free(json);
    return r;
}

/* Refused when a seat has no address yet. */
static svc_result every_seat_addressed(store *st, const store_game *g)
{
    svc_game sg;
    svc_result r = svc_game_load_players(st, g, &sg);
    for (int p = 0; p < sg.nplayers && r.kind == SVC_OK; p++)
        if (!sg.players[p].address[0])
            r = svc_refused("%s cannot start: player %s (seat %d) has no address yet (`pbemgm "
                            "player address %s %s ADDRESS`)", g->name, sg.players[p].name,
                            sg.players[p].seat, g->name, sg.players[p].name);
    svc_game_unload(&sg);
    return r;
}

svc_result svc_import_start_options(store *st, const store_game *g, const char *gm_options,
                                    char **options, buf *out)
{
    *options = NULL;
    svc_result r = every_seat_addressed(st, g);
    if (r.kind != SVC_OK)
        return r;
    const char *file = g->options ? g->options : "";
    char *merged = *gm_options && *file ? str_format("%s, %s", gm_options, file)
                                        : xstrdup(*gm_options ? gm_options : file);
    eng_title *t;
    if ((r = svc_load_title(g->title, &t)).kind != SVC_OK) {
        free(merged);
        return r;
    }
    say_overridden(t, gm_options, merged, out);
    eng_title_free(t);
    store_game then = *g; /* the game as it would start */
    then.options = merged;
    svc_game sg;
    r = svc_game_load(st, &then, &sg);
    if (r.kind != SVC_OK) { /* an action that does not replay, or options that are none */
        r = strncmp(r.text, "action ", 7) == 0 ? not_replaying(st, g, merged, r.text)
            : r.kind == SVC_REFUSED ? svc_refused("game options: %.*s (see "
                                                  "docs/game-options.md)", SVC_TEXT_MAX - 64,
                                                  r.text)
                                    : r;
        free(merged);
        return r;
    }
    eng_play_at now = eng_play_now(sg.g);
    char round[64];
    buf_printf(out, "its imported log replays under \"%s\"; now: %s, %s to act\n", merged,
               eng_round_name(sg.g, &now, ENG_NAME_TURN, round, sizeof round),
               sg.players[sg.g->current].name);
    svc_game_unload(&sg);
    *options = merged;
    return svc_ok();
}
