/* export_actions: one pbemgm action as 18xx.games' action(s), the inverse of the mapping in
 * docs/gm-guide.md: the start packet's purchases and bids as bids, a director's certificate
 * bought as a par, shares bought and sold by their ids, tiles, stations, runs with their
 * dividend, trains, privates; passes where 18xx.games asks for one (export_steps.c). Each is
 * written from the game before the action (x->before) and what it did (x->g's events). */
#include "xgames/export_internal.h"

#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int refuse_action(xg_writer *x, const char *what)
{
    snprintf(x->why, x->len, "%s", what);
    return -1;
}

static int start_decision(xg_writer *x, const eng_action *a);

static void add_company(cJSON *o, const char *key, const eng_title *t, int company)
{
    cJSON_AddStringToObject(o, key, xg_company_name(t, company));
}

/* ---- the start packet ---- */

static int write_par(xg_writer *x, int player, int company, int par)
{
    int row, col;
    if (eng_par_space(x->t, par, &row, &col))
        return refuse_action(x, "a par the market has no space for");
    cJSON *o = xg_player_action(x, "par", player);
    add_company(o, "corporation", x->t, company);
    char price[48];
    snprintf(price, sizeof price, "%d,%d,%d", par, row, col);
    cJSON_AddStringToObject(o, "share_price", price);
    return 0;
}

/* The auction's players pbemgm passes by itself (Rails' autopass: one who cannot buy or bid;
 * a bidder who cannot raise): 18xx.games' waterfall auction asks each of them, who passes. */
static void auto_passes(xg_writer *x)
{
    for (int i = 0; x->t->packet_auction && i < x->g->nevents; i++)
        if (x->g->events[i].kind == ENG_EV_CANNOT_BUY ||
            x->g->events[i].kind == ENG_EV_CANNOT_RAISE)
            xg_player_action(x, "pass", x->g->events[i].player);
}

static int start_action(xg_writer *x, const eng_action *a)
{
    int rc = start_decision(x, a);
    if (rc == 0)
        auto_passes(x);
    return rc;
}

static int start_decision(xg_writer *x, const eng_action *a)
{
    const eng_game *b = x->before;
    if (a->kind == ENG_ACT_PAR)
        return write_par(x, a->player, a->company, a->price);
    if (a->kind == ENG_ACT_PASS) {
        xg_player_action(x, "pass", a->player);
        return 0;
    }
    if (a->kind != ENG_ACT_BUY_ITEM && a->kind != ENG_ACT_BID)
        return refuse_action(x, "not an action of the start packet 18xx.games has");
    cJSON *o = xg_player_action(x, "bid", a->player);
    cJSON_AddStringToObject(o, "company", eng_xg_item_id(x->t, a->item));
    cJSON_AddNumberToObject(o, "price", a->kind == ENG_ACT_BID ? a->price
                                                               : b->item_price[a->item]);
    return 0;
}

/* ---- stock rounds ---- */

/* Whether the turn may still sell on 18xx.games (the title's "sell_buy_order":
 * step/buy_sell_par_shares.rb can_sell_order?). */
static bool may_sell_there(const xg_writer *x)
{
    const eng_game *b = x->before;
    switch (x->t->xgames.sell_buy_order) {
    case ENG_XG_SELL_BUY:
        return !b->turn_bought;
    case ENG_XG_SELL_BUY_OR_BUY_SELL:
        return !(b->turn_sold && b->turn_bought && x->bought_last);
    default:
        return true;
    }
}

/* Whether the sale of percent of company c by player p is of shares bought in his turn, and
 * leaves him none: 18xx.games does not allow it where the title's shares bought are unvested
 * in the turn (its "unvested_shares"). */
static bool sells_unvested(const xg_writer *x, int p, int c, int percent)
{
    return x->t->xgames.unvested_shares && x->unvested_by == p && x->unvested == c &&
           percent >= eng_percent_held(x->before, c, p);
}

/* Whether player p's turn has sold company c already where the title sells in blocks there
 * (its "sell_in_blocks"). */
static bool sold_in_block(const xg_writer *x, int p, int c)
{
    return x->t->xgames.sell_in_blocks && x->unvested_by == p && x->turn_sold[c];
}

