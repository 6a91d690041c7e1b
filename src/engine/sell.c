/* sell: shares sold to the pool (see sell.h). A sale moves the price down (1830: a row a share),
 * and the directorship to whoever now holds the most. */
#include "engine/sell.h"
#include "engine/query.h"
#include "engine/state.h"

#include <string.h>

/* The seller's ordinary certificates making up exactly `percent` (a 20% only as a whole), the
 * largest first, or only those of size `only` when it is not 0. */
static bool choose_certs(const eng_game *g, int company, int player, int percent, int only,
                         bool *take)
{
    const eng_company_state *c = &g->co[company];
    memset(take, 0, sizeof(bool) * ENG_MAX_CERTS);
    static const int sizes[] = {20, 10, 5}; /* big ones first */
    int left = percent;
    for (int k = 0; k < 3; k++) {
        int size = sizes[k];
        for (int i = 0; i < c->ncerts && left > 0; i++)
            if (c->certs[i].owner == player && !c->certs[i].director &&
                c->certs[i].percent == size && size <= left && (!only || size == only)) {
                take[i] = true;
                left -= size;
            }
    }
    return left == 0;
}

/* A director selling into his director's share: the player with the most (at least the
 * certificate's size) takes the director's certificate first. */
static int hand_over_directorship(eng_game *g, int company, int seller, int percent)
{
    eng_company_state *c = &g->co[company];
    int dc = eng_find_cert(g, company, seller, 0, true);
    if (dc < 0 || c->director != seller)
        return -1;
    int need = c->certs[dc].percent, best = ENG_NONE, best_pct = 0;
    for (int k = 1; k < g->nplayers; k++) {
        int p = (seller + k) % g->nplayers;
        int pct = eng_percent_held(g, company, p);
        if (pct >= need && pct > best_pct) {
            best = p;
            best_pct = pct;
        }
    }
    int remaining = eng_percent_held(g, company, seller) - percent;
    if (best == ENG_NONE || remaining >= best_pct)
        return -1;
    eng_swap_director(g, company, seller, best, false);
    return 0;
}

/* Whether the sale would leave another player holding more of the company than its director
 * keeps: the presidency would pass. */
static bool passes_presidency(const eng_game *g, int company, int seller, int percent)
{
    if (g->co[company].director != seller)
        return false;
    int keeps = eng_percent_held(g, company, seller) - percent;
    for (int p = 0; p < g->nplayers; p++)
        if (p != seller && eng_percent_held(g, company, p) > keeps)
            return true;
    return false;
}

/* A director raising money for his company's train may not sell its shares so that its
 * presidency passes (Rails' ShareSellingRound: CannotDumpTrainBuyingPresidency; 18xx.games'
 * emergency_money.rb: no president swap of the company buying). */
static int check_emergency_sale(const eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (g->round != ENG_ROUND_OPERATING || g->raising_train == ENG_NONE ||
        a->company != g->operating || !passes_presidency(g, a->company, a->player, a->percent))
        return 0;
    return eng_refuse(why, len, "%s may not sell %d%% of %s: raising money for its train, its "
                                "director keeps its presidency",
                      g->players[a->player].name, a->percent, g->t->companies[a->company].id);
}

int eng_sell_shares(eng_game *g, const eng_action *a, char *why, size_t len)
{
    if (a->company >= 0 && a->company < g->t->ncompanies && !eng_is_major(g, a->company) &&
        !g->co[a->company].closed) /* (a minor or a private: "M2 has been sold" misled) */
        return eng_refuse(why, len, "%s has no shares to sell: it is a %s, held whole by its "
                                    "owner", g->t->companies[a->company].id,
                          g->t->companies[a->company].kind == ENG_MINOR ? "minor"
                                                                         : "private company");
    if (eng_check_traded(g, a->company, why, len))
        return -1;
    const eng_company *co = &g->t->companies[a->company];
    eng_player_state *pl = &g->players[a->player];
    if (g->opt.first_round_sell_restriction && g->stock_round_number == 1)
        return eng_refuse(why, len, "no shares may be sold in the first stock round");
    if (a->percent <= 0 || a->percent % 5)
        return eng_refuse(why, len, "say how much of %s to sell, as 10%% or 20%%", co->id);
    if (eng_percent_held(g, a->company, a->player) < a->percent)
        return eng_refuse(why, len, "%s holds only %d%% of %s", pl->name,
                          eng_percent_held(g, a->company, a->player), co->id);
    if (check_emergency_sale(g, a, why, len))
        return -1;
    int limit = g->t->pool_limit_percent;
    if (eng_percent_held(g, a->company, ENG_POOL) + a->percent > limit)
        return eng_refuse(why, len, "the pool may hold at most %d%% of %s", limit, co->id);
    bool take[ENG_MAX_CERTS];
    if (!choose_certs(g, a->company, a->player, a->percent, a->cert_size, take)) {
        if (hand_over_directorship(g, a->company, a->player, a->percent) ||
            !choose_certs(g, a->company, a->player, a->percent, a->cert_size, take))
            return eng_refuse(why, len, "%s cannot sell %d%% of %s: the director's certificate "
                                        "stays unless another player can take it over",
                              pl->name, a->percent, co->id);
    }
    eng_company_state *c = &g->co[a->company];
    for (int i = 0; i < c->ncerts; i++)
        if (take[i])
            c->certs[i].owner = ENG_POOL;
    /* SeparateSalesAtSamePrice: a second sale of a company in one turn is at the price of the
     * first, and the price falls only once */
    int *first = &g->turn_sale_price[a->company];
    bool again = g->opt.separate_sales_at_same_price && *first;
    int unit = again ? *first : eng_share_price(g, a->company);
    int money = eng_shares_money(g, a->company, unit, a->percent);
    eng_bank_pays_player(g, a->player, money);
    eng_event_add(g, ENG_EV_SOLD_SHARES, a->player, a->company, a->percent, money, false);
    if (!again)
        *first = unit;
    int *sold = &g->turn_sold_percent[a->company]; /* (a row per whole 10% of the turn's) */
    if (g->t->drop_per_share) /* 1830: a row per share sold; 1856's CGR: per two 5% shares */
        eng_price_down_rows(g, a->company, (*sold + a->percent) / 10 - *sold / 10);
    else if (!again)
        eng_price_down(g, a->company);
    *sold += a->percent;
    eng_check_director(g, a->company, true); /* Rails: a whole certificate back after a sale */
    pl->sold_this_round[a->company] = true;
    if (g->round == ENG_ROUND_STOCK && g->opt.priority_after_last_to_act)
        g->last_buyer = a->player; /* (18xx.games: the priority after the last to act) */
    g->turn_sold = true; /* selling alone stops the round ending only by the title's rule */
    return 0;
}
