/* import_apply: the importer's one way into the engine (xg_apply: an action applied and
 * recorded with the file's action it comes from), its refusals naming the file's action, and
 * what every action of the file is read with (its members, the company it acts for). */
#include "xgames/import_internal.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int xg_refuse(xg_importer *x, const char *fmt, ...)
{
    char reason[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    snprintf(x->why, x->len, "action %d (%s): %s", x->id, x->type ? x->type : "?", reason);
    return -1;
}

const char *xg_str(const cJSON *a, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(a, name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

bool xg_words_only(const char *type)
{
    return strcmp(type, "message") == 0 || strcmp(type, "log") == 0 ||
           strncmp(type, "program_", 8) == 0;
}

int xg_int(const cJSON *a, const char *name, int otherwise)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(a, name);
    return cJSON_IsNumber(v) ? v->valueint : otherwise;
}

static void record(xg_importer *x, char *json)
{
    xg_game *out = x->out;
    out->actions = xrealloc(out->actions, sizeof *out->actions * (size_t)(out->nactions + 1));
    out->from_id = xrealloc(out->from_id, sizeof *out->from_id * (size_t)(out->nactions + 1));
    out->actions[out->nactions] = json;
    out->from_id[out->nactions++] = x->id;
}

/* Certificate k of company c (-1: the director's, else the first of the others still there)
 * no longer in the IPO. */
static void left_ipo(xg_importer *x, int c, bool director, int k)
{
    if (c < 0 || c >= ENG_MAX_COMPANIES)
        return;
    if (k < 0 || k >= XG_MAX_SHARE_IDS || x->left_ipo[c][k]) {
        k = director ? 0 : 1;
        while (!director && k + 1 < XG_MAX_SHARE_IDS && x->left_ipo[c][k])
            k++;
    }
    x->left_ipo[c][k] = true;
}

/* The share certificates the start packet brought with it (1830's C&A: a PRR share; BO: B&O's
 * director's certificate; 1835's BY director's certificate sold as an item): 18xx.games' ids
 * of them no longer in the IPO — the item's certificate there as the title's section says
 * (1835's NF: BY_2), else the director's CORP_0, a share the first of the others. */
static void note_packet_shares(xg_importer *x)
{
    const eng_game *g = x->g;
    int item = -1;
    for (int i = 0; i < g->nevents; i++) {
        const eng_event *e = &g->events[i];
        if (e->kind == ENG_EV_BOUGHT_ITEM && e->amount2 >= 0 && e->amount2 < x->t->nstart_items) {
            item = e->amount2;
            const struct eng_start_item *si = &x->t->start_items[item];
            if (si->percent)
                left_ipo(x, si->company, si->director, eng_xg_item_share(x->t, item));
        } else if (e->kind == ENG_EV_ALSO_GETS) {
            left_ipo(x, e->company, e->flag, eng_xg_item_share(x->t, item));
        }
    }
}

int xg_apply(xg_importer *x, eng_action *a, const char *what)
{
    char why[256], *json = eng_action_to_json(x->g, a);
    if (eng_apply(x->g, a, why, sizeof why)) {
        free(json);
        return what ? xg_refuse(x, "pbemgm's %s first (18xx.games does it by itself): %s",
                                what, why)
                    : xg_refuse(x, "%s", why);
    }
    record(x, json);
    x->out->nsynthesized += what != NULL;
    note_packet_shares(x);
    return 0;
}

int xg_acting_company(xg_importer *x, const cJSON *a)
{
    const char *name = xg_str(a, "entity"), *kind = xg_str(a, "entity_type");
    int c = xg_company_of(x, name);
    if (c < 0)
        return xg_refuse(x, "pbemgm has no company %s", name ? name : "(none)");
    bool private = kind && strcmp(kind, "company") == 0;
    if (private && x->g->co[c].held_by != ENG_NONE)
        return x->g->co[c].held_by;
    int op = x->g->operating; /* a private its owner uses for the major he directs (1835's OBB) */
    if (private && !x->t->companies[c].powers.user_owning_company && op != ENG_NONE &&
        x->g->co[c].owner >= 0 && x->g->co[op].director == x->g->co[c].owner)
        return op;
    return c;
}
