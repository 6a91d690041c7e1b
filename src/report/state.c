/* state: a game's state as the data a turn report's template shows — each player's cash and
 * certificates, each company's treasury, price, trains and director, the bank, the trains on
 * sale — and the order template's sections (who directs what). Pure: reads the engine. */
#include "report/state.h"
#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>

static void add_player_certs(const eng_game *g, int p, buf *b)
{
    const eng_title *t = g->t;
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->closed)
            continue;
        if (t->companies[c].kind != ENG_MAJOR) {
            if (s->owner == p)
                buf_printf(b, "%s%s", b->len ? ", " : "", t->companies[c].id);
            continue;
        }
        int pct = eng_percent_held(g, c, p);
        if (pct)
            buf_printf(b, "%s%s %d%%%s", b->len ? ", " : "", t->companies[c].id, pct,
                       s->director == p ? " (director)" : "");
    }
}

static cJSON *players_json(const eng_game *g)
{
    cJSON *arr = cJSON_CreateArray();
    for (int p = 0; p < g->nplayers; p++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", g->players[p].name);
        cJSON_AddNumberToObject(o, "cash", g->players[p].cash);
        cJSON_AddNumberToObject(o, "certificates", eng_certificate_count(g, p));
        cJSON_AddNumberToObject(o, "limit", eng_certificate_limit(g, p));
        buf b;
        buf_init(&b);
        add_player_certs(g, p, &b);
        cJSON_AddStringToObject(o, "holdings", b.len ? b.data : "-");
        buf_free(&b);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static void trains_text(const eng_game *g, int c, buf *b)
{
    for (int k = 0; k < g->co[c].ntrains; k++)
        buf_printf(b, "%s%s", k ? ", " : "", g->t->trains[g->co[c].trains[k]].name);
    if (!g->co[c].ntrains)
        buf_adds(b, "-");
}

static cJSON *companies_json(const eng_game *g)
{
    const eng_title *t = g->t;
    cJSON *arr = cJSON_CreateArray();
    for (int c = 0; c < t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        bool major = t->companies[c].kind == ENG_MAJOR;
        if (t->companies[c].kind == ENG_PRIVATE || s->closed || (major && !s->started) ||
            (!major && s->owner < 0))
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", t->companies[c].id);
        int who = eng_company_holder(g, c);
        cJSON_AddStringToObject(o, "director", who >= 0 ? g->players[who].name : "-");
        cJSON_AddNumberToObject(o, "cash", s->cash);
        int price = eng_share_price(g, c);
        if (price)
            cJSON_AddNumberToObject(o, "price", price);
        else
            cJSON_AddStringToObject(o, "price", "-");
        buf b;
        buf_init(&b);
        trains_text(g, c, &b);
        cJSON_AddStringToObject(o, "trains", b.data);
        buf_free(&b);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

static const char *round_text(const eng_game *g, char *out, size_t len)
{
    switch (g->round) {
    case ENG_ROUND_START:
        if (g->thompson_packet) /* Thompson: the packet is sold in the stock rounds */
            snprintf(out, len, "stock round %d (the start packet on sale)", g->stock_round_number);
        else
            snprintf(out, len, "the start packet");
        break;
    case ENG_ROUND_STOCK: snprintf(out, len, "stock round %d", g->stock_round_number); break;
    case ENG_ROUND_OPERATING:
        snprintf(out, len, "operating round %d.%d", g->or_set, g->or_in_set);
        break;
    case ENG_ROUND_OVER: snprintf(out, len, "the game is over"); break;
    }
    return out;
}

cJSON *rep_state_json(const eng_game *g)
{
    cJSON *o = cJSON_CreateObject();
    char text[64];
    cJSON_AddStringToObject(o, "round", round_text(g, text, sizeof text));
    cJSON_AddStringToObject(o, "phase", g->t->phases[g->phase].name);
    cJSON_AddNumberToObject(o, "bank", g->bank);
    cJSON_AddStringToObject(o, "train_on_sale", g->t->trains[g->train_on_sale].name);
    cJSON_AddItemToObject(o, "players", players_json(g));
    cJSON_AddItemToObject(o, "companies", companies_json(g));
    return o;
}

cJSON *rep_order_form_json(const eng_game *g, int p)
{
    cJSON *o = cJSON_CreateObject();
    char text[64];
    cJSON_AddStringToObject(o, "round", round_text(g, text, sizeof text));
    if (g->round == ENG_ROUND_START || g->round == ENG_ROUND_STOCK)
        cJSON_AddTrueToObject(o, "stock");
    if (g->forming)
        cJSON_AddTrueToObject(o, "forming");
    cJSON *arr = cJSON_AddArrayToObject(o, "companies");
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (g->t->companies[c].kind == ENG_PRIVATE || g->co[c].closed ||
            eng_company_holder(g, c) != p)
            continue;
        cJSON *it = cJSON_CreateObject();
        cJSON_AddStringToObject(it, "id", g->t->companies[c].id);
        if (!eng_is_major(g, c))
            cJSON_AddTrueToObject(it, "minor");
        cJSON_AddItemToArray(arr, it);
    }
    return o;
}

/* The final ranking: each player's worth and place, the richest first (ties share a place). */
cJSON *rep_ranking_json(const eng_game *g)
{
    int worth[ENG_MAX_PLAYERS], order[ENG_MAX_PLAYERS];
    for (int p = 0; p < g->nplayers; p++)
        worth[p] = eng_player_worth(g, p), order[p] = p;
    for (int i = 1; i < g->nplayers; i++) /* by worth, seating order among equals */
        for (int j = i; j > 0 && worth[order[j]] > worth[order[j - 1]]; j--) {
            int k = order[j];
            order[j] = order[j - 1];
            order[j - 1] = k;
        }
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < g->nplayers; i++) {
        int p = order[i], place = 1;
        for (int q = 0; q < g->nplayers; q++)
            place += worth[q] > worth[p];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "place", place);
        cJSON_AddStringToObject(o, "name", g->players[p].name);
        cJSON_AddNumberToObject(o, "worth", worth[p]);
        if (place == 1)
            cJSON_AddTrueToObject(o, "winner");
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}
