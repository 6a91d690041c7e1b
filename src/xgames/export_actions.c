/* export_actions: one pbemgm action as 18xx.games' action(s), the inverse of the mapping in
 * docs/gm-guide.md: the start packet's purchases and bids as bids, a director's certificate
 * bought as a par, shares bought and sold by their ids, tiles, stations, runs with their
 * dividend, trains, privates; passes where 18xx.games asks for one (export_steps.c). Each is
 * written from the game before the action (x->before) and what it did (x->g's events). */
#include "xgames/export_internal.h"

#include <stdio.h>
#include <string.h>

static int refuse(xg_writer *x, const char *what)
{
    snprintf(x->why, x->len, "%s", what);
    return -1;
}

static void add_company(cJSON *o, const char *key, const eng_title *t, int company)
{
    cJSON_AddStringToObject(o, key, xg_company_name(t, company));
}

/* ---- the start packet ---- */

static int write_par(xg_writer *x, int player, int company, int par)
{
    int row, col;
    if (eng_par_space(x->t, par, &row, &col))
        return refuse(x, "a par the market has no space for");
    cJSON *o = xg_player_action(x, "par", player);
    add_company(o, "corporation", x->t, company);
    char price[48];
    snprintf(price, sizeof price, "%d,%d,%d", par, row, col);
    cJSON_AddStringToObject(o, "share_price", price);
    return 0;
}

static int start_action(xg_writer *x, const eng_action *a)
{
    const eng_game *b = x->before;
    if (a->kind == ENG_ACT_PAR)
        return write_par(x, a->player, a->company, a->price);
    if (a->kind == ENG_ACT_PASS) {
        xg_player_action(x, "pass", a->player);
        return 0;
    }
    if (a->kind != ENG_ACT_BUY_ITEM && a->kind != ENG_ACT_BID)
        return refuse(x, "not an action of the start packet 18xx.games has");
    cJSON *o = xg_player_action(x, "bid", a->player);
    add_company(o, "company", x->t, x->t->start_items[a->item].company);
    cJSON_AddNumberToObject(o, "price", a->kind == ENG_ACT_BID ? a->price
                                                               : b->item_price[a->item]);
    return 0;
}

/* ---- stock rounds ---- */

/* Whether 18xx.games asks the player to act now: it skips a player who can do nothing but
 * pass (step/buy_sell_par_shares.rb actions), as pbemgm's legal actions tell. */
static bool player_asked(const eng_game *b)
{
    eng_action legal[512];
    int n = eng_legal_actions(b, legal, 512);
    for (int i = 0; i < n; i++)
        if (legal[i].kind != ENG_ACT_PASS)
            return true;
    return false;
}

static int buy_share(xg_writer *x, const eng_action *a)
{
    const eng_game *b = x->before;
    int c = a->company;
    if (a->from_player)
        return refuse(x, "18xx.games' 1830 has no nationalisation");
    if (!b->co[c].started) {
        int par = a->price > 0 ? a->price : x->g->co[c].par;
        xg_shares_buy(x, c, a->player, XG_IPO, 0);
        return write_par(x, a->player, c, par);
    }
    int from = a->from_pool ? XG_POOL : XG_IPO;
    int share = xg_share_to_buy(x, c, from, false);
    if (share < 0)
        return refuse(x, "no such share where 18xx.games keeps them");
    cJSON *o = xg_player_action(x, "buy_shares", a->player);
    char id[ENG_ID + 8];
    xg_share_id(x->t, c, share, id, sizeof id);
    cJSON *ids = cJSON_AddArrayToObject(o, "shares");
    cJSON_AddItemToArray(ids, cJSON_CreateString(id));
    cJSON_AddNumberToObject(o, "percent", x->shares[c].percent[share]);
    xg_shares_buy(x, c, a->player, from, share);
    return 0;
}

static void sell(xg_writer *x, const eng_action *a)
{
    cJSON *o = xg_player_action(x, "sell_shares", a->player);
    cJSON_AddItemToObject(o, "shares", xg_shares_sell(x, a->company, a->player, a->percent));
    cJSON_AddNumberToObject(o, "percent", a->percent);
}

/* The price a private changed hands for (ENG_EV_BOUGHT_PRIVATE or _TRADED). */
static int private_price(const eng_game *g)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_BOUGHT_PRIVATE ||
            g->events[i].kind == ENG_EV_PRIVATE_TRADED)
            return g->events[i].amount;
    return 0;
}

