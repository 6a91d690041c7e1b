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
    for (int i = 0; t->packet_auction && i < t->nstart_items; i++) /* money a bid holds */
        if (!g->item_sold[i] && g->bids[i][p] > 0)
            buf_printf(b, "%sa bid of %d on %s (held)", b->len ? ", " : "", g->bids[i][p],
                       t->start_items[i].id);
}

/* The bids on an unsold item of an auctioned packet, "Ann 45, Bob 50", or "" when none. */
static void bids_text(const eng_game *g, int item, buf *b)
{
    for (int p = 0; p < g->nplayers; p++)
        if (g->bids[item][p] > 0)
            buf_printf(b, "%s%s %d", b->len ? ", " : "", g->players[p].name, g->bids[item][p]);
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
        cJSON_AddNumberToObject(o, "worth", eng_player_worth(g, p));
        cJSON_AddNumberToObject(o, "seat", p + 1);
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

/* The company's colours as "#rrggbb", for the HTML. */
static void add_colours(cJSON *o, const eng_company *co)
{
    char bg[8], fg[8];
    snprintf(bg, sizeof bg, "#%06x", (unsigned)(co->color & 0xffffff));
    snprintf(fg, sizeof fg, "#%06x", (unsigned)(co->text_color & 0xffffff));
    cJSON_AddStringToObject(o, "color", bg);
    cJSON_AddStringToObject(o, "text_color", fg);
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
        char st[32];
        snprintf(st, sizeof st, "%d/%d", eng_stations_placed(g, c), t->companies[c].ntokens);
        cJSON_AddStringToObject(o, "stations", st);
        if (major) {
            cJSON_AddNumberToObject(o, "ipo", eng_percent_held(g, c, ENG_IPO));
            cJSON_AddNumberToObject(o, "pool", eng_percent_held(g, c, ENG_POOL));
        }
        if (major && s->floated)
            cJSON_AddTrueToObject(o, "floated");
        if (!major)
            cJSON_AddTrueToObject(o, "minor");
        add_colours(o, &t->companies[c]);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

/* The privates still open, with their owners and income. */
static cJSON *privates_json(const eng_game *g)
{
    cJSON *arr = cJSON_CreateArray();
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company *co = &g->t->companies[c];
        if (co->kind != ENG_PRIVATE || g->co[c].closed)
            continue;
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", co->id);
        cJSON_AddStringToObject(o, "name", co->name);
        int owner = g->co[c].owner;
        cJSON_AddStringToObject(o, "owner", owner >= 0 ? g->players[owner].name : "the bank");
        cJSON_AddNumberToObject(o, "income", co->revenue);
        for (int i = 0; owner < 0 && g->t->packet_auction && i < g->t->nstart_items; i++) {
            if (g->t->start_items[i].company != c || g->item_sold[i])
                continue;
            buf b;
            buf_init(&b);
            bids_text(g, i, &b);
            if (b.len)
                cJSON_AddStringToObject(o, "bids", b.data);
            buf_free(&b);
        }
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

/* The trains: each kind with how many the bank has left and their cost; the next phase. */
static void add_trains(const eng_game *g, cJSON *o)
{
    const eng_title *t = g->t;
    cJSON *arr = cJSON_AddArrayToObject(o, "trains");
    buf b;
    buf_init(&b);
    for (int k = 0; k < t->ntrains; k++) {
        if (g->trains_left[k] == 0 && g->pool_trains[k] == 0)
            continue;
        cJSON *it = cJSON_CreateObject();
        cJSON_AddStringToObject(it, "name", t->trains[k].name);
        bool endless = t->trains[k].count_unlimited;
        if (endless)
            cJSON_AddStringToObject(it, "left", "unlimited");
        else
            cJSON_AddNumberToObject(it, "left", g->trains_left[k]);
        cJSON_AddNumberToObject(it, "cost", t->trains[k].cost);
        if (g->pool_trains[k])
            cJSON_AddNumberToObject(it, "pool", g->pool_trains[k]);
        cJSON_AddItemToArray(arr, it);
        if (endless)
            buf_printf(&b, "%s%s: unlimited", b.len ? ", " : "", t->trains[k].name);
        else
            buf_printf(&b, "%s%s: %d", b.len ? ", " : "", t->trains[k].name, g->trains_left[k]);
        if (g->pool_trains[k])
            buf_printf(&b, " (and %d in the pool)", g->pool_trains[k]);
    }
    cJSON_AddStringToObject(o, "trains_text", b.len ? b.data : "none");
    buf_free(&b);
    if (g->phase + 1 < t->nphases) {
        cJSON *next = cJSON_AddObjectToObject(o, "next_phase");
        cJSON_AddStringToObject(next, "name", t->phases[g->phase + 1].name);
        cJSON_AddStringToObject(next, "on", t->phases[g->phase + 1].on);
    }
}

/* The companies standing on market square (row, col), the earliest arrival first. */
static int companies_at(const eng_game *g, int row, int col, int *out)
{
    int n = 0;
    for (int c = 0; c < g->t->ncompanies; c++) {
        const eng_company_state *s = &g->co[c];
        if (s->closed || s->row != row || s->col != col || !eng_share_price(g, c))
            continue;
        int k = n++;
        for (; k > 0 && g->co[out[k - 1]].market_seq > s->market_seq; k--)
            out[k] = out[k - 1];
        out[k] = c;
    }
    return n;
}

#define MARKET_CELL 4 /* characters a market square takes in the text chart */

/* The stock market as rows of squares with each company's token on its square: for the HTML a
 * table's data, for the text a chart of prices with the companies' ids under them. */
static void add_market(const eng_game *g, cJSON *o)
{
    const eng_title *t = g->t;
    cJSON *rows = cJSON_AddArrayToObject(o, "market");
    buf text;
    buf_init(&text);
    for (int r = 0; r < t->market_rows; r++) {
        cJSON *row = cJSON_CreateObject(), *cells = cJSON_AddArrayToObject(row, "cells");
        cJSON_AddItemToArray(rows, row);
        int at[ENG_MAX_COMPANIES][ENG_MAX_COMPANIES], nat[ENG_MAX_COMPANIES] = {0}, depth = 0;
        buf line;
        buf_init(&line);
        for (int c = 0; c < t->market_cols && c < ENG_MAX_COMPANIES; c++) {
            int price = t->market[r * t->market_cols + c];
            cJSON *cell = cJSON_CreateObject();
            cJSON_AddItemToArray(cells, cell);
            if (price)
                cJSON_AddNumberToObject(cell, "price", price);
            nat[c] = companies_at(g, r, c, at[c]);
            depth = nat[c] > depth ? nat[c] : depth;
            cJSON *tokens = cJSON_AddArrayToObject(cell, "tokens");
            for (int k = 0; k < nat[c]; k++) {
                cJSON *tok = cJSON_CreateObject();
                cJSON_AddStringToObject(tok, "id", t->companies[at[c][k]].id);
                add_colours(tok, &t->companies[at[c][k]]);
                cJSON_AddItemToArray(tokens, tok);
            }
            if (price)
                buf_printf(&line, "%*d", MARKET_CELL, price);
            else
                buf_printf(&line, "%*s", MARKET_CELL, "");
        }
        buf_trim_end(&line);
        buf_printf(&text, "  %s\n", line.data);
        for (int d = 0; d < depth; d++) {
            buf_reset(&line);
            for (int c = 0; c < t->market_cols && c < ENG_MAX_COMPANIES; c++)
                buf_printf(&line, "%*s", MARKET_CELL, d < nat[c] ? t->companies[at[c][d]].id : "");
            buf_trim_end(&line);
            buf_printf(&text, "  %s\n", line.data);
        }
        buf_free(&line);
    }
    cJSON_AddStringToObject(o, "market_text", text.len ? text.data : "");
    buf_free(&text);
}

static const char *round_text(const eng_game *g, char *out, size_t len)
{
    eng_play_at now = eng_play_now(g);
    return eng_round_name(g, &now, ENG_NAME_STATE, out, len);
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
    cJSON *companies = companies_json(g);
    if (cJSON_GetArraySize(companies))
        cJSON_AddTrueToObject(o, "has_companies");
    cJSON_AddItemToObject(o, "companies", companies);
    cJSON *privates = privates_json(g);
    if (cJSON_GetArraySize(privates))
        cJSON_AddTrueToObject(o, "has_privates");
    cJSON_AddItemToObject(o, "privates", privates);
    add_trains(g, o);
    add_market(g, o);
    char next[160];
    cJSON_AddStringToObject(o, "rounds_next", rep_rounds_next(g, next, sizeof next));
    return o;
}

const char *rep_rounds_next(const eng_game *g, char *out, size_t len)
{
    char now[64];
    round_text(g, now, sizeof now);
    int ors = g->t->phases[g->phase].operating_rounds;
    switch (g->round) {
    case ENG_ROUND_START: /* (a round of passes is followed by another, the privates paid) */
        if (!g->packet_in_stock_round) {
            snprintf(out, len, "%s, then another round of it or %d operating round%s", now, ors,
                     ors == 1 ? "" : "s");
            break;
        }
        /* the packet is sold in stock rounds */
        /* fall through */
    case ENG_ROUND_STOCK:
        snprintf(out, len, "%s, then %d operating round%s", now, ors, ors == 1 ? "" : "s");
        break;
    case ENG_ROUND_OPERATING:
        if (g->or_in_set < ors)
            snprintf(out, len, "%s, then operating round %d.%d and stock round %d", now,
                     g->or_set, g->or_in_set + 1, g->stock_round_number + 1);
        else
            snprintf(out, len, "%s, then stock round %d", now, g->stock_round_number + 1);
        break;
    case ENG_ROUND_OVER: snprintf(out, len, "%s", now); break;
    }
    return out;
}

/* The pars a director chooses from, "67, 71, 76" (of the first major that has them), or "". */
static void par_choices_text(const eng_title *t, char *out, size_t len)
{
    out[0] = '\0';
    for (int c = 0; c < t->ncompanies && !out[0]; c++)
        eng_par_choices_text(t, c, out, len);
}

/* The form's lines for what the title's rules ask of the player now (1830: the auction, a
 * company's par, a private traded for a share or between players). */
static void form_title_lines(const eng_game *g, int p, cJSON *o)
{
    const eng_title *t = g->t;
    char pars[64];
    par_choices_text(t, pars, sizeof pars);
    bool stockish = g->round == ENG_ROUND_START || g->round == ENG_ROUND_STOCK;
    if (g->round == ENG_ROUND_START && t->packet_auction)
        cJSON_AddTrueToObject(o, "auction");
    if (pars[0] && stockish)
        cJSON_AddStringToObject(o, "pars", pars);
    if (g->par_pending != ENG_NONE && g->co[g->par_pending].director == p)
        cJSON_AddStringToObject(o, "par_now", t->companies[g->par_pending].id);
    for (int c = 0; c < t->ncompanies; c++) {
        int for_share = t->companies[c].exchange_company;
        if (for_share >= 0 && g->co[c].owner == p && !g->co[c].closed) {
            cJSON_AddStringToObject(o, "exchange", t->companies[c].id);
            cJSON_AddStringToObject(o, "exchange_for", t->companies[for_share].id);
        }
    }
    if (t->privates_between_players && g->round != ENG_ROUND_OVER)
        cJSON_AddTrueToObject(o, "trade_privates");
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
    form_title_lines(g, p, o);
    cJSON *arr = cJSON_AddArrayToObject(o, "companies");
    for (int c = 0; c < g->t->ncompanies; c++) {
        if (g->t->companies[c].kind == ENG_PRIVATE || g->co[c].closed ||
            eng_company_holder(g, c) != p)
            continue;
        cJSON *it = cJSON_CreateObject();
        cJSON_AddStringToObject(it, "id", g->t->companies[c].id);
        if (!eng_is_major(g, c))
            cJSON_AddTrueToObject(it, "minor");
        if (g->t->companies[c].home_choice && !g->co[c].home_placed)
            cJSON_AddStringToObject(it, "home", g->t->hexes[g->t->companies[c].home_hex].id);
        if (eng_is_major(g, c) && g->t->phases[g->phase].privates_to_companies)
            cJSON_AddTrueToObject(it, "buy_private");
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
