/* export: a game's action log written as an 18xx.games game file (xgames.h): the title and
 * options as 18xx.games' title and optional rules, the players, and the log replayed through
 * the engine, each action written as 18xx.games' (export_actions.c) with the ids of shares,
 * tiles, trains and cities 18xx.games gives them (export_ids.c); the end of a finished game
 * with its result. What in the game's options makes its rules differ from 18xx.games' is said
 * in the warning. */
#include "xgames/export_internal.h"

#include "util/buf.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct loaded {
    eng_title *base, *t;  /* t: the title the game plays (base, or base with its choices) */
    eng_options o;
};

static int load_title(const xg_source *src, eng_title_reader read, void *ctx, struct loaded *l,
                      char *why, size_t len)
{
    char *err = NULL;
    l->base = eng_title_load(src->title, read, ctx, &err);
    if (!l->base) {
        snprintf(why, len, "no title %s: %s", src->title, err ? err : "?");
        free(err);
        return -1;
    }
    if (!l->base->xgames.title[0]) {
        snprintf(why, len, "%s is not a title of 18xx.games (its file has no \"18xx.games\" "
                           "section)", src->title);
        return -1;
    }
    eng_options_default(l->base, &l->o);
    if (eng_options_parse(l->base, &l->o, src->options ? src->options : "", why, len))
        return -1;
    l->t = l->base;
    if (eng_choices_change_title(l->base, l->o.chosen)) {
        l->t = eng_title_load_chosen(src->title, read, ctx, l->base, l->o.chosen, &err);
        if (!l->t) {
            snprintf(why, len, "%s", err ? err : "the title's options cannot be applied");
            free(err);
            return -1;
        }
    }
    eng_options_for_title(l->t, &l->o);
    return 0;
}

static void unload_title(struct loaded *l)
{
    if (l->t != l->base)
        eng_title_free(l->t);
    eng_title_free(l->base);
}

/* ---- options against 18xx.games' rules ---- */

/* Whether the option item ("Name=Value" or a preset) changes o. */
static bool changes(const eng_title *t, const eng_options *o, const char *item)
{
    eng_options changed = *o;
    char w[256];
    return *item && eng_options_parse(t, &changed, item, w, sizeof w) == 0 &&
           memcmp(&changed, o, sizeof changed) != 0;
}

/* Each item of text in force in `in` (applying it changes nothing there: not overruled by a
 * later one) that would change `other`, appended to out ("A=x, B=y"). */
static void differing(const eng_title *t, const char *text, const eng_options *in,
                      const eng_options *other, char *out, size_t len)
{
    char *copy = xstrdup(text), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        while (*item == ' ')
            item++;
        if (!*item || changes(t, in, item) || !changes(t, other, item))
            continue;
        size_t at = strlen(out);
        snprintf(out + at, len - at, "%s%s", at ? ", " : "", item);
    }
    free(copy);
}

/* Whether the game's options contain the optional rule's (an empty one: always). */
static bool rule_on(const eng_title *t, const eng_options *o, const struct eng_xg_rule *r)
{
    char *copy = xstrdup(r->options), *save = NULL;
    bool on = true;
    for (char *item = strtok_r(copy, ",", &save); item && on; item = strtok_r(NULL, ",", &save)) {
        while (*item == ' ')
            item++;
        on = !changes(t, o, item);
    }
    free(copy);
    return on;
}

/* 18xx.games' rules as pbemgm's options (its options, then the rules chosen): as text and
 * parsed. */
static void xgames_options(const struct loaded *l, char *text, size_t len, eng_options *out)
{
    char w[256];
    snprintf(text, len, "%s", l->t->xgames.options);
    for (int i = 0; i < l->t->xgames.nrules; i++)
        if (rule_on(l->t, &l->o, &l->t->xgames.rules[i]) && l->t->xgames.rules[i].options[0]) {
            size_t at = strlen(text);
            snprintf(text + at, len - at, "%s%s", at ? ", " : "", l->t->xgames.rules[i].options);
        }
    eng_options_default(l->t, out);
    eng_options_parse(l->t, out, text, w, sizeof w);
}

static char *warning_of(const struct loaded *l, const xg_source *src)
{
    char text[1024], without[512] = "", other[512] = "";
    eng_options xg;
    xgames_options(l, text, sizeof text, &xg);
    differing(l->t, text, &xg, &l->o, without, sizeof without);
    differing(l->t, src->options ? src->options : "", &l->o, &xg, other, sizeof other);
    if (!without[0] && !other[0])
        return NULL;
    return str_format("the game's rules differ from 18xx.games'%s%s%s%s: 18xx.games plays it "
                      "by its own rules", without[0] ? "; it plays without " : "", without,
                      other[0] ? "; it has " : "", other);
}

/* ---- the file ---- */

static cJSON *settings(const struct loaded *l)
{
    cJSON *s = cJSON_CreateObject();
    cJSON *rules = cJSON_AddArrayToObject(s, "optional_rules");
    for (int i = 0; i < l->t->xgames.nrules; i++)
        if (rule_on(l->t, &l->o, &l->t->xgames.rules[i]))
            cJSON_AddItemToArray(rules, cJSON_CreateString(l->t->xgames.rules[i].rule));
    return s;
}