static int stock_action(xg_writer *x, const eng_action *a)
{
    switch (a->kind) {
    case ENG_ACT_BUY_SHARE:
        return buy_share(x, a);
    case ENG_ACT_SELL:
        sell(x, a);
        return 0;
    case ENG_ACT_PASS:
        if (player_asked(x->before))
            xg_player_action(x, "pass", a->player);
        return 0;
    case ENG_ACT_BUY_PRIVATE: {
        cJSON *o = xg_player_action(x, "buy_company", a->player);
        add_company(o, "company", x->t, a->company);
        cJSON_AddNumberToObject(o, "price", private_price(x->g));
        return 0;
    }
    case ENG_ACT_PAR:
        return write_par(x, a->player, a->company, a->price);
    default:
        return refuse(x, "not an action of a stock round 18xx.games has");
    }
}

/* ---- operating rounds ---- */

/* The city of the hex where the company's station is after the action and was not before. */
static int placed_city(const xg_writer *x, int company, int hex)
{
    const eng_track *tr = eng_board_track(x->g->board, hex, NULL);
    for (int k = 0; k < tr->ncities; k++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (x->g->board->tokens[hex][k][s] == company &&
                x->before->board->tokens[hex][k][s] != company)
                return k;
    return 0;
}

static void place_token(xg_writer *x, int entity, int company, int hex)
{
    char city[ENG_ID * 2 + 16];
    xg_city_id(x, hex, placed_city(x, company, hex), city, sizeof city);
    cJSON *o = xg_company_action(x, "place_token", entity);
    cJSON_AddStringToObject(o, "city", city);
}

/* The private whose tile power the lay used (its powers_used changed), or ENG_NONE. */
static int power_used(const xg_writer *x)
{
    for (int p = 0; p < x->t->ncompanies; p++)
        if (x->t->companies[p].kind == ENG_PRIVATE &&
            x->g->co[p].powers_used != x->before->co[p].powers_used)
            return p;
    return ENG_NONE;
}

static void lay_tile(xg_writer *x, const eng_action *a)
{
    int by = power_used(x);
    if (by == ENG_NONE) {
        xg_steps_to(x, XG_AT_TRACK);
        if (eng_lays_left(x->g) <= 0)
            x->step = XG_AT_TOKEN;
    }
    char tile[ENG_ID + 16];
    xg_tile_lay(x, a->hex, a->tile, tile, sizeof tile);
    cJSON *o = xg_company_action(x, "lay_tile", by == ENG_NONE ? x->operating : by);
    cJSON_AddStringToObject(o, "hex", x->t->hexes[a->hex].id);
    cJSON_AddStringToObject(o, "tile", tile);
    cJSON_AddNumberToObject(o, "rotation", xg_rotation(x->t, a->hex, a->tile, a->rot));
}

/* The train bought (ENG_EV_BOUGHT_TRAIN): its price and seller. */
static const eng_event *bought_train(const eng_game *g)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_BOUGHT_TRAIN)
            return &g->events[i];
    return NULL;
}

static int buy_train(xg_writer *x, const eng_action *a)
{
    const eng_event *e = bought_train(x->g);
    int c = x->operating, seller = e ? e->amount2 : -1;
    xg_steps_to(x, XG_AT_TRAIN);
    xg_train tr = {a->train, 0};
    if (seller == -1) {
        tr.index = x->trains_sold[a->train]++;
    } else {
        int from = seller == -2 ? ENG_NONE : seller;
        int k = seller == -2 ? xg_pool_train(x, a->train) : xg_held_train(x, seller, a->train);
        if (k < 0)
            return refuse(x, "a train 18xx.games does not have there");
        tr = xg_trains_take(x, from, k);
    }
    char id[ENG_ID + 16];
    xg_train_id(x->t, tr, id, sizeof id);
    cJSON *o = xg_company_action(x, "buy_train", c);
    cJSON_AddStringToObject(o, "train", id);
    cJSON_AddNumberToObject(o, "price", e ? e->amount : 0);
    cJSON_AddStringToObject(o, "variant", x->t->trains[a->train].name);
    int k = a->trades_in ? xg_held_train(x, c, a->trade_in) : -1;
    if (k >= 0) {
        xg_train_id(x->t, xg_trains_take(x, c, k), id, sizeof id);
        cJSON_AddStringToObject(o, "exchange", id);
    }
    xg_trains_move_to(x, c, tr);
    return 0;
}

