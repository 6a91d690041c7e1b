/* import: an 18xx.games game file read and applied through the engine (xgames.h). This file
 * reads what the file is — its title and optional rules as pbemgm's title and options, its
 * players, its action ids, its end — and hands the actions to import_undo.c (undo and redo
 * resolved) and import_play.c (each applied). A file refused is refused whole. */
#include "xgames/import_internal.h"
#include "util/util.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A refusal of the file as a whole (not of one action). */
static int refuse_file(xg_importer *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse_file(xg_importer *x, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->why, x->len, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *str_member(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* ---- the title and its options ---- */

/* The pbemgm title that plays 18xx.games' title: for now the title of the same name, when its
 * "18xx.games" section names that title. */
static eng_title *title_named(xg_importer *x, const char *name, eng_title_reader read, void *ctx)
{
    for (const char *c = name; *c; c++) /* a name, not a path */
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
            return refuse_file(x, "18xx.games title %s: pbemgm has no title that plays it", name),
                   NULL;
    char *err = NULL;
    eng_title *t = eng_title_load(name, read, ctx, &err);
    free(err);
    if (!t || strcmp(t->xgames.title, name) != 0) {
        eng_title_free(t);
        refuse_file(x, "18xx.games title %s: pbemgm has no title that plays it", name);
        return NULL;
    }
    return t;
}

/* out ("Name=Value, Name=Value", as add_options writes it) without its item setting `name`. */
static void drop_option(char *out, const char *name, size_t name_len)
{
    for (char *item = out; *item;) {
        char *end = strchr(item, ',');
        size_t n = end ? (size_t)(end - item) : strlen(item);
        if (n > name_len && item[name_len] == '=' && strncasecmp(item, name, name_len) == 0) {
            char *rest = end ? end + 1 + (end[1] == ' ') : item + n;
            memmove(item, rest, strlen(rest) + 1);
            if (!*item && item > out) /* (the last one: the ", " before it goes too) */
                item[-2] = '\0';
            continue;
        }
        item = end ? end + 1 + (end[1] == ' ') : item + n;
    }
}

/* more's options added to out, each replacing the one of its name already there. */
static void add_options(char *out, size_t len, const char *more)
{
    char *copy = xstrdup(more), *save = NULL;
    for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        item = str_trim(item);
        const char *eq = strchr(item, '=');
        if (!*item)
            continue;
        if (eq)
            drop_option(out, item, (size_t)(eq - item));
        size_t n = strlen(out);
        snprintf(out + n, len - n, "%s%s", n ? ", " : "", item);
    }
    free(copy);
}

/* The title's 18xx.games options, then each optional rule's: into out->options. */
static int options_for(xg_importer *x, const eng_title *t, const cJSON *settings)
{
    xg_game *out = x->out;
    add_options(out->options, sizeof out->options, t->xgames.options);
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(settings, "optional_rules");
    if (rules && !cJSON_IsArray(rules))
        return refuse_file(x, "settings.optional_rules is not a list");
    const cJSON *r;
    cJSON_ArrayForEach(r, rules)
    {
        if (!cJSON_IsString(r))
            return refuse_file(x, "settings.optional_rules holds a name that is not text");
        int k = 0;
        while (k < t->xgames.nrules && strcmp(t->xgames.rules[k].rule, r->valuestring) != 0)
            k++;
        if (k == t->xgames.nrules)
            return refuse_file(x, "optional rule %s: pbemgm's %s does not have it", r->valuestring,
                               t->id);
        add_options(out->options, sizeof out->options, t->xgames.rules[k].options);
    }
    return 0;
}

/* The title as the options chosen make it, and the options for it; 0 or -1. */
static int load_title(xg_importer *x, const cJSON *root, eng_title_reader read, void *ctx,
                      eng_options *o)
{
    const char *name = str_member(root, "title");
    eng_title *base = title_named(x, name, read, ctx);
    if (!base || options_for(x, base, cJSON_GetObjectItemCaseSensitive(root, "settings"))) {
        eng_title_free(base);
        return -1;
    }
    char why[256];
    eng_options_default(base, o);
    if (eng_options_parse(base, o, x->out->options, why, sizeof why)) {
        eng_title_free(base);
        return refuse_file(x, "the title's 18xx.games options %s: %s", x->out->options, why);
    }
    eng_title *t = base;
    if (eng_choices_change_title(base, o->chosen)) {
        char *err = NULL;
        t = eng_title_load_chosen(base->id, read, ctx, base, o->chosen, &err);
        eng_title_free(base);
        if (!t) {
            refuse_file(x, "the title with options %s: %s", x->out->options, err ? err : "?");
            free(err);
            return -1;
        }
    }
    eng_options_for_title(t, o);
    snprintf(x->out->title, sizeof x->out->title, "%s", t->id);
    x->out->t = t;
    x->t = t;
    return 0;
}

/* ---- players ---- */

/* A name pbemgm takes: letters, digits, - and _ (others become _), unique among those before. */
static void usable_name(xg_game *out, int p, const char *name)
{
    char base[ENG_NAME - 4]; /* room for "_99" */
    size_t n = 0;
    for (const char *c = name; *c && n + 1 < sizeof base; c++)
        base[n++] = isalnum((unsigned char)*c) || *c == '-' || *c == '_' ? *c : '_';
    base[n] = '\0';
    if (n == 0)
        snprintf(base, sizeof base, "Player_%d", p + 1);
    snprintf(out->names[p], ENG_NAME, "%s", base);
    for (unsigned k = 2; k < 100; k++) {
        bool taken = false;
        for (int q = 0; q < p; q++)
            taken |= str_ieq(out->names[q], out->names[p]);
        if (!taken)
            return;
        snprintf(out->names[p], ENG_NAME, "%s_%u", base, k % 100);
    }
}

static int read_players(xg_importer *x, const cJSON *players)
{
    xg_game *out = x->out;
    int n = cJSON_GetArraySize(players);
    if (n < 1 || n > ENG_MAX_PLAYERS)
        return refuse_file(x, "the file has %d players; pbemgm seats 1 to %d", n, ENG_MAX_PLAYERS);
    const cJSON *p;
    cJSON_ArrayForEach(p, players)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(p, "id");
        const char *name = str_member(p, "name");
        if (!id && name) /* (a hotseat game's players: the name is the id) */
            id = cJSON_GetObjectItemCaseSensitive(p, "name");
        if (!name || (!cJSON_IsNumber(id) && !cJSON_IsString(id)))
            return refuse_file(x, "player %d has no id or name", out->nplayers + 1);
        int s = out->nplayers++;
        if (cJSON_IsNumber(id))
            snprintf(x->player_ids[s], sizeof x->player_ids[s], "%d", id->valueint);
        else
            snprintf(x->player_ids[s], sizeof x->player_ids[s], "%s", id->valuestring);
        snprintf(out->file_names[s], ENG_NAME, "%s", name);
        usable_name(out, s, name);
    }
    x->nplayers = out->nplayers;
    return 0;
}

/* ---- the actions' ids; the end ---- */

/* The actions' ids, as 18xx.games reads them: its engine plays the actions in the file's
 * order, whatever their ids (1856's hotseat001 has older ids falling back after undos, and
 * 18xx.games loads it whole), an undo's action_id naming the first action of that id; it stops
 * at the first action whose id is above the last action's. Gaps are taken (1825's 141331
 * begins at 2, 1856's 89363 skips 142). Each action must have a type and an id; an action its
 * engine would never reach is refused, not dropped without a word. */
static int check_ids(xg_importer *x, const cJSON *actions)
{
    int n = 0, before = 0;
    const cJSON *a, *last_action = cJSON_GetArrayItem(actions, cJSON_GetArraySize(actions) - 1);
    const cJSON *last_id = cJSON_GetObjectItemCaseSensitive(last_action, "id");
    cJSON_ArrayForEach(a, actions)
    {
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(a, "id");
        const char *type = str_member(a, "type");
        n++;
        if (!cJSON_IsObject(a) || !type)
            return refuse_file(x, "the file's action %d (after action %d) has no type", n, before);
        if (!cJSON_IsNumber(id))
            return refuse_file(x, "the file's action %d (%s, after action %d) has no id", n, type,
                               before);
        if (id->valueint > last_id->valueint)
            return refuse_file(x,
                               "action %d (%s): its id is above the last action's (%d), so "
                               "18xx.games stops before it and never plays the file's end",
                               id->valueint, type, last_id->valueint);
        before = id->valueint;
    }
    return 0;
}

/* over, end_reason and result (by seat) as the file says. */
static void read_end(xg_importer *x, const cJSON *root)
{
    xg_game *out = x->out;
    const char *reason = str_member(root, "game_end_reason");
    const char *status = str_member(root, "status");
    snprintf(out->end_reason, sizeof out->end_reason, "%s", reason ? reason : "");
    out->over = reason != NULL || (status && strcmp(status, "finished") == 0);
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(root, "result");
    const cJSON *r;
    int found = 0;
    cJSON_ArrayForEach(r, result)
    {
        cJSON key = {.type = cJSON_String, .valuestring = r->string};
        int s = xg_seat_of(x, &key);
        if (s >= 0 && cJSON_IsNumber(r)) {
            out->result[s] = r->valueint;
            found++;
        }
    }
    out->has_result = found == out->nplayers;
}

static int import_root(xg_importer *x, const cJSON *root, eng_title_reader read, void *ctx,
                       int until_id)
{
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(root, "players");
    const cJSON *actions = cJSON_GetObjectItemCaseSensitive(root, "actions");
    if (!cJSON_IsObject(root))
        return refuse_file(x, "the file is not an 18xx.games game (not a JSON object)");
    if (!str_member(root, "title") || !cJSON_IsArray(players) || !cJSON_IsArray(actions))
        return refuse_file(x, "the file is not an 18xx.games game: it lacks %s",
                           !str_member(root, "title") ? "its title"
                           : !cJSON_IsArray(players)  ? "its players"
                                                      : "its actions");
    eng_options o;
    if (read_players(x, players) || check_ids(x, actions) ||
        load_title(x, root, read, ctx, &o))
        return -1;
    const char *names[ENG_MAX_PLAYERS];
    for (int p = 0; p < x->nplayers; p++)
        names[p] = x->out->names[p];
    char why[256];
    x->g = x->out->g = eng_game_new(x->t, &o, names, x->nplayers, why, sizeof why);
    if (!x->g)
        return refuse_file(x, "the game cannot start: %s", why);
    read_end(x, root);
    return xg_resolve_actions(x, actions) || xg_play(x, until_id) ? -1 : 0;
}

int xg_import_until(const char *json, eng_title_reader read, void *ctx, int until_id,
                    xg_game *out, char *why, size_t len)
{
    memset(out, 0, sizeof *out);
    snprintf(why, len, "?");
    xg_importer *x = xcalloc(1, sizeof *x);
    x->out = out;
    x->why = why;
    x->len = len;
    x->turn_company = ENG_NONE;
    cJSON *root = json ? cJSON_Parse(json) : NULL;
    int rc = root ? import_root(x, root, read, ctx, until_id)
                  : refuse_file(x, "the file is not JSON");
    cJSON_Delete(root);
    free(x->kept);
    free(x);
    if (rc)
        xg_game_clear(out);
    return rc;
}

int xg_import(const char *json, eng_title_reader read, void *ctx, xg_game *out, char *why,
              size_t len)
{
    return xg_import_until(json, read, ctx, 0, out, why, len);
}

void xg_game_clear(xg_game *x)
{
    for (int i = 0; i < x->nactions; i++)
        free(x->actions[i]);
    free(x->actions);
    free(x->from_id);
    eng_game_free(x->g);
    eng_title_free(x->t);
    memset(x, 0, sizeof *x);
}