/* A stock-round turn's purchases and sales followed from player p's first action on. */
static void turn_of(xg_writer *x, int p)
{
    if (x->unvested_by == p)
        return;
    x->unvested_by = p;
    x->unvested = ENG_NONE;
    memset(x->turn_sold, 0, sizeof x->turn_sold);
}

/* Whether 18xx.games asks the player to act now: it skips a player who can do nothing but
 * pass (step/buy_sell_par_shares.rb actions), as pbemgm's legal actions tell — a sale only
 * when 18xx.games' order of selling and buying allows one, and not of a company not started
 * (1830's C&A's PRR share before PRR's par), which 18xx.games has no price to sell at. */
static bool player_asked(const xg_writer *x)
{
    const eng_game *b = x->before;
    if (xg_may_buy_private(b))
        return true;
    eng_action legal[512];
    int n = eng_legal_actions(b, legal, 512);
    for (int i = 0; i < n; i++)
        if (legal[i].kind != ENG_ACT_PASS &&
            !(legal[i].kind == ENG_ACT_SELL &&
              (!b->co[legal[i].company].started || !may_sell_there(x) ||
               sells_unvested(x, legal[i].player, legal[i].company, legal[i].percent) ||
               sold_in_block(x, legal[i].player, legal[i].company))))
            return true;
    return false;
}

static int buy_share(xg_writer *x, const eng_action *a)
{
    const eng_game *b = x->before;
    int c = a->company;
    if (a->from_player)
        return refuse_action(x, "18xx.games' 1830 has no nationalisation");
    if (!b->co[c].started) {
        int par = a->price > 0 ? a->price : x->g->co[c].par;
        xg_shares_buy(x, c, a->player, XG_IPO, 0);
        return write_par(x, a->player, c, par);
    }
    int from = a->from_pool ? XG_POOL : XG_IPO;
    int share = xg_share_to_buy(x, c, from, false);
    if (share < 0)
        return refuse_action(x, "no such share where 18xx.games keeps them");
    cJSON *o = xg_player_action(x, "buy_shares", a->player);
    char id[ENG_ID + 8];
    xg_share_id(x->t, c, share, id, sizeof id);
    cJSON *ids = cJSON_AddArrayToObject(o, "shares");
    cJSON_AddItemToArray(ids, cJSON_CreateString(id));
    cJSON_AddNumberToObject(o, "percent", x->shares[c].percent[share]);
    xg_shares_buy(x, c, a->player, from, share);
    return 0;
}

/* A sale; one right after another of the same company by the same player joins it: pbemgm
 * sells both at the price of the first (SeparateSalesAtSamePrice), as 18xx.games sells one
 * bundle of them, taken from the shares as they were before the first. */