static int discard_train(xg_writer *x, const eng_action *a)
{
    int c = x->before->discarding, k = xg_held_train(x, c, a->train);
    if (k < 0)
        return refuse(x, "a train 18xx.games does not have there");
    xg_train tr = xg_trains_take(x, c, k);
    char id[ENG_ID + 16];
    xg_train_id(x->t, tr, id, sizeof id);
    cJSON_AddStringToObject(xg_company_action(x, "discard_train", c), "train", id);
    xg_trains_move_to(x, ENG_NONE, tr);
    return 0;
}

static bool went_bankrupt(const eng_game *g)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_BANKRUPT)
            return true;
    return false;
}

static void done(xg_writer *x)
{
    if (went_bankrupt(x->g)) {
        xg_steps_to(x, XG_AT_TRAIN);
        xg_company_action(x, "bankrupt", x->operating);
        return;
    }
    xg_steps_to(x, XG_AT_END);
}

static int buy_private(xg_writer *x, const eng_action *a)
{
    cJSON *o = xg_company_action(x, "buy_company", x->operating);
    add_company(o, "company", x->t, a->company);
    cJSON_AddNumberToObject(o, "price", private_price(x->g));
    return 0;
}

static int operating_action(xg_writer *x, const eng_action *a)
{
    int c = x->operating;
    switch (a->kind) {
    case ENG_ACT_HOME:
        place_token(x, c, c, x->t->companies[c].home_hex);
        return 0;
    case ENG_ACT_LAY_TILE:
        lay_tile(x, a);
        return 0;
    case ENG_ACT_TOKEN:
        xg_steps_to(x, XG_AT_TOKEN);
        place_token(x, c, c, a->hex);
        x->step = XG_AT_ROUTE;
        return 0;
    case ENG_ACT_PRIVATE_TOKEN:
        place_token(x, a->company, c, x->t->companies[a->company].powers.token_hex);
        return 0;
    case ENG_ACT_RUN:
        xg_steps_to(x, XG_AT_ROUTE);
        x->step = XG_AT_TRAIN;
        return a->revenue > 0 ? xg_write_run(x, c, a->revenue, a->payout) : 0;
    case ENG_ACT_BUY_TRAIN:
        return buy_train(x, a);
    case ENG_ACT_RAISE_CASH:
        xg_steps_to(x, XG_AT_TRAIN);
        return 0;
    case ENG_ACT_SELL:
        xg_steps_to(x, XG_AT_TRAIN);
        sell(x, a);
        return 0;
    case ENG_ACT_BUY_PRIVATE:
        return buy_private(x, a);
    case ENG_ACT_SKIP:
        return 0; /* the step is passed when a later one is written */
    case ENG_ACT_DONE:
        done(x);
        x->operating = ENG_NONE; /* the next turn begins at its first step */
        return 0;
    default:
        return refuse(x, "not an action of an operating round 18xx.games has");
    }
}

/* What 18xx.games does by itself that moves shares or trains: a private's share to its buyer,
 * trains rusting. */
static void follow_events(xg_writer *x)
{
    for (int i = 0; i < x->g->nevents; i++) {
        const eng_event *e = &x->g->events[i];
        if (e->kind == ENG_EV_ALSO_GETS && e->company >= 0 && eng_is_major(x->g, e->company))
            xg_shares_give(x, e->company, e->player, e->flag);
        else if (e->kind == ENG_EV_RUSTED)
            xg_trains_rust(x, e->item);
    }
}

int xg_write_action(xg_writer *x, const eng_action *a)
{
    const eng_game *b = x->before;
    if (a->kind == ENG_ACT_ADJUST)
        return refuse(x, "a GM's correction (ADJUST), which 18xx.games has no action for");
    int rc;
    if (b->round == ENG_ROUND_OPERATING && b->discarding != ENG_NONE) {
        rc = discard_train(x, a);
    } else if (b->par_pending != ENG_NONE || b->round == ENG_ROUND_START) {
        rc = start_action(x, a);
    } else if (b->round == ENG_ROUND_STOCK) {
        rc = stock_action(x, a);
    } else if (b->round == ENG_ROUND_OPERATING && b->operating != ENG_NONE) {
        if (x->operating != b->operating) {
            x->operating = b->operating;
            x->step = XG_AT_TRACK;
        }
        rc = operating_action(x, a);
    } else {
        rc = refuse(x, "an action where 18xx.games has none");
    }
    if (rc == 0)
        follow_events(x);
    return rc;
}
