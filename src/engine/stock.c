/* stock: the stock round. On a turn a player may buy one certificate and sell (any number of
 * selling actions, before or after the purchase, as Rails allows), then ends the turn; a turn
 * without a purchase counts as a pass, sales or not (as Rails). Everyone passing in turn ends
 * the round:
 * each sold-out company's price rises, and priority goes to the player after the last one to
 * BUY (house rule 11; with PriorityAfterLastToAct after the last to buy or sell, as
 * 18xx.games). With MustSellOverLimits a player over a limit who can sell must sell before
 * anything else; with PrivatePurchaseUsesTurn a private bought from another player (privates.c)
 * is the turn's purchase. Certificates are bought from the IPO at par (the director's
 * certificate first, which starts the company) or from the pool at the market price. There is
 * no limit to how much of a company a player may hold (a Rails game has a 70% holder); a
 * director holding the nationalisation threshold (game option) may buy other players' ordinary
 * certificates at 150% of the market price, paid to them. */
#include "engine/capital.h"
#include "engine/national.h"
#include "engine/privates.h"
#include "engine/query.h"
#include "engine/sell.h"
#include "engine/state.h"
#include "engine/stock.h"

#include <string.h>


void eng_begin_stock_round(eng_game *g)
{
    int n = g->nplayers;
    g->round = ENG_ROUND_STOCK;
    g->stock_round_number++;
    g->passes = 0;
    g->turn_bought = g->turn_sold = false;
    g->direction = 1;
    for (int p = 0; p < n; p++)
        memset(g->players[p].sold_this_round, 0, sizeof g->players[p].sold_this_round);
    if (g->last_buyer != ENG_NONE && g->opt.priority_after_last_buyer)
        g->priority = (g->last_buyer + 1) % n;
    g->last_buyer = ENG_NONE;
    g->current = g->priority;
    eng_event_add(g, ENG_EV_STOCK_ROUND, ENG_NONE, ENG_NONE, g->stock_round_number, 0, false);
    eng_event_add(g, ENG_EV_PRIORITY, g->current, ENG_NONE, 0, 0, false);
}

static void end_stock_round(eng_game *g)
{
    eng_event_add(g, ENG_EV_END_STOCK_ROUND, ENG_NONE, ENG_NONE, g->stock_round_number, 0, false);
    int sold_out[ENG_MAX_COMPANIES], n = 0;
    for (int c = 0; c < g->t->ncompanies; c++)
        if (eng_is_major(g, c) && eng_sold_out(g, c))
            sold_out[n++] = c;
    /* in the running order (Rails): of two on one square the first arrived moves up first */
    eng_sort_running_order(g, sold_out, n);
    for (int k = 0; k < n; k++) {
        eng_event_add(g, ENG_EV_SOLD_OUT, ENG_NONE, sold_out[k], 0, 0, false);
        eng_price_up(g, sold_out[k]);
    }
    if (g->last_buyer != ENG_NONE && g->opt.priority_after_last_buyer)
        g->priority = (g->last_buyer + 1) % g->nplayers;
    g->last_buyer = ENG_NONE;
    g->or_set = g->stock_round_number;
    g->or_in_set = 0;
    eng_round_end(g);
    g->round_state = ENG_ROUND_FINISHED;
}

static void next_turn(eng_game *g)
{
    g->turn_bought = g->turn_sold = false;
    memset(g->turn_sale_price, 0, sizeof g->turn_sale_price);
    memset(g->turn_sold_percent, 0, sizeof g->turn_sold_percent);
    g->current = (g->current + g->direction + g->nplayers) % g->nplayers;
}

/* Which certificate a buy takes: the size asked for, or the next one on offer. */
static int pick_cert(const eng_game *g, const eng_action *a, int from, char *why, size_t len)
{
    const char *id = g->t->companies[a->company].id;
    const eng_company_state *c = &g->co[a->company];
    if (from == ENG_IPO && !c->started && !g->t->companies[a->company].formed) {
        int d = eng_find_cert(g, a->company, ENG_IPO, 0, true);
        if (d < 0)
            return eng_refuse(why, len, "%s has no director's certificate to sell", id);
        if (a->percent && a->percent != c->certs[d].percent)
            return eng_refuse(why, len, "%s must be started with its %d%% director's certificate",
                              id, c->certs[d].percent);
        return d;
    }
    int cert = eng_find_cert(g, a->company, from, a->percent, false);
    const char *where = from == ENG_POOL ? "pool" : "IPO";
    if (cert < 0 && a->percent)
        return eng_refuse(why, len, "the %s has no %d%% certificate of %s", where, a->percent, id);
    if (cert < 0)
        return eng_refuse(why, len, "the %s has no certificate of %s", where, id);
    return cert;
}

/* Nationalisation: the director with enough of the company buys a certificate from another
 * player at 150% of the market price. */