static int sell(xg_writer *x, const eng_action *a)
{
    int c = a->company, percent = a->percent;
    if (!x->before->co[c].started) /* (bundles_for_corporation: none before the par) */
        return refuse_action(x, "a share of a company not started is sold, which 18xx.games does not "
                         "allow (it has no price yet)");
    cJSON *o = NULL;
    if (x->sold == c && x->sold_by == a->player && x->before->opt.separate_sales_at_same_price &&
        x->before->turn_sale_price[c]) {
        o = cJSON_GetArrayItem(x->actions, cJSON_GetArraySize(x->actions) - 1);
        percent += cJSON_GetObjectItem(o, "percent")->valueint;
        x->shares[c] = x->sold_from;
        cJSON_DeleteItemFromObject(o, "shares");
        cJSON_DeleteItemFromObject(o, "percent");
    } else {
        o = xg_player_action(x, "sell_shares", a->player);
        x->sold_from = x->shares[c];
    }
    cJSON_AddItemToObject(o, "shares", xg_shares_sell(x, c, a->player, percent));
    cJSON_AddNumberToObject(o, "percent", percent);
    x->sold = c;
    x->sold_by = a->player;
    return 0;
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

/* 18xx.games counts a private bought from another player as the turn's purchase (g_1830/step/
 * buy_sell_par_shares.rb: none after a share, no share after it); pbemgm only under
 * PrivatePurchaseUsesTurn (in the title's 18xx.games options). */
static int one_purchase(xg_writer *x, const eng_action *a)
{
    bool share = a->kind == ENG_ACT_BUY_SHARE;
    if (!share && x->before->stock_round_number < 2)
        return refuse_action(x, "a private bought from another player in the first stock round, which "
                         "18xx.games does not allow");
    if ((share && x->private_bought_by == a->player) || (!share && x->before->turn_bought))
        return refuse_action(x, "a share and a private bought in one turn: 18xx.games allows one "
                         "purchase a turn, the private's too");
    if (!share)
        x->private_bought_by = a->player;
    return 0;
}

static int stock_action(xg_writer *x, const eng_action *a)
{
    bool bought_before = x->bought_last;
    turn_of(x, a->player);
    if (a->kind == ENG_ACT_BUY_SHARE)
        x->unvested = a->company;
    x->bought_last = a->kind == ENG_ACT_BUY_SHARE || a->kind == ENG_ACT_BUY_PRIVATE;
    switch (a->kind) {
    case ENG_ACT_BUY_SHARE:
        return one_purchase(x, a) ? -1 : buy_share(x, a);
    case ENG_ACT_SELL:
        x->bought_last = bought_before;
        if (!may_sell_there(x))
            return refuse_action(x, "a sale after a sale and a purchase in one turn, which 18xx.games "
                             "does not allow in this title (its SELL_BUY_ORDER)");
        if (sells_unvested(x, a->player, a->company, a->percent))
            return refuse_action(x, "a sale of the shares of a company bought in the same turn, "
                                    "leaving none, which 18xx.games does not allow in this title "
                                    "(its unvested shares)");
        if (sold_in_block(x, a->player, a->company))
            return refuse_action(x, "a second sale of a company's shares in one turn, which "
                                    "18xx.games does not allow in this title (it sells in blocks)");
        x->turn_sold[a->company] = true;
        x->bought_last = false;
        return sell(x, a);
    case ENG_ACT_PASS:
        x->bought_last = bought_before;
        x->private_bought_by = ENG_NONE;
        if (player_asked(x))
            xg_player_action(x, "pass", a->player);
        x->bought_last = false;
        x->unvested_by = ENG_NONE; /* (his turn is over) */
        return 0;
    case ENG_ACT_BUY_PRIVATE: {
        if (one_purchase(x, a))
            return -1;
        cJSON *o = xg_player_action(x, "buy_company", a->player);
        add_company(o, "company", x->t, a->company);
        cJSON_AddNumberToObject(o, "price", private_price(x->g));
        return 0;
    }
    case ENG_ACT_PAR:
        return write_par(x, a->player, a->company, a->price);
    default:
        return refuse_action(x, "not an action of a stock round 18xx.games has");
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

static cJSON *write_token(xg_writer *x, int entity, int hex, int city)
{
    char id[ENG_ID * 2 + 16];
    xg_city_id(x, hex, city, id, sizeof id);
    cJSON *o = xg_company_action(x, "place_token", entity);
    cJSON_AddStringToObject(o, "city", id);
    return o;
}

static void place_token(xg_writer *x, int entity, int company, int hex)
{
    write_token(x, entity, hex, placed_city(x, company, hex));
}

/* A tile with track and several cities laid where there was none (1830's E11 with Erie's home
 * station): 18xx.games takes the stations off and has the company laying place each again
 * (step/tracker.rb update_token!) — where pbemgm moved them. A destination check due after
 * the lay is the last one's (1856's THB in Hamilton: its home placed again carries it). */
static void stations_placed_again(xg_writer *x, int hex, const cJSON *lay)
{
    const eng_track *old = eng_board_track(x->before->board, hex, NULL);
    const eng_track *now = eng_board_track(x->g->board, hex, NULL);
    if (old->npaths > 0 || now->npaths == 0 || now->ncities < 2)
        return;
    for (int k = 0; k < now->ncities; k++)
        for (int s = 0; s < ENG_MAX_SLOTS; s++)
            if (x->g->board->tokens[hex][k][s] >= 0) {
                cJSON *o = write_token(x, x->operating, hex, k);
                if (x->check_on == lay)
                    x->check_on = o;
            }
}

/* Whether the private's station may be placed now. */
static bool station_possible(const eng_game *g, int private)
{
    eng_game *try = eng_game_copy(g);
    eng_action a = {.kind = ENG_ACT_PRIVATE_TOKEN, .player = g->current, .company = private,
                    .city = -1};
    char why[256];
    bool ok = eng_apply(try, &a, why, sizeof why) == 0;
    eng_game_free(try);
    return ok;
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

/* The company's own lay written just before (this turn), or NULL. */
static cJSON *own_lay_just_before(xg_writer *x)
{
    int n = cJSON_GetArraySize(x->actions);
    cJSON *prev = n >= 2 ? cJSON_GetArrayItem(x->actions, n - 2) : NULL;
    const cJSON *type = cJSON_GetObjectItem(prev, "type"), *who = cJSON_GetObjectItem(prev, "entity");
    bool own = cJSON_IsString(type) && strcmp(type->valuestring, "lay_tile") == 0 &&
               cJSON_IsString(who) &&
               strcmp(who->valuestring, xg_company_name(x->t, x->operating)) == 0;
    return own && x->before->co[x->operating].lays > 0 ? prev : NULL;
}

/* A private's extra lay (1830's C&StL) just written after the company's own lay of the turn,
 * which ended its track step, goes before it: 18xx.games settles the steps after the own lay at
 * once (no route yet: no run), so the extra track the run needs must be there first. Two
 * copies of one tile swap. (A track step still waiting for a lay, xg_director_lay_waits, keeps
 * the order.) */
static void before_own_lay(xg_writer *x, int hex)
{
    cJSON *own = own_lay_just_before(x);
    if (!own)
        return;
    int n = cJSON_GetArraySize(x->actions);
    cJSON *extra = cJSON_GetArrayItem(x->actions, n - 1);
    cJSON *id_own = cJSON_GetObjectItem(own, "id"), *id_extra = cJSON_GetObjectItem(extra, "id");
    double first = id_own->valuedouble;
    cJSON_SetNumberValue(id_own, id_extra->valuedouble);
    cJSON_SetNumberValue(id_extra, first);
    const char *t1 = cJSON_GetObjectItem(own, "tile")->valuestring;
    const char *t2 = cJSON_GetObjectItem(extra, "tile")->valuestring;
    const char *d1 = strrchr(t1, '-'), *d2 = strrchr(t2, '-');
    if (d1 && d2 && d1 - t1 == d2 - t2 && strncmp(t1, t2, (size_t)(d1 - t1)) == 0) {
        int own_hex = eng_hex_index(x->t, cJSON_GetObjectItem(own, "hex")->valuestring);
        int copy = x->laid_copy[own_hex];
        x->laid_copy[own_hex] = x->laid_copy[hex];
        x->laid_copy[hex] = copy;
        char *swap = xstrdup(t1);
        cJSON_ReplaceItemInObject(own, "tile", cJSON_CreateString(t2));
        cJSON_ReplaceItemInObject(extra, "tile", cJSON_CreateString(swap));
        free(swap);
    }
    cJSON_AddItemToArray(x->actions, cJSON_DetachItemFromArray(x->actions, n - 2));
}

static void lay_tile(xg_writer *x, const eng_action *a)
{
    int by = power_used(x);
    bool settled = x->step != XG_AT_TRACK; /* the company's track step over before this lay */
    if (by != ENG_NONE && xg_teleport_power(x->t, by) && station_possible(x->g, by))
        x->teleport = by; /* its station must follow at once (1830's D&H: a teleport) */
    if (by == ENG_NONE || !x->t->companies[by].powers.tile_extra)
        xg_steps_to(x, XG_AT_TRACK);
    bool over = x->step == XG_AT_TRACK && eng_lays_left(x->g) <= 0 &&
                !xg_director_lay_waits(x->g, x->operating) &&
                !xg_track_waits(x->g, x->operating);
    if (over)
        x->step = XG_AT_TOKEN; /* the track step over: no pass asked */
    char tile[ENG_ID + 16];
    xg_tile_lay(x, a->hex, a->tile, tile, sizeof tile);
    cJSON *o = xg_company_action(x, "lay_tile", by == ENG_NONE ? x->operating : by);
    cJSON_AddStringToObject(o, "hex", x->t->hexes[a->hex].id);
    cJSON_AddStringToObject(o, "tile", tile);
    cJSON_AddNumberToObject(o, "rotation", xg_rotation_there(x->t, a->hex, a->tile, a->rot));
    if (over)
        xg_track_step_over(x, o);
    if (by != ENG_NONE && x->t->companies[by].powers.tile_extra && settled)
        before_own_lay(x, a->hex);
    stations_placed_again(x, a->hex, o);
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
            return refuse_action(x, "a train 18xx.games does not have there");
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
        xg_train old = xg_trains_take(x, c, k);
        xg_train_id(x->t, old, id, sizeof id);
        cJSON_AddStringToObject(o, "exchange", id);
        if (x->g->pool_trains[a->trade_in] > x->before->pool_trains[a->trade_in])
            xg_trains_move_to(x, ENG_NONE, old); /* (18xx.games' discard, to be bought again:
                                                  * 1856's 5 traded for a D) */
    }
    xg_trains_move_to(x, c, tr);
    return 0;
}

static int discard_train(xg_writer *x, const eng_action *a)
{
    int c = x->before->discarding, k = xg_held_train(x, c, a->train);
    if (k < 0)
        return refuse_action(x, "a train 18xx.games does not have there");
    xg_train tr = xg_trains_take(x, c, k);
    char id[ENG_ID + 16];
    xg_train_id(x->t, tr, id, sizeof id);
    cJSON_AddStringToObject(xg_company_action(x, "discard_train", c), "train", id);
    xg_trains_move_to(x, ENG_NONE, tr);
    return 0;
}

/* Whether the action passed the company's presidency on (ENG_EV_PRESIDENT). */
static bool passes_presidency(const eng_game *g, int c)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_PRESIDENT && g->events[i].company == c)
            return true;
    return false;
}

static bool went_bankrupt(const eng_game *g)
{
    for (int i = 0; i < g->nevents; i++)
        if (g->events[i].kind == ENG_EV_BANKRUPT)
            return true;
    return false;
}

/* The director's emergency sales of this turn taken out again: 18xx.games sells what he has
 * itself when he goes bankrupt (step/bankrupt.rb). */
static void drop_pending_sales(xg_writer *x)
{
    while (x->pending_sales >= 0 && cJSON_GetArraySize(x->actions) > x->pending_sales)
        cJSON_DeleteItemFromArray(x->actions, x->pending_sales);
    if (x->pending_sales >= 0)
        x->next_id = x->pending_id;
}

static void done(xg_writer *x)
{
    if (went_bankrupt(x->g)) {
        drop_pending_sales(x);
        xg_steps_to(x, XG_AT_TRAIN);
        xg_company_action(x, "bankrupt", x->operating);
        return;
    }
    xg_steps_to(x, XG_AT_END);
}

static int buy_private(xg_writer *x, const eng_action *a)
{
    if (eng_step_due(x->before) == ENG_STEP_TRAINS && !x->trains_later)
        xg_steps_to(x, XG_AT_COMPANY); /* (at the companies' step, after the trains', as
                                        * 18xx.games' players buy them) */
    cJSON *o = xg_company_action(x, "buy_company", x->operating);
    add_company(o, "company", x->t, a->company);
    cJSON_AddNumberToObject(o, "price", private_price(x->g));
    return 0;
}

/* A loan taken (g_1856 take_loan: any loan of the bank's by its id; the ids in the order
 * taken) or `n` repaid (payoff_loan, one each, at the loan step after the trains). */
static int loans(xg_writer *x, const eng_action *a)
{
    int c = x->operating;
    if (!x->t->xgames.loan_step)
        return refuse_action(x, "a loan, which this title has not on 18xx.games");
    if (a->kind == ENG_ACT_TAKE_LOAN) {
        if (x->nloans[c] == XG_MAX_LOANS)
            return refuse_action(x, "more loans than the exporter follows");
        cJSON *o = xg_company_action(x, "take_loan", c);
        cJSON_AddNumberToObject(o, "loan", x->next_loan);
        x->loan_ids[c][x->nloans[c]++] = x->next_loan++;
        x->took_loan = true;
        return 0;
    }
    xg_steps_to(x, XG_AT_LOAN);
    for (int k = 0; k < a->amount; k++) {
        if (x->nloans[c] == 0)
            return refuse_action(x, "a loan repaid that the exporter has not seen taken");
        cJSON *o = xg_company_action(x, "payoff_loan", c);
        cJSON_AddNumberToObject(o, "loan", x->loan_ids[c][--x->nloans[c]]);
    }
    x->took_loan = true; /* (none taken after a repayment there: can_take_loan?) */
    return 0;
}

/* An action of pbemgm's the title's section names (by its JSON kind: action.c): a special
 * purchase (special_buys: the item's description and cost) or a private's assignment to a hex
 * (assign); else refused. */
static int named_action(xg_writer *x, const eng_action *a)
{
    const eng_xgames *s = &x->t->xgames;
    char *text = eng_action_to_json(x->before, a);
    cJSON *o = cJSON_Parse(text);
    free(text);
    const char *kind = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "type"));
    const char *hex = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "hex"));
    int rc = -1;
    for (int i = 0; kind && i < s->nbuys && rc; i++)
        if (strcmp(s->buys[i].action, kind) == 0 && s->buys[i].company == a->company) {
            cJSON *w = xg_company_action(x, "special_buy", x->operating);
            cJSON_AddStringToObject(w, "description", s->buys[i].description);
            cJSON_AddNumberToObject(w, "cost", x->before->co[x->operating].cash -
                                                   x->g->co[x->operating].cash);
            rc = 0;
        }
    if (rc && kind && hex && s->assign_action[0] && strcmp(s->assign_action, kind) == 0) {
        cJSON *w = xg_company_action(x, "assign", a->company);
        cJSON_AddStringToObject(w, "target", hex);
        cJSON_AddStringToObject(w, "target_type", "hex");
        rc = 0;
    }
    cJSON_Delete(o);
    return rc ? refuse_action(x, "not an action of an operating round 18xx.games has") : 0;
}

