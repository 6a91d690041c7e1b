/* json: orders to and from their stored JSON form (json.h). Only the fields an order uses are
 * written; missing fields read back as the parser's defaults (rot -1, RUN BEST -1). */
#include "orders/json.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const KIND_NAMES[] = {
    [ORD_BUY] = "buy",           [ORD_SELL] = "sell",           [ORD_PASS] = "pass",
    [ORD_LAY] = "lay",           [ORD_NO_TILE] = "no_tile",     [ORD_STATION] = "station",
    [ORD_NO_STATION] = "no_station", [ORD_RUN] = "run",         [ORD_ROUTE] = "route",
    [ORD_PAYOUT] = "pay_out",    [ORD_WITHHOLD] = "withhold",   [ORD_BUY_TRAIN] = "buy_train",
    [ORD_NO_TRAIN] = "no_train", [ORD_SELL_TRAIN] = "sell_train", [ORD_DISCARD] = "discard",
    [ORD_FORM] = "form",         [ORD_NO_FORM] = "no_form",     [ORD_EXCHANGE] = "exchange",
    [ORD_KEEP] = "keep",         [ORD_PRIVATE] = "use",         [ORD_GOAL] = "goal",
    [ORD_ONE_ROUND] = "one_round", [ORD_HOME] = "home", [ORD_BID] = "bid",           [ORD_PAR] = "par",
    [ORD_BUY_PRIVATE] = "buy_private", [ORD_SELL_PRIVATE] = "sell_private",
    [ORD_GIVE_UP] = "give_up",
    [ORD_BUY_BONUS] = "buy_bonus", [ORD_PORT] = "port",
    [ORD_TAKE_LOAN] = "take_loan", [ORD_REPAY_LOAN] = "repay_loan",
};
#define NKINDS ((int)(sizeof KIND_NAMES / sizeof *KIND_NAMES))

static const char *const COND_NAMES[] = {
    [ORD_IF_AVAILABLE] = "available", [ORD_IF_DIRECT] = "direct", [ORD_IF_CASH] = "cash",
    [ORD_IF_PHASE] = "phase",         [ORD_IF_TRAIN] = "train",
};
#define NCONDS ((int)(sizeof COND_NAMES / sizeof *COND_NAMES))

static const char *const CMP_NAMES[] = {
    [ORD_GE] = ">=", [ORD_LE] = "<=", [ORD_GT] = ">", [ORD_LT] = "<", [ORD_EQ] = "=",
};
#define NCMPS ((int)(sizeof CMP_NAMES / sizeof *CMP_NAMES))

static int name_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; name && i < n; i++)
        if (names[i] && strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* ---- writing ---- */

static void add_str(cJSON *o, const char *key, const char *value)
{
    if (value[0])
        cJSON_AddStringToObject(o, key, value);
}

static void add_int(cJSON *o, const char *key, int value, int unless)
{
    if (value != unless)
        cJSON_AddNumberToObject(o, key, value);
}

static cJSON *action_json(const ord_action *a)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "kind", KIND_NAMES[a->kind]);
    add_int(o, "count", a->count, 0);
    add_int(o, "percent", a->percent, 0);
    add_str(o, "company", a->company);
    add_str(o, "private", a->priv);
    if (a->up_to)
        cJSON_AddTrueToObject(o, "up_to");
    if (a->from_pool)
        cJSON_AddTrueToObject(o, "from_pool");
    if (a->from_ipo)
        cJSON_AddTrueToObject(o, "from_ipo");
    add_str(o, "seller", a->seller);
    add_str(o, "hex", a->hex);
    add_str(o, "tile", a->tile);
    add_int(o, "rot", a->rot, -1);
    add_int(o, "city", a->city, 0);
    if (a->kind == ORD_RUN)
        cJSON_AddNumberToObject(o, "revenue", a->revenue);
    add_str(o, "train", a->train);
    add_int(o, "price", a->price, 0);
    add_str(o, "goal", a->goal);
    if (a->nstops) {
        cJSON *stops = cJSON_AddArrayToObject(o, "stops");
        for (int i = 0; i < a->nstops; i++)
            cJSON_AddItemToArray(stops, cJSON_CreateString(a->stops[i]));
    }
    return o;
}

static cJSON *cond_json(const ord_cond *c)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "kind", COND_NAMES[c->kind]);
    if (c->negate)
        cJSON_AddTrueToObject(o, "not");
    add_str(o, "name", c->name);
    if (c->kind == ORD_IF_CASH || c->kind == ORD_IF_PHASE) {
        cJSON_AddStringToObject(o, "cmp", CMP_NAMES[c->cmp]);
        cJSON_AddNumberToObject(o, "value", c->value);
    }
    return o;
}

cJSON *ord_order_to_json(const ord_order *o)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "line", o->line);
    add_str(j, "section", o->section);
    if (o->standing)
        cJSON_AddTrueToObject(j, "standing");
    if (o->nconds) {
        cJSON *conds = cJSON_AddArrayToObject(j, "if");
        for (int i = 0; i < o->nconds; i++)
            cJSON_AddItemToArray(conds, cond_json(&o->conds[i]));
    }
    cJSON *alts = cJSON_AddArrayToObject(j, "do");
    for (int i = 0; i < o->nalts; i++)
        cJSON_AddItemToArray(alts, action_json(&o->alts[i]));
    return j;
}