static int nationalise(eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_company *co = &g->t->companies[a->company];
    eng_company_state *c = &g->co[a->company];
    eng_player_state *pl = &g->players[a->player];
    int seller = a->seller, threshold = g->opt.nationalisation_percent;
    if (seller < 0 || seller >= g->nplayers || seller == a->player)
        return eng_refuse(why, len, "buy from which other player?");
    if (threshold == 0)
        return eng_refuse(why, len, "this game has no nationalisation");
    if (c->director != a->player || eng_percent_held(g, a->company, a->player) < threshold)
        return eng_refuse(why, len, "only %s's director holding %d%% or more may buy shares "
                                    "from other players", co->id, threshold);
    int cert = eng_find_cert(g, a->company, seller, a->percent, false);
    if (cert < 0)
        return eng_refuse(why, len, "%s has no such certificate of %s",
                          g->players[seller].name, co->id);
    int pct = c->certs[cert].percent;
    int price = eng_share_price(g, a->company) * pct * 15 / 100;
    if (pl->cash < price) /* a buy-out right: not bound by the certificate limit (as Rails) */
        return eng_refuse(why, len, "%d%% of %s from %s costs %d, and %s has %d", pct, co->id,
                          g->players[seller].name, price, pl->name, pl->cash);
    c->certs[cert].owner = a->player;
    pl->cash -= price;
    g->players[seller].cash += price;
    eng_event_add(g, ENG_EV_BOUGHT_SHARE, a->player, a->company, pct, price, false);
    eng_check_director(g, a->company, false);
    g->turn_bought = true;
    g->turn_bought_company = ENG_NONE;
    g->last_buyer = a->player;
    g->passes = 0;
    return 0;
}

/* The par of a company started now: the title's, or the one its director chooses. */
static int chosen_par(const eng_game *g, const eng_action *a, char *why, size_t len)
{
    const eng_company *co = &g->t->companies[a->company];
    if (eng_par_allowed(g->t, a->company, a->price))
        return co->npar_choices ? a->price : co->price;
    return eng_par_refused(g->t, a->company, why, len);
}

/* Whether the player holds more than the limits allow (prices having moved): more
 * certificates, or more of a company than the share limit outside the zones allowing it. */
static bool over_limits(const eng_game *g, int p)
{
    if (eng_certificate_count(g, p) > eng_certificate_limit(g, p))
        return true;
    for (int c = 0; c < g->t->ncompanies; c++)
        if (eng_is_major(g, c) && eng_percent_held(g, c, p) > eng_player_share_limit(g) &&
            eng_market_zone(g, c) < ENG_ZONE_ORANGE)
            return true;
    return false;
}

/* Whether the player could sell a share of any company now (tried on a copy). */
static bool can_sell_any(const eng_game *g, int p)
{
    bool can = false;
    for (int c = 0; c < g->t->ncompanies && !can; c++) {
        if (!eng_is_major(g, c) || eng_percent_held(g, c, p) == 0)
            continue;
        for (int pct = 5; pct <= 20 && !can; pct += 5) {
            eng_action sell = {.kind = ENG_ACT_SELL, .player = p, .company = c, .percent = pct};
            eng_game *scratch = eng_game_copy(g);
            can = eng_sell_shares(scratch, &sell, NULL, 0) == 0;
            eng_game_free(scratch);
        }
    }
    return can;
}

bool eng_must_sell(const eng_game *g, int p)
{
    return g->opt.must_sell_over_limits && over_limits(g, p) && can_sell_any(g, p);
}

/* MustSellOverLimits (18xx.games): a player over a limit who can sell must sell before he
 * buys or passes. */
static int check_over_limits(const eng_game *g, int p, const char *what, char *why, size_t len)
{
    if (!eng_must_sell(g, p))
        return 0;
    return eng_refuse(why, len, "%s is over the certificate or share limit and must sell "
                                "before he %s", g->players[p].name, what);
}

int eng_stock_buy_private(eng_game *g, const eng_action *a, char *why, size_t len)
{
    bool counts = g->opt.private_purchase_uses_turn;
    if (counts && g->turn_bought)
        return eng_refuse(why, len, "one purchase a turn, a private's too");
    if (counts && check_over_limits(g, a->player, "buys", why, len))
        return -1;
    if (eng_trade_private(g, a, why, len))
        return -1;
    if (counts) { /* (18xx.games: BuyCompany is one of the turn's PURCHASE_ACTIONS) */
        g->turn_bought = true;
        g->turn_bought_company = ENG_NONE;
        g->last_buyer = a->player;
        g->passes = 0;
    }
    return 0;
}