/* A run of nothing (pbemgm's SKIP at its run, or a run earning nothing) where 18xx.games asks
 * for one, in a title whose section says so (empty_runs: the reach here is close to
 * 18xx.games' graph, not the same, and 1830's games never need it). */
static void run_of_nothing(xg_writer *x, int c)
{
    if (!x->t->xgames.empty_runs || eng_step_due(x->before) != ENG_STEP_RUN ||
        x->step > XG_AT_ROUTE || !xg_route_available(x->before, c))
        return;
    xg_steps_to(x, XG_AT_ROUTE);
    cJSON_AddArrayToObject(xg_company_action(x, "run_routes", c), "routes");
    x->step = XG_AT_TRAIN;
}

/* A private's station apart from its tile (1856's W&SR): after the company's track step, with
 * its token step when 18xx.games asks that; when it does not, and the company's track reached no
 * run before the station, 18xx.games has passed its route step too: it is at the trains. */
static void station_apart(xg_writer *x, const eng_action *a, int c)
{
    bool past_run = x->step <= XG_AT_TOKEN && !xg_step_asks(x, XG_AT_TOKEN) &&
                    !xg_route_available(x->before, c);
    xg_steps_to(x, XG_AT_TOKEN);
    place_token(x, a->company, c, x->t->companies[a->company].powers.token_hex);
    x->step = past_run ? XG_AT_TRAIN : XG_AT_ROUTE; /* (the token step with it) */
}