char *ord_order_json_text(const ord_order *o)
{
    cJSON *j = ord_order_to_json(o);
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return text;
}

/* ---- reading ---- */

static int bad(char *why, size_t len, const char *what)
{
    snprintf(why, len, "a stored order is damaged: %s", what);
    return -1;
}

static int get_str(const cJSON *o, const char *key, char *out, size_t size)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v)
        return 0;
    if (!cJSON_IsString(v) || strlen(v->valuestring) >= size)
        return -1;
    memcpy(out, v->valuestring, strlen(v->valuestring) + 1);
    return 0;
}

static int get_int(const cJSON *o, const char *key, int unless)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsNumber(v) ? v->valueint : unless;
}

static bool get_bool(const cJSON *o, const char *key)
{
    return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static int stops_from_json(const cJSON *stops, ord_action *a)
{
    const cJSON *s;
    cJSON_ArrayForEach(s, stops) {
        if (a->nstops == ORD_MAX_STOPS || !cJSON_IsString(s) ||
            strlen(s->valuestring) >= sizeof a->stops[0])
            return -1;
        memcpy(a->stops[a->nstops++], s->valuestring, strlen(s->valuestring) + 1);
    }
    return 0;
}

static int action_from_json(const cJSON *o, ord_action *a)
{
    memset(a, 0, sizeof *a);
    int kind = name_index(KIND_NAMES, NKINDS,
                          cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "kind")));
    if (kind < 0)
        return -1;
    a->kind = (ord_kind)kind;
    a->count = get_int(o, "count", 0);
    a->percent = get_int(o, "percent", 0);
    a->from_pool = get_bool(o, "from_pool");
    a->from_ipo = get_bool(o, "from_ipo");
    a->up_to = get_bool(o, "up_to");
    a->rot = get_int(o, "rot", -1);
    a->city = get_int(o, "city", 0);
    a->revenue = get_int(o, "revenue", -1);
    a->price = get_int(o, "price", 0);
    if (get_str(o, "company", a->company, sizeof a->company) ||
        get_str(o, "private", a->priv, sizeof a->priv) ||
        get_str(o, "seller", a->seller, sizeof a->seller) ||
        get_str(o, "hex", a->hex, sizeof a->hex) || get_str(o, "tile", a->tile, sizeof a->tile) ||
        get_str(o, "train", a->train, sizeof a->train) ||
        get_str(o, "goal", a->goal, sizeof a->goal))
        return -1;
    return stops_from_json(cJSON_GetObjectItemCaseSensitive(o, "stops"), a);
}

static int cond_from_json(const cJSON *o, ord_cond *c)
{
    memset(c, 0, sizeof *c);
    int kind = name_index(COND_NAMES, NCONDS,
                          cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "kind")));
    if (kind < 0)
        return -1;
    c->kind = (ord_cond_kind)kind;
    c->negate = get_bool(o, "not");
    c->value = get_int(o, "value", 0);
    const char *cmp = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "cmp"));
    int k = name_index(CMP_NAMES, NCMPS, cmp);
    if (cmp && k < 0)
        return -1;
    c->cmp = k < 0 ? ORD_GE : (ord_cmp)k;
    return get_str(o, "name", c->name, sizeof c->name);
}

int ord_order_from_json(const cJSON *j, ord_order *o, char *why, size_t len)
{
    memset(o, 0, sizeof *o);
    const cJSON *conds = cJSON_GetObjectItemCaseSensitive(j, "if");
    const cJSON *alts = cJSON_GetObjectItemCaseSensitive(j, "do"), *e;
    if (!cJSON_IsObject(j) || !cJSON_IsArray(alts) || cJSON_GetArraySize(alts) < 1)
        return bad(why, len, "no action");
    o->line = get_int(j, "line", 0);
    o->standing = get_bool(j, "standing");
    if (get_str(j, "section", o->section, sizeof o->section))
        return memset(o, 0, sizeof *o), bad(why, len, "its section");
    cJSON_ArrayForEach(e, conds) {
        if (o->nconds == ORD_MAX_CONDS || cond_from_json(e, &o->conds[o->nconds++]))
            return memset(o, 0, sizeof *o), bad(why, len, "a condition");
    }
    cJSON_ArrayForEach(e, alts) {
        if (o->nalts == ORD_MAX_ALTS || action_from_json(e, &o->alts[o->nalts++]))
            return memset(o, 0, sizeof *o), bad(why, len, "an action");
    }
    return 0;
}

int ord_order_from_text(const char *text, ord_order *o, char *why, size_t len)
{
    cJSON *j = cJSON_Parse(text);
    int rc = j ? ord_order_from_json(j, o, why, len) : bad(why, len, "not JSON");
    cJSON_Delete(j);
    return rc;
}