static cJSON *head(const struct loaded *l, const xg_source *src)
{
    cJSON *f = cJSON_CreateObject();
    cJSON_AddNumberToObject(f, "id", 1);
    cJSON_AddStringToObject(f, "description", "exported by pbemgm");
    cJSON *user = cJSON_AddObjectToObject(f, "user");
    cJSON_AddNumberToObject(user, "id", 0);
    cJSON_AddStringToObject(user, "name", "You");
    cJSON *players = cJSON_AddArrayToObject(f, "players");
    for (int p = 0; p < src->nplayers; p++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "id", xg_player_id(p));
        cJSON_AddStringToObject(o, "name", src->players[p]);
        cJSON_AddItemToArray(players, o);
    }
    cJSON_AddNumberToObject(f, "max_players", src->nplayers);
    cJSON_AddStringToObject(f, "title", l->t->xgames.title);
    cJSON_AddItemToObject(f, "settings", settings(l));
    return f;
}

/* The end of a finished game: each player's value, the reason. */
static void finish(cJSON *f, const eng_game *g, int end_reason)
{
    if (g->round != ENG_ROUND_OVER)
        return;
    cJSON_AddStringToObject(f, "status", "finished");
    cJSON *result = cJSON_AddObjectToObject(f, "result");
    for (int p = 0; p < g->nplayers; p++) {
        char id[16];
        snprintf(id, sizeof id, "%d", xg_player_id(p));
        cJSON_AddNumberToObject(result, id, eng_player_worth(g, p));
    }
    cJSON_AddStringToObject(f, "game_end_reason",
                            end_reason == ENG_END_BANKRUPTCY ? "bankrupt"
                            : end_reason == ENG_END_MARKET   ? "stock_market"
                                                             : "bank");
}

/* ---- the replay ---- */

static void action_type(const char *json, char *out, size_t len)
{
    cJSON *o = cJSON_Parse(json);
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(o, "type");
    snprintf(out, len, "%s", cJSON_IsString(type) ? type->valuestring : "?");
    cJSON_Delete(o);
}

/* Whether the company operating buys a train, or raises money for one, after action i and
 * before its turn ends. */
static bool trains_later(const xg_writer *x, const xg_source *src, int i)
{
    char w[256];
    for (int j = i + 1; j < src->nactions; j++) {
        eng_action a;
        if (eng_action_from_json(x->g, src->actions[j], &a, w, sizeof w) ||
            a.kind == ENG_ACT_DONE)
            return false;
        if (a.kind == ENG_ACT_BUY_TRAIN || a.kind == ENG_ACT_RAISE_CASH)
            return true;
    }
    return false;
}

/* Action i applied and written; *end_reason set when it ends the game. */
static int export_one(xg_writer *x, const xg_source *src, int i, int *end_reason, char *why,
                      size_t len)
{
    eng_action a;
    char w[512], type[64];
    action_type(src->actions[i], type, sizeof type);
    if (eng_action_from_json(x->g, src->actions[i], &a, w, sizeof w)) {
        snprintf(why, len, "action %d (%s) cannot be read: %s", i + 1, type, w);
        return -1;
    }
    x->trains_later = x->g->round == ENG_ROUND_OPERATING && trains_later(x, src, i);
    eng_game *before = eng_game_copy(x->g);
    x->before = before;
    x->why = w;
    x->len = sizeof w;
    int rc = eng_apply_logged(x->g, &a, w, sizeof w);
    if (rc)
        snprintf(why, len, "action %d (%s) does not replay: %s", i + 1, type, w);
    else if ((rc = xg_write_action(x, &a)) != 0)
        snprintf(why, len, "action %d (%s) has no form in 18xx.games: %s", i + 1, type, w);
    for (int e = 0; rc == 0 && e < x->g->nevents; e++)
        if (x->g->events[e].kind == ENG_EV_GAME_OVER)
            *end_reason = x->g->events[e].amount;
    x->before = NULL;
    eng_game_free(before);
    return rc;
}

static int replay(xg_writer *x, const xg_source *src, int *end_reason, char *why, size_t len)
{
    for (int i = 0; i < src->nactions; i++) {
        if (export_one(x, src, i, end_reason, why, len))
            return -1;
        if (src->written)
            src->written[i] = x->next_id - 1;
    }
    return 0;
}

char *xg_export(const xg_source *src, eng_title_reader read, void *ctx, char **warning,
                char *why, size_t len)
{
    *warning = NULL;
    struct loaded l = {0};
    if (load_title(src, read, ctx, &l, why, len)) {
        unload_title(&l);
        return NULL;
    }
    xg_writer *x = xcalloc(1, sizeof *x);
    x->t = l.t;
    x->g = eng_game_new(l.t, &l.o, src->players, src->nplayers, why, len);
    x->actions = cJSON_CreateArray();
    x->next_id = 1;
    int end_reason = ENG_END_BANK;
    char *out = NULL;
    if (x->g && xg_ids_init(x) == 0 && replay(x, src, &end_reason, why, len) == 0) {
        cJSON *f = head(&l, src);
        cJSON_AddItemToObject(f, "actions", x->actions);
        x->actions = NULL;
        cJSON_AddBoolToObject(f, "loaded", true);
        finish(f, x->g, end_reason);
        out = cJSON_PrintUnformatted(f);
        cJSON_Delete(f);
        *warning = warning_of(&l, src);
    }
    cJSON_Delete(x->actions);
    xg_ids_free(x);
    eng_game_free(x->g);
    free(x);
    unload_title(&l);
    return out;
}