static int operating_action(xg_writer *x, const eng_action *a)
{
    int c = x->operating;
    switch (a->kind) {
    case ENG_ACT_HOME: /* on a hex without track 18xx.games places it itself, in its city 0
                        * (game/base.rb place_home_token) */
        if (eng_board_track(x->before->board, x->t->companies[c].home_hex, NULL)->npaths > 0)
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
        if (xg_teleport_power(x->t, a->company)) {
            place_token(x, a->company, c, x->t->companies[a->company].powers.token_hex);
            return 0;
        }
        station_apart(x, a, c);
        return 0;
    case ENG_ACT_RUN:
        if (a->revenue > 0 && x->step > XG_AT_ROUTE)
            return refuse_action(x, "a run after a private's station placed where 18xx.games, "
                                    "finding no run for the company before it, had passed its "
                                    "route step");
        if (a->revenue <= 0)
            run_of_nothing(x, c);
        xg_steps_to(x, XG_AT_ROUTE);
        x->step = XG_AT_TRAIN;
        return a->revenue > 0 ? xg_write_run(x, c, a->revenue, a->payout) : 0;
    case ENG_ACT_BUY_TRAIN:
        return buy_train(x, a);
    case ENG_ACT_RAISE_CASH:
        xg_steps_to(x, XG_AT_TRAIN);
        return 0;
    case ENG_ACT_SELL:
        if (a->company == c && passes_presidency(x->g, c))
            return refuse_action(x, "the director sells shares of the company buying the train and "
                             "passes its presidency on, which 18xx.games does not allow "
                             "(step/emergency_money.rb)");
        xg_steps_to(x, XG_AT_TRAIN);
        if (x->pending_sales < 0) {
            x->pending_sales = cJSON_GetArraySize(x->actions);
            x->pending_id = x->next_id;
        }
        return sell(x, a);
    case ENG_ACT_BUY_PRIVATE:
        return buy_private(x, a);
    case ENG_ACT_TAKE_LOAN: case ENG_ACT_REPAY_LOAN:
        return loans(x, a);
    case ENG_ACT_SKIP:
        run_of_nothing(x, c);
        return 0; /* the step is passed when a later one is written */
    case ENG_ACT_DONE:
        done(x);
        x->operating = ENG_NONE; /* the next turn begins at its first step */
        return 0;
    default:
        return named_action(x, a);
    }
}