int eng_stock_buy(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (eng_check_traded(g, a->company, why, len))
        return -1;
    if (check_over_limits(g, a->player, "buys", why, len))
        return -1;
    if (a->from_player)
        return nationalise(g, a, why, len);
    if (eng_national_check_buy(g, a->player, a->company, why, len))
        return -1;
    const eng_company *co = &g->t->companies[a->company];
    eng_company_state *c = &g->co[a->company];
    eng_player_state *pl = &g->players[a->player];
    bool brown = eng_market_zone(g, a->company) >= ENG_ZONE_BROWN;
    if (g->turn_bought && !(brown && g->turn_bought_company == a->company))
        return eng_refuse(why, len, "one certificate a turn%s",
                          brown ? " (several only of one company in the brown zone)" : "");
    if (g->turn_bought && g->opt.brown_pool_only && (!a->from_pool || g->turn_bought_ipo))
        return eng_refuse(why, len, "one certificate a turn from the IPO (several of a company "
                                    "in the brown zone only from the pool)");
    if (pl->sold_this_round[a->company])
        return eng_refuse(why, len, "%s sold %s this round and may not buy it back now", pl->name,
                          co->id);
    int from = a->from_pool ? ENG_POOL : ENG_IPO;
    if (from == ENG_IPO && !c->available)
        return eng_refuse(why, len, "%s is not yet available", co->id);
    int cert = pick_cert(g, a, from, why, len);
    if (cert < 0)
        return -1;
    int pct = c->certs[cert].percent;
    bool starting = c->certs[cert].director && !c->started;
    int par = c->par ? c->par : co->price; /* (1835's Prussian: sold at par before it forms) */
    if (starting && (par = chosen_par(g, a, why, len)) < 0)
        return -1;
    int unit = from == ENG_IPO ? par : eng_share_price(g, a->company);
    int price = eng_shares_money(g, a->company, unit, pct);
    if (pl->cash < price)
        return eng_refuse(why, len, "%d%% of %s costs %d, and %s has %d", pct, co->id, price,
                          pl->name, pl->cash);
    int most = eng_player_share_limit(g);
    if (eng_percent_held(g, a->company, a->player) + pct > most &&
        eng_market_zone(g, a->company) < ENG_ZONE_ORANGE)
        return eng_refuse(why, len, "a player may hold at most %d%% of %s", most, co->id);
    bool counted = eng_market_zone(g, a->company) < ENG_ZONE_YELLOW;
    if (counted && eng_certificate_halves(g, a->player) + eng_cert_halves(g, a->company, cert) >
                       2 * eng_certificate_limit(g, a->player))
        return eng_refuse(why, len, "%s holds %d certificates, the limit", pl->name,
                          eng_certificate_count(g, a->player));
    bool director = c->certs[cert].director;
    c->certs[cert].owner = a->player;
    if (director) {
        c->started = true;
        c->director = a->player;
    }
    if (starting) {
        eng_set_par(g, a->company, par);
        if (co->npar_choices)
            eng_event_add(g, ENG_EV_PAR, a->player, a->company, par, 0, false);
    }
    /* the purchase, then where its money goes (the report reads them in this order) */
    eng_event_add(g, ENG_EV_BOUGHT_SHARE, a->player, a->company, pct, price, from == ENG_POOL);
    if (from == ENG_IPO && !eng_national_ipo_to_bank(g, a->company) &&
        eng_capital_ipo_sale(g, a->company, a->player, pct, price)) {
        /* (the company's capitalisation by the train on sale said where: capital.c) */
    } else if (from == ENG_IPO && c->floated && !g->t->full_capitalisation &&
               !eng_national_ipo_to_bank(g, a->company)) { /* (1856's CGR: the bank's) */
        eng_player_pays_company(g, a->player, a->company, price);
        eng_event_add(g, ENG_EV_PAID_TO, ENG_NONE, a->company, price, 0, false);
    } else {
        eng_player_pays_bank(g, a->player, price);
    }
    eng_check_float(g, a->company);
    eng_check_director(g, a->company, false);
    eng_national_after_buy(g, a->company);
    eng_update_availability(g);
    g->turn_bought_ipo = (g->turn_bought && g->turn_bought_ipo) || from == ENG_IPO;
    g->turn_bought_company = g->turn_bought ? g->turn_bought_company : a->company;
    g->turn_bought = true;
    g->last_buyer = a->player;
    g->passes = 0;
    return 0;
}

int eng_stock_pass(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (check_over_limits(g, a->player, "passes", why, len) ||
        eng_national_check_buy(g, a->player, ENG_NONE, why, len))
        return -1;
    if (g->turn_bought || (g->turn_sold && g->t->sale_ends_passing)) { /* not a pass */
        g->passes = 0;
        next_turn(g);
        return 0;
    }
    eng_event_add(g, ENG_EV_PASSES, a->player, ENG_NONE, 0, 0, false);
    if (++g->passes >= g->nplayers) {
        end_stock_round(g);
        return 0;
    }
    next_turn(g);
    return 0;
}
