/* xgames_start: an imported game's start checked (issue 30) — the GM's options beside the
 * file's (the file's stand where both set one, and the GM is told which), the log replayed
 * under them (the first action that does not replay named), every seat with an address. */
#include "service/service.h"
#include "util/buf.h"
#include "util/util.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- an imported game started ---- */

/* The options of every title (eng_options' own fields), by the names the GM writes. */
static const struct {
    const char *name;
    size_t off;
    bool is_int;
} ENGINE_OPTIONS[] = {
    {"FirstRoundSellRestriction", offsetof(eng_options, first_round_sell_restriction), false},
    {"SeparateSalesAtSamePrice", offsetof(eng_options, separate_sales_at_same_price), false},
    {"UnlimitedTiles", offsetof(eng_options, unlimited_tiles), false},
    {"NationalisationThreshold", offsetof(eng_options, nationalisation_percent), true},
    {"CertLimitBonus80", offsetof(eng_options, cert_limit_bonus_80), false},
    {"PriorityAfterLastBuyer", offsetof(eng_options, priority_after_last_buyer), false},
    {"RouteAlgorithm", offsetof(eng_options, permissive_routes), false},
    {"DividendRounding", offsetof(eng_options, dividend_round_down), false},
    {"NoTrainPriceLeft", offsetof(eng_options, no_train_price_left), false},
    {"BankruptCashToBank", offsetof(eng_options, bankrupt_cash_to_bank), false},
    {"ExtraTileAnyStep", offsetof(eng_options, extra_tile_any_step), false},
    {"MultipleBrownFromIPO", offsetof(eng_options, brown_pool_only), false},
    {"PriorityAfterLastToAct", offsetof(eng_options, priority_after_last_to_act), false},
    {"MustSellOverLimits", offsetof(eng_options, must_sell_over_limits), false},
    {"AuctionLowestBidderActs", offsetof(eng_options, auction_lowest_bidder_acts), false},
    {"PrivatePurchaseUsesTurn", offsetof(eng_options, private_purchase_uses_turn), false},
};

static int engine_option(const eng_options *o, size_t i)
{
    const char *at = (const char *)o + ENGINE_OPTIONS[i].off;
    return ENGINE_OPTIONS[i].is_int ? *(const int *)at : *(const bool *)at;
}

/* The title's defaults, then text's options: whether they read. */
static bool options_of(const eng_title *t, const char *text, eng_options *o)
{
    char why[256];
    eng_options_default(t, o);
    return eng_options_parse(t, o, text, why, sizeof why) == 0;
}

/* One "Name=Value" of the GM's: when the options the game gets (all) say otherwise for that
 * option, it is named in which. */
static void note_overridden(const eng_title *t, const char *item, const eng_options *all,
                            buf *which)
{
    eng_options one;
    if (!options_of(t, item, &one))
        return;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(item, "="), item);
    str_trim(name);
    int k = eng_game_option_index(t, name);
    if (k >= 0 && one.chosen[k] != all->chosen[k]) {
        buf_printf(which, "%s%s=%s", which->len ? ", " : "", t->game_options[k].id,
                   t->game_options[k].choices[all->chosen[k]].name);
        return;
    }
    for (size_t i = 0; k < 0 && i < sizeof ENGINE_OPTIONS / sizeof *ENGINE_OPTIONS; i++)
        if (str_ieq(name, ENGINE_OPTIONS[i].name) &&
            engine_option(&one, i) != engine_option(all, i))
            buf_printf(which, "%s%s", which->len ? ", " : "", ENGINE_OPTIONS[i].name);
}

/* Each of the GM's options (a preset's one by one) that the file's overrode, named. */
static void note_each_overridden(const eng_title *t, const char *options, const eng_options *all,
                                 int depth, buf *which)
{
    char *copy = xstrdup(options), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        str_trim(item);
        if (strchr(item, '=')) {
            note_overridden(t, item, all, which);
            continue;
        }
        for (int k = 0; depth == 0 && k < t->npresets; k++)
            if (str_ieq(item, t->presets[k].name))
                note_each_overridden(t, t->presets[k].options, all, 1, which);
    }
    free(copy);
}

/* The GM's options that the file's overrode, told. */
static void say_overridden(const eng_title *t, const char *gm_options, const char *merged,
                           buf *out)
{
    eng_options all;
    if (!options_of(t, merged, &all))
        return; /* (the start refuses them, saying why) */
    buf which;
    buf_init(&which);
    note_each_overridden(t, gm_options, &all, 0, &which);
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