/* A private exchanged for a share (1830's M&H for NYC): 18xx.games' buy_shares by the
 * private, the share from the IPO, else the pool, as pbemgm takes it. */
static int exchange(xg_writer *x, const eng_action *a)
{
    const eng_company *pc = &x->t->companies[a->company];
    int c = pc->exchange_company, from = XG_IPO;
    int share = pc->exchange_from_ipo ? xg_share_to_buy(x, c, XG_IPO, false) : -1;
    if (share < 0 && pc->exchange_from_pool)
        share = xg_share_to_buy(x, c, from = XG_POOL, false);
    if (share < 0)
        return refuse_action(x, "no share where 18xx.games keeps them to exchange the private for");
    char id[ENG_ID + 8];
    xg_share_id(x->t, c, share, id, sizeof id);
    cJSON *o = xg_company_action(x, "buy_shares", a->company);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(o, "shares"), cJSON_CreateString(id));
    cJSON_AddNumberToObject(o, "percent", x->shares[c].percent[share]);
    xg_shares_buy(x, c, x->before->co[a->company].owner, from, share);
    return 0;
}

/* What 18xx.games does by itself that moves shares or trains: a start item's certificate to
 * its buyer (a certificate sold as an item, or the one its private brings: the title's share
 * of the item there, else the default), a private's free train, trains rusting, a closing
 * company's trains. */
