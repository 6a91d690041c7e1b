/* action: actions as JSON for the action log, the list of legal actions (an action is legal
 * exactly when eng_apply would take it: each candidate is tried on a copy), and the state as
 * JSON. */
#include "engine/rounds.h"
#include "util/util.h"

#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {"buy_item", "pass", "buy", "sell"};

char *eng_action_to_json(const eng_game *g, const eng_action *a)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", kind_names[a->kind]);
    cJSON_AddStringToObject(o, "player", g->players[a->player].name);
    if (a->kind == ENG_ACT_BUY_ITEM)
        cJSON_AddStringToObject(o, "item", g->t->start_items[a->item].id);
    if (a->kind == ENG_ACT_BUY_SHARE || a->kind == ENG_ACT_SELL)
        cJSON_AddStringToObject(o, "company", g->t->companies[a->company].id);
    if (a->kind == ENG_ACT_BUY_SHARE)
        cJSON_AddStringToObject(o, "from", a->from_player ? "player" : a->from_pool ? "pool" : "ipo");
    if (a->from_player)
        cJSON_AddStringToObject(o, "seller", g->players[a->seller].name);
    if (a->percent)
        cJSON_AddNumberToObject(o, "percent", a->percent);
    char *s = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    return s;
}

static int player_index(const eng_game *g, const char *name)
{
    for (int p = 0; p < g->nplayers; p++)
        if (str_ieq(g->players[p].name, name))
            return p;
    return -1;
}

int eng_action_from_json(const eng_game *g, const char *json, eng_action *a, char *why,
                         size_t len)
{
    memset(a, 0, sizeof *a);
    cJSON *o = cJSON_Parse(json);
    int rc = 0;
    const cJSON *type = cJSON_GetObjectItem(o, "type"), *player = cJSON_GetObjectItem(o, "player");
    const cJSON *item = cJSON_GetObjectItem(o, "item"), *co = cJSON_GetObjectItem(o, "company");
    const cJSON *from = cJSON_GetObjectItem(o, "from"), *pct = cJSON_GetObjectItem(o, "percent");
    int kind = -1;
    for (int k = 0; cJSON_IsString(type) && k < 4; k++)
        if (strcmp(type->valuestring, kind_names[k]) == 0)
            kind = k;
    if (!o || kind < 0 || !cJSON_IsString(player)) {
        rc = eng_refuse(why, len, "not an action");
    } else if ((a->player = player_index(g, player->valuestring)) < 0) {
        rc = eng_refuse(why, len, "there is no player %s", player->valuestring);
    } else {
        a->kind = (eng_action_kind)kind;
        a->percent = cJSON_IsNumber(pct) ? pct->valueint : 0;
        a->from_pool = cJSON_IsString(from) && strcmp(from->valuestring, "pool") == 0;
        a->from_player = cJSON_IsString(from) && strcmp(from->valuestring, "player") == 0;
        const cJSON *seller = cJSON_GetObjectItem(o, "seller");
        if (a->from_player && (!cJSON_IsString(seller) ||
                               (a->seller = player_index(g, seller->valuestring)) < 0))
            rc = eng_refuse(why, len, "buying from a player needs the seller");
        if (kind == ENG_ACT_BUY_ITEM &&
            (!cJSON_IsString(item) || (a->item = eng_start_item_index(g->t, item->valuestring)) < 0))
            rc = eng_refuse(why, len, "no such item in the start packet");
        if ((kind == ENG_ACT_BUY_SHARE || kind == ENG_ACT_SELL) &&
            (!cJSON_IsString(co) || (a->company = eng_company_index(g->t, co->valuestring)) < 0))
            rc = eng_refuse(why, len, "no such company");
    }
    cJSON_Delete(o);
    return rc;
}

static bool legal(const eng_game *g, const eng_action *a)
{
    eng_game *copy = xmalloc(sizeof *copy);
    memcpy(copy, g, sizeof *copy);
    copy->board = eng_board_copy(g->board);
    int rc = eng_apply(copy, a, NULL, 0);
    eng_game_free(copy);
    return rc == 0;
}

static void add_if_legal(const eng_game *g, const eng_action *a, eng_action *out, int max, int *n)
{
    if (*n < max && legal(g, a))
        out[(*n)++] = *a;
}

int eng_legal_actions(const eng_game *g, eng_action *out, int max)
{
    int n = 0;
    eng_action a = {.player = g->current};
    if (g->round == ENG_ROUND_START) {
        for (int i = 0; i < g->t->nstart_items; i++) {
            a.kind = ENG_ACT_BUY_ITEM;
            a.item = i;
            add_if_legal(g, &a, out, max, &n);
        }
    } else if (g->round == ENG_ROUND_STOCK) {
        static const int sizes[] = {0, 20};
        for (int c = 0; c < g->t->ncompanies; c++) {
            if (!eng_is_major(g, c))
                continue;
            a.company = c;
            for (int pool = 0; pool < 2; pool++)
                for (int s = 0; s < 2; s++) {
                    a = (eng_action){.kind = ENG_ACT_BUY_SHARE, .player = g->current, .company = c,
                                     .percent = sizes[s], .from_pool = pool};
                    add_if_legal(g, &a, out, max, &n);
                }
            for (int pct = 10; pct <= 60; pct += 10) {
                a = (eng_action){.kind = ENG_ACT_SELL, .player = g->current, .company = c,
                                 .percent = pct};
                add_if_legal(g, &a, out, max, &n);
            }
        }
    } else {
        return 0;
    }
    a = (eng_action){.kind = ENG_ACT_PASS, .player = g->current};
    add_if_legal(g, &a, out, max, &n);
    return n;
}

static const char *const round_names[] = {"start packet", "stock round", "operating round",
                                          "over"};

char *eng_game_to_json(const eng_game *g)
{
    const eng_title *t = g->t;
    cJSON *root = cJSON_CreateObject();
    cJSON *players = cJSON_AddObjectToObject(root, "players");
    for (int p = 0; p < g->nplayers; p++) {
        cJSON *pl = cJSON_AddObjectToObject(players, g->players[p].name);
        cJSON_AddNumberToObject(pl, "cash", g->players[p].cash);
        cJSON_AddNumberToObject(pl, "certificates", eng_certificate_count(g, p));
    }
    cJSON *companies = cJSON_AddObjectToObject(root, "companies");
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->closed)
            continue;
        cJSON *co = cJSON_AddObjectToObject(companies, t->companies[c].id);
        cJSON_AddNumberToObject(co, "cash", s->cash);
        if (eng_share_price(g, c))
            cJSON_AddNumberToObject(co, "price", eng_share_price(g, c));
        else
            cJSON_AddNullToObject(co, "price");
        int holder = t->companies[c].kind == ENG_MAJOR ? s->director : s->owner;
        if (holder != ENG_NONE)
            cJSON_AddStringToObject(co, t->companies[c].kind == ENG_MAJOR ? "director" : "owner",
                                    g->players[holder].name);
    }
    cJSON_AddNumberToObject(root, "bank", g->bank);
    cJSON_AddStringToObject(root, "round", round_names[g->round]);
    if (g->round != ENG_ROUND_OVER)
        cJSON_AddStringToObject(root, "to_act", g->players[g->current].name);
    char *s = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return s;
}