static void follow_events(xg_writer *x)
{
    int item = -1;
    for (int i = 0; i < x->g->nevents; i++) {
        const eng_event *e = &x->g->events[i];
        if (e->kind == ENG_EV_BOUGHT_ITEM && e->amount2 >= 0 &&
            e->amount2 < x->t->nstart_items) {
            item = e->amount2;
            const struct eng_start_item *si = &x->t->start_items[item];
            if (si->percent && eng_is_major(x->g, si->company))
                xg_shares_give(x, si->company, e->player, si->director,
                               eng_xg_item_share(x->t, item));
        } else if (e->kind == ENG_EV_ALSO_GETS && e->company >= 0 &&
                   eng_is_major(x->g, e->company)) {
            xg_shares_give(x, e->company, e->player, e->flag, eng_xg_item_share(x->t, item));
        } else if (e->kind == ENG_EV_FREE_TRAIN && !e->flag && e->amount >= 0) {
            /* a private's free train to the company that bought it (18GA's OSO): 18xx.games'
             * copy of the kind after the bank's, kept apart from the start ("2-5": game.rb
             * setup, @free_2_train) */
            xg_train free = {.type = e->amount, .index = x->t->trains[e->amount].count};
            xg_trains_move_to(x, e->company, free);
        } else if (e->kind == ENG_EV_RUSTED) {
            xg_trains_rust(x, e->item);
        } else if (e->kind == ENG_EV_MARKET_CLOSES && e->company >= 0) {
            while (x->nheld[e->company] > 0) /* its trains to the discard (base.rb
                                              * close_corporation: reclaim_train) */
                xg_trains_move_to(x, ENG_NONE, xg_trains_take(x, e->company, 0));
            x->nloans[e->company] = 0;
        }
    }
}

/* Loans the engine repaid by itself (those over the company's limit as its turn ends; its
 * treasury's as a national forms): 18xx.games pops the company's last ones (g_1856
 * round/operating.rb force_repay_loans!). */
static void follow_repaid(xg_writer *x, const eng_action *a)
{
    if (a->kind == ENG_ACT_REPAY_LOAN)
        return; /* (written with the action) */
    for (int i = 0; i < x->g->nevents; i++) {
        const eng_event *e = &x->g->events[i];
        int c = e->company;
        if (e->kind == ENG_EV_LOANS_REPAID && c >= 0 && c < ENG_MAX_COMPANIES)
            x->nloans[c] = x->nloans[c] > e->amount ? x->nloans[c] - e->amount : 0;
    }
}

/* Whether 18xx.games' draft asks the player: his money reaches an unsold item, on sale or not
 * (1835's step/draft.rb actions, min_bid; a player it does not ask passes by itself). */
static bool draft_asks(const eng_game *g, int player)
{
    for (int i = 0; i < g->t->nstart_items; i++)
        if (!g->item_sold[i] && g->item_price[i] <= g->players[player].cash)
            return true;
    return false;
}

/* The players pbemgm passed by itself in a start packet sold at fixed prices, as none of the
 * items on sale is within their money (ENG_EV_CANNOT_BUY): the pass of each 18xx.games asks. */
static void draft_passes(xg_writer *x)
{
    if (x->t->packet_auction)
        return;
    for (int i = 0; i < x->g->nevents; i++) {
        const eng_event *e = &x->g->events[i];
        if (e->kind == ENG_EV_CANNOT_BUY && e->player >= 0 && draft_asks(x->g, e->player))
            xg_player_action(x, "pass", e->player);
    }
}

int xg_write_action(xg_writer *x, const eng_action *a)
{
    const eng_game *b = x->before;
    if (a->kind == ENG_ACT_ADJUST)
        return refuse_action(x, "a GM's correction (ADJUST), which 18xx.games has no action for");
    bool teleports = x->teleport != ENG_NONE && a->kind == ENG_ACT_PRIVATE_TOKEN &&
                     a->company == x->teleport;
    if (x->teleport != ENG_NONE && !teleports)
        return refuse_action(x, "a private's tile without its station next: 18xx.games places both "
                         "at once (a teleport)");
    x->teleport = ENG_NONE;
    if (a->kind == ENG_ACT_PRIVATE_TOKEN && !teleports && xg_teleport_power(x->t, a->company))
        return refuse_action(x, "a private's station without its tile just before: 18xx.games places "
                         "both at once (a teleport)");
    int rc;
    if (a->kind == ENG_ACT_EXCHANGE && a->company >= 0 && a->company < x->t->ncompanies &&
        x->t->companies[a->company].exchange_company >= 0) {
        rc = exchange(x, a);
    } else if (b->forming) {
        rc = xg_write_formation(x, a);
    } else if (b->round == ENG_ROUND_OPERATING && b->discarding != ENG_NONE) {
        rc = discard_train(x, a);
    } else if (b->par_pending != ENG_NONE || b->round == ENG_ROUND_START) {
        rc = start_action(x, a);
    } else if (b->round == ENG_ROUND_STOCK) {
        rc = stock_action(x, a);
    } else if (b->round == ENG_ROUND_OPERATING && b->operating != ENG_NONE) {
        if (x->operating != b->operating) {
            x->operating = b->operating;
            x->step = XG_AT_TRACK;
            x->took_loan = x->checked = false;
        }
        rc = operating_action(x, a);
    } else {
        rc = refuse_action(x, "an action where 18xx.games has none");
    }
    if (a->kind != ENG_ACT_SELL && a->kind != ENG_ACT_RAISE_CASH)
        x->pending_sales = -1;
    if (a->kind != ENG_ACT_SELL)
        x->sold = x->sold_by = ENG_NONE;
    if (rc == 0) {
        follow_events(x);
        follow_repaid(x, a);
        xg_follow_formation_begun(x);
        draft_passes(x);
        xg_write_check(x);
    }
    return rc;
}
